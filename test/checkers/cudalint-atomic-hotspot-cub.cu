// Atomics after a CUB reduction, against the real toolkit (CUB from CCCL):
// one atomic per block or per warp, under threadIdx.x == 0 or a lane-0
// test, is what the check asks for and stays quiet; the same kernels
// without the reduction are reported.
// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

#include <cub/block/block_reduce.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cuda/functional>
#include <cuda_runtime.h>

// ---- Quiet: already one atomic per block or per warp. ----

__global__ void block_sum(const float *in, float *total, int n) {
  using BlockReduce = cub::BlockReduce<float, 256>;
  __shared__ typename BlockReduce::TempStorage temp;
  int i = blockIdx.x * 256 + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  float sum = BlockReduce(temp).Sum(v);
  if (threadIdx.x == 0)
    atomicAdd(total, sum);
}

__global__ void block_max(const int *in, int *result, int n) {
  using BlockReduce = cub::BlockReduce<int, 128>;
  __shared__ typename BlockReduce::TempStorage temp;
  int i = blockIdx.x * 128 + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int m = BlockReduce(temp).Reduce(v, cuda::maximum<>{});
  if (threadIdx.x == 0)
    atomicMax(result, m);
}

__global__ void warp_sum(const float *in, float *total, int n) {
  using WarpReduce = cub::WarpReduce<float>;
  __shared__ typename WarpReduce::TempStorage temp[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int warp = threadIdx.x / 32;
  float sum = WarpReduce(temp[warp]).Sum(i < n ? in[i] : 0.0f);
  if (threadIdx.x % 32 == 0)
    atomicAdd(total, sum);
}

// ---- Reported: every thread on one address. ----

__global__ void every_thread_sum(const float *in, float *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(total, in[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'float' into 'total' serialises every lane on one address {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: sum within the warp first, then add once per warp: {{.*}}
}

__global__ void every_thread_max(const int *in, int *result, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicMax(result, in[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicMax' of 'int' into 'result' serialises every warp of the block on one address [cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: to combine per block: {{.*}}
}

void launch(const float *f, float *ft, const int *x, int *xm, int n) {
  block_sum<<<(n + 255) / 256, 256>>>(f, ft, n);
  block_max<<<(n + 127) / 128, 128>>>(x, xm, n);
  warp_sum<<<(n + 255) / 256, 256>>>(f, ft, n);
  every_thread_sum<<<(n + 255) / 256, 256>>>(f, ft, n);
  every_thread_max<<<(n + 255) / 256, 256>>>(x, xm, n);
}
