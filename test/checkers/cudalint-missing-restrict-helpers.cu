// RUN: %check_cudalint --fix-notes %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

// Loads carried across loop iterations, reached through __device__ helpers
// that receive the kernel's pointers, through each instantiation of a
// template, and through macros.
#include "cuda.h"

// A scan written in a __device__ helper that receives the kernel's pointers.
__device__ void scan_column(float *out, const float *in, int rows, int ld, int col) {
  float run = 0.0f;
  for (int r = 0; r < rows; ++r) {
    run += in[r * ld + col];
    out[r * ld + col] = run;
  }
}

__global__ void scan_by_helper(const float *in, float *out, int rows, int cols) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'in' wait for earlier stores through 'out' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+7]]:5: note: through this call
  // CHECK-MESSAGES: :[[@LINE-7]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: through this call
  // CHECK-MESSAGES: :[[@LINE-10]]:12: note: load through 'in', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-6]]:17: note: add '__restrict__' to 'in' and 'out' (and 'const' where only read) if the arguments never overlap in memory;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col < cols)
    scan_column(out, in + 0, rows, cols, col);
}
// CHECK-FIXES: __global__ void scan_by_helper(const float *__restrict__ in, float *__restrict__ out, int rows, int cols) {

// The loop in the kernel, the store in a helper.
__device__ void put(float *p, int k, float v) { p[k] = v; }

__global__ void recur_with_store_helper(float *y, const float *x, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'x' wait for earlier stores through 'y' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: through this call
  // CHECK-MESSAGES: :[[@LINE-5]]:49: note: store through 'y'
  // CHECK-MESSAGES: :[[@LINE+3]]:22: note: load through 'x', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-5]]:17: note: add '__restrict__' to 'y' and 'x' (and 'const' where only read) if the arguments never overlap in memory;
  for (int k = 1; k < n; ++k)
    put(y, k, 0.5f * x[k] + x[k - 1]);
}
// CHECK-FIXES: __global__ void recur_with_store_helper(float *__restrict__ y, const float *__restrict__ x, int n) {

// Quiet: helpers in a grid-stride loop.
__device__ float twice(const float *p, int i) { return 2.0f * p[i]; }
__global__ void grid_helper(float *out, const float *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    put(out, i, twice(in, i));
}

// A helper called with per-thread chunks: the loop inside the helper.
__device__ void chunk_scan(float *dst, const float *src, int len) {
  for (int j = 1; j < len; ++j)
    dst[j] = dst[j - 1] + src[j];
}
__global__ void scan_chunks(float *dst, const float *src, int len) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: remark: loads through 'src' follow stores through 'dst' in a walk whose lanes are far apart [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+6]]:3: note: through this call
  // CHECK-MESSAGES: :[[@LINE-5]]:5: note: store through 'dst'
  // CHECK-MESSAGES: :[[@LINE+4]]:3: note: through this call
  // CHECK-MESSAGES: :[[@LINE-7]]:27: note: load through 'src', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-6]]:17: note: add '__restrict__' to 'dst' and 'src' (and 'const' where only read) if the arguments never overlap in memory;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  chunk_scan(dst + t * len, src + t * len, len);
}
// CHECK-FIXES: __global__ void scan_chunks(float *__restrict__ dst, const float *__restrict__ src, int len) {

// Templates: each instantiation; int/float cannot alias, float/float can.
template <typename T, typename U>
__global__ void scan_cast(T *out, const U *in, int rows, int cols) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'in' wait for earlier stores through 'out' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+7]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+5]]:27: note: load through 'in', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in' (and 'const' where only read) if the arguments never overlap in memory;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  T run = 0;
  for (int r = 0; r < rows; ++r) {
    run += static_cast<T>(in[r * cols + col]);
    out[r * cols + col] = run;
  }
}
// CHECK-FIXES: __global__ void scan_cast(T *__restrict__ out, const U *__restrict__ in, int rows, int cols) {

void launch(int *oi, float *of, const float *in, int rows, int cols) {
  scan_cast<int, float><<<cols / 128, 128>>>(oi, in, rows, cols);
  scan_cast<float, float><<<cols / 128, 128>>>(of, in, rows, cols);
}

// Quiet: the only instantiation stores int and loads float.
template <typename T, typename U>
__global__ void scan_cast_quiet(T *out, const U *in, int rows, int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  T run = 0;
  for (int r = 0; r < rows; ++r) {
    run += static_cast<T>(in[r * cols + col]);
    out[r * cols + col] = run;
  }
}
void launch_quiet(int *oi, const float *in, int rows, int cols) {
  scan_cast_quiet<int, float><<<cols / 128, 128>>>(oi, in, rows, cols);
}

// Macros.
#define AT(p, r, c) p[(r) * ld + (c)]
#define FOR_ROWS(r) for (int r = 1; r < rows; ++r)
__global__ void scan_macro(float *out, const float *in, int rows, int ld) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'in' wait for earlier stores through 'out' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+4]]:18: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:54: note: load through 'in', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in' (and 'const' where only read) if the arguments never overlap in memory;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  FOR_ROWS(r) AT(out, r, c) = AT(out, r - 1, c) + AT(in, r, c);
}
// CHECK-FIXES: __global__ void scan_macro(float *__restrict__ out, const float *__restrict__ in, int rows, int ld) {

#define SCAN_STEP(o, i, k) o[k] = o[(k) - 1] + i[k]
__global__ void scan_step_macro(double *o, const double *i, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loads through 'i' wait for earlier stores through 'o' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+4]]:15: note: store through 'o'
  // CHECK-MESSAGES: :[[@LINE+3]]:18: note: load through 'i', which may read what an earlier iteration stored
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'o' and 'i' (and 'const' where only read) if the arguments never overlap in memory;
  for (int k = 1; k < n; ++k)
    SCAN_STEP(o, i, k);
}
// CHECK-FIXES: __global__ void scan_step_macro(double *__restrict__ o, const double *__restrict__ i, int n) {

