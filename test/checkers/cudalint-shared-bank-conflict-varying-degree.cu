// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// A degree that changes with the values an access depends on: lanes that a
// triangular guard on a loop counter drops one by one, a triangular loop
// bound, a stride that is even whatever the parameter. Where every sample
// that two lanes reach conflicts, the finding quotes the least degree and
// the note the range. Quiet beside them: the same loops on a padded tile, on
// rows, at one lane per iteration, and a stride whose parity is not known.
#include "cuda.h"

// ---- Flagged. ----

// Forward substitution: lanes below the diagonal read one column of 's'.
__global__ void forward_substitution(const float *L, float *x) {
  __shared__ float s[32][32];
  __shared__ float b[32];
  int t = threadIdx.x;
  for (int r = 0; r < 32; ++r)
    s[r][t] = L[r * 32 + t];
  b[t] = x[t];
  __syncthreads();
  for (int i = 0; i < 32; ++i) {
    if (t > i)
      b[t] -= s[t][i] * b[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: at least 2-way bank conflict on 's' reads (float) [cudalint-shared-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}split into 2 to 31 shared-memory transactions as the loop counters, sizes and active lanes it depends on change
    // CHECK-MESSAGES: :[[@LINE-12]]:20: note: 's' declared here; padding its rows to 's[32][33]' removes the conflict
    __syncthreads();
  }
  x[t] = b[t];
}
// CHECK-FIXES: __shared__ float s[32][33];

// The same column walked by a loop whose bound is the lane's own index.
__global__ void row_prefix(const float *in, float *out) {
  __shared__ float s[32][32];
  int t = threadIdx.x;
  for (int r = 0; r < 32; ++r)
    s[r][t] = in[r * 32 + t];
  __syncthreads();
  float acc = 0.f;
  for (int j = 0; j < t; ++j)
    acc += s[t][j];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: at least {{[0-9]+}}-way bank conflict on 's' reads (float) [cudalint-shared-bank-conflict]
  out[t] = acc;
}

// Two floats per channel: the lanes' stride is even for every channel count.
__global__ void interleaved(const float *in, float *out, int channels) {
  extern __shared__ float pairs[];
  int t = threadIdx.x;
  pairs[t * 2 * channels] = in[blockIdx.x * 64 + t];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: at least 2-way bank conflict on 'pairs' writes (float) [cudalint-shared-bank-conflict]
  __syncthreads();
  out[blockIdx.x * 64 + t] = pairs[t];
}

// ---- Quiet. ----

// Forward substitution on a padded tile: the column is conflict-free.
__global__ void forward_substitution_padded(const float *L, float *x) {
  __shared__ float s[32][33];
  __shared__ float b[32];
  int t = threadIdx.x;
  for (int r = 0; r < 32; ++r)
    s[r][t] = L[r * 32 + t];
  b[t] = x[t];
  __syncthreads();
  for (int i = 0; i < 32; ++i) {
    if (t > i)
      b[t] -= s[t][i] * b[i];
    __syncthreads();
  }
  x[t] = b[t];
}

// Lanes past the diagonal walk a row: consecutive words.
__global__ void upper_rows(float *a) {
  __shared__ float s[32][32];
  int t = threadIdx.x;
  for (int r = 0; r < 32; ++r)
    s[r][t] = a[r * 32 + t];
  __syncthreads();
  for (int i = 0; i < 32; ++i) {
    if (t > i)
      s[i][t] *= 0.5f;
    __syncthreads();
  }
  for (int r = 0; r < 32; ++r)
    a[r * 32 + t] = s[r][t];
}

// One lane per iteration touches the diagonal: nothing to conflict with.
__global__ void diagonal(float *a) {
  __shared__ float s[32][32];
  int t = threadIdx.x;
  for (int r = 0; r < 32; ++r)
    s[r][t] = a[r * 32 + t];
  __syncthreads();
  for (int i = 0; i < 32; ++i)
    if (t == i)
      s[t][i] = 1.f;
  __syncthreads();
  for (int r = 0; r < 32; ++r)
    a[r * 32 + t] = s[r][t];
}

// A stride of a parameter's parity: odd strides are conflict-free.
__global__ void strided(const float *in, float *out, int stride) {
  extern __shared__ float buf[];
  int t = threadIdx.x;
  buf[t * stride] = in[blockIdx.x * 64 + t];
  __syncthreads();
  out[blockIdx.x * 64 + t] = buf[t];
}

void launch(const float *L, float *x, float *y, int c, int k) {
  forward_substitution<<<1, 32>>>(L, x);
  row_prefix<<<1, 32>>>(L, x);
  interleaved<<<64, 64, 64 * 2 * c * sizeof(float)>>>(L, y, c);
  forward_substitution_padded<<<1, 32>>>(L, x);
  upper_rows<<<1, 32>>>(y);
  diagonal<<<1, 32>>>(y);
  strided<<<64, 64, 64 * k * sizeof(float)>>>(L, y, k);
}
