// RUN: %check_cudalint %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// The remedy "put the work under the opposite condition" fits an early exit
// only where it is the one way out before the barrier: a kernel that also
// returns whole warps before it on purpose (the threads that have returned
// do not hold up the barrier) would still leave those out.
#include "cuda.h"

__global__ void combine_warps(const float *in, float *out, int C) {
  __shared__ float part[256];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int c = blockIdx.x * 32 + lane;
  if (c >= C)
    return;
  float v = in[warp * C + c];
  if (warp != 0) {
    part[threadIdx.x] = v;
    return;
  }
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-divergent-barrier]
  // CHECK-MESSAGES-NOT: :[[@LINE-2]]:3: note: instead of leaving early
  for (int w = 1; w < 8; ++w)
    v += part[w * 32 + 31 - lane];
  out[c] = v;
}

// One exit: the remedy is offered.
__global__ void tail(float *a, int n) {
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  t[threadIdx.x] = a[i];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-divergent-barrier]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: instead of leaving early, put the work under the opposite condition
  a[i] = t[255 - threadIdx.x];
}
