// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-divergent-branch %t

// A vector loaded per thread and unpacked into a local array
// (`float b[4] = {v.x, v.y, v.z, v.w};`) is still that thread's data,
// element by element, as long as the array is only read afterwards. Quiet
// beside them: an array of the block's own values, and one filled with
// values every thread shares.
#include <cuda_runtime.h>

#define WORK(v, f)                                                             \
  for (int k = 0; k < 64; ++k)                                                 \
  v = v * 0.5f + f(v)

// ---- Flagged. ----

__global__ void unpacked_float4(const float4 *__restrict__ a,
                                float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = a[i];
  float b[4] = {v.x, v.y, v.z, v.w};
  float w = b[1];
  if (b[0] > 0.f) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch on per-lane data 'b[0] > 0.f': a warp whose lanes disagree runs both ways [cudalint-divergent-branch]
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}

__global__ void unpacked_int2_matrix(const int2 *__restrict__ a,
                                     float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int2 p = a[i];
  int m[2][2] = {{p.x, p.y}, {0, 1}};
  float w = out[i];
  if (m[0][1] > 2) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch on per-lane data 'm[0][1] > 2': a warp whose lanes disagree runs both ways [cudalint-divergent-branch]
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}

// ---- Quiet. ----

__global__ void block_values(const float4 *__restrict__ a,
                             float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = a[blockIdx.x];
  float b[4] = {v.x, v.y, v.z, v.w};
  float w = out[i];
  if (b[0] > 0.f) {
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}

__global__ void shared_weights(const float *__restrict__ a,
                               const float *__restrict__ cw,
                               float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float wt[4];
  for (int k = 0; k < 4; ++k)
    wt[k] = cw[k];
  float v = a[i];
  if (wt[0] > 0.f) {
    WORK(v, sinf);
  } else {
    WORK(v, cosf);
  }
  out[i] = v;
}
