// The check against the real CUDA headers (clang's built-in variables, the
// vector types, cooperative groups), through both front ends.
// REQUIRES: cuda
// RUN: %check_cudalint --fix-notes --real-cuda %s cudalint-uncoalesced-access %t

#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void scale_add(float *out, const float *in, int rows, int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  out[row * cols + col] = in[row * cols + col] * 2.0f + 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: make threadIdx.x walk the contiguous dimension: swap the x and y roles in 'row' and 'col' and in the launch configuration (a column walk measured 4.7x on an H100)
  // CHECK-MESSAGES: :[[@LINE-4]]:27: warning: uncoalesced load from 'in': {{.*}}
  // CHECK-MESSAGES: :[[@LINE-7]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-6]]:27: note: the remapping of threads suggested above fixes this access too
}
// CHECK-FIXES: __global__ void scale_add(float *out, const float *in, int rows, int cols) {
// CHECK-FIXES-NEXT:   int row = blockIdx.y * blockDim.y + threadIdx.y;
// CHECK-FIXES-NEXT:   int col = blockIdx.x * blockDim.x + threadIdx.x;

void launch_scale_add(float *out, const float *in, int rows, int cols) {
  dim3 block(32, 32);
  dim3 grid((rows + 31) / 32, (cols + 31) / 32);
  scale_add<<<grid, block>>>(out, in, rows, cols);
}
// CHECK-FIXES: dim3 grid((cols + 31) / 32, (rows + 31) / 32);

// A struct read one field at a time, through __ldg.
struct Body {
  float4 position, velocity, force, extra;
};

__global__ void masses(float *out, const Body *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __ldg(&b[i].position.w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced load from 'b': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'i' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: store the fields of 'Body' in separate arrays (a structure of arrays) so that a warp reads each field contiguously
}

// ---- Quiet. ----

// float4 loads and stores: 16 contiguous bytes per lane.
__global__ void copy4(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 4)
    reinterpret_cast<float4 *>(out)[i] = reinterpret_cast<const float4 *>(in)[i];
}

// The rank of the thread in its block, as a unit-stride index.
__global__ void cg_copy(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  unsigned i = blockIdx.x * blockDim.x + block.thread_rank();
  if (i < n)
    out[i] = in[i];
}

__global__ void cg_copy_rank(float *out, const float *in) {
  unsigned r = cg::this_thread_block().thread_rank();
  out[blockIdx.x * blockDim.x + r] = in[blockIdx.x * blockDim.x + r];
}

// A grid-stride loop.
__global__ void axpy(float *y, const float *x, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] += a * x[i];
}

void launch_quiet(float *out, const float *in, int n) {
  copy4<<<n / 1024, 256>>>(out, in, n);
  cg_copy<<<n / 256, 256>>>(out, in, n);
  cg_copy_rank<<<n / 256, 256>>>(out, in);
  axpy<<<dim3(n / 256), dim3(256), 0, cudaStreamDefault>>>(out, in, 2.0f, n);
}
