// RUN: %check_cudalint %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// The figure a finding quotes is the one measured at the size class nearest
// the product's: a naive product whose depth is a compile-time constant of
// 512 (PolyBench's size) gained 3.7x from cuBLAS on an H200, not the 68x of
// 4096^3. A product whose depth is unknown, or large, quotes 4096^3.

#define NI 512
#define NK 512
__global__ void mm_512(const float *A, const float *B, float *C) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < NI && j < NI) {
    float acc = 0.0f;
    for (int k = 0; k < NK; ++k)
      acc += A[i * NK + k] * B[k * NI + j];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: float matrix product into 'C' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: {{.*}}computes C = A*B
    // CHECK-MESSAGES: :[[@LINE-3]]:7: note: {{.*}}3.7x faster than a naive kernel at 512^3 on an H200 (68x at 4096^3 on an H100)
    C[i * NI + j] = acc;
  }
}

#define BIG 4096
__global__ void mm_4096(const float *A, const float *B, float *C) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < BIG; ++k)
    acc += A[i * BIG + k] * B[k * BIG + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: float matrix product into 'C' {{.*}}[cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: {{.*}}computes C = A*B
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: {{.*}}68x faster than a naive kernel at 4096^3 on an H100
  C[i * BIG + j] = acc;
}

__global__ void mm_runtime(const float *A, const float *B, float *C, int K,
                           int N) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[i * K + k] * B[k * N + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: float matrix product into 'C' {{.*}}[cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: {{.*}}computes C = A*B
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: {{.*}}68x faster than a naive kernel at 4096^3 on an H100
  C[i * N + j] = acc;
}
