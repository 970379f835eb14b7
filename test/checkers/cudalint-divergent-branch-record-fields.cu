// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-divergent-branch %t

// A field of a record is the value stored there, not data: the warp of
// `make_int2(threadIdx.x / 32, threadIdx.x % 32)` is uniform over a warp,
// its lane is the lane. A record loaded whole per thread is data field by
// field; one loaded per block is uniform.
#include <cuda_runtime.h>

#define WORK(v, f)                                                             \
  for (int k = 0; k < 64; ++k)                                                 \
  v = v * 0.5f + f(v)

struct Range {
  int lo, hi;
};

__device__ int2 warp_and_lane() {
  return make_int2(threadIdx.x / 32, threadIdx.x % 32);
}

// ---- Quiet. ----

__global__ void by_warp(const float *__restrict__ in, float *__restrict__ out) {
  int2 wl = warp_and_lane();
  float w = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (wl.x == 0) {
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = w;
}

__global__ void by_block_range(const Range *__restrict__ rs,
                               const float *__restrict__ in,
                               float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Range r = rs[blockIdx.x];
  float w = in[i];
  if (r.hi - r.lo > 4) {
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}

// ---- Flagged. ----

__global__ void by_lane(const float *__restrict__ in, float *__restrict__ out) {
  int2 wl = warp_and_lane();
  float w = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (wl.y < 16) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane-divergent branch 'wl.y < 16': every warp runs the 'then' arm and the 'else' arm in turn [cudalint-divergent-branch]
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = w;
}

__global__ void by_range(const Range *__restrict__ rs,
                         const float *__restrict__ in,
                         float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Range r = rs[i];
  float w = in[i];
  if (r.hi - r.lo > 4) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch on per-lane data 'r.hi - r.lo > 4': a warp whose lanes disagree runs both ways [cudalint-divergent-branch]
    WORK(w, sinf);
  } else {
    WORK(w, cosf);
  }
  out[i] = w;
}
