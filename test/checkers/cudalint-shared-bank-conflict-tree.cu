// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// Trees whose pairs are strided: the conflict degree grows as the stride
// doubles, so it is computed for each step of the loop (the stride held at
// 1, 2, 4, ...) rather than for a sampled one. Sequential addressing, and
// loops whose degree does not grow, stay quiet.
#include "cuda.h"

// ---- Flagged. ----

// A reduction with strided pair indexing.
__global__ void reduce_strided_pairs(const float *in, float *out) {
  __shared__ float sm[256];
  unsigned tid = threadIdx.x;
  sm[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned s = 1; s < 256; s *= 2) {
    unsigned idx = 2 * s * tid;
    if (idx < 256)
      sm[idx] += sm[idx + s];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: bank conflicts on {{.*}}{{.*}} [cudalint-shared-bank-conflict]
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sm[0];
}

// The up-sweep of a work-efficient scan: `ai = offset * (2 * tid + 1) - 1`.
__global__ void scan_upsweep(int *data) {
  __shared__ int temp[512];
  int tid = threadIdx.x;
  temp[2 * tid] = data[2 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on {{.*}}
  temp[2 * tid + 1] = data[2 * tid + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on {{.*}}
  int offset = 1;
  for (int d = 256; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: bank conflicts on {{.*}}[cudalint-shared-bank-conflict]
    }
    offset *= 2;
  }
  __syncthreads();
  data[2 * tid] = temp[2 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 2-way bank conflict on {{.*}}
  data[2 * tid + 1] = temp[2 * tid + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 2-way bank conflict on {{.*}}
}

// ---- Not flagged. ----

// Sequential addressing: the active threads read consecutive words.
__global__ void reduce_sequential(const float *in, float *out) {
  __shared__ float sq[256];
  unsigned tid = threadIdx.x;
  sq[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned s = 128; s > 0; s >>= 1) {
    if (tid < s)
      sq[tid] += sq[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sq[0];
}

// A sweep whose stride doubles while only a few lanes are active: at most
// 2-way, not a growing tree.
__global__ void few_lanes(float *out) {
  __shared__ float sf[64];
  unsigned tid = threadIdx.x;
  sf[tid % 64] = out[tid];
  __syncthreads();
  for (unsigned s = 1; s < 32; s *= 2) {
    if (tid < 2)
      sf[(tid * s) % 64] += 1.f;
    __syncthreads();
  }
  out[tid] = sf[tid % 64];
}

void launch(const float *f, float *g, int *d) {
  reduce_strided_pairs<<<64, 256>>>(f, g);
  scan_upsweep<<<64, 256>>>(d);
  reduce_sequential<<<64, 256>>>(f, g);
  few_lanes<<<64, 256>>>(g);
}
