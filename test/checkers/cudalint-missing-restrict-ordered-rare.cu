// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-missing-restrict %t

// Two kinds of loop where '__restrict__' buys nothing that was measured,
// each beside a kernel of the same shape that still pays:
//   * every path from the store to the next load passes a barrier or a fence
//     (the compiler keeps the load behind it anyway);
//   * the store is made only when a test of the data passes (a flag raised,
//     a relaxation), and nothing is loaded again: silent; a load of one
//     address on every trip after such a store is a remark without a figure.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

// ---- Barriers and fences between the store and the reload. ----

// One thread publishes the level's size; the whole block reads the
// parameters again on the next level, past two barriers.
__global__ void level_sweep(int *count, const int *params, int *out,
                            int levels) {
  int lvl = 0;
  while (lvl < levels) {
    __syncthreads();
    int base = params[0];
    out[lvl * blockDim.x + threadIdx.x] = base + lvl;
    __syncthreads();
    if (threadIdx.x == 0)
      *count = lvl;
    __syncthreads();
    ++lvl;
  }
}

// An accumulator in memory with a warp barrier after each store.
__global__ void warp_fenced_sum(float *acc, const float *w, const float *x,
                                int taps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < taps; ++k) {
    acc[i] += w[k] * x[i + k];
    __syncwarp();
  }
}

// A memory fence between the store and the load of the next trip.
__global__ void fenced_publish(int *slot, const int *limit, int rounds) {
  for (int r = 0; r < rounds; ++r) {
    slot[blockIdx.x] = r + limit[0];
    __threadfence();
  }
}

// A grid-wide barrier: every block's stores are ordered before the loads.
__global__ void grid_rounds(float *state, const float *coef, int rounds) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rounds; ++r) {
    state[i] = state[i] * coef[0] + 1.0f;
    grid.sync();
  }
}

// A helper that always waits for the block, called between them.
__device__ void wait_for_block(int spin) {
  __syncthreads();
  for (int s = 0; s < spin; ++s)
    __threadfence_block();
}
__global__ void helper_fenced(unsigned *tally, const unsigned *in, int steps) {
  for (int s = 0; s < steps; ++s) {
    unsigned v = in[0] + s;
    wait_for_block(2);
    if (threadIdx.x == 0)
      *tally = v;
    wait_for_block(1);
  }
}

// The barrier runs only on some trips: the reload after the other stores
// stays.
__global__ void barrier_sometimes(float *acc, const float *w, const float *x,
                                  int taps) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < taps; ++k) {
    acc[i] += w[k] * x[i + k];
    if (k % 8 == 7)
      __syncthreads();
  }
}

// A `continue` skips the barrier on some trips.
__global__ void barrier_skipped(float *acc, const float *w, const float *x,
                                int taps, int skip) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < taps; ++k) {
    acc[i] += w[k] * x[i + k];
    if (k == skip)
      continue;
    __syncthreads();
  }
}

// A barrier at the top of the trip lies on the way from the store to the
// next trip's load.
__global__ void barrier_at_top(int *count, const int *params, int *out,
                               int levels) {
  for (int lvl = 0; lvl < levels; ++lvl) {
    __syncthreads();
    int base = params[0];
    *count = base + lvl;
    out[lvl] = base;
  }
}

// The barrier is after the load and before the store of the same trip: the
// store reaches the next trip's load without passing it.
__global__ void barrier_outside_span(int *count, const int *params, int *out,
                                     int levels) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  for (int lvl = 0; lvl < levels; ++lvl) {
    int base = params[0];
    __syncthreads();
    *count = base + lvl;
    out[lvl] = base;
  }
}

// A helper that may return before its barrier does not count.
__device__ void maybe_wait(int n) {
  if (n == 0)
    return;
  __syncthreads();
}
__global__ void helper_may_skip(unsigned *tally, const unsigned *in,
                                int steps) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  for (int s = 0; s < steps; ++s) {
    unsigned v = in[0] + s;
    maybe_wait(s);
    *tally = v;
  }
}

// ---- Stores that the data make rare. ----

// Relaxation over a vertex's edges: the distance and the "changed" flag
// are stored only when a shorter path turns up; the edge lists are fresh
// on every trip.
__global__ void relax_chunk(const int *offsets, const int *targets,
                            const int *weights, int *dist, int *changed,
                            int n, int chunk) {
  int first = (blockIdx.x * blockDim.x + threadIdx.x) * chunk;
  for (int v = first; v < first + chunk && v < n; ++v) {
    int dv = dist[v], last = offsets[v + 1];
    for (int e = offsets[v]; e < last; ++e) {
      int cand = dv + weights[e];
      int t = targets[e];
      if (cand < dist[t]) {
        dist[t] = cand;
        *changed = 1;
      }
    }
  }
}

// A frontier step: each thread walks its share of vertices and raises the
// flag when it finds an unvisited neighbour.
__global__ void expand_frontier(unsigned *depth, const unsigned *adj_start,
                                const unsigned *adj, int *more,
                                unsigned cur, int per_thread) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < per_thread; ++k) {
    int v = t * per_thread + k;
    if (depth[v] != cur)
      continue;
    unsigned stop = adj_start[v + 1];
    for (unsigned j = adj_start[v]; j < stop; ++j) {
      unsigned u = adj[j];
      if (depth[u] == 0xffffffffu) {
        depth[u] = cur + 1;
        *more = 1;
      }
    }
  }
}

// The largest value seen so far, kept in memory, stored only when beaten.
__global__ void running_max(const float *samples, float *best, int per_thread) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < per_thread; ++k) {
    float s = samples[t * per_thread + k];
    if (s > best[t])
      best[t] = s;
  }
}

// A serial walk that stores only what passes a threshold.
__global__ void keep_positive(float *kept, const float *vals, int len,
                              int width) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 1; k < len; ++k)
    if (vals[k * width + t] > 0.0f)
      kept[k * width + t] = vals[(k - 1) * width + t];
}

// The same relaxation with the threshold read on every trip: a load of one
// address that the rare store forces again, a remark without a figure.
__global__ void relax_with_cap(const int *targets, const int *cap, int *dist,
                               int deg) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: remark: {{.*}}[cudalint-missing-restrict]
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int e = 0; e < deg; ++e) {
    int u = targets[t * deg + e];
    if (dist[u] > cap[0])
      dist[u] = cap[0];
  }
}

// Unconditional stores on every trip still pay: the accumulation in
// memory, and the per-thread walk storing before it loads.
__global__ void always_accumulate(const int *offsets, const int *targets,
                                  int *sum, int n) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  for (int e = offsets[v]; e < offsets[v + 1]; ++e)
    sum[v] += targets[e];
}
__global__ void always_walk(float *kept, const float *vals, int len,
                            int width) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 1; k < len; ++k)
    kept[k * width + t] = vals[(k - 1) * width + t] * 0.5f;
}

// A guard on the thread or the index is no test of the data.
__global__ void lane_guarded_accumulate(float *acc, const float *w,
                                        const float *x, int taps) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < taps; ++k)
    if (i + k < taps * 4)
      acc[i] += w[k] * x[i + k];
}

// ---- A macro's `do { } while (0)` is no loop. ----

#define UPDATE_ONCE(dst, src, idx)                                             \
  do {                                                                         \
    (dst)[idx] = (src)[idx] + 1;                                               \
  } while (0)

__global__ void macro_block(int *dst, const int *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    UPDATE_ONCE(dst, src, i);
}
