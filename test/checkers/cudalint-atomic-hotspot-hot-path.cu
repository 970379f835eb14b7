// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

#include <cuda_runtime.h>

// An atomic on one address that runs once per thread beside a kernel whose
// work is loops of many trips is a sliver of that work, even at what one
// atomic in turn costs (a thousand coalesced accesses, ExecutionWeight): it
// costs nothing measurable, and atomic-hotspot stays silent. The same atomic
// in the loop, after a loop of a few hundred trips, or in a light kernel is
// a hotspot. Atomic reads (`atomicOr(p, 0)`, `atomicAdd(p, 0)`,
// `atomicCAS(p, x, x)`) are judged the same way, with the note of a read.

// ---- Silent: once per thread, before or after the hot loops. ----

__global__ void levels_after_read(const int *adj, const int *start, int *cost,
                                  int *level_count, int n) {
  int levels = atomicOr(level_count, 0);
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  while (levels > 0) {
    for (int e = start[v]; e < start[v + 1]; ++e)
      if (cost[adj[e]] > cost[v] + 1)
        cost[adj[e]] = cost[v] + 1;
    --levels;
  }
}

__global__ void sweeps_after_add_zero(const float *a, float *b, unsigned *gen,
                                      int n, int sweeps) {
  unsigned g = atomicAdd(gen, 0u);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < sweeps; ++s)
    for (int k = 0; k < n; ++k)
      b[i] += a[k * n + i] * (float)g;
}

__global__ void rounds_after_cas_read(const int *in, int *out, int *epoch,
                                      int n, int rounds) {
  int e = atomicCAS(epoch, -1, -1);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
  for (int r = 0; r < rounds; ++r)
    for (int k = 0; k < n; ++k)
      acc += in[(r * n + k) * 256 + i % 256] ^ e;
  out[i] = acc;
}

__global__ void tally_after_tiles(const float *a, float *c, int *done, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
  for (int t = 0; t < n; t += 16)
    for (int k = 0; k < n; ++k)
      acc += a[row * n + k] * a[k * n + col + t];
  c[row * n + col] = acc;
  atomicAdd(done, 1);
}

// ---- Reported: in the hot loop, after a short loop, in a light kernel. ----

__global__ void read_in_loop(const int *in, int *out, int *level, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) {
    int l = atomicOr(level, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-atomic-hotspot]
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}only reads{{.*}}
    out[k * 256 + i % 256] += in[k] + l;
  }
}

__global__ void cas_read_in_loop(const int *in, int *out, int *flag, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
  for (int k = 0; k < n; ++k)
    acc += in[k * 256 + i % 256] * atomicCAS(flag, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}only reads{{.*}}
  out[i] = acc;
}

__global__ void stride_sum_then_add(const float *in, float *total, int n) {
  float s = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    s += in[i];
  atomicAdd(total, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}
}

__global__ void count_positive(const float *in, int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0.f)
    atomicAdd(count, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: to combine per block{{.*}}
}

__global__ void read_once_light(const int *in, int *out, int *base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + atomicAdd(base, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}only reads{{.*}}
}
