// RUN: %check_cudalint --expect-error %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// Barriers under conditions on data: an error when threads that must meet
// read different data (`if (v[i] > 0) { ...; __syncthreads(); }`), quiet
// when they all read the same element (a per-block flag, shared element 0)
// or, for a warp barrier, when each warp reads one element of its own.
#include "cuda.h"

// ---- Flagged. ----

__global__ void positive_pairs(const float *in, float *out, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? in[i] : 0.f;
  if (v > 0.f) {
    tile[threadIdx.x] = v;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
    out[i] = v / (v + tile[threadIdx.x ^ 1]);
  }
}
// No fix-it: moving a barrier out of a branch changes the kernel, so --fix
// leaves it where it is.
// CHECK-FIXES: {{^}}  if (v > 0.f) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    tile[threadIdx.x] = v;{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}

// An early exit on a flag each thread loads for itself.
__global__ void skip_masked(const int *mask, float *data, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (mask[i] == 0)
    return;
  s[threadIdx.x] = data[i];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the ones which returned never wrote
  data[i] = s[(threadIdx.x + 1) % 256];
}

// Per-warp data still splits the block at a block barrier.
__global__ void per_warp_flag(const int *flags, float *data) {
  __shared__ float s[256];
  int warp = threadIdx.x / 32;
  if (flags[blockIdx.x * 8 + warp]) {
    s[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
    data[threadIdx.x] = s[255 - threadIdx.x];
  }
}

// ---- Not flagged. ----

// One flag per block: every thread of the block reads the same element.
__global__ void per_block_flag(const int *flags, float *data) {
  __shared__ float s[256];
  if (flags[blockIdx.x]) {
    s[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
    data[threadIdx.x] = s[255 - threadIdx.x];
  }
}

// A count in shared memory, read at one address by the whole block.
__global__ void shared_count(const float *in, float *out) {
  __shared__ int count;
  __shared__ float s[256];
  if (threadIdx.x == 0)
    count = static_cast<int>(in[blockIdx.x]);
  __syncthreads();
  for (int r = 0; r < count; ++r) {
    s[threadIdx.x] = in[r * 256 + threadIdx.x];
    __syncthreads();
    out[threadIdx.x] += s[255 - threadIdx.x];
    __syncthreads();
  }
}

// One flag per warp before a warp barrier: each warp agrees.
__global__ void per_warp_syncwarp(const int *flags, float *data) {
  int warp = threadIdx.x / 32;
  if (flags[warp]) {
    data[threadIdx.x] *= 2.f;
    __syncwarp();
    data[threadIdx.x] += 1.f;
  }
}
