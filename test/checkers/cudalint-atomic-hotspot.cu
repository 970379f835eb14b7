// RUN: %check_cudalint %s cudalint-atomic-hotspot %t -- -nocudainc -isystem %inputs

#include "cuda.h"

#define NBINS 256

// ---- Flagged. ----

// Every lane adds a float to one address.
__global__ void float_sum(const float *in, float *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(total, in[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'float' into 'total' serialises every lane on one address [cudalint-atomic-hotspot]
}

// The same with doubles, inside a grid-stride loop.
__global__ void double_sum(const double *in, double *total, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&total[0], in[i] * in[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'double' into 'total'{{.*}}
}

// Histograms indexed by data: a mask, a remainder, a byte.
__global__ void hist_mask(const unsigned *in, unsigned *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[in[i] & 15], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'hist' (16 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}
__global__ void hist_rem(const int *in, int *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned bin = (unsigned)in[i] % NBINS;
  if (i < n)
    atomicAdd(hist + bin, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'hist' (256 bins at most{{.*}}
}
__global__ void hist_bytes(const unsigned char *in, unsigned *hist, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&hist[in[i]], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'hist' (256 bins at most{{.*}}
}
__device__ unsigned dev_hist[64];
__global__ void hist_device_array(const int *key, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&dev_hist[key[i]], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'dev_hist' (64 bins at most{{.*}}
}

// An integer count: nvcc combines each warp's lanes, which still leaves one
// atomic per warp on one address; a block reduction pays (6.0x).
__global__ void int_count(const float *in, int *count, float threshold, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > threshold)
    atomicAdd(count, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'int' into 'count' serialises every warp of the block on one address [cudalint-atomic-hotspot]
}

// ---- Quiet. ----

// A different address in every lane.
__global__ void per_thread(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&out[i], in[i]);
}

// Already one atomic per warp, or per block.
__global__ void per_warp(const float *in, float *total) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(total, v);
  if (threadIdx.x == 0)
    atomicAdd(total + 1, v);
}

// Shared memory is not this check's business.
__global__ void shared_hist(const unsigned *in, unsigned *hist) {
  __shared__ unsigned local[16];
  atomicAdd(&local[in[threadIdx.x] & 15], 1u);
  __syncthreads();
  if (threadIdx.x < 16)
    atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}

// Locks and flags: exchange and compare-and-swap mean something else.
__global__ void lock(int *mutex, int *flag) {
  while (atomicCAS(mutex, 0, 1) != 0) {
  }
  atomicExch(flag, 1);
  atomicExch(mutex, 0);
}

// A scatter through an index array of unknown range.
__global__ void scatter(const int *idx, float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&out[idx[i]], in[i]);
}

// atomicInc on one address: nvcc does not combine these within a warp.
__global__ void ticket(unsigned int *next, unsigned int *out, unsigned int n) {
  atomicInc(next, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'atomicInc' of 'unsigned int' into 'next' serialises every lane on one address [cudalint-atomic-hotspot]
  out[threadIdx.x] = n;
}
