// RUN: %check_cudalint --fix-notes %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// One warning for the template, however many times it is instantiated.
template <typename T>
__global__ void axpy_loop(T *y, T *x, T a, int n, int reps) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'x' is reloaded after each store through 'y'
  // CHECK-MESSAGES: :[[@LINE+6]]:5: note: store through 'y'
  // CHECK-MESSAGES: :[[@LINE+5]]:17: note: load through 'x', repeated after the store in the next iteration
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'y' and 'x' (and 'const' where only read)
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int r = 0; r < reps; ++r)
    y[i] += a * x[r];
}
// CHECK-FIXES: template <typename T>
// CHECK-FIXES-NEXT: __global__ void axpy_loop(T *__restrict__ y, const T *__restrict__ x, T a, int n, int reps) {

void run_axpy(float *yf, float *xf, double *yd, double *xd, int n) {
  axpy_loop<<<n / 128, 128>>>(yf, xf, 2.0f, n, 4);
  axpy_loop<<<n / 128, 128>>>(yd, xd, 2.0, n, 4);
}

// An explicit instantiation names the parameter types: no 'const', which
// would no longer match it.
template <typename T>
__global__ void scale_loop(T *out, T *in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in'
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void scale_loop(T *__restrict__ out, T *__restrict__ in, int n) {
template __global__ void scale_loop<float>(float *, float *, int);

// A template declared before it is defined: both declarations are fixed.
template <typename T> __global__ void sum_into(T *acc, T *x, int n);
// CHECK-FIXES: template <typename T> __global__ void sum_into(T *__restrict__ acc, const T *__restrict__ x, int n);
template <typename T> __global__ void sum_into(T *acc, T *x, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'x' is reloaded after each store through 'acc'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'acc'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'x', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:39: note: add '__restrict__' to 'acc' and 'x'
  for (int j = 0; j < n; ++j)
    acc[0] += x[j];
}
// CHECK-FIXES: template <typename T> __global__ void sum_into(T *__restrict__ acc, const T *__restrict__ x, int n) {

void run_sum(int *acc, int *x, int n) { sum_into<<<1, 1>>>(acc, x, n); }

// Quiet: a templated grid-stride copy.
template <typename T>
__global__ void copy_all(T *out, const T *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

void run_copy(float *a, float *b, int n) { copy_all<<<4, 256>>>(a, b, n); }

// A template with no instantiation in view is read as written: the loads of
// its dependent elements have no lvalue-to-rvalue conversion there, and are
// found as operands of the dependent '+='.
template <typename T>
__global__ void accumulate_slices(T *acc, const T *slices, int len, int count) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'slices' is reloaded after each store through 'acc'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: store through 'acc'
  // CHECK-MESSAGES: :[[@LINE+4]]:15: note: load through 'slices', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'acc' and 'slices'
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < count; ++s)
    acc[i] += slices[s * len + i];
}
// CHECK-FIXES: __global__ void accumulate_slices(T *__restrict__ acc, const T *__restrict__ slices, int len, int count) {

// Quiet: the same template, already restrict.
template <typename T>
__global__ void accumulate_slices_restrict(T *__restrict__ acc,
                                           const T *__restrict__ slices,
                                           int len, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < count; ++s)
    acc[i] += slices[s * len + i];
}
