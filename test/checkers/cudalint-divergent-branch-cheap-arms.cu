// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// Two ways of straight-line code inside a loop whose iteration also runs a
// loop (over n, here and in a helper): a warp whose lanes disagree runs both
// ways, but that adds only the smaller way's few instructions to an
// iteration the loop dominates. Quiet there; flagged where an arm holds a
// loop, and where the iteration runs nothing else that loops.
#include "cuda.h"

// Straight-line helpers, heavy by their operations alone.
__device__ void put_range(float *lo, float *hi, int *cnt, int slot, float a,
                          float b, int na, int nb) {
  lo[slot] = a * 0.5f + b * 0.25f;
  hi[slot] = b * 0.5f + a * 0.25f;
  lo[slot + 1] = a * a - b;
  hi[slot + 1] = b * b - a;
  cnt[slot] = na + nb * 2;
  cnt[slot + 1] = nb - na * 3;
  lo[slot + 2] = (a + b) * (a - b);
  hi[slot + 2] = (a - b) * (a + b) + 1.f;
}

__device__ void put_point(float *lo, float *hi, int *cnt, int slot, float a,
                          int na) {
  lo[slot] = a * 0.75f + 1.f;
  hi[slot] = a * 0.75f - 1.f;
  lo[slot + 1] = a * a + 2.f;
  hi[slot + 1] = a * a - 2.f;
  cnt[slot] = na * 2 + 1;
  cnt[slot + 1] = na * 3 - 1;
  lo[slot + 2] = a * 4.f + a;
  hi[slot + 2] = a * 4.f - a;
}

// A helper that loops over n: counts the values below a pivot.
__device__ int count_below(const float *v, int n, float pivot) {
  int c = 0;
  for (int k = 0; k < n; ++k)
    c += v[k] < pivot;
  return c;
}

// A helper that loops over its arguments' range.
__device__ void fill_span(float *out, int from, int to, float x) {
  for (int k = from; k < to; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
    out[k] = out[k] * x + 1.f;
}

// The branch itself, in a helper: both ways store with straight-line code.
__device__ void store_children(float *lo, float *hi, int *cnt, int slot,
                               float a, float m, float b, int na, int nm,
                               int nb) {
  if (na != nm && nm != nb) {
    // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
    put_range(lo, hi, cnt, slot, a, m, na, nm);
    put_range(lo, hi, cnt, slot + 4, m, b, nm, nb);
  } else {
    put_point(lo, hi, cnt, slot, m, nm);
    cnt[slot + 3] = 0;
  }
}

// ---- Quiet: straight-line ways beside a loop of the iteration. ----

// Helpers on both ways; the iteration counts over n in a helper.
__global__ void split_levels_helper_count(const float *diag, float *lo,
                                          float *hi, int *cnt, int n,
                                          int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float a = lo[t], b = hi[t];
  for (int l = 0; l < levels; ++l) {
    float m = 0.5f * (a + b);
    int nm = count_below(diag, n, m);
    if (nm != cnt[t]) {
      // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
      put_range(lo, hi, cnt, t, a, m, cnt[t], nm);
    } else {
      put_point(lo, hi, cnt, t, m, nm);
    }
    a = lo[t];
    b = hi[t];
  }
}

// Stores written inline on both ways; the loop over n is in the iteration.
__global__ void split_levels_inline_loop(const float *diag, float *lo,
                                         float *hi, int *cnt, int n,
                                         int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float a = lo[t], b = hi[t];
  for (int l = 0; l < levels; ++l) {
    float m = 0.5f * (a + b);
    int nm = 0;
    for (int k = 0; k < n; ++k)
      nm += diag[k] * diag[k] < m;
    if (nm > cnt[t]) {
      // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
      lo[t] = a * 0.5f + m * 0.25f;
      hi[t] = m * 0.5f + a * 0.25f;
      lo[t + n] = a * a - m;
      hi[t + n] = m * m - a;
      cnt[t] = nm + cnt[t] * 2;
      cnt[t + n] = nm - cnt[t] * 3;
      lo[t + 2 * n] = (a + m) * (a - m);
    } else {
      lo[t] = m * 0.5f + b * 0.25f;
      hi[t] = b * 0.5f + m * 0.25f;
      lo[t + n] = m * m - b;
      hi[t + n] = b * b - m;
      cnt[t] = nm * 2 + cnt[t];
      cnt[t + n] = nm * 3 - cnt[t];
      hi[t + 2 * n] = (m + b) * (m - b);
    }
    a = lo[t];
    b = hi[t];
  }
}

// The branch in a helper called from the iteration, beside the count.
__global__ void split_levels_in_helper(const float *diag, float *lo,
                                       float *hi, int *cnt, int n,
                                       int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float a = lo[t], b = hi[t];
  for (int l = 0; l < levels; ++l) {
    float m = 0.5f * (a + b);
    int nm = count_below(diag, n, m);
    store_children(lo, hi, cnt, 8 * t, a, m, b, cnt[t], nm, cnt[t + 1]);
    a = lo[8 * t];
    b = hi[8 * t];
  }
}

// Lanes split by their index, on stores, beside a loop over n.
__global__ void odd_even_beside_count(const float *diag, float *lo, float *hi,
                                      int *cnt, int n, int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int l = 0; l < levels; ++l) {
    int nm = count_below(diag, n, lo[t]);
    if (threadIdx.x % 2) {
      // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
      put_range(lo, hi, cnt, t, lo[t], hi[t], nm, l);
    } else {
      put_point(lo, hi, cnt, t, hi[t], nm);
    }
  }
}

// ---- Flagged: an arm that loops, or nothing else that loops. ----

// Both ways loop (in a helper and inline), beside a loop of the iteration.
__global__ void split_levels_looping_arms(const float *diag, float *lo,
                                          float *hi, int *cnt, int n,
                                          int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int l = 0; l < levels; ++l) {
    int nm = count_below(diag, n, lo[t]);
    if (nm != cnt[t]) {
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
      fill_span(lo, cnt[t], nm, hi[t]);
    } else {
      for (int k = nm; k < n; ++k)
        // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
        hi[k] = hi[k] * lo[t] - 1.f;
    }
  }
}

// Straight-line ways in an iteration that runs nothing else that loops.
__global__ void split_levels_no_count(const float *diag, float *lo, float *hi,
                                      int *cnt, int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float a = lo[t], b = hi[t];
  for (int l = 0; l < levels; ++l) {
    float m = 0.5f * (a + b);
    if (diag[t] < m) {
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
      put_range(lo, hi, cnt, t, a, m, cnt[t], l);
    } else {
      put_point(lo, hi, cnt, t, m, l);
    }
    a = lo[t];
    b = hi[t];
  }
}

// Lanes split by their index, on stores, with no other loop.
__global__ void odd_even_no_count(float *lo, float *hi, int *cnt, int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int l = 0; l < levels; ++l) {
    if (threadIdx.x % 2) {
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
      put_range(lo, hi, cnt, t, lo[t], hi[t], l, l + 1);
    } else {
      put_point(lo, hi, cnt, t, hi[t], l);
    }
  }
}

// A `?:` and a `switch` on the lane's index: straight-line ways.
__device__ float low_mix(float a, float b) {
  return a * 0.5f + b * 0.25f - a * b + (a + b) * (a - b) + a * a * b;
}

__device__ float high_mix(float a, float b) {
  return b * 0.5f + a * 0.25f - b * a + (b + a) * (b - a) + b * b * a;
}

__global__ void select_beside_count(const float *diag, float *out, int n,
                                    int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float a = out[t];
  for (int l = 0; l < levels; ++l) {
    float c = count_below(diag, n, a);
    a = (threadIdx.x & 1) ? low_mix(a, c) : high_mix(a, c);
    // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
  }
  out[t] = a;
}

__global__ void select_no_count(float *out, int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float a = out[t];
  for (int l = 0; l < levels; ++l)
    a = (threadIdx.x & 1) ? low_mix(a, l) : high_mix(a, l);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
  out[t] = a;
}

__global__ void switch_beside_count(const float *diag, float *lo, float *hi,
                                    int *cnt, int n, int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int l = 0; l < levels; ++l) {
    int nm = 0;
    for (int k = 0; k < n; ++k)
      nm += diag[k] < lo[t];
    switch (threadIdx.x % 4) {
      // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
    case 0:
      put_range(lo, hi, cnt, t, lo[t], hi[t], nm, l);
      break;
    default:
      put_point(lo, hi, cnt, t, hi[t], nm);
      break;
    }
  }
}

__global__ void switch_no_count(float *lo, float *hi, int *cnt, int levels) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int l = 0; l < levels; ++l) {
    switch (threadIdx.x % 4) {
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
    case 0:
      put_range(lo, hi, cnt, t, lo[t], hi[t], l, l + 1);
      break;
    default:
      put_point(lo, hi, cnt, t, hi[t], l);
      break;
    }
  }
}
