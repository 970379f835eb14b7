// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// A remedy only where the analysis shows it fits, a figure only for the
// pattern measured; otherwise the cost and no remedy.
// - A compacted work list (1.87x, a quarter of the items flagged at random)
//   fits a branch that decides whether a thread's whole item runs: no loop
//   around it but ones that hand each thread items of its own. Inside a
//   per-thread loop over parts of an item (the cells next to a particle, a
//   node's edges) it does not.
// - "One item per warp" and "order the work" fit only items long enough to
//   fill a warp and not already ordered: cudalint sees neither (lengths and
//   order are data), so loops over loaded lengths get the cost alone.
// - Lanes whose trip counts a constant caps differ by at most the cap: the
//   figure measured with counts spread over 0 to 511 is not quoted.
#include "cuda.h"

__device__ float relax(float x, int steps) {
  for (int k = 0; k < steps; ++k)
    x = 3.9f * x * (1.f - x);
  return x;
}

// ---- The compacted work list fits: the branch picks whole items. ----

__global__ void refine_marked(float *v, const int *mark, int n, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && mark[i] != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}
    // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: {{.*}}compacted work list{{.*}}1.87x
    v[i] = relax(v[i], steps);
}

__global__ void refine_strided(float *v, const float *err, int n, int steps) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    float e = err[i];
    if (e > 0.25f) {
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
      // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}
      // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: {{.*}}compacted work list{{.*}}1.87x
      float x = v[i];
      for (int k = 0; k < steps; ++k)
        x = x * 0.5f + e / (x + 1.f);
      v[i] = x;
    }
  }
}

// ---- No list of items gathers a part of an item: cost, no remedy. ----

__device__ float visit_bucket(int b, const unsigned *first, const unsigned *last,
                              const float *p, float q) {
  unsigned s = first[b];
  float f = 0.f;
  if (s != 0xffffffffu) {
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
    // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}compacted
    // CHECK-MESSAGES-NOT: :[[@LINE-3]]:{{[0-9]+}}: note: {{.*}}1.87x
    for (unsigned j = s; j < last[b]; ++j)
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
      // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}one item
      // CHECK-MESSAGES-NOT: :[[@LINE-3]]:{{[0-9]+}}: note: {{.*}}1.46x
      f += (p[j] - q) * (p[j] - q) / (1.f + fabsf(p[j] - q));
  }
  return f;
}

__global__ void near_buckets(const int *bucket, const unsigned *first,
                             const unsigned *last, const float *p, float *out,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float f = 0.f;
  for (int d = -1; d <= 1; ++d)
    f += visit_bucket(bucket[i] + d, first, last, p, p[i]);
  out[i] = f;
}

__global__ void edge_frontier(const int *start, const int *adj,
                              const int *seen, float *w, int n, int steps) {
  int u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= n)
    return;
  for (int e = start[u]; e < start[u + 1]; ++e) {
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
    // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}one item
    int v = adj[e];
    if (seen[v] == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
      // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}compacted
      w[v] = relax(w[v], steps);
  }
}

// ---- Items of loaded length: the cost, no "one item per warp". ----

__global__ void rows_grid_stride(const int *offs, const int *col,
                                 const float *a, const float *x, float *y,
                                 int rows) {
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows;
       r += blockDim.x * gridDim.x) {
    int lo = offs[r], hi = offs[r + 1], len = hi - lo;
    float s = 0.f;
    for (int k = 0; k < len; k++)
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
      // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}slowest lane
      // CHECK-MESSAGES-NOT: :[[@LINE-3]]:{{[0-9]+}}: note: {{.*}}order the work
      // CHECK-MESSAGES-NOT: :[[@LINE-4]]:{{[0-9]+}}: note: {{.*}}1.46x
      s += a[lo + k] * x[col[lo + k]] * 2.f + a[lo + k] * a[lo + k];
    y[r] = s;
  }
}

__global__ void per_item_count(const int *cnt, const float *a, float *y,
                               int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0.f;
  int k = cnt[i];
  do {
    // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: note: {{.*}}one item
    --k;
    s += a[i * 32 + k] * a[i * 32 + k] + sqrtf(fabsf(a[i * 32 + k]));
  } while (k > 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
  // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}one item
  y[i] = s;
}

// ---- A capped spread: the cap is the cost, not the 0..511 figure. ----

__global__ void capped_list(const int *nbr, const float *x, float *f, int n,
                            int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  for (int k = 0; k < 4; ++k) {
    int j = nbr[i * 4 + k];
    if (j < 0)
      break;
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
    // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: {{.*}}4 trips at most
    // CHECK-MESSAGES-NOT: :[[@LINE-4]]:{{[0-9]+}}: note: {{.*}}0 to 511
    for (int t = 0; t < m; ++t)
      acc += x[j * m + t] * x[j * m + t];
  }
  f[i] = acc;
}

void launch_all(const int *ip, const unsigned *up, float *fp, const float *cf,
                int n) {
  refine_marked<<<n / 256, 256>>>(fp, ip, n, n);
  refine_strided<<<n / 256, 256>>>(fp, cf, n, n);
  near_buckets<<<n / 256, 256>>>(ip, up, up, cf, fp, n);
  edge_frontier<<<n / 256, 256>>>(ip, ip, ip, fp, n, n);
  rows_grid_stride<<<n / 256, 256>>>(ip, ip, cf, cf, fp, n);
  per_item_count<<<n / 256, 256>>>(ip, cf, fp, n);
  capped_list<<<n / 256, 256>>>(ip, cf, fp, n, n);
}
