// RUN: %check_cudalint %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

// More spellings of a product: operands from arrays of pointers a block
// indexes (a batched GEMM), centred operands (a covariance; no cuBLAS call
// is offered, since dropping `- mu` would change the result), one block per
// row of the output, and 1-D register blocking (rows of a block in a
// register array, a column per thread). Quiet beside them: a matrix-vector
// product with one block per row, a pointer each thread loads for itself,
// and a dot product per block.
#include "cuda.h"

// ---- Flagged. ----

__global__ void batched_from_pointers(const float *const *batch_a,
                                      const float *const *batch_b,
                                      float *const *batch_c, int M, int N,
                                      int K) {
  const float *A = batch_a[blockIdx.z];
  const float *B = batch_b[blockIdx.z];
  float *C = batch_c[blockIdx.z];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: float matrix product into 'batch_c[blockIdx.z]' is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: 'acc += A[row * K + k] * B[k * N + col]' in the loop over 'k' computes C = A*B into 'batch_c[blockIdx.z]' (A = 'batch_a[blockIdx.z]' read along its rows, B = 'batch_b[blockIdx.z]' read down its columns (stride 'N'))
    C[row * N + col] = acc;
  }
}

__global__ void covariance(const float *X, const float *mu, float *cov, int n,
                           int m) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m && j < m) {
    float acc = 0.f;
    for (int k = 0; k < n; ++k)
      acc += (X[k * m + i] - mu[i]) * (X[k * m + j] - mu[j]);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: float matrix product into 'cov' is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: no cuBLAS call is offered in place of the launch: a factor subtracts a value from what it loads ('X[..] - mu'); centre the operand once first, and the product is one GEMM
    cov[i * m + j] = acc / (n - 1);
  }
}

__global__ void block_per_row(const float *A, const float *B, float *C, int N,
                              int K) {
  int row = blockIdx.x;
  for (int col = threadIdx.x; col < N; col += blockDim.x) {
    float acc = 0.f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: float matrix product into 'C' is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
    C[row * N + col] = acc;
  }
}

__global__ void rows_in_registers(const float *A, const float *B, float *C,
                                  int N, int K) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row0 = blockIdx.y * 8;
  float acc[8] = {0.f};
  for (int k = 0; k < K; ++k) {
    float b = B[k * N + col];
    for (int r = 0; r < 8; ++r)
      acc[r] += A[(row0 + r) * K + k] * b;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: float matrix product into 'C' is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
  }
  for (int r = 0; r < 8; ++r)
    C[(row0 + r) * N + col] = acc[r];
}

// ---- Quiet. ----

// y = A x, one block per row, the threads splitting the row.
__global__ void matvec_block_per_row(const float *A, const float *x, float *y,
                                     int K) {
  __shared__ float part[256];
  int row = blockIdx.x;
  float acc = 0.f;
  for (int k = threadIdx.x; k < K; k += blockDim.x)
    acc += A[row * K + k] * x[k];
  part[threadIdx.x] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.f;
    for (int t = 0; t < 256; ++t)
      s += part[t];
    y[row] = s;
  }
}

// Each thread loads its own pointer: no array of its own to multiply.
__global__ void own_pointers(const float *const *rows, const float *B,
                             float *C, int N, int K) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  const float *A = rows[t];
  for (int col = 0; col < N; ++col) {
    float acc = 0.f;
    for (int k = 0; k < K; ++k)
      acc += A[k] * B[k * N + col];
    C[t * N + col] = acc;
  }
}

// A dot product per block: both operands follow the same threads.
__global__ void dots(const float *a, const float *b, float *out, int K) {
  float acc = 0.f;
  for (int k = threadIdx.x; k < K; k += blockDim.x)
    acc += a[blockIdx.x * K + k] * b[blockIdx.x * K + k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
