// The advice follows the architectures the build targets: TF32 tensor cores
// only where every target has them (sm_80 and later), else cuBLAS in full
// FP32; FP64 tensor cores only on sm_80, sm_90 and sm_100; a note where the
// figures (measured on sm_90) do not come from the target, and one where
// published figures show tiling may not pay (sm_86 class).
// RUN: %check_cudalint --gpu-arch=sm_61 --check-suffix=ALL,FP32,R61,DCC,ELSE %s cudalint-naive-gemm %t
// RUN: %check_cudalint --gpu-arch=sm_70 --check-suffix=ALL,FP32,R7X,DCC,ELSE %s cudalint-naive-gemm %t
// RUN: %check_cudalint --gpu-arch=sm_75 --check-suffix=ALL,FP32,R7X,DCC,ELSE %s cudalint-naive-gemm %t
// RUN: %check_cudalint --gpu-arch=sm_80 --check-suffix=ALL,TF32,DTC,ELSE %s cudalint-naive-gemm %t
// RUN: %check_cudalint --gpu-arch=sm_86 --check-suffix=ALL,TF32,TILE,DCC,ELSE %s cudalint-naive-gemm %t
// RUN: %check_cudalint --gpu-arch=sm_89 --check-suffix=ALL,TF32,TILE,DCC,ELSE %s cudalint-naive-gemm %t
// RUN: %check_cudalint --gpu-arch=sm_90 --check-suffix=ALL,TF32,DTC %s cudalint-naive-gemm %t
// RUN: %check_cudalint --gpu-arch=sm_100 --check-suffix=ALL,TF32,DTC,ELSE %s cudalint-naive-gemm %t
// RUN: %check_cudalint --gpu-arch=sm_120 --check-suffix=ALL,TF32,TILE,DCC,ELSE %s cudalint-naive-gemm %t
// A build for several targets gets the advice that holds on all of them.
// RUN: %check_cudalint --gpu-arch=sm_61,sm_90 --check-suffix=ALL,FP32,R61,DCC,MIXED %s cudalint-naive-gemm %t
#include "cuda.h"

__global__ void sgemm(const float *A, const float *B, float *C, int M, int N,
                      int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}

__global__ void dgemm(const double *A, const double *B, double *C, int M,
                      int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    double acc = 0.0;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}

void run(const float *A, const float *B, float *C, const double *dA,
         const double *dB, double *dC, int n) {
  dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
  sgemm<<<grid, block>>>(A, B, C, n, n, n);
  dgemm<<<grid, block>>>(dA, dB, dC, n, n, n);
}

// CHECK-NOTES-FP32: :26:7: warning: float matrix product into 'C' is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
// CHECK-NOTES-TF32: :26:7: warning: float matrix product into 'C' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
// CHECK-NOTES-ALL: :26:7: note: 'acc += A[row * K + k] * B[k * N + col]' in the loop over 'k' computes C = A*B into 'C' {{.*}}
// CHECK-NOTES-R61: :26:7: note: cuBLAS in full FP32 (cublasGemmEx with CUBLAS_COMPUTE_32F, as cublasSgemm computes) was 9.5x faster than a naive kernel at 4096^3 on an H100; {{.*}}; CUTLASS where the product is fused with other work
// CHECK-NOTES-R7X: :26:7: note: cuBLAS in full FP32 (cublasGemmEx with CUBLAS_COMPUTE_32F, as cublasSgemm computes) was 9.5x faster than a naive kernel at 4096^3 on an H100; {{.*}}; WMMA or CUTLASS where the product is fused with other work
// CHECK-NOTES-FP32: :26:7: note: TF32 tensor cores (sm_80 and later) not assumed: this build targets sm_{{61|70|75}}, which lacks them
// CHECK-NOTES-TF32: :26:7: note: cuBLAS on tensor cores (cublasGemmEx with CUBLAS_COMPUTE_32F_FAST_TF32) was 68x faster {{.*}}
// CHECK-NOTES-TILE: :26:7: note: tiling it through shared memory instead may not pay on sm_{{86|89|120}}: published, it was 0.90x (slower) on an RTX A4000 {{.*}}
// CHECK-NOTES-ALL: :27:5: note: the result is stored here, indexed by both coordinates
// CHECK-NOTES-FP32: :46:3: note: replace the launch with cuBLAS (applied by --fix-notes): cudalintGemm, inserted once per file, calls cublasGemmEx with CUBLAS_COMPUTE_32F for row-major C = 1.0f * A * B + 0.0f * C; full FP32 keeps the kernel's precision (sums in another order); {{.*}}
// CHECK-NOTES-TF32: :46:3: note: replace the launch with cuBLAS (applied by --fix-notes): cudalintGemm, inserted once per file, calls cublasGemmEx with CUBLAS_COMPUTE_32F_FAST_TF32 for {{.*}}
// CHECK-NOTES-ELSE: :26:7: note: cudalint's figures were measured on H100 and H200 GPUs (sm_90), not on sm_{{[0-9]+}}, which this build targets: a remedy's gain differs between GPUs
// CHECK-NOTES-MIXED: :26:7: note: cudalint's figures were measured on H100 and H200 GPUs (sm_90), not on sm_61, which this build also targets: {{.*}}

// CHECK-NOTES-DCC: :38:7: warning: double matrix product into 'C' is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
// CHECK-NOTES-DTC: :38:7: warning: double matrix product into 'C' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
// CHECK-NOTES-ALL: :38:7: note: 'acc += A[row * K + k] * B[k * N + col]' {{.*}}
// CHECK-NOTES-DCC: :38:7: note: cublasDgemm (or cublasGemmEx with CUBLAS_COMPUTE_64F) runs it in FP64 (not measured here); {{.*}}
// CHECK-NOTES-DCC: :38:7: note: FP64 tensor cores (sm_80, sm_90 and sm_100) not assumed: this build targets sm_{{61|70|75|86|89|120}}, which lacks them
// CHECK-NOTES-DTC: :38:7: note: cublasDgemm (or cublasGemmEx with CUBLAS_COMPUTE_64F) runs it on FP64 tensor cores (not measured here); {{.*}}
// CHECK-NOTES-ALL: :39:5: note: the result is stored here, indexed by both coordinates
// CHECK-NOTES-ALL: :47:3: note: replace the launch with cuBLAS (applied by --fix-notes): cudalintGemm, inserted once per file, calls cublasGemmEx with CUBLAS_COMPUTE_64F for {{.*}}
// CHECK-NOTES-ELSE: :38:7: note: cudalint's figures were measured on H100 and H200 GPUs (sm_90), not on sm_{{[0-9]+}}, which this build targets: {{.*}}
// CHECK-NOTES-MIXED: :38:7: note: cudalint's figures were measured on H100 and H200 GPUs (sm_90), not on sm_61, which this build also targets: {{.*}}
