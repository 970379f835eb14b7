// The fix-it rides on a note: --fix leaves the file alone (the runner fails if
// a file without CHECK-FIXES changes), only --fix-notes applies it.
// RUN: %check_cudalint %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

__global__ void conv(float *out, const float *w, const float *in, int n, int k) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'w' is reloaded after each store through 'out' [cudalint-missing-restrict]
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: store through 'out'
  // CHECK-MESSAGES: :[[@LINE+4]]:15: note: load through 'w', repeated after the store in the next iteration
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: add '__restrict__' to 'out', 'w' and 'in' (and 'const' where only read)
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < k; ++j)
    out[i] += w[j] * in[i + j];
}
