// RUN: %check_cudalint --fix-notes %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// The kernel's declaration comes out of a macro: the finding stands, but no
// fix-it is offered (editing the macro would change every kernel it makes).
#define DECLARE_SMOOTH_KERNEL(name) \
  __global__ void name(float *out, float *in, int n)

DECLARE_SMOOTH_KERNEL(smooth) {
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'in' is reloaded after each store through 'out'
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated after the store in the next iteration
  // CHECK-MESSAGES: :[[@LINE-4]]:23: note: no fix-it: a declaration of 'smooth' is spelled through a macro or an unusual type; add '__restrict__' to 'out' and 'in' by hand if they never overlap
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}

// The pointer types come out of a macro.
#define FLOAT_PTR float *
__global__ void macro_types(FLOAT_PTR out, FLOAT_PTR in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: no fix-it: a declaration of 'macro_types' is spelled through a macro or an unusual type; add '__restrict__' to 'out' and 'in' by hand if they never overlap
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}

// A pointer typedef cannot take 'const' for the pointee, which a read-only
// parameter of a kernel that is only launched would get: no fix-it.
typedef float *float_ptr;
__global__ void typedef_types(float_ptr out, float_ptr in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:15: note: load through 'in', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: no fix-it: a declaration of 'typedef_types' is spelled through a macro or an unusual type; add '__restrict__' to 'out' and 'in' by hand if they never overlap
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}

// Macros in the body only: the declaration is plain, so the fix-it is there.
#define AT(p, i) (p)[(i)]
__global__ void macro_body(float *out, float *in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+3]]:19: note: load through 'in', repeated
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in' (and 'const' where only read)
  for (int j = 0; j < n; ++j)
    AT(out, 0) += AT(in, j);
}
// CHECK-FIXES: __global__ void macro_body(float *__restrict__ out, const float *__restrict__ in, int n) {
