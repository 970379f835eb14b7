// RUN: %check_cudalint %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

// A sum over channels and taps whose operand index divides the tap counter
// (`(t + p - k * d) / s`), or whose terms a remainder test of the counter
// skips, is a strided or transposed convolution, not C = A * B: no
// matrix-product finding. The same loops with plain affine indices are.
#include "cuda.h"

// ---- Not matrix products. ----

__global__ void transposed_conv_continue(const float *w, const float *x,
                                         float *y, int taps, int chans,
                                         int len, int outs, int s, int p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int t = i % len, oc = i / len;
  float acc = 0;
  for (int c = 0; c < chans; c++)
    for (int k = 0; k < taps; k++) {
      int num = t + p - k;
      if (num < 0 || num % s != 0)
        continue;
      int it = num / s;
      if (it >= len)
        continue;
      acc += w[taps * (oc + outs * c) + k] * x[len * c + it];
    }
  y[i] = acc;
}

__global__ void transposed_conv_guarded(const float *w, const float *x,
                                        float *y, int taps, int chans,
                                        int len, int outs) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int oc = threadIdx.y;
  float acc = 0;
  for (int c = 0; c < chans; ++c)
    for (int k = 0; k < taps; ++k)
      if (((t - k) & 1) == 0)
        acc = fmaf(w[(c * outs + oc) * taps + k], x[c * len + ((t - k) >> 1)],
                   acc);
  y[oc * len + t] = acc;
}

// Only every s-th term is added, the indices plain.
__global__ void decimated_sum(const float *A, const float *B, float *C, int n,
                              int s) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k) {
    if (k % s)
      continue;
    sum += A[row * n + k] * B[k * n + col];
  }
  C[row * n + col] = sum;
}

// The tap index is a remainder of the counter: a circular filter.
__global__ void circular_taps(const float *A, const float *B, float *C,
                              int n, int m) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k)
    sum += A[row * m + k % m] * B[(k / m) * n + col];
  C[row * n + col] = sum;
}

// ---- Matrix products. ----

__global__ void plain_product(const float *A, const float *B, float *C,
                              int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k)
    sum += A[row * n + k] * B[k * n + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-naive-gemm]
  C[row * n + col] = sum;
}

// The thread coordinates come from a flat index by / and %: still plain
// in the counter.
__global__ void flat_index_product(const float *A, const float *B, float *C,
                                   int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int row = idx / n, col = idx % n;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k) {
    if (col % 2 == 3)
      continue;
    sum += A[row * n + k] * B[k * n + col];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-naive-gemm]
  }
  C[row * n + col] = sum;
}

// A bounds test on the counter skips nothing periodically.
__global__ void guarded_product(const float *A, const float *B, float *C,
                                int n, int k0) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k) {
    if (k < k0)
      continue;
    sum += A[row * n + k] * B[k * n + col];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-naive-gemm]
  }
  C[row * n + col] = sum;
}
