// RUN: %check_cudalint --gpu-arch=sm_90 --check-suffix=,TC %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --gpu-arch=sm_61 --check-suffix=,P %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

// Complex products through cuComplex.h: `cuCfmaf` (four real products a
// step), `cuCaddf(acc, cuCmulf(a, b))` and the double `cuCfma`. They are
// cublasCgemm's and cublasZgemm's, never the real GEMM the float fields
// would suggest: no rewrite is offered. Quiet beside them: a complex dot
// product and a complex matrix-vector product.
#include "cuComplex.h"

// ---- Flagged. ----

__global__ void cgemm_fma(const cuFloatComplex *A, const cuFloatComplex *B,
                          cuFloatComplex *C, int M, int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    cuFloatComplex acc = make_cuFloatComplex(0.f, 0.f);
    for (int k = 0; k < K; ++k)
      acc = cuCfmaf(A[row * K + k], B[k * N + col], acc);
    // CHECK-MESSAGES-TC: :[[@LINE-1]]:7: warning: complex float matrix product into 'C' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
    // CHECK-MESSAGES-P: :[[@LINE-2]]:7: warning: complex float matrix product into 'C' is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
    // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'acc = cuCfmaf(A[row * K + k], B[k * N + col], acc)' in the loop over 'k' computes C = A*B into 'C' (A = 'A' read along its rows, B = 'B' read down its columns (stride 'N'))
    // CHECK-MESSAGES-TC: :[[@LINE-4]]:7: note: cublasCgemm (four real products a step; cublasCgemm3m three) runs it, and cublasGemmEx with CUDA_C_32F and CUBLAS_COMPUTE_32F_FAST_TF32 on tensor cores (not measured here); WMMA or CUTLASS where the product is fused with other work
    // CHECK-MESSAGES-P: :[[@LINE-5]]:7: note: cublasCgemm (four real products a step; cublasCgemm3m three) runs it (not measured here); CUTLASS where the product is fused with other work
    // CHECK-MESSAGES: :[[@LINE-6]]:7: note: no cuBLAS call is offered in place of the launch: a complex product is cublasCgemm's or cublasZgemm's, which the rewrite does not write
    C[row * N + col] = acc;
  }
}

__global__ void cgemm_mul_add(const cuFloatComplex *A, const cuFloatComplex *B,
                              cuFloatComplex *C, int n) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || j >= n)
    return;
  cuFloatComplex sum = make_cuFloatComplex(0.f, 0.f);
  for (int k = 0; k < n; k++) {
    sum = cuCaddf(sum, cuCmulf(A[i * n + k], B[k * n + j]));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: complex float matrix product into 'C' {{runs on CUDA cores|is a hand-written loop}}
  }
  C[i * n + j] = sum;
}

__global__ void zgemm(const cuDoubleComplex *A, const cuDoubleComplex *B,
                      cuDoubleComplex *C, int M, int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    cuDoubleComplex acc = make_cuDoubleComplex(0.0, 0.0);
    for (int k = 0; k < K; ++k)
      acc = cuCfma(A[row * K + k], B[k * N + col], acc);
    // CHECK-MESSAGES-TC: :[[@LINE-1]]:7: warning: complex double matrix product into 'C' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
    // CHECK-MESSAGES-TC: :[[@LINE-2]]:7: note: cublasZgemm runs it on FP64 tensor cores (not measured here); WMMA or CUTLASS where the product is fused with other work
    // CHECK-MESSAGES-P: :[[@LINE-3]]:7: warning: complex double matrix product into 'C' is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
    // CHECK-MESSAGES-P: :[[@LINE-4]]:7: note: cublasZgemm runs it in FP64 (not measured here); CUTLASS where the product is fused with other work
    C[row * N + col] = acc;
  }
}

// ---- Quiet. ----

// One coordinate for both operands: a dot product per thread's row pair.
__global__ void complex_dot_rows(const cuFloatComplex *X,
                                 const cuFloatComplex *Y, cuFloatComplex *out,
                                 int n, int len) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n)
    return;
  cuFloatComplex acc = make_cuFloatComplex(0.f, 0.f);
  for (int k = 0; k < len; ++k)
    acc = cuCfmaf(X[r * len + k], Y[r * len + k], acc);
  out[r] = acc;
}

// The vector has no thread coordinate: a matrix-vector product.
__global__ void complex_matvec(const cuFloatComplex *A,
                               const cuFloatComplex *x, cuFloatComplex *y,
                               int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n)
    return;
  cuFloatComplex acc = make_cuFloatComplex(0.f, 0.f);
  for (int k = 0; k < n; ++k)
    acc = cuCfmaf(A[r * n + k], x[k], acc);
  y[r] = acc;
}
