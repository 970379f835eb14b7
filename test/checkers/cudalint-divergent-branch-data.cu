// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// Control flow on data each lane reads: trip counts that differ per lane
// (escape-time orbits, per-row counts, convergence loops, traversals) and
// one-armed branches with a heavy arm on a loaded flag. Quiet where the
// data is shared by the warp (a row per warp), where the trip counts differ
// by one (a binary search), on retry loops around atomics, on queue pushes,
// and where the split comes from an index the model lost, not from data.
#include "cuda.h"

__device__ float refine(float v, int depth) {
  for (int d = 0; d < depth; ++d)
    v = 0.5f * (v + 2.f / v);
  return v;
}

// ---- Flagged. ----

// Escape-time iteration: each pixel's orbit decides when it stops.
__global__ void mandelbrot(int *iters, int w, float x0, float y0, float dx,
                           int max_iter) {
  int px = blockIdx.x * blockDim.x + threadIdx.x;
  int py = blockIdx.y * blockDim.y + threadIdx.y;
  float cr = x0 + px * dx, ci = y0 + py * dx;
  float zr = 0.f, zi = 0.f;
  int it = 0;
  while (it < max_iter && zr * zr + zi * zi < 4.f) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: loop condition 'it < max_iter && zr * zr + zi * zi < 4.f' reads per-lane data: lanes of a warp run different trip counts [cudalint-divergent-branch]
    float t = zr * zr - zi * zi + cr;
    zi = 2.f * zr * zi + ci;
    zr = t;
    ++it;
  }
  iters[py * w + px] = it;
}

// One CSR row per thread: each lane loops over its own row's nonzeros.
__global__ void spmv_row_per_thread(const int *rowptr, const int *col,
                                    const float *val, const float *x, float *y,
                                    int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows) {
    float sum = 0.f;
    for (int j = rowptr[row]; j < rowptr[row + 1]; ++j)
      // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: loop condition 'j < rowptr[row + 1]' {{.*}}
      sum += val[j] * x[col[j]];
    y[row] = sum;
  }
}

// A count loaded per element.
__global__ void expand_runs(const int *len, const float *v, float *out,
                            int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = v[i];
  for (int k = 0; k < len[i]; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: loop condition 'k < len[i]' {{.*}}
    acc = acc * 0.5f + v[i] * k;
  out[i] = acc;
}

// Newton's method until each element converges.
__global__ void newton_sqrt(const float *a, float *root, int n, float tol) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = a[i], fx = x * x - a[i];
  int it = 0;
  while (fabsf(fx) > tol && it < 50) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: loop condition 'fabsf(fx) > tol && it < 50' {{.*}}
    x = x - fx / (2.f * x);
    fx = x * x - a[i];
    ++it;
  }
  root[i] = x;
}

// A traversal from the root: every lane starts alike, but the tests on
// each node send the lanes down different paths, and the body is heavy.
__global__ void bvh_closest(const float *lo, const float *hi, const int *left,
                            const float *px, float *best, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float p = px[i], b = 1e30f;
  int stack[32];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: loop condition 'top > 0' {{.*}}
    int node = stack[--top];
    float d0 = p - lo[node], d1 = hi[node] - p;
    float d = d0 * d0 + d1 * d1 + d0 * d1 * 0.25f;
    d = d * d * 0.5f + d0 * 3.f - d1 * 2.f + p * p * 0.125f;
    if (d < b) {
      int l = left[node];
      if (l < 0) {
        b = d;
      } else {
        stack[top++] = l;
        stack[top++] = l + 1;
      }
    }
  }
  best[i] = b;
}

// A loop each lane leaves when its own value settles.
__global__ void relax_until_small(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = in[i];
  for (int it = 0; it < 100; ++it) {
    float d = 0.5f * v * v - 0.25f * v + 0.125f;
    d = d * d + v * 0.5f - d * 0.25f + v * v * v * 0.0625f;
    v -= 0.1f * d;
    if (fabsf(d) < 1e-6f)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'break' on per-lane data 'fabsf(d) < 1e-6f': {{.*}}
      break;
  }
  out[i] = v;
}

// Insertion into each lane's own sorted list of the k best: how far a
// candidate sinks depends on the lane's data.
__global__ void k_nearest(const float *pts, const float *q, int *out, int n,
                          int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m)
    return;
  float best[8];
  int idx[8];
  for (int k = 0; k < 8; ++k) {
    best[k] = 1e30f;
    idx[k] = -1;
  }
  float qx = q[i];
  for (int p = 0; p < n; ++p) {
    float d = (pts[p] - qx) * (pts[p] - qx);
    if (d < best[7]) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: branch on per-lane data 'd < best[7]': {{.*}}
      int j = 7;
      while (j > 0 && best[j - 1] > d) {
        // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: loop condition 'j > 0 && best[j - 1] > d' {{.*}}
        best[j] = best[j - 1];
        idx[j] = idx[j - 1];
        --j;
      }
      best[j] = d;
      idx[j] = p;
    }
  }
  for (int k = 0; k < 8; ++k)
    out[i * 8 + k] = idx[k];
}

// Only flagged elements are refined, in a helper that loops.
__global__ void refine_flagged(const int *flags, float *values, int n,
                               int depth) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && flags[i] != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch on per-lane data 'i < n && flags[i] != 0': lanes that skip it idle while the 'then' arm runs [cudalint-divergent-branch]
    values[i] = refine(values[i], depth);
}

// An if/else on a loaded label whose one way is a loop and the other a
// single update (Caffe's softmax loss backward): the lanes on the short way
// idle while the loop runs, as with a lone arm.
__global__ void zero_row_if_ignored(const float *label, float *diff, int n,
                                    int channels, int ignore) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int lv = (int)label[i];
    if (lv == ignore) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: branch on per-lane data 'lv == ignore': {{.*}}{{.*}}[cudalint-divergent-branch]
      for (int c = 0; c < channels; ++c)
        diff[c * n + i] = 0.f;
    } else {
      diff[lv * n + i] -= 1.f;
    }
  }
}

// The long way in the 'else' arm.
__global__ void refine_unless_flagged(const int *flags, float *values, int n,
                                      int depth) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (flags[i] == 0)
      values[i] = 0.f;
    // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: branch on per-lane data 'flags[i] == 0': {{.*}}{{.*}}[cudalint-divergent-branch]
    else
      values[i] = refine(values[i], depth);
  }
}

// A per-node edge loop of a BFS: its trip count is the node's degree, and
// the atomics it holds do not decide when it ends (not a retry loop).
__global__ void bfs_expand(const int *row_ptr, const int *cols, unsigned *cost,
                           int *frontier, int *frontier_len, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    for (int j = row_ptr[v]; j < row_ptr[v + 1]; ++j) {
      // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: loop condition 'j < row_ptr[v + 1]' {{.*}}{{.*}}[cudalint-divergent-branch]
      int u = cols[j];
      unsigned old = atomicMin(&cost[u], cost[v] + 1);
      if (old > cost[v] + 1)
        frontier[atomicAdd(frontier_len, 1)] = u;
    }
  }
}

// ---- Not flagged. ----

// One CSR row per warp: the lanes share the row's bounds, and only the
// last trip splits the warp.
__global__ void spmv_row_per_warp(const int *rowptr, const int *col,
                                  const float *val, const float *x, float *y,
                                  int rows) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (warp >= rows)
    return;
  float sum = 0.f;
  for (int j = rowptr[warp] + lane; j < rowptr[warp + 1]; j += 32)
    sum += val[j] * x[col[j]];
  y[warp] = sum;
}

// A warp-strided loop over a constant that is not a multiple of 32.
__global__ void strided_tail(const float *in, float *out) {
  int lane = threadIdx.x % 32;
  float s = 0.f;
  for (int c = lane; c < 100; c += 32)
    s += in[c] * in[c + 1] + in[c + 2] * in[c + 3];
  out[threadIdx.x] = s;
}

// A binary search: every lane starts from 0 and n, and trip counts differ
// by one at most.
__global__ void search_sorted(const float *keys, const float *q, int *pos,
                              int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m)
    return;
  float v = q[i];
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (keys[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  pos[i] = lo;
}

// A compare-and-swap max whose retry leaves early once the stored value
// already wins: the break is part of the retry.
__global__ void cas_max_early_exit(int *m, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = in[i];
  int old = *m, assumed;
  do {
    assumed = old;
    if (assumed >= v)
      break;
    old = atomicCAS(m, assumed, v);
  } while (assumed != old);
}

// A compare-and-swap retry loop: contention, atomic-hotspot's business.
__global__ void cas_max(int *m, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = in[i], old = *m, assumed;
  do {
    assumed = old;
    old = atomicCAS(m, assumed, v > assumed ? v : assumed);
  } while (assumed != old && v > old);
}

// Data every lane of a warp shares: a value broadcast by a shuffle, and an
// element per warp.
__global__ void warp_uniform_data(const float *in, const int *work, float *out,
                                  int depth) {
  int warp = threadIdx.x / 32;
  float v = in[threadIdx.x];
  int n = __shfl_sync(0xffffffffu, work[threadIdx.x], 0);
  for (int k = 0; k < n; ++k)
    v = refine(v, depth) + v * k;
  if (work[blockIdx.x * 8 + warp] > 0)
    v = refine(v, depth);
  else
    v = refine(v * 2.f, depth + 1);
  out[threadIdx.x] = v;
}

// A push onto a queue under a data test: light work, and the atomic is
// atomic-hotspot's.
__device__ void push(int *queue, int *tail, int item) {
  queue[atomicAdd(tail, 1)] = item;
}
__global__ void filter_positive(const float *in, int *queue, int *tail,
                                int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0.f)
    push(queue, tail, i);
}

// Skipping oneself among neighbours: `j != i` almost never splits a warp.
__global__ void neighbours(const int *start, const float *pos, float *force,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float f = 0.f;
  for (int j = 0; j < 64; ++j) {
    int other = start[i] + j;
    if (other != i)
      f += refine(pos[other] - pos[i], 4);
  }
  force[i] = f;
}

// A guard on data around a few stores (an output that may overflow): the
// arm is straight code, run once.
__global__ void emit_guarded(const int *scan, float *pos, int max_out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int index = scan[i] * 3;
  if (index < max_out - 3) {
    pos[index] = 1.f * i + 0.5f * scan[i] - 2.f;
    pos[index + 1] = 2.f * i - 0.5f * scan[i] + 3.f;
    pos[index + 2] = 3.f * i + 0.25f * scan[i] - 4.f;
    pos[index + 3] = 4.f * i - 0.25f * scan[i] + 5.f;
  }
}

// A retry loop whose condition re-reads what its body wrote: contention,
// not work.
__device__ unsigned add_tagged(volatile unsigned *hist, unsigned bin,
                               unsigned tag) {
  unsigned count;
  do {
    count = hist[bin] & 0x07FFFFFFu;
    count = tag | (count + 1);
    hist[bin] = count;
  } while (hist[bin] != count);
  return count;
}
__global__ void tagged_histogram(const unsigned *keys, unsigned *out, int n) {
  __shared__ unsigned hist[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  hist[threadIdx.x] = 0;
  __syncthreads();
  if (i < n)
    add_tagged(hist, keys[i] & 255u, threadIdx.x << 27);
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = hist[threadIdx.x];
}

// The bulk loop after a remainder loop: the index it starts from is
// per-thread, not data.
__global__ void bulk_after_tail(const float *x, float *y, int n) {
  int i = n - 1 - threadIdx.x;
  while (i % 128 != 0) {
    y[i] = x[i] * 2.f;
    i -= blockDim.x;
  }
  for (; i >= 0; i -= blockDim.x)
    y[i] = x[i] * x[i] + x[i] * 3.f + x[i + 1] * x[i + 2] - x[i + 3];
}

// An early exit on data before a loop (the filter in front of a CAS max):
// the lanes that leave only wait. Never reported.
__global__ void filter_then_loop(const float *v, float *out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (v[i] < 0.f)
    return;
  for (int k = 0; k < m; ++k)
    out[k * n + i] += v[i] * k;
}

void launch(int *it, float *f, const float *cf, const int *ci, int *i2) {
  cas_max_early_exit<<<64, 256>>>(i2, ci, 1000);
  bfs_expand<<<64, 256>>>(ci, ci, (unsigned *)i2, i2, i2, 1000);
  filter_then_loop<<<64, 256>>>(cf, f, 1000, 16);
  zero_row_if_ignored<<<64, 256>>>(cf, f, 1000, 10, -1);
  refine_unless_flagged<<<64, 256>>>(ci, f, 1000, 16);
  mandelbrot<<<dim3(8, 8), dim3(32, 8)>>>(it, 256, -2.f, -1.f, 0.01f, 256);
  spmv_row_per_thread<<<64, 256>>>(ci, ci, cf, cf, f, 1000);
  spmv_row_per_warp<<<64, 256>>>(ci, ci, cf, cf, f, 1000);
}
