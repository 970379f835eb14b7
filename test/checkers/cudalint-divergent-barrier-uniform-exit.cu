// RUN: %check_cudalint %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// An early exit on a condition every thread of a block computes alike
// (built from blockIdx, kernel parameters, constants and data read at a
// block-uniform address) takes the whole block or none of it: the barrier
// after it is met by all. Values kept in a local record (a quotient and
// remainder from a helper, a range read per block) stay uniform while the
// record is only read (a field written, or the record handed to a helper
// by reference, makes it unknown).
#include "cuda.h"

struct QuotRem {
  unsigned q, r;
};
struct Range {
  int lo, hi;
};

__device__ QuotRem divmod(unsigned n, unsigned d) {
  unsigned q = n / d;
  return QuotRem{q, n - q * d};
}

__device__ Range rangeOf(const int *bounds, int e) {
  return Range{bounds[e], bounds[e + 1]};
}

// ---- Silent: block-uniform exits. ----

template <int J>
__global__ void expert_tile(const int *ids, const int *bounds, int *out,
                            unsigned channels) {
  __shared__ int tile[J];
  const QuotRem qr = divmod(blockIdx.z, channels);
  const int jt = blockIdx.y;
  int low = bounds[qr.r];
  int diff = bounds[qr.r + 1] - low;
  if (jt * J >= diff)
    return;
  if (threadIdx.x < J)
    tile[threadIdx.x] = ids[low + jt * J + threadIdx.x];
  __syncthreads();
  // CHECK-NOT: :[[@LINE-1]]:{{.*}}[cudalint-divergent-barrier]
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x % J];
}
template __global__ void expert_tile<64>(const int *, const int *, int *,
                                         unsigned);

__global__ void range_per_block(const int *bounds, float *data, int tile) {
  __shared__ float buf[256];
  Range r = rangeOf(bounds, blockIdx.x);
  if (r.hi - r.lo <= tile * (int)blockIdx.y)
    return;
  buf[threadIdx.x] = data[r.lo + threadIdx.x];
  __syncthreads();
  // CHECK-NOT: :[[@LINE-1]]:{{.*}}[cudalint-divergent-barrier]
  data[r.lo + threadIdx.x] = buf[255 - threadIdx.x];
}

__global__ void quotient_exit(float *data, unsigned n, unsigned per) {
  __shared__ float buf[128];
  QuotRem qr = divmod(blockIdx.x * per, n);
  if (qr.q > 2)
    return;
  buf[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  // CHECK-NOT: :[[@LINE-1]]:{{.*}}[cudalint-divergent-barrier]
  data[threadIdx.x] = buf[127 - threadIdx.x];
}

// ---- Flagged: a thread index against a bound kept in the record. ----

__global__ void tail_of_part(float *data, unsigned parts, unsigned n) {
  __shared__ float buf[128];
  const QuotRem qr = divmod(blockIdx.x, parts);
  unsigned start = qr.r * 128;
  if (start + threadIdx.x >= n)
    return;
  buf[threadIdx.x] = data[start + threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-divergent-barrier]
  data[start + threadIdx.x] = buf[127 - threadIdx.x];
}

__global__ void lanes_past_range(const int *bounds, float *data) {
  __shared__ float buf[128];
  Range r = rangeOf(bounds, blockIdx.x);
  if (r.lo + (int)threadIdx.x >= r.hi)
    return;
  buf[threadIdx.x] = data[r.lo + threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-divergent-barrier]
  data[r.lo + threadIdx.x] = buf[127 - threadIdx.x];
}
