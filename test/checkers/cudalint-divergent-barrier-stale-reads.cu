// RUN: %check_cudalint %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// Threads that exit before a block barrier do not hold it up (PTX's `exit`
// releases it); what they cost is the shared slots they never wrote. An
// early exit is reported only where a thread that stays can read such a
// slot after the barrier: the block is run over sampled sizes, every
// thread's writes before the barrier against every stayer's reads after it.
#include "cuda.h"

// ---- Quiet: the threads that stay read only slots that stayers wrote. ----

// Compaction: the reader stops at the same bound the writers stopped at.
__global__ void compact_valid(const int *in, int *out, int n) {
  __shared__ int staged[128];
  int tid = threadIdx.x;
  for (int i = 0; i + tid < n; i += blockDim.x) {
    staged[tid] = in[i + tid];
    __syncthreads();
    if (tid == 0)
      for (int j = 0; j < blockDim.x && i + j < n; ++j)
        out[i + j] = staged[j] * 2;
    __syncthreads();
  }
}

// Each lane sums its own column over the warps: lane L reads only slots of
// lane L, which passed the same lane test.
__global__ void column_of_warps(const float *in, float *out, int C) {
  __shared__ float part[256];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int c = blockIdx.x * 32 + lane;
  if (c >= C)
    return;
  float v = in[warp * C + c];
  if (warp != 0) {
    part[threadIdx.x] = v;
    return;
  }
  __syncthreads();
  for (int w = 1; w < 8; ++w)
    v += part[w * 32 + lane];
  out[c] = v;
}

// The left neighbour of a thread inside the bound is inside it too.
__global__ void left_difference(const float *x, float *d, int n) {
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  t[threadIdx.x] = x[i];
  __syncthreads();
  d[i] = threadIdx.x > 0 ? t[threadIdx.x] - t[threadIdx.x - 1] : t[0];
}

// A value thread 0 publishes: thread 0 stays whenever anyone does.
__global__ void subtract_first(float *v, int count) {
  __shared__ float first;
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= count)
    return;
  if (threadIdx.x == 0)
    first = v[g];
  __syncthreads();
  v[g] -= first;
}

// The right neighbour, read only where it is inside the bound.
__global__ void right_difference(const float *x, float *d, int n) {
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  t[threadIdx.x] = x[i];
  __syncthreads();
  if (threadIdx.x + 1 < blockDim.x && i + 1 < n)
    d[i] = t[threadIdx.x + 1] - t[threadIdx.x];
}

// ---- Flagged: a stayer can read a slot only a leaver would write. ----

// A tree over the whole block after an early exit.
__global__ void tree_sum(const float *x, float *out, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  s[threadIdx.x] = x[i];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-divergent-barrier]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}the threads that stay may read
  // shared memory that the ones which returned never wrote
  if (threadIdx.x < 128)
    out[i] = s[threadIdx.x] + s[threadIdx.x + 128];
}

// The right neighbour with no test of it.
__global__ void right_unguarded(const float *x, float *d, int n) {
  __shared__ float t[257];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  t[threadIdx.x] = x[i];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-divergent-barrier]
  d[i] = t[threadIdx.x + 1] - t[threadIdx.x];
}

// Compaction whose reader runs over the whole block.
__global__ void compact_whole_block(const int *in, int *out, int n) {
  __shared__ int staged[128];
  int tid = threadIdx.x;
  for (int i = 0; i + tid < n; i += blockDim.x) {
    staged[tid] = in[i + tid];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning:
    // {{.*}}[cudalint-divergent-barrier]
    if (tid == 0)
      for (int j = 0; j < blockDim.x; ++j)
        out[i + j] = staged[j];
    __syncthreads();
  }
}

// A slot the data picks: nothing shows it is a stayer's.
__global__ void gather_after_exit(const float *x, const int *idx, float *y,
                                  int n) {
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  t[threadIdx.x] = x[i];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-divergent-barrier]
  y[i] = t[idx[i] & 255];
}

// A barrier that counts: the threads that left do not vote.
__global__ void count_positive(const float *x, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int c = __syncthreads_count(x[i] > 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning:
  // {{.*}}[cudalint-divergent-barrier]
  out[i] = c;
}

void launch_all(const float *x, float *y, const int *in, int *out,
                const int *idx, int n) {
  compact_valid<<<1, 128>>>(in, out, n);
  column_of_warps<<<(n + 31) / 32, 256>>>(x, y, n);
  left_difference<<<(n + 255) / 256, 256>>>(x, y, n);
  subtract_first<<<(n + 255) / 256, 256>>>(y, n);
  right_difference<<<(n + 255) / 256, 256>>>(x, y, n);
  tree_sum<<<(n + 255) / 256, 256>>>(x, y, n);
  right_unguarded<<<(n + 255) / 256, 256>>>(x, y, n);
  compact_whole_block<<<1, 128>>>(in, out, n);
  gather_after_exit<<<(n + 255) / 256, 256>>>(x, idx, y, n);
  count_positive<<<(n + 255) / 256, 256>>>(x, out, n);
}
