// RUN: %check_cudalint --gpu-arch=sm_90 %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// The sizes a product runs at are followed from its launches: a depth
// passed as a kernel argument is the constant the launch passes (a `const`
// global, a macro, a local initialised once, arithmetic of those), and the
// figure quoted is the one measured nearest it. A launch too small for any
// measured figure (a depth below 16, or fewer multiply-adds than 256^3) is
// a remark with no figure and no cuBLAS call; an unknown depth quotes 4096^3.

__global__ void by_param(const float *A, const float *B, float *C, int M,
                         int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}matrix product into 'C'{{.*}}[cudalint-naive-gemm]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: {{.*}}computes C = A*B
    // CHECK-MESSAGES: :[[@LINE-3]]:7: note: {{.*}}at 512^3 on an H200
    C[row * N + col] = acc;
  }
}

static const int Size = 512;
void run_const_global(const float *A, const float *B, float *C) {
  dim3 block(16, 16), grid(Size / 16, Size / 16);
  by_param<<<grid, block>>>(A, B, C, Size, Size, Size);
}

// A local initialised once, read through arithmetic.
__global__ void by_local(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = 0; i < n; i++)
    sum += A[row * n + i] * B[i * n + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into 'C'{{.*}}[cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: {{.*}}computes C = A*B
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: {{.*}}at 512^3 on an H200
  C[row * n + col] = sum;
}

void run_local(const float *A, const float *B, float *C) {
  int half = 384;
  int n = half + 256;
  by_local<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(A, B, C, n);
}

// A macro of 4096: the 4096^3 figure.
#define DEPTH 4096
__global__ void by_macro(const float *A, const float *B, float *C, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * DEPTH + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into 'C'{{.*}}[cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: {{.*}}computes C = A*B
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: {{.*}}68x faster than a naive kernel at 4096^3
  C[row * DEPTH + col] = acc;
}

void run_macro(const float *A, const float *B, float *C) {
  by_macro<<<dim3(256, 256), dim3(16, 16)>>>(A, B, C, DEPTH);
}

// One launch of a size read at run time: the largest may be anything.
__global__ void by_runtime(const float *A, const float *B, float *C, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * 1024 + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into 'C'{{.*}}[cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: {{.*}}computes C = A*B
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: {{.*}}68x faster than a naive kernel at 4096^3
  C[row * 1024 + col] = acc;
}

void run_runtime(const float *A, const float *B, float *C, int k) {
  by_runtime<<<dim3(64, 64), dim3(16, 16)>>>(A, B, C, 512);
  by_runtime<<<dim3(64, 64), dim3(16, 16)>>>(A, B, C, k);
}

// ---- Too small for a figure: remarks. ----

// A depth of 8: whatever the output, the product is launch-bound.
__global__ void tiny_depth(const float *A, const float *B, float *C, int N,
                           int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: remark: {{.*}}matrix product into 'C'{{.*}}too small{{.*}}[cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: {{.*}}computes C = A*B
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: {{.*}}depth of at most 8{{.*}}no measured figure applies
  C[row * N + col] = acc;
}

void run_tiny_depth(const float *A, const float *B, float *C) {
  const int kTiny = 8;
  tiny_depth<<<dim3(256, 256), dim3(16, 16)>>>(A, B, C, 4096, kTiny);
}

// 64 x 64 outputs of depth 128: 0.5M multiply-adds.
#define TILE 16
__global__ void tiny_tiled(const float *A, const float *B, float *C, int wA,
                           int wB) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < (wA + TILE - 1) / TILE; ++t) {
    As[ty][tx] = A[row * wA + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * wB + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: remark: {{.*}}matrix product into 'C'{{.*}}too small{{.*}}[cudalint-naive-gemm]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: {{.*}}computes C = A*B
    // CHECK-MESSAGES: :[[@LINE-3]]:7: note: {{.*}}depth of at most 128 and start at most 4096 threads
    __syncthreads();
  }
  C[row * wB + col] = acc;
}

void run_tiny_tiled(const float *A, const float *B, float *C) {
  dim3 threads(TILE, TILE);
  dim3 grid(64 / TILE, 64 / TILE);
  tiny_tiled<<<grid, threads>>>(A, B, C, 8 * TILE, 64);
}
// CHECK-MESSAGES-NOT: replace the launch{{.*}}tiny
