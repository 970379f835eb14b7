// The finding's figures were measured on sm_90 GPUs (H100, H200): a build
// that targets another architecture gets a note that says so; sm_90 and a
// build that states no target (the figures name their GPU) do not.
// RUN: %check_cudalint --gpu-arch=sm_61 --check-suffix=ALL,ELSE %s cudalint-missing-restrict %t
// RUN: %check_cudalint --gpu-arch=sm_70 --check-suffix=ALL,ELSE %s cudalint-missing-restrict %t
// RUN: %check_cudalint --gpu-arch=sm_75 --check-suffix=ALL,ELSE %s cudalint-missing-restrict %t
// RUN: %check_cudalint --gpu-arch=sm_80 --check-suffix=ALL,ELSE %s cudalint-missing-restrict %t
// RUN: %check_cudalint --gpu-arch=sm_86 --check-suffix=ALL,ELSE %s cudalint-missing-restrict %t
// RUN: %check_cudalint --gpu-arch=sm_89 --check-suffix=ALL,ELSE %s cudalint-missing-restrict %t
// RUN: %check_cudalint --gpu-arch=sm_90 --check-suffix=ALL,QUIET %s cudalint-missing-restrict %t
// RUN: %check_cudalint --gpu-arch=sm_100 --check-suffix=ALL,ELSE %s cudalint-missing-restrict %t
// RUN: %check_cudalint --gpu-arch=sm_120 --check-suffix=ALL,ELSE %s cudalint-missing-restrict %t
// RUN: %check_cudalint --check-suffix=ALL,QUIET %s cudalint-missing-restrict %t

#include "cuda.h"

__global__ void conv(float *out, const float *w, const float *in, int n, int k) {
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out' [cudalint-missing-restrict]
  // CHECK-MESSAGES-ELSE: :[[@LINE-2]]:17: note: cudalint's figures were measured on H100 and H200 GPUs (sm_90), not on sm_{{[0-9]+}}, which this build targets: {{.*}}
  // CHECK-MESSAGES-QUIET-NOT: cudalint's figures were measured
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < k; ++j)
    out[i] += in[i + j] * w[j];
}

void run(float *out, const float *w, const float *in, int n, int k) {
  conv<<<n / 256, 256>>>(out, w, in, n, k);
}
