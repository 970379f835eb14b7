// Accesses inside lambdas are inlined at each call, with the captured
// variables of the kernel: a column walk through an accessor is still a
// column walk.
// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

__global__ void row_sums(const float *m, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  auto at = [=](int r, int c) { return m[r * n + c]; };
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: uncoalesced load from 'm': 8x the sectors needed [cudalint-uncoalesced-access]
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += at(row, j);
  out[row] = s;
}

// A by-reference capture written in the lambda: the write reaches the
// kernel's variable (here, the offset the next access uses).
__global__ void strided_after_update(const float *m, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = 1;
  auto widen = [&]() { stride = n; };
  widen();
  out[i] = m[i * stride];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: load from 'm' is uncoalesced unless 'n' is one element [cudalint-uncoalesced-access]
}

// ---- Not flagged. ----

// Lanes adjacent through the accessor.
__global__ void column_sums(const float *m, float *out, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  auto at = [&](int r, int c) { return m[r * n + c]; };
  float s = 0.0f;
  for (int r = 0; r < n; ++r)
    s += at(r, col);
  out[col] = s;
}

void run(const float *m, float *o, int n) {
  row_sums<<<n / 256, 256>>>(m, o, n);
  strided_after_update<<<n / 256, 256>>>(m, o, n);
  column_sums<<<n / 256, 256>>>(m, o, n);
}
