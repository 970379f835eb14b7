// The fix-it adds `const` only where every use of the pointer is a plain
// load; writes the access model does not see keep it off, and pointers the
// compiler cannot restrict-qualify are left alone. (Found by review: each of
// these fix-its used to break the build.)
// RUN: %check_cudalint --fix-notes %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

struct S { float v[2]; float x; __device__ float bump() { return ++x; } };
__device__ void set(float &r, float v) { r = v; }

__global__ void member_array(float *acc, const float *in, S *s, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'acc'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'acc'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated after the store in the next iteration
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'acc', 'in' and 's'
  for (int j = 0; j < n; ++j)
    acc[j] += in[0];
  s->v[1] = 2.0f;
}
// CHECK-FIXES: __global__ void member_array(float *__restrict__ acc, const float *__restrict__ in, S *__restrict__ s, int n) {

__global__ void by_reference(float *acc, float *in, float *o, S *t, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'acc'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'acc'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated after the store in the next iteration
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'acc', 'in', 'o' and 't'
  for (int j = 0; j < n; ++j)
    acc[j] += in[0];
  set(o[0], 1.0f);
  float &r = o[1];
  r = 3.0f;
  t->bump();
}
// CHECK-FIXES: __global__ void by_reference(float *__restrict__ acc, const float *__restrict__ in, float *__restrict__ o, S *__restrict__ t, int n) {

__global__ void function_pointer(float *acc, const float *in,
                                 float (*f)(float), int n) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 'in' is reloaded after each store through 'acc'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'acc'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated after the store in the next iteration
  // CHECK-MESSAGES: :[[@LINE-5]]:17: note: add '__restrict__' to 'acc' and 'in'
  for (int j = 0; j < n; ++j)
    acc[j] += in[0];
}
// CHECK-FIXES: __global__ void function_pointer(float *__restrict__ acc, const float *__restrict__ in,
// CHECK-FIXES-NEXT:                                 float (*f)(float), int n) {

// A template parameter instantiated with a pointer is not spelled as one:
// nothing to edit, and with one pointer left, nothing to report.
template <typename P>
__global__ void generic(float *acc, P in, int n) {
  for (int j = 0; j < n; ++j)
    acc[j] += in[0];
}
void launch(float *a, const float *b) { generic<<<1, 1>>>(a, b, 4); }
