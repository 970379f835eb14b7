// RUN: %check_cudalint --fix-notes %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// Every pointer is already '__restrict__': nothing to report.
__global__ void conv(float *__restrict__ out, const float *__restrict__ w,
                     const float *__restrict__ in, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < k; ++j)
    out[i] += w[j] * in[i + j];
}

__global__ void accumulate(double *__restrict acc, double *__restrict x, int n) {
  for (int j = 0; j < n; ++j)
    acc[0] += x[j];
}

// One side is enough: a store through a restrict pointer cannot change what
// another pointer reads.
__global__ void half(float *__restrict__ out, const float *in, int n) {
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
