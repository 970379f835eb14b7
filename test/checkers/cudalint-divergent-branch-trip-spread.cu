// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// Loops whose exit reads data or a per-lane state, judged by how far the
// trip counts of the lanes of one warp can spread, not by the fact that the
// exit test reads data. Quiet: ring counters that come back to their start
// (every lane runs the same n - 1 trips), bisections in any spelling of the
// midpoint (lanes differ by one trip), scans of a short fixed-width list
// that stop at a padding sentinel. Flagged beside them: a ring counter that
// stops at a per-lane target, a linear search, a scan of an unbounded list.
#include "cuda.h"

#define MAX_NB 8

__device__ float heavy(float v, int k) {
  for (int d = 0; d < k; ++d)
    v = 0.5f * (v + 2.f / v);
  return v;
}

// ---- Ring counters. ----

// Every lane visits the n - 1 others once: `j = (j + 1) % n`.
__global__ void ring_mod(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  int j = (i + 1) % n;
  while (j != i) {
    acc += x[j] * x[i] + x[j] * x[j] / (x[i] + 1.f);
    j = (j + 1) % n;
  }
  out[i] = acc;
}

// The same ring, wrapped with a select: `j = j + 1 == n ? 0 : j + 1`.
__global__ void ring_select(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  for (int j = i + 1 == n ? 0 : i + 1; j != i; j = j + 1 == n ? 0 : j + 1)
    acc += x[j] * x[i] + x[j] * x[j] / (x[i] + 1.f);
  out[i] = acc;
}

// A do-while ring with the wrap as its own statement: every lane comes
// back to its start after n trips.
__global__ void ring_do_reset(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  int j = i;
  do {
    acc += x[j] * x[i] + x[j] * x[j] / (x[i] + 1.f);
    if (++j == n)
      j = 0;
  } while (j != i);
  out[i] = acc;
}

// Backwards round the ring: `j = (j + n - 1) % n`.
__global__ void ring_back(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  for (int j = (i + n - 1) % n; j != i; j = (j + n - 1) % n)
    acc += x[j] * x[i] + x[j] * x[j] / (x[i] + 1.f);
  out[i] = acc;
}

// Flagged: the ring stops at a target each lane reads, so lanes run
// different numbers of trips.
__global__ void ring_to_target(const float *x, const int *target, float *out,
                               int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  int stop = target[i];
  int j = (i + 1) % n;
  while (j != stop) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}[cudalint-divergent-branch]
    acc += x[j] * x[i] + x[j] * x[j] / (x[i] + 1.f);
    j = (j + 1) % n;
  }
  out[i] = acc;
}

// ---- Bisections. ----

// `mid = lo + (hi - lo) / 2`, one assignment in each arm.
__global__ void search_lo_half(const int *keys, const int *q, int *pos, int n,
                               int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m)
    return;
  int v = q[i], lo = 0, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (keys[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  pos[i] = lo;
}

// `(lo + hi) >> 1` over a closed interval, a heavy probe.
__global__ void search_closed(const float *keys, const float *q, int *pos,
                              int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m)
    return;
  float v = q[i];
  int lo = 0, hi = n - 1, at = -1;
  while (lo <= hi) {
    int mid = (lo + hi) >> 1;
    float k = heavy(keys[mid], 4);
    if (k <= v) {
      at = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  pos[i] = at;
}

// `hi - lo > 1` with a shifted half-width.
__global__ void search_gap(const unsigned *cdf, const unsigned *r, int *pick,
                           int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m)
    return;
  unsigned v = r[i];
  int lo = -1, hi = n;
  while (hi - lo > 1) {
    int mid = lo + ((hi - lo) >> 1);
    if (cdf[mid] > v)
      hi = mid;
    else
      lo = mid;
  }
  pick[i] = hi;
}

// Flagged: a linear search, whose trip count is where the key falls.
__global__ void search_linear(const float *keys, const float *q, int *pos,
                              int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m)
    return;
  float v = q[i];
  int j = 0;
  while (j < n && keys[j] < v) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}[cudalint-divergent-branch]
    pos[i * 4 + (j & 3)] += j * 3 + (j >> 2);
    j += 1;
  }
  pos[i] = j;
}

// ---- Scans that stop at a sentinel. ----

// A fixed-width neighbour list padded with -1: at most MAX_NB trips.
__global__ void neighbours_break(const int *nbr, const float *x, float *f,
                                 int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  for (int k = 0; k < MAX_NB; ++k) {
    int j = nbr[i * MAX_NB + k];
    if (j < 0)
      break;
    acc += (x[j] - x[i]) * (x[j] - x[i]) / (x[j] + x[i] + 1.f);
  }
  f[i] = acc;
}

// The same list scanned with the sentinel in the loop condition.
__global__ void neighbours_while(const int *nbr, const float *x, float *f,
                                 int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  int k = 0;
  while (k < MAX_NB && nbr[i * MAX_NB + k] != -1) {
    int j = nbr[i * MAX_NB + k];
    acc += (x[j] - x[i]) * (x[j] - x[i]) / (x[j] + x[i] + 1.f);
    ++k;
  }
  f[i] = acc;
}

// Flagged: a list whose length is a parameter stops at a sentinel after
// any number of trips.
__global__ void neighbours_unbounded(const int *nbr, const float *x, float *f,
                                     int n, int width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  for (int k = 0; k < width; ++k) {
    int j = nbr[i * width + k];
    if (j < 0)
      break;
    // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: {{.*}}[cudalint-divergent-branch]
    acc += (x[j] - x[i]) * (x[j] - x[i]) / (x[j] + x[i] + 1.f);
  }
  f[i] = acc;
}

void launch(float *x, float *out, const int *t, int n) {
  ring_mod<<<n / 256, 256>>>(x, out, n);
  ring_select<<<n / 256, 256>>>(x, out, n);
  ring_do_reset<<<n / 256, 256>>>(x, out, n);
  ring_back<<<n / 256, 256>>>(x, out, n);
  ring_to_target<<<n / 256, 256>>>(x, t, out, n);
}
