// A kernel template with no instantiation in view is analysed with
// stand-ins for its parameters even where the file has compiler errors
// elsewhere: they hide its uses no more than a use in another file does.
// A template with an error of its own is not analysed.
// RUN: %check_cudalint --expect-error %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// Each thread walks its own row: the lanes of a warp are a row apart.
template <typename T>
__global__ void row_sums(const T *a, T *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  T s = 0;
  for (int j = 0; j < n; ++j)
    s += a[row * n + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: uncoalesced load from 'a': {{.*}}[cudalint-uncoalesced-access]
  out[row] = s;
}

// The same walk in a template whose body does not compile: not analysed.
template <typename T>
__global__ void broken_row_sums(const T *a, T *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  T s = 0;
  for (int j = 0; j < n; ++j)
    s += a[row * n + j] + undeclared_in_kernel;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: error: use of undeclared identifier 'undeclared_in_kernel' [clang-diagnostic-error]
  out[row] = s;
}

// A coalesced template: quiet under every stand-in.
template <typename T>
__global__ void scale(T *x, T f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= f;
}

// Host code that does not compile, with none of the kernels' launches.
void host_side(int n) {
  not_declared_anywhere(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: use of undeclared identifier 'not_declared_anywhere' [clang-diagnostic-error]
}
