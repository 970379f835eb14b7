// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// An xor butterfly whose lane masks span every bit of a lane index leaves
// the same value in every lane of the warp (lanes i and i ^ o combine the
// same two values by a commutative operation at each stage), however the
// loop counts its masks or combines. A branch on the result is uniform over
// the warp. Flagged beside them: the tree of `__shfl_down_sync`, after which
// only lane 0 holds the total; a butterfly that stops at mask 2; one whose
// mask leaves lanes out; and one that subtracts.
#include "cuda.h"

#define FULL 0xffffffffu
#define WORK(v, f)                                                             \
  for (int k = 0; k < 64; ++k)                                                 \
  v = v * 0.5f + f(v)

// ---- Quiet. ----

__global__ void halving_sum(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(FULL, v, o);
  float w = in[i];
  if (v > 1.f) {
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}

__global__ void doubling_max(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float m = in[i];
  for (int o = 1; o < 32; o *= 2)
    m = fmaxf(m, __shfl_xor_sync(FULL, m, o));
  float w = in[i];
  if (m > 1.f) {
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}

__device__ float warp_sum(float v) {
  for (int k = 4; k >= 0; --k)
    v = __shfl_xor_sync(FULL, v, 1 << k) + v;
  return v;
}

__global__ void helper_by_shift(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = warp_sum(in[i]);
  float w = in[i];
  if (s > 1.f) {
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}

// ---- Flagged. ----

__global__ void down_tree(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(FULL, v, o);
  float w = in[i];
  if (v > 1.f) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch on per-lane data 'v > 1.f'
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}

__global__ void stops_at_two(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int o = 16; o > 1; o >>= 1)
    v += __shfl_xor_sync(FULL, v, o);
  float w = in[i];
  if (v > 1.f) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch on per-lane data 'v > 1.f'
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}

__global__ void half_warp_mask(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0x0000ffffu, v, o);
  float w = in[i];
  if (v > 1.f) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch on per-lane data 'v > 1.f'
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}

__global__ void differences(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int o = 16; o > 0; o >>= 1)
    v = v - __shfl_xor_sync(FULL, v, o);
  float w = in[i];
  if (v > 1.f) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch on per-lane data 'v > 1.f'
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}
