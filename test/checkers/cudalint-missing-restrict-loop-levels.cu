// RUN: %check_cudalint --fix-notes %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

// The store in a row loop and the loads in an inner loop nvcc unrolls (a
// constant count of 8 or fewer) are a pair too: the row loop carries them,
// and without `__restrict__` the next row's loads wait for this row's
// store. Quiet beside them: an inner loop too long to unroll, whose own
// iterations are where the time goes, and a grid-stride outer loop.
#include "cuda.h"

// ---- Flagged. ----

__global__ void rows_of_eight(const float *a, float *out, int n, int m) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'a' wait for earlier stores through 'out' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+9]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+7]]:12: note: load through 'a', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'a' and 'out' (and 'const' where only read) if the arguments never overlap in memory;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < n; ++r) {
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < 8; ++k)
      s += a[(r * 8 + k) * m + i];
    out[r * m + i] = s;
  }
}
// CHECK-FIXES: __global__ void rows_of_eight(const float *__restrict__ a, float *__restrict__ out, int n, int m) {

// ---- Quiet. ----

__global__ void long_inner(const float *a, float *out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < n; ++r) {
    float s = 0.f;
    for (int k = 0; k < m; ++k)
      s += a[(r * m + k) * 256 + i];
    out[r * 256 + i] = s;
  }
}

__global__ void grid_stride_rows(const float *a, float *out, int n, int m) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    float s = 0.f;
    for (int k = 0; k < 4; ++k)
      s += a[k * n + i];
    out[i] = s;
  }
}
