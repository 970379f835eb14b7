// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A launch whose grid and block are known and that moves under a megabyte
// through an access costs its launch latency, whatever the layout: quiet.
// Where a size is not known, nothing is guessed.

__global__ void column_store(float *m, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  m[i * 64] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'m'{{.*}}[cudalint-uncoalesced-access]
}

void tiny_column(float *m) { column_store<<<2, 128>>>(m, 64); }

void sized_column(float *m, int n) { column_store<<<n / 128, 128>>>(m, 64); }

// Quiet: every launch known and small (8 warps, a sector per lane).
__global__ void pointer_table(float **ptrs, float *base, int stride) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  ptrs[b * 16] = base + b * stride;
}

void setup_table(float **ptrs, float *base) {
  const int batches = 256;
  pointer_table<<<batches / 32, 32>>>(ptrs, base, 4096);
}

// Quiet whatever the launch: a table of pointers, one per batch of a batched
// product, filled with its rows and columns swapped.
__global__ void batch_pointers(const float **a_ptrs, float **c_ptrs,
                               const float *a, float *c, int batches,
                               int heads, long stride_a, long stride_c) {
  int h = blockIdx.x * blockDim.x + threadIdx.x;
  int b = blockIdx.y * blockDim.y + threadIdx.y;
  if (h >= heads || b >= batches)
    return;
  a_ptrs[b + h * batches] = a + (b * heads + h) * stride_a;
  c_ptrs[b + h * batches] = c + (b * heads + h) * stride_c;
}

void setup_batches(const float **a_ptrs, float **c_ptrs, const float *a,
                   float *c, int batches, int heads) {
  dim3 block(16, 16);
  dim3 grid((heads + 15) / 16, (batches + 15) / 16);
  batch_pointers<<<grid, block>>>(a_ptrs, c_ptrs, a, c, batches, heads, 4096,
                                  4096);
}

// Quiet: a wrapper's grid from a constant its caller passes, through casts.
__global__ void transpose_small(double *out, const double *in, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[x * n + y] = in[x * n + y];
}

void run_transpose(double *out, const double *in, int n) {
  dim3 grid(int(n / 16), (unsigned)(n / 16));
  transpose_small<<<grid, dim3(16, 16)>>>(out, in, n);
}

void small_transpose(double *out, const double *in) {
  run_transpose(out, in, 64);
}

// Quiet: a grid rounded up in floating point from a field of the block
// (`ceil((float)n / (float)block.x)`), as PolyBench sizes its grids: 4
// blocks of 256 threads, one column each.
#define SIDE 1024
__global__ void last_column(float *x, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < SIDE)
    x[i * SIDE + SIDE - 1] /= b[i * SIDE + SIDE - 1];
}

void solve_last_column(float *x, const float *b) {
  dim3 block(256, 1, 1);
  dim3 grid(1, 1, 1);
  grid.x = (size_t)(ceil(((float)SIDE) / ((float)block.x)));
  last_column<<<grid, block>>>(x, b);
}

// Reported: the same rounding of a size the host does not know.
__global__ void any_column(float *x, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i * n + n - 1] /= b[i * n + n - 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'x'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:25: warning: {{.*}}'b'{{.*}}[cudalint-uncoalesced-access]
}

void solve_any_column(float *x, const float *b, int n) {
  dim3 block(256, 1, 1);
  dim3 grid((size_t)ceilf((float)n / (float)block.x));
  any_column<<<grid, block>>>(x, b, n);
}

// Reported: known, but large (a million warps).
__global__ void column_load(float *out, const float *m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = m[i * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}}'m'{{.*}}[cudalint-uncoalesced-access]
}

void big_column(float *out, const float *m) {
  column_load<<<131072, 256>>>(out, m);
}

// Reported: a small grid, but a loop of unknown trips.
__global__ void column_sum(float *out, const float *m, int rows) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int r = 0; r < rows; ++r)
    s += m[c * 4096 + r];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}'m'{{.*}}[cudalint-uncoalesced-access]
  out[c] = s;
}

void small_grid_sum(float *out, const float *m, int rows) {
  column_sum<<<4, 64>>>(out, m, rows);
}

// The narrow-block remark too: quiet on a 64x32 launch, not on a runtime one.
__global__ void copy2d(float *out, const float *in, int cols) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * cols + col] = in[row * cols + col];
}

void copy_small(float *out, const float *in) {
  copy2d<<<dim3(8, 4), dim3(8, 8)>>>(out, in, 64);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:3: remark:
}

void copy_sized(float *out, const float *in, int rows, int cols) {
  copy2d<<<dim3(cols / 8, rows / 8), dim3(8, 8)>>>(out, in, cols);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: remark: 8x8 blocks split each warp{{.*}}[cudalint-uncoalesced-access]
}
