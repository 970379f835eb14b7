// RUN: %check_cudalint --fix-notes %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// ---- A store and a load in the same loop: the compiler must reload. ----

__global__ void conv(float *out, const float *w, const float *in, int n, int k) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+4]]:15: note: load through 'in', repeated after the store in the next iteration
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out', 'w' and 'in' (and 'const' where only read) if the arguments never overlap in memory; this is a promise the compiler relies on, so check every launch
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < k; ++j)
    out[i] += in[i + j] * w[j];
}
// CHECK-FIXES: __global__ void conv(float *__restrict__ out, const float *__restrict__ w, const float *__restrict__ in, int n, int k) {

// Pointers written `T* p` keep their spelling; read-only ones also get const.
__global__ void accumulate(double* acc, double* x, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'x' is reloaded after each store through 'acc'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'acc'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'x', repeated after the store in the next iteration
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'acc' and 'x' (and 'const' where only read)
  for (int j = 0; j < n; ++j)
    acc[0] += x[j];
}
// CHECK-FIXES: __global__ void accumulate(double* __restrict__ acc, const double* __restrict__ x, int n) {

// ---- Straight-line code: an address loaded before a store and again after
// it is reported only with StraightLineReloads (see
// cudalint-missing-restrict-straight-line.cu). ----

// A load after the store of an address not loaded before it: nothing the
// compiler could have reused (a permutation).
__global__ void permute(float *out, const float *in, const int *perm, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[perm[i]] = 0.0f;
    out[i] = in[perm[i]];
  }
}

// Stores and loads in different arms of an if never follow each other.
__global__ void either(float *out, const float *in, int n, bool flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  if (flag)
    out[i] = x;
  else
    out[i + 1] = in[i];
}

// ---- Const is not added where it could break a caller or hide a store. ----

__device__ float helper(float *p) { return p[0]; }

// 'in' escapes into a call: only '__restrict__'.
__global__ void escapes(float *out, float *in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in'
  for (int j = 0; j < n; ++j)
    out[0] += in[j] + helper(in);
}
// CHECK-FIXES: __global__ void escapes(float *__restrict__ out, float *__restrict__ in, int n) {

// The kernel is referenced other than by a launch: its type must not change.
__global__ void referenced(float *out, float *in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in'
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void referenced(float *__restrict__ out, float *__restrict__ in, int n) {
void take_address() {
  void (*ptr)(float *, float *, int) = referenced;
  (void)ptr;
}

// A pointer typedef takes '__restrict__' before the parameter name (no
// 'const': it cannot go inside the typedef).
typedef float *float_ptr;
__global__ void typed(float_ptr out, float_ptr in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in'
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void typed(float_ptr __restrict__ out, float_ptr __restrict__ in, int n) {
void (*typed_ptr)(float_ptr, float_ptr, int) = typed;

// Launches do not prevent const (the argument converts to const T *).
__global__ void launched(float *out, float *in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in'
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void launched(float *__restrict__ out, const float *__restrict__ in, int n) {

// Every redeclaration is fixed in step with the definition.
__global__ void declared_twice(float *out, float *in, int n);
// CHECK-FIXES: __global__ void declared_twice(float *__restrict__ out, const float *__restrict__ in, int n);
__global__ void declared_twice(float *out, float *in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in'
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void declared_twice(float *__restrict__ out, const float *__restrict__ in, int n) {

void launch_all(float *a, float *b, int n) {
  launched<<<n / 256, 256>>>(a, b, n);
  declared_twice<<<dim3(n / 256), dim3(256)>>>(a, b, n);
  referenced<<<1, 1>>>(a, b, n);
}

// ---- Quiet: nothing for the compiler to keep in registers. ----

// A single pointer parameter.
__global__ void single_pointer(float *p, int n) {
  for (int j = 1; j < n; ++j)
    p[0] += p[j];
}

// A straight copy: the load happens before the store.
__global__ void copy(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

// A grid-stride loop: every address moves with the loop variable.
__global__ void grid_stride(float *out, const float *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = 2.0f * in[i];
}

// Different pointee types cannot alias.
__global__ void gather(float *out, const int *idx, int n) {
  for (int j = 0; j < n; ++j)
    out[0] += idx[j];
}

// A stencil: all loads come before the only store.
__global__ void stencil(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    out[i] = in[i - 1] + in[i] + in[i + 1];
}

// A pointer parameter that is never used does not count.
__global__ void unused_second(float *out, float *unused) {
  out[0] = 1.0f;
  out[1] = out[0];
}
