// RUN: %check_cudalint %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

// The multiply-add of a matrix product in the spellings real code uses: a
// templated helper that returns `a * b + c` or `fmaf(a, b, c)`, a helper
// that accumulates through a reference, `__fmul_rn(a, b) + acc`,
// `__fmaf_rn`. The same loops over a vector are not matrix products.
#include "cuda.h"

__device__ float __fmul_rn(float, float);
__device__ float __fmaf_rn(float, float, float);

template <typename T> __device__ T madd(T a, T b, T c) { return a * b + c; }
template <typename T> __device__ T fused(T a, T b, T c);
template <> __device__ float fused<float>(float a, float b, float c) {
  return fmaf(a, b, c);
}
__device__ void acc_into(float &acc, float a, float b) { acc += a * b; }
__device__ float scaled(float a, float b, float c) { return a * b - c; }

// ---- Flagged. ----

template <typename T>
__global__ void gemm_helper(const T *A, const T *B, T *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  T acc = 0;
  for (int k = 0; k < n; ++k)
    acc = madd(A[row * n + k], B[k * n + col], acc);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}{{.*}}[cudalint-naive-gemm]
  C[row * n + col] = acc;
}
template __global__ void gemm_helper<float>(const float *, const float *,
                                            float *, int);

template <typename T>
__global__ void gemm_specialised(const T *A, const T *B, T *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  T acc = 0;
  for (int k = 0; k < n; ++k)
    acc = fused(A[row * n + k], B[k * n + col], acc);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}
  C[row * n + col] = acc;
}
template __global__ void gemm_specialised<float>(const float *, const float *,
                                                 float *, int);

__global__ void gemm_reference(const float *A, const float *B, float *C,
                               int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; ++k)
    acc_into(acc, A[row * n + k], B[k * n + col]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}
  C[row * n + col] = acc;
}

__global__ void gemm_rounded(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; ++k)
    acc = __fmul_rn(A[row * n + k], B[k * n + col]) + acc;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}
  float acc2 = 0;
  for (int k = 0; k < n; ++k)
    acc2 = __fmaf_rn(A[row * n + k], B[k * n + col], acc2);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}
  C[row * n + col] = acc + acc2;
}

// ---- Not flagged. ----

// A dot product per thread over vectors: no second matrix dimension.
__global__ void dots(const float *x, const float *y, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; ++k)
    acc = madd(x[i * n + k], y[k], acc);
  out[i] = acc;
}

// A helper that does not accumulate its third argument.
__global__ void not_a_sum(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; ++k)
    acc = scaled(A[row * n + k], B[k * n + col], acc);
  C[row * n + col] = acc;
}
