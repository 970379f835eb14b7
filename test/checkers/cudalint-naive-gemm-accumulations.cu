// RUN: %check_cudalint %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

// The ways a product is added to its output: written back in place
// (`C[..] = C[..] + A * B`, the sum in either order), and a sum of
// several products added at once (SYR2K's `A * B^T + B * A^T`), into
// memory or into a register. With more than one product the cuBLAS call
// is not offered: one GEMM would drop a term.
#include "cuda.h"

// ---- Flagged. ----

__global__ void in_place(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    C[row * n + col] = C[row * n + col] + A[row * n + k] * B[k * n + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}{{.*}}[cudalint-naive-gemm]
}

__global__ void in_place_scaled_first(const double *A, const double *B,
                                      double *C, int n, double alpha) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    C[row * n + col] = alpha * A[row * n + k] * B[k * n + col] + C[row * n + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}{{.*}}[cudalint-naive-gemm]
}

// A batch offset in every index, as DOITGEN writes it.
__global__ void batched_in_place(const float *A, const float *C4, float *sum,
                                 int nr, int nq, int np) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  int q = blockIdx.y * blockDim.y + threadIdx.y;
  for (int r = 0; r < nr; ++r)
    for (int s = 0; s < np; ++s)
      sum[r * (nq * np) + q * np + p] =
          sum[r * (nq * np) + q * np + p] + A[r * (nq * np) + q * np + s] * C4[s * np + p];
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: {{.*}}matrix product into {{.*}}{{.*}}[cudalint-naive-gemm]
}

__global__ void syr2k(const float *A, const float *B, float *C, int n, int m,
                      float alpha) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < m; ++k)
    C[i * n + j] += alpha * A[i * m + k] * B[j * m + k] + alpha * B[i * m + k] * A[j * m + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}{{.*}}[cudalint-naive-gemm]
}

__global__ void two_products_in_register(const float *A, const float *B,
                                         float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
  for (int k = 0; k < n; ++k)
    acc = acc + A[row * n + k] * B[k * n + col] + B[row * n + k] * A[k * n + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}{{.*}}[cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: no cuBLAS call is offered in place of the launch: the loop adds more than one product to the output
  C[row * n + col] = acc;
}

// ---- Not flagged. ----

// Written back to another element than the one read: not an accumulation.
__global__ void shifted(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    C[row * n + col + 1] = C[row * n + col] + A[row * n + k] * B[k * n + col];
}

// A squared distance added in place: no product of two matrices' loads.
__global__ void distances(const float *X, const float *Y, float *D, int n) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    D[i * n + j] = D[i * n + j] + (X[i * n + k] - Y[j * n + k]) * (X[i * n + k] - Y[j * n + k]);
}

// A matrix-vector product in place: one thread coordinate.
__global__ void matvec(const float *A, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    y[i] = y[i] + A[i * n + k] * x[k];
}

void launch(const float *A, const float *B, float *C, const double *Ad,
            const double *Bd, double *Cd, int n) {
  dim3 block(16, 16), grid(n / 16, n / 16);
  in_place<<<grid, block>>>(A, B, C, n);
  in_place_scaled_first<<<grid, block>>>(Ad, Bd, Cd, n, 1.0);
  batched_in_place<<<grid, block>>>(A, B, C, 4, n, n);
  syr2k<<<grid, block>>>(A, B, C, n, n, 1.f);
  two_products_in_register<<<grid, block>>>(A, B, C, n);
  shifted<<<grid, block>>>(A, B, C, n);
  distances<<<grid, block>>>(A, B, C, n);
  matvec<<<grid, block>>>(A, B, C, n);
}
