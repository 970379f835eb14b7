// RUN: %check_cudalint %s cudalint-atomic-hotspot %t -- -nocudainc -isystem %inputs

// Atomics in kernel templates with no instantiation in view: the call is
// unresolved in the pattern, and found by its name.
#include "cuda.h"

template <typename T>
__global__ void sum_all(const T *in, T *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(sum, in[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'float' into 'sum'{{.*}}{{.*}} [cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: sum within the warp first{{.*}}
  // CHECK-MESSAGES: :[[@LINE-6]]:17: note: 'sum_all' has no analysable instantiation in view: analysed as written with T = float, double and half, and each gives this finding (figures for T = float)
  // CHECK-MESSAGES: :[[@LINE-4]]:5: note: no fix-it: the edit depends on the template's arguments (it differs between T = float, double and half); make it by hand for the arguments the kernel is launched with
}

// Quiet: each lane updates its own element.
template <typename T>
__global__ void add_each(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&out[i], in[i]);
}
