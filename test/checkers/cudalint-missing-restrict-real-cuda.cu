// The check against the real CUDA headers (cuda_runtime.h with its builtin
// variables, atomics and launch machinery), through both front ends.
// REQUIRES: cuda
// RUN: %check_cudalint --fix-notes --real-cuda %s cudalint-missing-restrict %t

#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cooperative_groups.h>

__global__ void conv(float *out, const float *w, const float *in, int n, int k) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+4]]:15: note: load through 'in', repeated after the store in the next iteration
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out', 'w' and 'in' (and 'const' where only read)
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < k; ++j)
    out[i] += in[i + j] * w[j];
}
// CHECK-FIXES: __global__ void conv(float *__restrict__ out, const float *__restrict__ w, const float *__restrict__ in, int n, int k) {

// Quiet: an atomic store through 'sum' between two loads of 'x[i]'. 'sum'
// is used only through atomics, which are emitted whatever '__restrict__'
// promises, and the reload is straight-line code.
__global__ void sum_then_read(float *sum, float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float before = x[i];
  atomicAdd(sum, before);
  y[i] = x[i] * 2.0f;
}

// Quiet: half precision, every address moving with the loop.
__global__ void half_to_float(float *out, const __half *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = __half2float(in[i]);
}

// Quiet: a grid-stride copy.
__global__ void copy(float *out, const float *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

void launch(float *a, float *b, float *c, int n) {
  conv<<<n / 256, 256>>>(a, b, c, n, 5);
  copy<<<dim3(n / 256), dim3(256), 0, cudaStreamDefault>>>(a, b, n);
}

// Quiet: a warp-stride loop written with cooperative groups (a tile's
// thread_rank() and size() are static methods called through the object).
__global__ void warp_rows(float *out, const float *inp, int rows, int C) {
  namespace cg = cooperative_groups;
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int row = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (row >= rows)
    return;
  for (int i = warp.thread_rank(); i < C; i += warp.size())
    out[row * C + i] = 2.0f * inp[row * C + i];
}
