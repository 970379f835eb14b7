// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --fix-notes --check-suffix=NOTES %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// The interleaved reduction on integers, launched with a power-of-two block:
// sequential addressing adds the same numbers, so --fix rewrites it.
__global__ void reduce_int(const int *in, int *out) {
  __shared__ int sdata[256];
  unsigned int tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: interleaved tree reduction 'tid % (2 * s) == 0' keeps every warp divergent at every step [cudalint-divergent-branch]
      // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:9: warning: interleaved tree reduction{{.*}}
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
// CHECK-FIXES: for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
// CHECK-FIXES-NEXT: if (tid < s)
// CHECK-FIXES-NOTES: for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
// CHECK-FIXES-NOTES-NEXT: if (tid < s)

// Floats: the order of the additions changes, so the fix is a note's, and
// only --fix-notes applies it. The bound is a constant here.
#define BLOCK 128
__global__ void reduce_float(const float *in, float *out) {
  __shared__ float fdata[BLOCK];
  int t = threadIdx.x;
  fdata[t] = in[blockIdx.x * BLOCK + t];
  __syncthreads();
  for (int stride = 1; stride < BLOCK; stride <<= 1) {
    if (t % (2 * stride) == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: interleaved tree reduction 't % (2 * stride) == 0'{{.*}}
      // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:9: warning: interleaved tree reduction 't % (2 * stride) == 0'{{.*}}
      fdata[t] += fdata[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = fdata[0];
}
// CHECK-FIXES: for (int stride = 1; stride < BLOCK; stride <<= 1) {
// CHECK-FIXES-NEXT: if (t % (2 * stride) == 0)
// CHECK-FIXES-NOTES: for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
// CHECK-FIXES-NOTES-NEXT: if (t < stride)

// A block of 96 threads is not a power of two: the rewritten loop would
// drop elements, so neither mode applies it.
__global__ void reduce_odd_block(const int *in, int *out) {
  extern __shared__ int odata[];
  unsigned int tid = threadIdx.x;
  odata[tid] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: interleaved tree reduction {{.*}}
      // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:9: warning: interleaved tree reduction{{.*}}
      odata[tid] += odata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = odata[0];
}
// CHECK-FIXES: for (unsigned int s = 1; s < blockDim.x; s *= 2) {
// CHECK-FIXES-NEXT: if (tid % (2 * s) == 0)
// CHECK-FIXES-NOTES: for (unsigned int s = 1; s < blockDim.x; s *= 2) {
// CHECK-FIXES-NOTES-NEXT: if (tid % (2 * s) == 0)

// Every element is read after the loop: sequential addressing leaves other
// partial sums in them, so no mode rewrites it.
__global__ void reduce_all_read(const int *in, int *out) {
  __shared__ int adata[256];
  unsigned int tid = threadIdx.x;
  adata[tid] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s = 2 * s) {
    if (tid % (2 * s) == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: interleaved tree reduction {{.*}}
      // CHECK-MESSAGES-NOTES: :[[@LINE-2]]:9: warning: interleaved tree reduction{{.*}}
      adata[tid] += adata[tid + s];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = adata[tid];
}
// CHECK-FIXES: for (unsigned int s = 1; s < blockDim.x; s = 2 * s) {
// CHECK-FIXES-NOTES: for (unsigned int s = 1; s < blockDim.x; s = 2 * s) {

void launch(const int *in, int *out, const float *f, float *g, int blocks) {
  reduce_int<<<blocks, 256>>>(in, out);
  reduce_float<<<blocks, BLOCK>>>(f, g);
  reduce_odd_block<<<blocks, 96, 96 * sizeof(int)>>>(in, out);
  reduce_all_read<<<blocks, 256>>>(in, out);
}
