// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// A tree's stride spelled as a power of two of the step number: a shift,
// `powf(2, k)`, `exp2f(k)`, `ldexpf(1, k)` with k an integer (a power of two
// is exact in float), converted to an integer. Each is the doubling stride
// `1 << k`, and the conflict degree grows with it. Quiet beside them: the
// same powers driving sequential addressing, and an exponent that is not an
// integer (`powf(2, 0.5f * k)` is no stride cudalint can follow).
#include "cuda.h"

#define LOAD(sm, t)                                                            \
  sm[t] = in[blockIdx.x * 256 + t];                                            \
  __syncthreads()

// ---- Flagged. ----

__global__ void shifted(const float *in, float *out) {
  __shared__ float sm[256];
  int t = threadIdx.x;
  LOAD(sm, t);
  for (int k = 0; k < 8; ++k) {
    int s = 1 << k;
    int idx = 2 * s * t;
    if (idx < 256)
      sm[idx] += sm[idx + s];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: bank conflicts on 'sm' grow to 8-way as the loop's stride doubles [cudalint-shared-bank-conflict]
    __syncthreads();
  }
  out[blockIdx.x] = sm[0];
}

__global__ void by_powf(const float *in, float *out) {
  __shared__ float sm[256];
  int t = threadIdx.x;
  LOAD(sm, t);
  for (int k = 0; k < 8; ++k) {
    int s = (int)powf(2.0f, (float)k);
    if (2 * s * t < 256)
      sm[2 * s * t] += sm[2 * s * t + s];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: bank conflicts on 'sm' grow to 8-way as the loop's stride doubles [cudalint-shared-bank-conflict]
    __syncthreads();
  }
  out[blockIdx.x] = sm[0];
}

__global__ void by_exp2f(const float *in, float *out) {
  __shared__ float sm[256];
  int t = threadIdx.x;
  LOAD(sm, t);
  for (int level = 1; level <= 8; ++level) {
    int width = static_cast<int>(exp2f(level));
    int left = width * t;
    if (left + width / 2 < 256)
      sm[left] += sm[left + width / 2];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: bank conflicts on 'sm' grow to 8-way as the loop's stride doubles [cudalint-shared-bank-conflict]
    __syncthreads();
  }
  out[blockIdx.x] = sm[0];
}

__global__ void by_ldexpf(const float *in, float *out) {
  __shared__ float sm[256];
  int t = threadIdx.x;
  LOAD(sm, t);
  for (int k = 0; k < 8; ++k) {
    int s = ldexpf(1.0f, k);
    if (2 * s * t < 256)
      sm[2 * s * t] += sm[2 * s * t + s];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: bank conflicts on 'sm' grow to 8-way as the loop's stride doubles [cudalint-shared-bank-conflict]
    __syncthreads();
  }
  out[blockIdx.x] = sm[0];
}

// ---- Quiet. ----

__global__ void sequential_by_powf(const float *in, float *out) {
  __shared__ float sm[256];
  int t = threadIdx.x;
  LOAD(sm, t);
  for (int k = 7; k >= 0; --k) {
    int s = (int)powf(2.0f, (float)k);
    if (t < s)
      sm[t] += sm[t + s];
    __syncthreads();
  }
  out[blockIdx.x] = sm[0];
}

__global__ void fractional_exponent(const float *in, float *out) {
  __shared__ float sm[256];
  int t = threadIdx.x;
  LOAD(sm, t);
  for (int k = 0; k < 8; ++k) {
    int s = (int)powf(2.0f, 0.5f * k);
    if (t < s)
      sm[t] += sm[t + s];
    __syncthreads();
  }
  out[blockIdx.x] = sm[0];
}
