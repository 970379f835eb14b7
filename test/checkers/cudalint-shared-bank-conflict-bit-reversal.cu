// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// Bit-reversed indices (`__brev`, an FFT's reordering) are followed exactly:
// reversing the 9 bits of a 512-point index sends the lanes of a warp to
// multiples of 16, two banks (16-way); reversing 5 bits permutes 32 words,
// every lane in a bank of its own.
#include "cuda.h"

// ---- Flagged. ----

__global__ void reorder_512(const float *in, float *out) {
  __shared__ float s[512];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 512 + t];
  __syncthreads();
  out[blockIdx.x * 512 + t] = s[__brev(t) >> 23];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 16-way bank conflict on 's' reads (float) [cudalint-shared-bank-conflict]
}

// ---- Quiet. ----

__global__ void reorder_32(const float *in, float *out) {
  __shared__ float s[32];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 32 + t];
  __syncwarp();
  out[blockIdx.x * 32 + t] = s[__brev(t) >> 27];
}

void launch(const float *in, float *out) {
  reorder_512<<<64, 512>>>(in, out);
  reorder_32<<<64, 32>>>(in, out);
}
