// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-missing-restrict %t

// Pairs that are no evidence for '__restrict__', each beside a kernel of
// the same shape that is: atomics on either side, loops whose iterations are
// whole group reductions with one thread storing, loads of other types than
// the loop stores (a generator's state), and walks whose lanes are far apart
// (1.12-1.15x measured on an H200: a remark, never a warning).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda/atomic>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

// ---- Atomics: '__restrict__' neither caches nor reorders them. ----

// A frontier walk: one thread relaxes its vertices' edges in sequence, the
// distances only through atomicMin.
__global__ void relax_edges(const int *row_start, const int *cols, int *dist,
                            int n, int chunk) {
  int first = (blockIdx.x * blockDim.x + threadIdx.x) * chunk;
  for (int v = first; v < first + chunk && v < n; ++v) {
    int d = dist[v];
    for (int e = row_start[v]; e < row_start[v + 1]; ++e)
      atomicMin(&dist[cols[e]], d + 1);
  }
}

// The visited flags claimed with atomicExch, a counter with atomicAdd.
__global__ void claim_vertices(const int *frontier, int *visited,
                               unsigned *count, int len, int per_thread) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < per_thread; ++k) {
    int v = frontier[t * per_thread + k];
    if (v < len && visited[v] == 0 && atomicExch(&visited[v], 1) == 0)
      atomicAdd(count, 1u);
  }
}

// libcu++: an atomic_ref made on an element, then a plain load of another
// int array in the next iteration.
__global__ void ref_min(const int *keys, int *best, int n, int steps) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < steps; ++s) {
    int k = keys[s * n + t];
    cuda::atomic_ref<int, cuda::thread_scope_device> slot(best[k % n]);
    slot.fetch_min(k);
  }
}

// Flagged beside them: the same walk with a plain store of the distance.
__global__ void relax_plain(const int *row_start, const int *cols, int *dist,
                            int n, int chunk) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int first = (blockIdx.x * blockDim.x + threadIdx.x) * chunk;
  for (int v = first; v < first + chunk && v < n; ++v) {
    int d = dist[v];
    for (int e = row_start[v]; e < row_start[v + 1]; ++e)
      dist[cols[e]] = d + 1;
  }
}

// ---- Each iteration a whole reduction, one thread storing its result. ----

__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// A warp per row, rows walked in sequence; lane 0 stores.
__global__ void row_sums(const float *m, float *sums, int rows_per_warp,
                         int cols) {
  int lane = threadIdx.x % 32;
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  for (int r = warp * rows_per_warp; r < (warp + 1) * rows_per_warp; ++r) {
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
      s += m[r * cols + c];
    s = warp_sum(s);
    if (lane == 0)
      sums[r] = s;
  }
}

// The same with cooperative groups' reduce and a thread_rank() test.
__global__ void row_max_cg(const float *m, float *out, int rows_per_block,
                           int cols) {
  cg::thread_block_tile<32> tile =
      cg::tiled_partition<32>(cg::this_thread_block());
  int rows = (blockIdx.x + 1) * rows_per_block;
  for (int r = blockIdx.x * rows_per_block; r < rows; ++r) {
    float best = -1e30f;
    for (int c = tile.thread_rank(); c < cols; c += tile.size())
      best = fmaxf(best, m[r * cols + c]);
    best = cg::reduce(tile, best, cg::greater<float>());
    if (tile.thread_rank() == 0 && r < rows)
      out[r] = best;
  }
}

// A block reduction in a helper that takes no pointer: its barrier keeps
// the next iteration's loads behind the store anyway.
__device__ float block_sum(float v) {
  __shared__ float part[32];
  v = warp_sum(v);
  if (threadIdx.x % 32 == 0)
    part[threadIdx.x / 32] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : 0.0f;
  v = warp_sum(v);
  __syncthreads();
  return v;
}
__global__ void batch_norms(const float *x, float *norms, int batch, int n) {
  for (int b = 0; b < batch; ++b) {
    float s = 0.0f;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
      s += x[b * n + i] * x[b * n + i];
    s = block_sum(s);
    if (!threadIdx.x)
      norms[b] = sqrtf(s);
  }
}

// Normalisation output loops: each iteration reduces a row together (its
// mean and scale), then the group stores each element of it once.
__global__ void rms_rows(const float *x, const float *w, float *y, int rows,
                         int cols) {
  int lane = threadIdx.x & 31;
  for (int r = 0; r < rows; ++r) {
    float ss = 0.0f;
    for (int c = lane; c < cols; c += 32)
      ss += x[r * cols + c] * x[r * cols + c];
    float scale = rsqrtf(warp_sum(ss) / cols + 1e-6f);
    for (int c = lane; c < cols; c += 32)
      y[r * cols + c] = x[r * cols + c] * scale * w[c];
  }
}

// A warp-stride loop written with a unit step: the bound divides the row by
// a count of threads and every use scales the counter by it.
__global__ void scale_rows(float *out, const float *in, const float *gain,
                           int rows, int C) {
  int lane = threadIdx.x % warpSize;
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int per_step = warpSize * 2;
  int steps = C / per_step;
  if (warp >= rows)
    return;
  for (int i = 0; i < steps; i++) {
    int at = lane * 2 + i * per_step;
    float2 v = *reinterpret_cast<const float2 *>(&in[warp * C + at]);
    out[warp * C + at] = v.x * gain[at];
    out[warp * C + at + 1] = v.y * gain[at + 1];
  }
}

// A stride over a group of the program's own size: the start is the
// thread's rank in its group (`tid % group`), the step the group's size.
__global__ void scale_edges(float *out, const float *in, const int *offs,
                            int group, int nv) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int sub = tid % group;
  int v = tid / group;
  if (v >= nv)
    return;
  for (int e = offs[v] + sub; e < offs[v + 1]; e += group)
    out[e] = in[e] * 2.0f;
}

// Flagged beside them: a time-step loop around a block-stride loop, with
// no reduction in it.
__global__ void time_steps(float *u, const float *f, int n, int steps) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: {{.*}}[cudalint-missing-restrict]
  for (int s = 0; s < steps; ++s)
    for (int i = threadIdx.x; i < n; i += blockDim.x)
      u[i] = u[i] + 0.1f * f[s * n + i];
}

// Flagged beside them: every lane stores its own running total, no group
// reduction.
__global__ void row_prefix(const float *m, float *out, int rows, int cols) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float run = 0.0f;
  for (int r = 0; r < rows; ++r) {
    run += m[r * cols + c];
    out[r * cols + c] = run;
  }
}

// ---- Loads of other types than the loop stores. ----

// A generator's state: the helper reads and writes its unsigned words;
// the struct also holds a float, which the helper never touches.
struct Xorshift {
  unsigned s0, s1;
  float spare;
};
__device__ float next_uniform(Xorshift *g) {
  unsigned t = g->s0 ^ (g->s0 << 11);
  g->s0 = g->s1;
  g->s1 = g->s1 ^ (g->s1 >> 19) ^ t ^ (t >> 8);
  return g->s1 * 2.3283064e-10f;
}
__global__ void fill_uniform(Xorshift *gens, float *out, int per_thread) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < per_thread; ++k)
    out[t * per_thread + k] = next_uniform(&gens[t]);
}

// Written in the kernel: an int field read, a float stored.
struct Particle {
  int cell;
  float w;
};
__global__ void gather_cells(const Particle *p, float *density, int steps,
                             int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < steps; ++s)
    density[s * n + t] = p[s * n + t].cell * 0.5f;
}

// Flagged beside them: the float field read after a float store.
__global__ void gather_weights(const Particle *p, float *density, int steps,
                               int n) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < steps; ++s)
    density[s * n + t] = p[s * n + t].w * 0.5f;
}

// An integer type and its unsigned counterpart may alias ([basic.lval]):
// an `unsigned` stored can change an `int` loaded.
__global__ void count_steps(const int *in, unsigned *hits, int steps, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < steps; ++s)
    hits[s * n + t] = in[s * n + t] + 1u;
}

// ---- Serial walks: coalesced ones are true findings (1.23-3.78x on an
// H200), ones whose lanes are far apart a remark (1.12-1.15x). ----

__global__ void walk_rows(float *out, const float *in, int rows, int steps) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < steps; ++i)
    out[i * rows + r] = in[i * rows + r] * 0.5f + 1.0f;
}

__global__ void row_to_column(float *out, const float *in, int nx) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: remark: {{.*}}[cudalint-missing-restrict]
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int c = row;
  for (int i = 0; i < nx; ++i) {
    out[c] = in[row * nx + i];
    c += nx;
  }
}

__global__ void column_to_row(double *dst, const double *src, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: remark: {{.*}}[cudalint-missing-restrict]
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  const double *s = src + t;
  double *d = dst + (size_t)t * n;
  for (int j = 0; j < n; ++j)
    d[j] = s[(size_t)j * n];
}

void launch_all(float *a, float *b, int *i0, int *i1, int *i2, int n) {
  walk_rows<<<n / 256, 256>>>(a, b, n, 64);
  row_to_column<<<n / 256, 256>>>(a, b, n);
}
