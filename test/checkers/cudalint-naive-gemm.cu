// RUN: %check_cudalint --gpu-arch=sm_90 %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// The naive kernel: one output element per thread, global loads.
__global__ void naive(const float *A, const float *B, float *C, int M, int N,
                      int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: float matrix product into 'C' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
    C[row * N + col] = acc;
  }
}

// The shared-memory tiled kernel.
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
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

// Register blocking: each thread keeps TM x TN results; one index split in
// two by / and %.
#define BM 64
#define BN 64
#define BK 8
#define TM 8
#define TN 8
__global__ void blocked(const float *A, const float *B, float *C, int N, int K) {
  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  float res[TM * TN] = {0.0f};
  float regM[TM], regN[TN];
  for (int bk = 0; bk < K; bk += BK) {
    for (int d = 0; d < BK; ++d) {
      for (int i = 0; i < TM; ++i)
        regM[i] = As[(threadRow * TM + i) * BK + d];
      for (int i = 0; i < TN; ++i)
        regN[i] = Bs[d * BN + threadCol * TN + i];
      for (int m = 0; m < TM; ++m)
        for (int n = 0; n < TN; ++n)
          res[m * TN + n] += regM[m] * regN[n];
      // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: {{.*}}matrix product into {{.*}}
      // CHECK-MESSAGES: :[[@LINE-2]]:11: note: no cuBLAS call is offered in place of the launch: the operands are not all kernel parameters read from global memory
    }
  }
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < TN; ++n)
      C[(threadRow * TM + m) * N + threadCol * TN + n] = res[m * TN + n];
}

// Batched: blockIdx.z selects the matrices. fmaf, and double.
__global__ void batched(const double *A, const double *B, double *C, int M,
                        int N, int K) {
  int b = blockIdx.z;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N)
    return;
  double acc = 0;
  for (int k = 0; k < K; ++k)
    acc = fma(A[b * M * K + row * K + k], B[b * K * N + k * N + col], acc);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}
  C[b * M * N + row * N + col] = acc;
}

// A read transposed (A is K x M): still a product; no rewrite.
__global__ void transposed_a(const float *A, const float *B, float *C, int M,
                             int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[k * M + row] * B[k * N + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: no cuBLAS call is offered in place of the launch: an operand is read transposed
  if (row < M && col < N)
    C[row * N + col] = acc;
}

// A product in a helper, unrolled.
__device__ float dot_row_col(const float *A, const float *B, int row, int col,
                             int N, int K) {
  float acc = 0.0f;
#pragma unroll 4
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}
  return acc;
}
__global__ void via_helper(const float *A, const float *B, float *C, int N,
                           int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  C[row * N + col] = dot_row_col(A, B, row, col, N, K);
}

// Accumulated straight into the output, with a scalar factor (PolyBench's
// gemm): a product; no rewrite, since the launch adds to C.
__global__ void in_place(const float *a, const float *b, float *c, float alpha,
                         int NI, int NJ, int NK) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < NI && j < NJ) {
    for (int k = 0; k < NK; k++)
      c[i * NJ + j] += alpha * a[i * NK + k] * b[k * NJ + j];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}matrix product into {{.*}}
  }
}

// Not products of matrices: quiet.

// A matrix-vector product: the vector has no thread coordinate.
__global__ void matvec(const float *A, const float *x, float *y, int M, int K) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * x[k];
    y[row] = acc;
  }
}

// Dot products along one coordinate.
__global__ void row_dots(const float *a, const float *b, float *out, int n,
                         int K) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += a[i * K + k] * b[i * K + k];
    out[i] = acc;
  }
}

// A reduction with a weight.
__global__ void weighted_sum(const float *v, const float *w, float *out, int n) {
  float acc = 0.0f;
  for (int k = threadIdx.x; k < n; k += blockDim.x)
    acc += v[k] * w[k];
  out[threadIdx.x] = acc;
}

// An outer product: no k loop.
__global__ void outer(const float *a, const float *b, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  C[row * N + col] += a[row] * b[col];
}

// Tensor cores already: mma PTX.
__global__ void with_mma(const float *A, const float *B, float *C, int N,
                         int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {};" ::);
  C[row * N + col] = acc;
}

// Tensor cores already: WMMA fragments.
namespace nvcuda { namespace wmma {
template <int N> struct fragment { float x[N]; };
}}
__global__ void with_wmma(const float *A, const float *B, float *C, int N,
                          int K) {
  nvcuda::wmma::fragment<8> f;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  f.x[0] = acc;
  C[row * N + col] = f.x[0];
}
