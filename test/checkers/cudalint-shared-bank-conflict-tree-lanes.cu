// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// A tree whose count is not known (read from memory, passed in) is taken to
// cover the block, one element per thread: under `tid < d` with d halving
// from half that count, only the lanes the guard keeps are simulated at each
// step. The scan padding is given in the array's own elements.
#include "cuda.h"

template <class T> __device__ void up_sweep(T *list, unsigned count) {
  unsigned offset = 1;
  const unsigned tid = threadIdx.x;
  for (int d = (count >> 1); d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      unsigned ai = offset * (2 * tid + 1) - 1;
      unsigned bi = offset * (2 * tid + 2) - 1;
      list[bi] = list[bi] + list[ai];
    }
    offset <<= 1;
  }
}

// 2-byte flags at an offset, the count from shared memory, 256 threads: at
// stride 8 only 16 lanes remain (4-way), at 16 only 8 (4-way): never 8-way.
__global__ void short_flags(unsigned *out) {
  __shared__ unsigned short flags[2 * 256 + 1];
  __shared__ unsigned live;
  flags[threadIdx.x] = out[threadIdx.x];
  if (threadIdx.x == 0)
    live = out[512];
  __syncthreads();
  up_sweep(flags + 1, live);
  out[threadIdx.x] = flags[threadIdx.x];
}
// CHECK-MESSAGES: :17:18: warning: bank conflicts on 'flags' grow to 4-way{{.*}}[cudalint-shared-bank-conflict]
// CHECK-MESSAGES: :17:18: note: {{.*}}'j + j / 64 * 2' for its 2-byte elements{{.*}}

// A while loop over 4-byte words, the count a parameter, 128 threads.
__global__ void word_sums(int *data, int n) {
  __shared__ int sums[256];
  int tid = threadIdx.x;
  sums[tid] = data[tid];
  int stride = 1;
  int d = n / 2;
  while (d > 0) {
    __syncthreads();
    if (tid < d)
      sums[stride * (2 * tid + 2) - 1] += sums[stride * (2 * tid + 1) - 1];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: bank conflicts on 'sums' grow to 4-way{{.*}}[cudalint-shared-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}'j + j / 32' for its 4-byte elements{{.*}}
    stride *= 2;
    d /= 2;
  }
  data[tid] = sums[tid];
}

// ---- Quiet. ----

// The same tree in blocks of one warp, on an array with room to spare: 16
// lanes at stride 2, 8 at stride 4, 4 at stride 8: every step on distinct
// banks.
__global__ void warp_tree(float *data, unsigned n) {
  __shared__ float wt[1024];
  wt[threadIdx.x] = data[threadIdx.x];
  unsigned offset = 1;
  for (unsigned d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (threadIdx.x < d)
      wt[offset * (2 * threadIdx.x + 2) - 1] +=
          wt[offset * (2 * threadIdx.x + 1) - 1];
    // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: warning: {{.*}}[cudalint-shared-bank-conflict]
    offset *= 2;
  }
  data[threadIdx.x] = wt[threadIdx.x];
}

void launch(unsigned *u, int *i, float *f, int n) {
  short_flags<<<1, 256>>>(u);
  word_sums<<<4, 128>>>(i, n);
  warp_tree<<<8, 32>>>(f, n);
}
