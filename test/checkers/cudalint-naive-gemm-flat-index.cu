// RUN: %check_cudalint %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

// A product whose coordinates come from one flat thread index, split by
// division and remainder, and whose output is stored at that index: llm.c's
// attention scores `Q K^T`, one per (batch, head, query, key). The
// coordinates both operands follow (batch and head) are a batch of
// products. Not: a row-wise dot product, whose operands follow the same
// coordinate only; an output at an index that does not determine both
// coordinates.
#include "cuda.h"

// ---- Flagged. ----

__global__ void attention_scores(float *preatt, const float *inp, int B,
                                 int T, int C, int NH) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int C3 = C * 3;
  int hs = C / NH;
  if (idx < B * NH * T * T) {
    int t2 = idx % T;
    int t = (idx / T) % T;
    int h = (idx / (T * T)) % NH;
    int b = idx / (NH * T * T);
    const float *query_t = inp + b * T * C3 + t * C3 + h * hs;
    const float *key_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C;
    float val = 0.0f;
    for (int i = 0; i < hs; i++)
      val += query_t[i] * key_t2[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}matrix product into {{.*}}{{.*}}[cudalint-naive-gemm]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: no cuBLAS call is offered in place of the launch: {{.*}}
    preatt[idx] = val;
  }
}

// A plain matrix product from a flat index over an n x n output.
__global__ void flat_gemm(const float *A, const float *Bm, float *Cm, int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int row = idx / n, col = idx % n;
  float acc = 0.f;
  for (int k = 0; k < n; ++k)
    acc += A[row * n + k] * Bm[k * n + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}matrix product into {{.*}}{{.*}}[cudalint-naive-gemm]
  Cm[idx] = acc;
}

// ---- Quiet. ----

// Row-wise dot products: both operands follow the row only.
__global__ void row_dots(const float *X, const float *Y, float *out, int n,
                         int k) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int row = idx / 4;
  float acc = 0.f;
  for (int j = 0; j < k; ++j)
    acc += X[row * k + j] * Y[row * k + j];
  out[idx] = acc;
}

// The output is indexed by the row alone: the column is summed over.
__global__ void row_only_output(const float *A, const float *Bm, float *out,
                                int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int row = idx / n, col = idx % n;
  float acc = 0.f;
  for (int k = 0; k < n; ++k)
    acc += A[row * n + k] * Bm[k * n + col];
  out[row] = acc;
}

void launch(float *f, const float *cf, int n) {
  attention_scores<<<n, 256>>>(f, cf, 4, 64, 768, 12);
  flat_gemm<<<n, 256>>>(cf, cf, f, n);
  row_dots<<<n, 256>>>(cf, cf, f, n, n);
  row_only_output<<<n, 256>>>(cf, cf, f, n);
}
