// Elements of the library's 16-bit float types, read through their
// conversion operators (`(float)x[i]` on a `__nv_bfloat16 *`) and written
// through their assignment: the same loads and stores as with `float` or
// `__half`, so the same findings (llm.c builds its kernels with
// `floatX = __nv_bfloat16`).
// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-missing-restrict %t

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

typedef __nv_bfloat16 bf16;

// Accumulation into global memory in a loop.
__global__ void accumulate(bf16 *out, const bf16 *in, int n, int k) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    for (int j = 0; j < k; ++j)
      out[i] = (bf16)((float)out[i] + (float)in[i + j]);
}

// The same with __half and its conversion functions.
__global__ void accumulate_half(__half *out, const __half *in, int n, int k) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    for (int j = 0; j < k; ++j)
      out[i] = __float2half(__half2float(out[i]) + __half2float(in[i + j]));
}

// Quiet: everything is loaded before the one store, no loop.
__global__ void scale(bf16 *out, const bf16 *in, const bf16 *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (bf16)((float)in[i] * (float)w[i]);
}

// Quiet: already restrict.
__global__ void accumulate_restrict(bf16 *__restrict__ out,
                                    const bf16 *__restrict__ in, int n,
                                    int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    for (int j = 0; j < k; ++j)
      out[i] = (bf16)((float)out[i] + (float)in[i + j]);
}
