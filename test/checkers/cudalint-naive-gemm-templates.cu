// RUN: %check_cudalint %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

// Matrix products in kernel templates with no instantiation in view,
// analysed as written (T standing for float, double and half): the dependent
// multiply-add spellings, and helpers resolved through their
// specializations.
#include "cuda.h"

template <typename T>
__global__ void gemm_generic(const T *A, const T *B, T *C, int M, int N, int K) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N)
    return;
  T acc = 0;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}{{.*}} [cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE-9]]:17: note: 'gemm_generic' has no analysable instantiation in view: analysed as written with T = float, double and half, and each gives this finding (figures for T = float)
  C[row * N + col] = acc;
}

// `fma` on dependent operands is an unresolved call in the pattern.
template <typename T>
__global__ void gemm_fma(const T *A, const T *B, T *C, int M, int N, int K) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N)
    return;
  T acc = 0;
  for (int k = 0; k < K; ++k)
    acc = fma(A[row * K + k], B[k * N + col], acc);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}{{.*}} [cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE-9]]:17: note: 'gemm_fma' has no analysable instantiation in view: {{.*}}
  C[row * N + col] = acc;
}

// A helper declared as a template and defined only by its specializations:
// every one multiplies its first two parameters and adds the third.
template <typename T> __device__ T madd(T a, T b, T c);
template <> __device__ float madd<float>(float a, float b, float c) {
  return fmaf(a, b, c);
}
template <> __device__ double madd<double>(double a, double b, double c) {
  return a * b + c;
}

template <typename T>
__global__ void gemm_helper(const T *A, const T *B, T *C, int N) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  T acc = 0;
  for (int k = 0; k < N; ++k)
    acc = madd(A[row * N + k], B[k * N + col], acc);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}{{.*}} [cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE-7]]:17: note: 'gemm_helper' has no analysable instantiation in view: {{.*}}
  C[row * N + col] = acc;
}

// ---- Quiet. ----

// A matrix-vector product: one operand is a vector.
template <typename T>
__global__ void gemv_generic(const T *A, const T *x, T *y, int M, int K) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M)
    return;
  T acc = 0;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * x[k];
  y[row] = acc;
}

// Helpers that disagree on what they compute are not a multiply-add.
template <typename T> __device__ T combine(T a, T b, T c);
template <> __device__ float combine<float>(float a, float b, float c) {
  return fmaf(a, b, c);
}
template <> __device__ double combine<double>(double a, double b, double c) {
  return a + b * c;
}

template <typename T>
__global__ void combine_all(const T *A, const T *B, T *C, int N) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  T acc = 0;
  for (int k = 0; k < N; ++k)
    acc = combine(A[row * N + k], B[k * N + col], acc);
  C[row * N + col] = acc;
}
