// RUN: %check_cudalint --fix-notes %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A launch in this file passes one buffer twice: '__restrict__' would be a
// false promise, so the finding carries no fix-it (and --fix-notes changes
// nothing: the runner checks that the file is left as it was).

__global__ void shift_add(float *a, float *b, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'b' is reloaded after each store through 'a'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: store through 'a'
  // CHECK-MESSAGES: :[[@LINE+4]]:13: note: load through 'b', repeated after the store in the next iteration
  // CHECK-MESSAGES: :[[@LINE+11]]:3: note: no fix-it: this launch passes 'buf' to both 'a' and 'b', so '__restrict__' would make the kernel's behaviour undefined
  // CHECK-MESSAGES-NOT: note: add '__restrict__'
  for (int j = 0; j < n; ++j)
    a[0] += b[j];
}

void run_fine(float *x, float *y, int n) {
  shift_add<<<1, 1>>>(x, y, n);
}

void run_in_place(float *buf, int n) {
  shift_add<<<1, 1>>>(buf, buf + 4, n);
}

// The same buffer through '&p[k]'.
__global__ void window(float *dst, float *src, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'src' is reloaded after each store through 'dst'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: store through 'dst'
  // CHECK-MESSAGES: :[[@LINE+4]]:15: note: load through 'src', repeated
  // CHECK-MESSAGES: :[[@LINE+7]]:3: note: no fix-it: this launch passes 'data' to both 'dst' and 'src', so '__restrict__' would make the kernel's behaviour undefined
  // CHECK-MESSAGES-NOT: note: add '__restrict__'
  for (int j = 0; j < n; ++j)
    dst[0] += src[j];
}

void run_window(float *data, int n) {
  window<<<dim3(1), dim3(32)>>>(&data[8], data, n);
}

// The same buffer through a local pointer into it.
__global__ void halves(float *lo, float *hi, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: {{.*}}[cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+8]]:3: note: no fix-it: this launch passes 'whole' to both 'lo' and 'hi'
  // CHECK-MESSAGES-NOT: note: add '__restrict__'
  for (int j = 0; j < n; ++j)
    lo[0] += hi[j];
}

void run_halves(float *whole, int n) {
  float *upper = whole + n;
  halves<<<1, 1>>>(whole, upper, n);
}
