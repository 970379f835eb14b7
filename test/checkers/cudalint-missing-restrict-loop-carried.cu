// RUN: %check_cudalint --fix-notes %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

// Loads that may read what an earlier iteration of a loop stored through
// another pointer, in a loop one thread walks in sequence: the compiler
// cannot issue the next iterations' loads before the store (column scans,
// prefix sums, recurrences, batch and time-step loops; a column scan
// measured 5.2x on H100). Grid-, block- and warp-stride loops, whose every
// iteration touches fresh addresses, stay quiet (1.00x measured).
#include "cuda.h"

// ---- A running sum down a column, kept in a register. ----

__global__ void column_scan(const float *in, float *out, int rows, int cols) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'in' wait for earlier stores through 'out' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+9]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+7]]:12: note: load through 'in', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'in' and 'out' (and 'const' where only read) if the arguments never overlap in memory;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= cols)
    return;
  float run = 0.0f;
  for (int r = 0; r < rows; ++r) {
    run += in[r * cols + col];
    out[r * cols + col] = run;
  }
}
// CHECK-FIXES: __global__ void column_scan(const float *__restrict__ in, float *__restrict__ out, int rows, int cols) {

// ---- A prefix sum that reads the previous row back from memory. ----
__global__ void prefix_rows(float *out, const float *in, int rows, int ld) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'in' wait for earlier stores through 'out' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+6]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+5]]:51: note: load through 'in', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in' (and 'const' where only read) if the arguments never overlap in memory;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  out[col] = in[col];
  for (int r = 1; r < rows; ++r)
    out[r * ld + col] = out[(r - 1) * ld + col] + in[r * ld + col];
}

// ---- A first-order recurrence in a while loop. ----
__global__ void recurrence(double *y, const double *a, const double *x, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'a' wait for earlier stores through 'y' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: store through 'y'
  // CHECK-MESSAGES: :[[@LINE+4]]:12: note: load through 'a', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'y', 'a' and 'x' (and 'const' where only read) if the arguments never overlap in memory;
  int k = 1;
  while (k < n) {
    y[k] = a[k] * y[k - 1] + x[k];
    ++k;
  }
}
// CHECK-FIXES: __global__ void recurrence(double *__restrict__ y, const double *__restrict__ a, const double *__restrict__ x, int n) {

// ---- Pointers walked down a column. ----
__global__ void walk_pointer(float *dst, const float *src, int rows, int ld) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'src' wait for earlier stores through 'dst' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+6]]:5: note: store through 'dst'
  // CHECK-MESSAGES: :[[@LINE+5]]:10: note: load through 'src', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'dst' and 'src' (and 'const' where only read) if the arguments never overlap in memory;
  const float *s = src + threadIdx.x;
  float *d = dst + threadIdx.x;
  for (const float *end = s + rows * ld; s < end; s += ld, d += ld)
    *d = *s * 2.0f;
}

// ---- A prefix sum over each thread's own chunk (a thread-dependent start,
// a unit step: one thread walks it in sequence). Its lanes are a chunk
// apart, so it is the unsure band of a row walked per thread (1.12-1.15x
// on an H200): a remark. ----
__global__ void chunk_prefix(float *out, const float *in, int chunk) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: remark: loads through 'in' follow stores through 'out' in a walk whose lanes are far apart [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+7]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+5]]:12: note: load through 'in', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in' (and 'const' where only read) if the arguments never overlap in memory;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int j = t * chunk; j < (t + 1) * chunk; ++j) {
    acc += in[j];
    out[j] = acc;
  }
}

// ---- An in-kernel batch loop. ----
__global__ void batched_axpby(float *y, const float *x, float a, float b, int n, int batch) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'x' wait for earlier stores through 'y' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+7]]:5: note: store through 'y'
  // CHECK-MESSAGES: :[[@LINE+6]]:24: note: load through 'x', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'y' and 'x' (and 'const' where only read) if the arguments never overlap in memory;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  for (int s = 0; s < batch; ++s)
    y[s * n + i] = a * x[s * n + i] + b * y[s * n + i];
}

// ---- Time steps around a block-stride loop: the step loop is walked in
// sequence, and each step loads what the previous one may have stored. ----
__global__ void time_steps(float *next, const float *cur, const float *rhs, int n, int steps, float dt) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'cur' wait for earlier stores through 'next' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+5]]:7: note: store through 'next'
  // CHECK-MESSAGES: :[[@LINE+4]]:25: note: load through 'cur', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'next', 'cur' and 'rhs' (and 'const' where only read) if the argumen
  for (int t = 0; t < steps; ++t)
    for (int c = threadIdx.x; c < n; c += blockDim.x)
      next[t * n + c] = cur[c] + dt * rhs[t * n + c];
}
// CHECK-FIXES: __global__ void time_steps(float *__restrict__ next, const float *__restrict__ cur, const float *__restrict__ rhs, int n, int steps, float dt) {

// The same block-stride counter, but one load at the bare counter: every
// thread reads a[i], which an earlier iteration may have stored.
__global__ void block_stride_shared_read(unsigned *mask, const unsigned *a,
                                         int n) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: loads through 'a' wait for earlier stores through 'mask'{{.*}}{{.*}}[cudalint-missing-restrict]
  int tid = threadIdx.x;
  for (int i = 0; i < n; i += blockDim.x)
    mask[i + tid] |= a[i + tid] + a[i];
}

// ---- Quiet. ----

// A grid-stride loop: every iteration touches fresh addresses.
__global__ void axpy_grid(float *y, const float *x, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

// A block-stride loop over one row per block.
__global__ void row_block_stride(float *out, const float *in, const float *w, int C) {
  const float *x = in + blockIdx.x * C;
  float *y = out + blockIdx.x * C;
  for (int c = threadIdx.x; c < C; c += blockDim.x)
    y[c] = x[c] * w[c];
}

// A block-stride loop whose counter starts at 0 and is offset by the
// thread wherever it is used (SHOC's QTC): fresh addresses each iteration.
__global__ void or_masks_block_stride(unsigned *mask, const unsigned *a,
                                      int n) {
  int tid = threadIdx.x;
  for (int i = 0; i < n; i += blockDim.x)
    if (i + tid < n)
      mask[i + tid] |= a[i + tid];
}

// A warp-stride loop over one row per warp.
__global__ void row_warp_stride(float *out, const float *in, int rows, int C) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (row >= rows) return;
  for (int c = lane; c < C; c += 32)
    out[row * C + c] = 2.0f * in[row * C + c];
}

// A batch loop around a GEMM: the loads run in the inner loop, which stores
// nothing; one store per batch holds back little.
__global__ void batched_gemm(const float *A, const float *B, float *C, int n, int batch) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  for (int b = 0; b < batch; ++b) {
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)
      acc += A[b * n * n + row * n + k] * B[b * n * n + k * n + col];
    C[b * n * n + row * n + col] = acc;
  }
}

// A barrier in the loop keeps the next iteration's loads behind the store
// whatever __restrict__ says.
__global__ void scan_with_barrier(float *out, const float *in, int rows, int cols) {
  for (int r = 1; r < rows; ++r) {
    out[r * cols + threadIdx.x] = out[(r - 1) * cols + threadIdx.x] + in[r * cols + threadIdx.x];
    __syncthreads();
  }
}

// An int store cannot change a float.
__global__ void int_scan(int *out, const float *in, int rows, int cols) {
  int col = threadIdx.x;
  for (int r = 0; r < rows; ++r)
    out[r * cols + col] = in[r * cols + col] > 0.0f;
}

// volatile: every access is emitted anyway.
__global__ void volatile_scan(volatile float *out, volatile const float *in, int rows, int cols) {
  int col = threadIdx.x;
  for (int r = 1; r < rows; ++r)
    out[r * cols + col] = out[(r - 1) * cols + col] + in[r * cols + col];
}

// A grid-stride compaction: a reload after an atomic in the same iteration,
// and a cursor used only through atomics (1.00x measured).
__global__ void compact(const int *in, int *out, int *count, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    if (in[i] > 0) {
      int pos = atomicAdd(count, 1);
      out[pos] = in[i];
    }
}

// A pointer used only through atomics.
__global__ void histogram_rows(const int *keys, int *bins, int rows, int cols) {
  int col = threadIdx.x;
  for (int r = 0; r < rows; ++r)
    atomicAdd(&bins[keys[r * cols + col] & 63], 1);
}

// Already __restrict__.
__global__ void already(float *__restrict__ out, const float *__restrict__ in, int rows, int cols) {
  for (int r = 1; r < rows; ++r)
    out[r * cols + threadIdx.x] = out[(r - 1) * cols + threadIdx.x] + in[r * cols + threadIdx.x];
}


// A loop of a few constant iterations is unrolled into straight-line code:
// cuda-samples' transpose 'copy' (4 iterations) gained 1.16x with
// '__restrict__' on an H100, a straight-line figure, not a loop one.
#define COPY_TILE 32
#define COPY_ROWS 8
__global__ void tile_copy(float *odata, float *idata, int width) {
  int x = blockIdx.x * COPY_TILE + threadIdx.x;
  int y = blockIdx.y * COPY_TILE + threadIdx.y;
  int index = x + width * y;
  for (int i = 0; i < COPY_TILE; i += COPY_ROWS)
    odata[index + i * width] = idata[index + i * width];
}

__global__ void tile_copy_le(float *odata, const float *idata, int width) {
  int index = blockIdx.x * 256 + threadIdx.x;
  for (int i = 1; i <= 8; ++i)
    odata[index + i * width] = idata[index + (i - 1) * width];
}

// A stream compaction in a grid-stride loop: the store's index comes from an
// atomic, so it moves on every iteration though no variable of it does
// (cuda-samples' warpAggregatedAtomicsCG 'filter_arr').
__device__ int next_slot(int *count) { return atomicAdd(count, 1); }
__global__ void compact_positive(int *dst, int *nres, const int *src, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    if (src[i] > 0)
      dst[next_slot(nres)] = src[i];
}

// ---- Still reported: more constant iterations than nvcc unrolls away. ----
__global__ void long_copy(float *odata, const float *idata, int width) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'idata' wait for earlier stores through 'odata' {{.*}}[cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: store through 'odata'
  // CHECK-MESSAGES: :[[@LINE+4]]:32: note: load through 'idata', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'odata' and 'idata'{{.*}}
  int index = blockIdx.x * 256 + threadIdx.x;
  for (int i = 0; i < 64; ++i)
    odata[index + i * width] = idata[index + (i + 1) * width];
}
// CHECK-FIXES: __global__ void long_copy(float *__restrict__ odata, const float *__restrict__ idata, int width) {
