// RUN: %check_cudalint %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

// A product taken from the output (`C[..] -= acc`: a Schur complement, a
// residual) is a product all the same; no cuBLAS call is offered for it
// (the note says why). Quiet beside it: a row sum taken from the output,
// which is no product.
#include "cuda.h"

// ---- Flagged. ----

__global__ void schur_update(const float *A, const float *B, float *C, int n) {
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n && c < n) {
    float s = 0.f;
    for (int k = 0; k < n; ++k)
      s += A[r * n + k] * B[k * n + c];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: float matrix product into 'C' is a hand-written loop, not cuBLAS [cudalint-naive-gemm]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: no cuBLAS call is offered in place of the launch: the result is taken from the output ('-=')
    C[r * n + c] -= s;
  }
}

// ---- Quiet. ----

__global__ void row_sums_taken(const float *A, float *C, int n) {
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n && c < n) {
    float s = 0.f;
    for (int k = 0; k < n; ++k)
      s += A[r * n + k];
    C[r * n + c] -= s;
  }
}
