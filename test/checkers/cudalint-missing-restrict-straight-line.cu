// RUN: %check_cudalint --check-suffix=DEFAULT %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --fix-notes --check-suffix=STRAIGHT --config-file=%S/Inputs/missing-restrict/straight-line-reloads.yaml %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

// Straight-line code (or one iteration of a loop) that loads an address
// again after a store through another pointer: measured 1.00x to 1.12x on
// H100, so it is quiet by default. StraightLineReloads (default false)
// reports it as a remark, never with a loop's figure.

#include "cuda.h"

__global__ void scale_then_read(float *out, float *in, int n) {
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-1]]:17: remark: 'in' is reloaded after a store through 'out'{{.*}}[cudalint-missing-restrict]
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+7]]:5: note: store through 'out'
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+7]]:18: note: load through 'in' after the store
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+4]]:15: note: the same address was loaded here, before the store; its value cannot be reused
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-5]]:17: note: add '__restrict__' to 'out' and 'in' (and 'const' where only read) if the arguments never overlap in memory;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = in[i];
    out[i] = x;
    out[i + n] = in[i] * 2.0f;
  }
}
// CHECK-FIXES-STRAIGHT: __global__ void scale_then_read(float *__restrict__ out, const float *__restrict__ in, int n) {

// char, void and struct pointees may alias anything.
__global__ void bytes(char *dst, float *src) {
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-1]]:17: remark: 'src' is reloaded after a store through 'dst'{{.*}}[cudalint-missing-restrict]
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+5]]:3: note: store through 'dst'
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+5]]:18: note: load through 'src' after the store
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+2]]:18: note: the same address was loaded here, before the store; its value cannot be reused
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-5]]:17: note: add '__restrict__' to 'dst' and 'src' (and 'const' where only read) if the arguments never overlap in memory;
  char c = (char)src[0];
  dst[0] = c;
  dst[1] = (char)src[0];
}
// CHECK-FIXES-STRAIGHT: __global__ void bytes(char *__restrict__ dst, const float *__restrict__ src) {

struct Particle {
  float x, v;
};

__global__ void advance(Particle *p, float *dt, int n) {
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-1]]:17: remark: 'dt' is reloaded after a store through 'p'{{.*}}[cudalint-missing-restrict]
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+7]]:5: note: store through 'p'
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+7]]:24: note: load through 'dt' after the store
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+4]]:15: note: the same address was loaded here, before the store; its value cannot be reused
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-5]]:17: note: add '__restrict__' to 'p' and 'dt' (and 'const' where only read) if the arguments never overlap in memory;
  int i = threadIdx.x;
  if (i < n) {
    float h = dt[0];
    p[i].v = h;
    p[i].x += p[i].v * dt[0];
  }
}
// CHECK-FIXES-STRAIGHT: __global__ void advance(Particle *__restrict__ p, const float *__restrict__ dt, int n) {

struct Vec2 {
  float x, y;
};

// Whole structs are loaded through their copy constructor.
__global__ void copy_then_read(Vec2 *out, const Vec2 *in) {
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-1]]:17: remark: 'in' is reloaded after a store through 'out'{{.*}}[cudalint-missing-restrict]
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+5]]:3: note: store through 'out'
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+5]]:12: note: load through 'in' after the store
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+2]]:16: note: the same address was loaded here, before the store; its value cannot be reused
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-5]]:17: note: add '__restrict__' to 'out' and 'in' (and 'const' where only read) if the arguments never overlap in memory;
  Vec2 first = in[0];
  out[0] = first;
  out[1] = in[0];
}
// CHECK-FIXES-STRAIGHT: __global__ void copy_then_read(Vec2 *__restrict__ out, const Vec2 *__restrict__ in) {

// Central differences: f is read again after the store to dfdx.
__global__ void central_differences(const float *f, float *dfdx, float *d2fdx2, int n, float inv_h) {
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-1]]:17: remark: 'f' is reloaded after a store through 'dfdx'{{.*}}[cudalint-missing-restrict]
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+7]]:3: note: store through 'dfdx'
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+7]]:32: note: load through 'f' after the store
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+5]]:29: note: the same address was loaded here, before the store; its value cannot be reused
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-5]]:17: note: add '__restrict__' to 'f', 'dfdx' and 'd2fdx2' (and 'const' where only read) if the argume
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= 0 || i >= n - 1)
    return;
  dfdx[i] = 0.5f * inv_h * (f[i + 1] - f[i - 1]);
  d2fdx2[i] = inv_h * inv_h * (f[i + 1] - 2.0f * f[i] + f[i - 1]);
}
// CHECK-FIXES-STRAIGHT: __global__ void central_differences(const float *__restrict__ f, float *__restrict__ dfdx, float *__restrict__ d2fdx2, int n, float inv_h) {

// One iteration of a grid-stride loop: a reload within the iteration.
__global__ void two_outputs(const float *x, float *a, float *b, int n) {
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-1]]:17: remark: 'x' is reloaded after a store through 'a'{{.*}}[cudalint-missing-restrict]
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+5]]:5: note: store through 'a'
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+5]]:12: note: load through 'x' after the store
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE+3]]:12: note: the same address was loaded here, before the store; its value cannot be reused
  // CHECK-MESSAGES-STRAIGHT: :[[@LINE-5]]:17: note: add '__restrict__' to 'x', 'a' and 'b' (and 'const' where only read) if the arguments never overlap in memory;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    a[i] = x[i] * x[i];
    b[i] = x[i] + 1.0f;
  }
}
// CHECK-FIXES-STRAIGHT: __global__ void two_outputs(const float *__restrict__ x, float *__restrict__ a, float *__restrict__ b, int n) {

// ---- Quiet even with the option. ----

// 'sum' is used only through atomics, which are emitted whatever
// __restrict__ promises.
__global__ void sum_then_read(float *sum, float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float before = x[i];
  atomicAdd(sum, before);
  y[i] = x[i] * 2.0f;
}

// A volatile flag: every access is emitted anyway.
__global__ void flagged(volatile float *flag, volatile float *data) {
  float d = data[0];
  flag[0] = d;
  flag[1] = data[0];
}

// A load after the store of an address not loaded before it.
__global__ void fresh(float *out, const float *in) {
  out[0] = 0.0f;
  out[1] = in[0];
}

