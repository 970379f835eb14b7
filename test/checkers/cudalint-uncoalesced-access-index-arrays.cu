// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-uncoalesced-access %t

// Indices kept in a local array initialised once and only read: each
// element is the index it was given. A thread index scaled by a row length
// is flagged; offsets every thread shares keep a coalesced access quiet.
#include <cuda_runtime.h>

// ---- Flagged. ----

__global__ void row_and_column(const float *__restrict__ src,
                               float *__restrict__ out, int n) {
  int rc[2] = {(int)threadIdx.x, (int)blockIdx.x};
  out[blockIdx.x * blockDim.x + threadIdx.x] = src[rc[0] * n + rc[1]];
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: uncoalesced load from 'src': 8x the sectors needed [cudalint-uncoalesced-access]
}

// ---- Quiet. ----

__global__ void shared_offsets(const float *__restrict__ a,
                               float *__restrict__ out, int n) {
  int o[3] = {0, n, 2 * n};
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i + o[1]] + a[i + o[2]];
}
