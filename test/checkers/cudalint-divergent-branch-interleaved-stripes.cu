// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// A list the threads of a block share, read in stripes: on trip `k` each
// lane reads slot `k * T + t` with `t` spread over less than T across the
// warp (`list[i * blockDim.x + threadIdx.x]`), so the lanes read
// consecutive slots. An exit on a padding sentinel, or on the index
// reaching a bound, then comes within one trip for all of them, whatever
// the loop's counter looks like. Flagged beside them: lists each lane walks
// on its own, and exits on data compared with per-lane values.
#include "cuda.h"

__device__ float score(const float *w, int c, int lane) {
  float acc = 0.f;
  for (int j = 0; j < 8; ++j)
    acc += w[c * 64 + j * 8 + (lane & 7)] * w[c + j] + w[j] * 0.25f;
  return acc;
}

// ---- Quiet. ----

// A padded candidate list in stripes of the block, with both exits.
__global__ void stripes_break(const int *list, const float *w, float *out,
                              int width) {
  int tid = threadIdx.x, nthreads = blockDim.x * blockDim.y * blockDim.z;
  int base = blockIdx.x * width;
  float best = 0.f;
  for (int i = 0; i * nthreads + tid < width; i++) {
    int slot = i * nthreads + tid;
    if (slot >= width)
      break;
    int c = list[base + slot];
    if (c < 0)
      break;
    best = fmaxf(best, score(w, c, tid));
  }
  out[blockIdx.x * nthreads + tid] = best;
}

// The same list with an endless loop and a counter of its own.
__global__ void stripes_endless(const int *list, const float *w, float *out) {
  float best = 0.f;
  for (int round = 0;; ++round) {
    int c = list[blockIdx.x * 4096 + round * blockDim.x + threadIdx.x];
    if (c == -1)
      break;
    best = fmaxf(best, score(w, c, threadIdx.x));
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = best;
}

// One stripe per warp, 32 slots wide, the sentinel in the loop condition.
__global__ void warp_stripes(const int *rows, const float *w, float *out) {
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int *mine = rows + (blockIdx.x * 8 + warp) * 1024;
  float best = 0.f;
  for (int r = 0; mine[r * 32 + lane] >= 0; ++r)
    best = fmaxf(best, score(w, mine[r * 32 + lane], lane));
  out[blockIdx.x * blockDim.x + threadIdx.x] = best;
}

// ---- Flagged. ----

// Each lane walks a padded list of its own: up to 'width' trips apart.
__global__ void own_list(const int *list, const float *w, float *out,
                         int width) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float best = 0.f;
  for (int i = 0; i < width; i++) {
    int c = list[tid * width + i];
    if (c < 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: {{.*}}[cudalint-divergent-branch]
      break;
    best = fmaxf(best, score(w, c, threadIdx.x));
  }
  out[tid] = best;
}

// Stripes, but each lane stops where its own data passes its own limit.
__global__ void stripes_own_limit(const int *list, const int *limit,
                                  const float *w, float *out) {
  int tid = threadIdx.x;
  int mine = limit[blockIdx.x * blockDim.x + tid];
  float best = 0.f;
  for (int i = 0; i < 64; i++) {
    int c = list[i * blockDim.x + tid];
    if (c > mine)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: {{.*}}[cudalint-divergent-branch]
      break;
    best = fmaxf(best, score(w, c, tid));
  }
  out[blockIdx.x * blockDim.x + tid] = best;
}

// Lanes 64 slots apart on a stripe of 32: each lane a list of its own.
__global__ void stripes_too_narrow(const int *list, const float *w,
                                   float *out) {
  int tid = threadIdx.x;
  float best = 0.f;
  for (int i = 0;; i++) {
    int c = list[i * 32 + tid * 64];
    if (c < 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: {{.*}}[cudalint-divergent-branch]
      break;
    best = fmaxf(best, score(w, c, tid));
  }
  out[blockIdx.x * blockDim.x + tid] = best;
}

// A known limit: a counter stepped in the body of a loop that also breaks
// is not followed as the trip number, so the stripe is not seen.
__global__ void stripes_body_counter(const int *list, const float *w,
                                     float *out) {
  float best = 0.f;
  int round = 0;
  while (true) {
    int c = list[blockIdx.x * 4096 + round * blockDim.x + threadIdx.x];
    if (c == -1)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: {{.*}}[cudalint-divergent-branch]
      break;
    best = fmaxf(best, score(w, c, threadIdx.x));
    ++round;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = best;
}
