// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// A conflict is weighed by how often the access runs: a conflicted read once
// per thread, after a loop that runs far more often, is none of the kernel's
// work. The measured padding figure is quoted only for a tile transposed
// through shared memory (stored by rows, read by columns, or the other way).

#include "cuda.h"

// ---- Silent: the conflicted access runs once, after the hot loop. ----

// Per-warp histograms summed in a pair loop; one column read at the end.
__global__ void pair_histogram(unsigned *hist, const float *x, int n) {
  __shared__ unsigned bins[20][64];
  unsigned tid = threadIdx.x;
  for (int i = 0; i < n; ++i)
    for (int j = tid; j < n; j += blockDim.x) {
      int b = (int)(x[i] * x[j]) % 20;
      atomicAdd(&bins[b][tid / 4], 1u);
    }
  __syncthreads();
  if (tid < 20)
    hist[blockIdx.x * 20 + tid] = bins[tid][0];
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-shared-bank-conflict]
}

// The same with a while loop around a for loop, and the column written.
__global__ void accumulate_then_store(float *out, const float *in, int n) {
  __shared__ float acc[32][32];
  float s = 0.0f;
  int k = 0;
  while (k < n) {
    for (int j = 0; j < n; ++j)
      s += in[k * blockDim.x + threadIdx.x] * in[j];
    ++k;
  }
  acc[threadIdx.x][0] = s;
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-shared-bank-conflict]
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = acc[0][threadIdx.x];
}

// ---- Flagged: the conflicted access is the hot path. ----

// The column read sits in the loop itself.
__global__ void column_in_loop(float *out, const float *in, int n) {
  __shared__ float col[32][32];
  col[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  float s = 0.0f;
  for (int i = 0; i < n; ++i)
    s += col[threadIdx.x][i % 32] * in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 32-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  out[threadIdx.x] = s;
}
// CHECK-FIXES: __shared__ float col[32][32 + 1];

// No loop at all: the conflicted read is as hot as anything else. Not a
// transpose (the tile is filled by columns too), so no measured figure.
__global__ void column_only(float *out, const float *in) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 32-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}1.73x
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 32-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}1.73x
}

// CHECK-FIXES: __shared__ float t[32][32 + 1];

// A real transpose (stored by rows, read by columns): the figure fits.
__global__ void transpose_with_figure(float *out, const float *in, int w) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * w + x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 32-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}}1.73x
}
// CHECK-FIXES: __shared__ float tile[32][32 + 1];
