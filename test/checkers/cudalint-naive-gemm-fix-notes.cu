// The cuBLAS call in place of the launch; the fixed file is linted again, so
// this needs the toolkit's cublas_v2.h.
// REQUIRES: cuda
// RUN: %check_cudalint --gpu-arch=sm_90 --real-cuda --fix-notes %s cudalint-naive-gemm %t
// The rewrite is a note's: plain --fix leaves the file as it is.
// RUN: %check_cudalint --gpu-arch=sm_90 --real-cuda --check-suffix=PLAIN %s cudalint-naive-gemm %t
// A build that also targets a GPU without TF32 tensor cores gets the call in
// full FP32, which compiles and computes the same product there.
// RUN: %check_cudalint --gpu-arch=sm_75,sm_90 --real-cuda --fix-notes --check-suffix=FP32 %s cudalint-naive-gemm %t

#include <cuda_runtime.h>
// CHECK-FIXES: #include <cuda_runtime.h>
// CHECK-FIXES-NEXT: {{^}}#include <cublas_v2.h>
// CHECK-FIXES: {{^}}static inline cublasHandle_t cudalintCublasHandle() {
// CHECK-FIXES: {{^}}cudalintGemm(cublasComputeType_t Compute, int M, int N, int K, float Alpha,
// CHECK-FIXES: {{^}}  return cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &Alpha, B,
// CHECK-FIXES-FP32: #include <cuda_runtime.h>
// CHECK-FIXES-FP32-NEXT: {{^}}#include <cublas_v2.h>
// CHECK-FIXES-PLAIN: #include <cuda_runtime.h>
// CHECK-FIXES-PLAIN-NOT: {{^}}static inline

__global__ void sgemm(int M, int N, int K, float alpha, const float *A,
                      const float *B, float beta, float *C) {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < M && y < N) {
    float tmp = 0.0f;
    for (int i = 0; i < K; ++i)
      tmp += A[x * K + i] * B[i * N + y];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}matrix product into {{.*}}
    // CHECK-MESSAGES-PLAIN: :[[@LINE-2]]:7: warning: {{.*}}matrix product into {{.*}}
    // CHECK-MESSAGES-FP32: :[[@LINE-3]]:7: warning: float matrix product into {{.*}} is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
    C[x * N + y] = alpha * tmp + beta * C[x * N + y];
  }
}

#define TILE 16
__global__ void tiled(const float *A, const float *B, float *C, int M, int N,
                      int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < K / TILE; ++t) {
    As[ty][tx] = A[row * K + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}matrix product into {{.*}}
    // CHECK-MESSAGES-PLAIN: :[[@LINE-2]]:7: warning: {{.*}}matrix product into {{.*}}
    // CHECK-MESSAGES-FP32: :[[@LINE-3]]:7: warning: float matrix product into {{.*}} is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

// A batch picked by blockIdx.z: one cuBLAS call would compute only the
// first product, so no rewrite is offered.
__global__ void batched(const float *A, const float *B, float *C, int M, int N,
                        int K) {
  int b = blockIdx.z;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[b * M * K + row * K + k] * B[b * K * N + k * N + col];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}matrix product into {{.*}}
    // CHECK-MESSAGES-PLAIN: :[[@LINE-2]]:7: warning: {{.*}}matrix product into {{.*}}
    // CHECK-MESSAGES-FP32: :[[@LINE-3]]:7: warning: float matrix product into {{.*}} is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
    C[b * M * N + row * N + col] = acc;
  }
}

void run(int M, int N, int K, const float *dA, const float *dB, float *dC,
         float alpha, float beta, cudaStream_t stream) {
  dim3 block(16, 16), grid((M + 15) / 16, (N + 15) / 16);
  sgemm<<<grid, block, 0, stream>>>(M, N, K, alpha, dA, dB, beta, dC);
  // CHECK-FIXES: {{^}}  cudalintGemm(CUBLAS_COMPUTE_32F_FAST_TF32, M, N, K, alpha, dA, K, dB, N, beta, dC, N, stream);
  // CHECK-FIXES-FP32: {{^}}  cudalintGemm(CUBLAS_COMPUTE_32F, M, N, K, alpha, dA, K, dB, N, beta, dC, N, stream);
  // CHECK-FIXES-PLAIN: {{^}}  sgemm<<<grid, block, 0, stream>>>(M, N, K, alpha, dA, dB, beta, dC);
  dim3 tgrid(N / TILE, M / TILE);
  tiled<<<tgrid, block>>>(dA, dB, dC, M, N, K);
  // CHECK-FIXES: {{^}}  cudalintGemm(CUBLAS_COMPUTE_32F_FAST_TF32, M, N, K, 1.0f, dA, K, dB, N, 0.0f, dC, N);
  // CHECK-FIXES-FP32: {{^}}  cudalintGemm(CUBLAS_COMPUTE_32F, M, N, K, 1.0f, dA, K, dB, N, 0.0f, dC, N);
  // Every launch of a kernel is rewritten by the one note.
  sgemm<<<grid, block>>>(M, N, K, 2.0f, dA, dB, 0.5f, dC);
  // CHECK-FIXES: {{^}}  cudalintGemm(CUBLAS_COMPUTE_32F_FAST_TF32, M, N, K, 2.0f, dA, K, dB, N, 0.5f, dC, N);
  dim3 bgrid(N / 16, M / 16, 8);
  batched<<<bgrid, block>>>(dA, dB, dC, M, N, K);
  // CHECK-FIXES: {{^}}  batched<<<bgrid, block>>>(dA, dB, dC, M, N, K);
  // A launch whose argument has a side effect is described, not rewritten.
  int m = M;
  tiled<<<tgrid, block>>>(dA, dB, dC, m++, N, K);
  // CHECK-FIXES: {{^}}  tiled<<<tgrid, block>>>(dA, dB, dC, m++, N, K);
}
