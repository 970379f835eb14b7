// RUN: %check_cudalint --gpu-arch=sm_90 %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// The figure a finding quotes is the one measured at the size class nearest
// the product's: a naive product whose depth is a compile-time constant of
// 512 (PolyBench's size) gained 3.7x from cuBLAS on an H200, not the 68x of
// 4096^3. A large product quotes 4096^3; one whose depth no launch in view
// gives quotes both ends, since the gain grows with the size.

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
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: {{.*}}68x faster than a naive kernel at 4096^3 on an H100; 9.5x in full FP32
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
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: {{.*}}68x faster than a naive kernel at 4096^3 on an H100 but 3.7x than a naive one at 512^3 on an H200: the gain grows with the product
  C[i * N + j] = acc;
}

// A shared-memory tiled product of 512: no tiled kernel was measured at that
// size, and it gains less than a naive one, so the 44x of 4096^3 is not its.
#define TS 16
__global__ void tiled_512(const float *A, const float *B, float *C) {
  __shared__ float As[TS][TS];
  __shared__ float Bs[TS][TS];
  int row = blockIdx.y * TS + threadIdx.y;
  int col = blockIdx.x * TS + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < NK / TS; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * NK + t * TS + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TS + threadIdx.y) * NI + col];
    __syncthreads();
    for (int k = 0; k < TS; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: float matrix product into 'C' {{.*}}[cudalint-naive-gemm]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: {{.*}}computes C = A*B
    // CHECK-MESSAGES: :[[@LINE-3]]:7: note: {{.*}}3.7x faster than a naive kernel at 512^3 on an H200 (a tiled kernel gains less; 44x at 4096^3 on an H100)
    __syncthreads();
  }
  C[row * NI + col] = acc;
}
