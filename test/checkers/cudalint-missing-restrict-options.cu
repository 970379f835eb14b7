// ReadOnlyPointers (default false) also reports read-only pointers when no
// store forces a reload.
//
// With the option, through --config-file (both front ends):
// RUN: %check_cudalint --fix-notes --check-suffix=RO --config-file=%S/Inputs/missing-restrict/read-only-pointers.yaml %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs
//
// Without it, only the forced reload is reported:
// RUN: %check_cudalint --check-suffix=DEFAULT %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs
//
// With the option in a .cudalint.yaml found next to the file:
// RUN: rm -rf %t.discover && mkdir -p %t.discover
// RUN: echo "CheckOptions: {cudalint-missing-restrict.ReadOnlyPointers: true}" > %t.discover/.cudalint.yaml
// RUN: cp %s %t.discover/options.cu
// RUN: %expect_exit 1 %cudalint --checks=-*,cudalint-missing-restrict %t.discover/options.cu -- -nocudainc -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=DISCOVERED --implicit-check-not="{{warning|error}}:"
// ... and set to false there, it is off again:
// RUN: echo "CheckOptions: {cudalint-missing-restrict.ReadOnlyPointers: false}" > %t.discover/.cudalint.yaml
// RUN: %expect_exit 1 %cudalint --checks=-*,cudalint-missing-restrict %t.discover/options.cu -- -nocudainc -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=DISCOVERED-OFF --implicit-check-not="{{warning|error}}:"

#include "cuda.h"

__global__ void add(float *out, float *a, const float *b, int n) {
  // CHECK-MESSAGES-RO: :[[@LINE-1]]:40: warning: pointer parameter 'a' is only read{{.*}}{{.*}}[cudalint-missing-restrict]
  // CHECK-MESSAGES-RO: :[[@LINE-2]]:56: warning: pointer parameter 'b' is only read{{.*}}
  // CHECK-MESSAGES-RO: :[[@LINE-3]]:17: note: add '__restrict__' to 'out', 'a' and 'b' (and 'const' where only read)
  // DISCOVERED: options.cu:[[@LINE-4]]:40: warning: pointer parameter 'a' is only read
  // DISCOVERED: options.cu:[[@LINE-5]]:56: warning: pointer parameter 'b' is only read
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a[i] + b[i];
}
// CHECK-FIXES-RO: __global__ void add(float *__restrict__ out, const float *__restrict__ a, const float *__restrict__ b, int n) {

// Already 'const __restrict__': nothing to say even with the option.
__global__ void add_restrict(float *__restrict__ out, const float *__restrict__ a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a[i];
}

// A forced reload is reported as usual, and the read-only warnings are not
// repeated for it.
__global__ void conv(float *out, float *in, int n) {
  // CHECK-MESSAGES-RO: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES-RO: :[[@LINE-2]]:17: note: add '__restrict__' to 'out' and 'in'
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-3]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-4]]:17: note: add '__restrict__' to 'out' and 'in'
  // DISCOVERED: options.cu:[[@LINE-5]]:17: warning: 'in' is reloaded after each store through 'out'
  // DISCOVERED-OFF: options.cu:[[@LINE-6]]:17: warning: 'in' is reloaded after each store through 'out'
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES-RO: __global__ void conv(float *__restrict__ out, const float *__restrict__ in, int n) {
