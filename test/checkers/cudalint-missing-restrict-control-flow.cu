// Loads that cannot run after the store, or whose address changed since the
// first load, are not reloads: quiet. (Found by review; each was reported
// before.)
// RUN: %check_cudalint %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

__device__ void next(int &i, int s) { i += s; }

// A hand-unrolled grid-stride copy: `in[i]` twice, but `i` moved between.
__global__ void unrolled_copy(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = gridDim.x * blockDim.x;
  float v = in[i];
  out[i] = v;
  i += stride;
  v = in[i];
  out[i] = v;
}

// The indices advance through a reference: nothing is loop-invariant.
__global__ void by_reference(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = i;
  while (i < n) {
    out[j] = in[i];
    next(i, 1);
    next(j, 1);
  }
}

// Different cases of a switch.
__global__ void cases(float *out, const float *in, int mode, int i) {
  switch (mode) {
  case 0: { float x = in[i]; out[i] = x; break; }
  case 1: { out[i] = 1.f; break; }
  default: { float y = in[i] * 2; out[i + 1] = y; }
  }
}

// The store's arm returns: the load after the `if` never follows it.
__global__ void early_return(float *out, const float *in, int i) {
  if (in[i] > 0.f) { out[i] = 0.f; return; }
  out[i + 1] = in[i];
}
