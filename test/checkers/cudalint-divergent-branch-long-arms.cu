// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// A one-armed branch on each lane's data whose arm is a long run of math
// functions inside a loop over many points: the lanes that skip it idle on
// every trip, as they would through a loop in the arm (a compacted list
// measured 1.26x, H200). Quiet beside them: an arm of tens of loads (the
// idle lanes fetch nothing; compacting measured 0.66x), a short arm (a
// guard around a few stores), a long arm outside any loop, a long arm in a
// loop of few trips, and a long arm whose branch the lanes of a warp agree
// on.
#include "cuda.h"

#define SHADE(d, x, y)                                                         \
  (expf(-3.0f * d) * sinf(12.0f * x) + cosf(7.0f * y) +                        \
   logf(1.0f + x * x) * tanhf(y - d) + sqrtf(1.0f + x * y) +                   \
   powf(1.0f + y * y, 0.37f) * expf(-x * x) + atan2f(y, 1.0f + d) +            \
   erff(x) * expf(-y * y))

// ---- Flagged. ----

__global__ void shade_grid_stride(float *out, const float *depth,
                                  const float *nx, const float *ny, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    float d = depth[i];
    if (d < 0.25f) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: branch on per-lane data 'd < 0.25f': lanes that skip it idle while the 'then' arm runs [cudalint-divergent-branch]
      // CHECK-MESSAGES: :[[@LINE-2]]:9: note: in a warp whose lanes disagree, the 'then' arm is a long run of math functions, on every trip of the loop around it, that the other lanes wait through
      // CHECK-MESSAGES: :[[@LINE-3]]:9: note: gather the indices that need it first (a compacted work list) so that whole warps run it: measured 1.26x on an H200 for an arm of 14 math functions taken by a quarter of the points
      float x = nx[i], y = ny[i];
      out[i] = SHADE(d, x, y);
    }
  }
}

// The same arm of math functions in a loop of a run-time count of rows,
// spelled with fast-math intrinsics.
__global__ void shade_rows(float *out, const float *depth, const float *nx,
                           const float *ny, int width) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  for (int c = 0; c < width; ++c) {
    int i = row * width + c;
    float d = depth[i];
    if (d > 0.5f) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: branch on per-lane data 'd > 0.5f': lanes that skip it idle while the 'then' arm runs [cudalint-divergent-branch]
      float x = nx[i], y = ny[i];
      out[i] = __expf(x) * __sinf(y) + __cosf(x * y) + __logf(1.0f + d) +
               __expf(-y) * __sinf(x + d) + __cosf(d) * __logf(2.0f + x * x);
    }
  }
}

// ---- Quiet. ----

// Tens of loads written out, in a loop over a row of points: the lanes that
// skip the arm fetch nothing.
__global__ void smooth_rows(float *out, const float *val, const int *mark,
                            int width) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  for (int c = 0; c < width; ++c) {
    int i = row * width + c;
    if (mark[i] == 0) {
      float s = val[i + 1] + val[i + 2] + val[i + 3] + val[i + 4] +
                val[i + 5] + val[i + 6] + val[i + 7] + val[i + 8];
      s += val[i + 9] + val[i + 10] + val[i + 11] + val[i + 12] +
           val[i + 13] + val[i + 14] + val[i + 15] + val[i + 16];
      out[i] = s;
    }
  }
}

// A guard on data around a few stores: predicated.
__global__ void short_arm(float *out, const float *depth, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    float d = depth[i];
    if (d < 0.25f)
      out[i] = d * 2.0f + 1.0f;
  }
}

// The long arm runs once per thread.
__global__ void once(float *out, const float *depth, const float *nx,
                     const float *ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float d = depth[i];
  if (d < 0.25f) {
    float x = nx[i], y = ny[i];
    out[i] = SHADE(d, x, y);
  }
}

// Two trips around it.
__global__ void two_trips(float *out, const float *depth, const float *nx,
                          const float *ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 2; ++k) {
    float d = depth[2 * i + k];
    if (d < 0.25f) {
      float x = nx[i], y = ny[i];
      out[2 * i + k] = SHADE(d, x, y);
    }
  }
}

// Each warp reads one flag per trip: the lanes agree.
__global__ void warp_flag(float *out, const float *depth, const int *flags,
                          const float *nx, const float *ny, int tiles) {
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int t = 0; t < tiles; ++t) {
    int i = (t * 8 + warp) * 32 + lane;
    if (flags[t * 8 + warp]) {
      float d = depth[i], x = nx[i], y = ny[i];
      out[i] = SHADE(d, x, y);
    }
  }
}
