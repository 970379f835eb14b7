// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// Shared memory reached through a helper: the samples' `SharedMemory<T>`,
// whose conversion operator returns the block's `extern __shared__` array,
// and a static member function that does the same, are followed like a
// free function.
#include "cuda.h"

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

struct Scratch {
  static __device__ float *block() {
    extern __shared__ float scratch_words[];
    return scratch_words;
  }
};

// ---- Flagged. ----

template <class T> __global__ void reduce_interleaved(const T *in, T *out) {
  T *sdata = SharedMemory<T>();
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: bank conflicts on {{.*}}{{.*}}[cudalint-shared-bank-conflict]
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void column_of_scratch(const float *in, float *out) {
  float *tile = Scratch::block();
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  tile[ty * 32 + tx] = in[blockIdx.x * 1024 + ty * 32 + tx];
  __syncthreads();
  out[blockIdx.x * 1024 + ty * 32 + tx] = tile[tx * 32 + ty];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 32-way bank conflict on {{.*}}{{.*}}[cudalint-shared-bank-conflict]
}

// ---- Quiet. ----

// Sequential addressing through the helper: no conflict.
__global__ void reduce_sequential(const float *in, float *out) {
  float *sdata = SharedMemory<float>();
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

void launch(const float *in, float *out, int blocks) {
  reduce_interleaved<float><<<blocks, 256, 256 * sizeof(float)>>>(in, out);
  column_of_scratch<<<blocks, dim3(32, 32), 4096>>>(in, out);
  reduce_sequential<<<blocks, 256, 1024>>>(in, out);
}
