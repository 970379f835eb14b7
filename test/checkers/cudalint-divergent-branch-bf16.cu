// A `__nv_bfloat16` element read through its conversion operator
// (`(float)w[i]`) is data each lane reads, as a float element is: a trip
// count that depends on it differs between lanes.
// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-divergent-branch %t

#include <cuda_bf16.h>
#include <cuda_runtime.h>

__global__ void refine(float *__restrict__ out,
                       const __nv_bfloat16 *__restrict__ w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = 0.f;
  while (v < (float)w[i]) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: loop condition 'v < (float)w[i]' {{.*}}{{.*}}[cudalint-divergent-branch]
    v = v * 1.5f + 0.25f;
    out[i] += sinf(v) * cosf(v);
  }
}

// Quiet: every lane reads the same element.
__global__ void refine_uniform(float *__restrict__ out,
                               const __nv_bfloat16 *__restrict__ w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = 0.f;
  while (v < (float)w[0]) {
    v = v * 1.5f + 0.25f;
    out[i] += sinf(v) * cosf(v);
  }
}

void launch(float *o, const __nv_bfloat16 *w, int n) {
  refine<<<n / 256, 256>>>(o, w, n);
  refine_uniform<<<n / 256, 256>>>(o, w, n);
}
