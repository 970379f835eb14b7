// RUN: %check_cudalint --expect-error %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// ---- Flagged. ----

// Threads past n leave before the barrier: when n is not a multiple of the
// block size, the rest of the last block waits for them.
__global__ void early_return(float *a, int n) {
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  t[threadIdx.x] = a[i];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
  a[i] = t[255 - threadIdx.x];
}

// Half of the block skips the barrier.
__global__ void in_branch(float *a) {
  __shared__ float t[256];
  if (threadIdx.x < 128) {
    t[threadIdx.x] = a[threadIdx.x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  }
  a[threadIdx.x] = t[0];
}

// A grid-stride loop: threads run it a different number of times.
__global__ void stride_loop(float *a, int n) {
  __shared__ float t[256];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    t[threadIdx.x] = a[i];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
    a[i] = t[255 - threadIdx.x];
  }
}

// A barrier in a helper, called under a divergent condition.
__device__ void stage(float *t, const float *a) {
  t[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
}
__global__ void via_helper(float *a) {
  __shared__ float t[256];
  if (threadIdx.x % 2 == 0)
    stage(t, a);
}

// A full-mask __syncwarp that half of each warp skips.
__global__ void warp_sync(float *a) {
  if ((threadIdx.x & 31) < 16) {
    a[threadIdx.x] *= 2;
    __syncwarp();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  }
}

// __syncthreads_count is a barrier too.
__global__ void count_after_exit(int *out, const float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int c = __syncthreads_count(a[i] > 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
  out[i] = c;
}

// ---- Quiet. ----

// The usual tiled loop: the trip count is the same in the whole block, and
// the boundary guard covers the work, not the barrier.
__global__ void tiled(float *out, const float *in, int n, int tiles) {
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < tiles; ++k) {
    t[threadIdx.x] = (i < n) ? in[k * n + i] : 0.0f;
    __syncthreads();
    acc += t[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  if (i < n)
    out[i] = acc;
}

// Conditions that every thread of a block agrees on.
__global__ void uniform(float *a, int flag) {
  __shared__ float t[256];
  if (blockIdx.x > 0 && flag) {
    t[threadIdx.x] = a[threadIdx.x];
    __syncthreads();
  }
  if (threadIdx.x < blockDim.x)
    __syncthreads();
  a[threadIdx.x] = t[0];
}

// A full-mask __syncwarp under a condition uniform in each warp.
__global__ void warp_uniform_sync(float *a) {
  if ((threadIdx.x / 32) % 2) {
    a[threadIdx.x] *= 2;
    __syncwarp();
  }
}

// A partial mask: only the lanes named must arrive.
__global__ void partial_mask(float *a) {
  if ((threadIdx.x & 31) < 16) {
    a[threadIdx.x] *= 2;
    __syncwarp(0x0000ffff);
  }
}

// Warp-specialised double buffering: each arm meets two barriers, so every
// thread of the block meets the same number whichever way it goes. Quiet.
__global__ void matched_arms(float *a, const float *b, int k) {
  __shared__ float buf[2][256];
  bool producer = threadIdx.x >= blockDim.x / 2;
  for (int i = 0; i < k; ++i) {
    if (producer) {
      buf[0][threadIdx.x] = b[i * 256 + threadIdx.x];
      __syncthreads();
      buf[1][threadIdx.x] = b[i * 256 + threadIdx.x + 1];
      __syncthreads();
    } else {
      __syncthreads();
      a[threadIdx.x] += buf[0][threadIdx.x];
      __syncthreads();
    }
  }
}

// One barrier against two: the counts differ.
__global__ void unmatched_arms(float *a) {
  __shared__ float t[256];
  if (threadIdx.x % 2) {
    t[threadIdx.x] = a[threadIdx.x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  } else {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  }
  a[threadIdx.x] = t[0];
}

// A bound made of two values.
__global__ void product_bound(float *a, int B, int T) {
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= B * T)
    return;
  t[threadIdx.x] = a[i];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
  a[i] = t[(threadIdx.x + 1) % 256];
}
