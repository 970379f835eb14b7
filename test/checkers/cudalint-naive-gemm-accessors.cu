// Operands read through accessors: a lambda capturing by reference or by
// value, or a __device__ helper that returns one element. The model inlines
// them, and the product is recognised as if the loads were written out.
// RUN: %check_cudalint --gpu-arch=sm_90 %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

#include "cuda.h"

__global__ void lambda_by_reference(const float *a, const float *b, float *c,
                                    int M, int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  auto A = [&](int r, int k) { return a[r * K + k]; };
  auto B = [&](int k, int cc) { return b[k * N + cc]; };
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A(row, k) * B(k, col);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: float matrix product into 'c' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
    c[row * N + col] = acc;
  }
}

__global__ void lambda_by_value(const float *a, const float *b, float *c, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  auto at = [=](const float *m, int r, int cc) { return m[r * n + cc]; };
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    acc += at(a, row, k) * at(b, k, col);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: float matrix product into 'c' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
  c[row * n + col] = acc;
}

__device__ float element(const float *m, int r, int cc, int ld) {
  return m[r * ld + cc];
}

__global__ void helper_accessor(const float *a, const float *b, float *c,
                                int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    acc += element(a, row, k, n) * element(b, k, col, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: float matrix product into 'c' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
  c[row * n + col] = acc;
}

// ---- Not flagged. ----

// An accessor that scales its element: a dot product per thread, one
// operand per output row only (a matrix-vector product).
__global__ void matvec_lambda(const float *a, const float *x, float *y, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  auto A = [&](int r, int k) { return a[r * n + k]; };
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    acc += A(row, k) * x[k];
  y[row] = acc;
}

// ---- Methods of by-value arguments: walked with `this` bound. ----

struct Matrix {
  const float *data;
  int ld;
  __device__ float at(int r, int c) const { return data[r * ld + c]; }
};

__global__ void method_accessor(Matrix a, Matrix b, float *c, int M, int N,
                                int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += a.at(row, k) * b.at(k, col);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: float matrix product into 'c' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
    c[row * N + col] = acc;
  }
}
