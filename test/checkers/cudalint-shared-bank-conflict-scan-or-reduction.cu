// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A strided tree's remedy depends on what the tree is for: a reduction reads
// only its root afterwards and can switch to sequential addressing; a scan
// reads every element of the tree afterwards (a down-sweep, each thread its
// prefix), so only a padding of the index fits, and the array grows with it.

// ---- Reductions: sequential addressing. ----

__global__ void tree_sum(float *out, const float *in) {
  __shared__ float part[512];
  unsigned t = threadIdx.x;
  part[t] = in[blockIdx.x * 512 + t];
  __syncthreads();
  for (unsigned s = 1; s < 512; s *= 2) {
    unsigned k = 2 * s * t;
    if (k < 512)
      part[k] += part[k + s];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-shared-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: '{{.*}}' is {{.*}}-way in the first step
    // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: sequential addressing {{.*}}1.15x
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = part[0];
}

__global__ void tree_max(int *out, const int *in, int n) {
  __shared__ int best[1024];
  int t = threadIdx.x;
  best[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int stride = 1; stride < 1024; stride <<= 1) {
    __syncthreads();
    int at = (t + 1) * stride * 2 - 1;
    if (at < 1024)
      best[at] = max(best[at], best[at - stride]);
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-shared-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: '{{.*}}' is {{.*}}-way in the first step
    // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: sequential addressing {{.*}}1.15x
  }
  __syncthreads();
  if (t == 0)
    out[blockIdx.x] = best[1023];
}

// ---- Scans: a padding of the index, with the array's growth. ----

// A Blelloch scan: up-sweep, then down-sweep over the same array.
__global__ void blelloch(unsigned *out, const unsigned *in) {
  __shared__ unsigned buf[512];
  unsigned t = threadIdx.x;
  buf[t] = in[blockIdx.x * 512 + t];
  buf[t + 256] = in[blockIdx.x * 512 + t + 256];
  unsigned off = 1;
  for (unsigned d = 256; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      unsigned ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1;
      buf[bi] += buf[ai];
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-shared-bank-conflict]
      // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: '{{.*}}' is {{.*}}-way in the first step
      // CHECK-MESSAGES-NOT: :[[@LINE-3]]:{{[0-9]+}}: note: sequential addressing
      // CHECK-MESSAGES: :[[@LINE-4]]:{{[0-9]+}}: note: a scan needs its tree's values in place{{.*}}'j + j / 32'{{.*}}grows 'buf' from 512 to 527 elements
    }
    off *= 2;
  }
  if (t == 0)
    buf[511] = 0;
  for (unsigned d = 1; d < 512; d *= 2) {
    off >>= 1;
    __syncthreads();
    if (t < d) {
      unsigned ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1;
      unsigned v = buf[ai];
      buf[ai] = buf[bi];
      buf[bi] += v;
    }
  }
  __syncthreads();
  out[blockIdx.x * 512 + t] = buf[t];
  out[blockIdx.x * 512 + t + 256] = buf[t + 256];
}

// An up-sweep of 2-byte counts whose partial sums each thread reads back.
__global__ void count_prefix(unsigned short *out, const unsigned short *in) {
  __shared__ unsigned short counts[257];
  unsigned t = threadIdx.x;
  counts[t] = in[blockIdx.x * 256 + t];
  int step = 1;
  for (int live = 128; live > 0; live /= 2) {
    __syncthreads();
    if (t < live) {
      int hi = step * (2 * t + 2) - 1;
      counts[hi] = counts[hi] + counts[hi - step];
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-shared-bank-conflict]
      // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: '{{.*}}' is {{.*}}-way in the first step
      // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: a scan needs its tree's values in place{{.*}}'j + j / 64 * 2'{{.*}}grows 'counts' from 257 to 265 elements
    }
    step *= 2;
  }
  __syncthreads();
  out[blockIdx.x * 256 + t] = counts[t];
}
