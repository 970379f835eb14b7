// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// Values every lane of a warp computes identically are uniform, however
// they are spelled: the result of a full-mask vote (`__all_sync`,
// `__any_sync`, `__ballot_sync`), of a warp reduction (`__reduce_*_sync`),
// of a shuffle from a fixed lane, and a loop state written only from such
// values (a per-warp stack in shared memory, a window the block shares).
// Flagged beside them: the same loops driven by each lane's own data.
#include "cuda.h"

#define FULL 0xffffffffu
#define WARPS 8

// ---- Quiet. ----

// Iterate until every lane has converged: the vote is the warp's.
__global__ void until_all_converged(float *x, const float *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  bool done = false;
  while (!__all_sync(FULL, done)) {
    v = 0.5f * (v + t[i] / v) + v * v * 0.001f - t[i] * 0.0001f;
    done = fabsf(v * v - t[i]) < 1e-3f;
  }
  x[i] = v;
}

// Keep going while any lane has work: a ballot that is not empty.
__global__ void while_any_left(float *x, const int *len, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int left = len[i];
  float acc = 0.f;
  for (int k = 0; __ballot_sync(FULL, k < left) != 0; ++k) {
    acc += x[i * 64 + (k & 63)] * x[(k * 7) & 63] + x[(k * 3) & 63] * 0.5f;
    if (k >= left)
      acc -= 0.f;
  }
  x[i] = acc;
}

// A trip count the warp agrees on through a reduction.
__global__ void reduced_count(float *x, const int *len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int most = __reduce_max_sync(FULL, len[i]);
  float acc = 0.f;
  for (int k = 0; k < most; ++k)
    acc += x[i * 64 + (k & 63)] * x[(k * 7) & 63] + x[(k * 3) & 63] * 0.5f;
  x[i] = acc;
}

// A count lane 0 read, broadcast to the warp.
__global__ void broadcast_count(float *x, const int *len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n = __shfl_sync(FULL, len[i], 0);
  float acc = 0.f;
  for (int k = 0; k < n; ++k)
    acc += x[i * 64 + (k & 63)] * x[(k * 7) & 63] + x[(k * 3) & 63] * 0.5f;
  x[i] = acc;
}

// A traversal whose stack pointer lives in shared memory, one per warp,
// and is moved only by values the warp shares.
__global__ void warp_stack(const int *child, float *out, const float *w) {
  __shared__ int stack[WARPS][64];
  __shared__ int top[WARPS];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) {
    stack[warp][0] = blockIdx.x;
    top[warp] = 1;
  }
  __syncwarp();
  float acc = 0.f;
  while (top[warp] > 0) {
    int node = stack[warp][top[warp] - 1];
    acc += w[node * 32 + lane] * w[node] + w[node + 1] * 0.5f;
    __syncwarp();
    if (lane == 0) {
      top[warp] -= 1;
      if (child[node] >= 0)
        stack[warp][top[warp]++] = child[node];
    }
    __syncwarp();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// A local state moved only from a broadcast value: the warp's.
__global__ void broadcast_state(const int *next, float *out, const float *w) {
  int lane = threadIdx.x % 32;
  int node = __shfl_sync(FULL, next[blockIdx.x], 0);
  float acc = 0.f;
  while (node >= 0) {
    acc += w[node * 32 + lane] * w[node] + w[node + 1] * 0.5f;
    node = __shfl_sync(FULL, next[node + lane], 0);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// ---- Flagged. ----

// Each lane loops until its own value converged.
__global__ void until_own_converged(float *x, const float *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  bool done = false;
  while (!done) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}[cudalint-divergent-branch]
    v = 0.5f * (v + t[i] / v) + v * v * 0.001f - t[i] * 0.0001f;
    done = fabsf(v * v - t[i]) < 1e-3f;
  }
  x[i] = v;
}

// Each lane follows its own chain.
__global__ void own_chain(const int *next, float *out, const float *w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int node = next[i];
  float acc = 0.f;
  while (node >= 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}[cudalint-divergent-branch]
    acc += w[node * 32] * w[node] + w[node + 1] * 0.5f;
    node = next[node];
  }
  out[i] = acc;
}

void launch(float *x, const int *len, const int *c, const float *w) {
  warp_stack<<<64, WARPS * 32>>>(c, x, w);
}
