// RUN: %check_cudalint %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A kernel that copies its pointer parameters into '__restrict__' locals and
// accesses memory only through them (or through pointers based on them) has
// the promise already: the compiler keeps those accesses apart. Beside each,
// the same kernel through plain locals, which is reported.

#define RESTRICT __restrict__

// A running convolution through restricted copies of the parameters.
__global__ void conv_restricted(const float *src_ptr, const float *w_ptr,
                                float *dst_ptr, int n, int taps) {
  const float *__restrict__ src = src_ptr;
  const float *__restrict__ w = w_ptr;
  float *__restrict__ dst = dst_ptr;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < taps; ++k)
    dst[i] += w[k] * src[i + k];
}

// Through a macro, and through pointers offset from the restricted ones.
__global__ void conv_restricted_rows(const float *src_ptr, const float *w_ptr,
                                     float *dst_ptr, int n, int taps) {
  const float *RESTRICT src = src_ptr;
  float *RESTRICT dst = dst_ptr;
  const float *row = src + blockIdx.y * n;
  float *out = dst + blockIdx.y * n;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < taps; ++k)
    out[i] += w_ptr[k] * row[i + k];
}

// Through a helper whose parameters are restricted.
__device__ void accumulate(float *__restrict__ out,
                           const float *__restrict__ in, int i, int taps) {
  for (int k = 0; k < taps; ++k)
    out[i] += in[i + k];
}

__global__ void conv_helper(const float *src, float *dst, int taps) {
  accumulate(dst, src, blockIdx.x * blockDim.x + threadIdx.x, taps);
}

// ---- The same through plain locals: the promise is missing. ----

__global__ void conv_plain(const float *src_ptr, const float *w_ptr,
                           float *dst_ptr, int n, int taps) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  const float *src = src_ptr;
  const float *w = w_ptr;
  float *dst = dst_ptr;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < taps; ++k)
    dst[i] += w[k] * src[i + k];
}

// A plain local that is set from the restricted pointer and from another:
// not based on the restricted one alone.
__global__ void conv_mixed(const float *src_ptr, const float *alt_ptr,
                           float *dst_ptr, int taps, int pick) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  const float *__restrict__ src = src_ptr;
  const float *in = src;
  if (pick)
    in = alt_ptr;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < taps; ++k)
    dst_ptr[i] += in[i + k];
}
