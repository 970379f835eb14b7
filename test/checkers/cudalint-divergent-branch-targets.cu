// The finding's figures were measured on sm_90 GPUs (H100, H200): a build
// that targets another architecture gets a note that says so; sm_90 and a
// build that states no target (the figures name their GPU) do not.
// RUN: %check_cudalint --gpu-arch=sm_61 --check-suffix=ALL,ELSE %s cudalint-divergent-branch %t
// RUN: %check_cudalint --gpu-arch=sm_70 --check-suffix=ALL,ELSE %s cudalint-divergent-branch %t
// RUN: %check_cudalint --gpu-arch=sm_75 --check-suffix=ALL,ELSE %s cudalint-divergent-branch %t
// RUN: %check_cudalint --gpu-arch=sm_80 --check-suffix=ALL,ELSE %s cudalint-divergent-branch %t
// RUN: %check_cudalint --gpu-arch=sm_86 --check-suffix=ALL,ELSE %s cudalint-divergent-branch %t
// RUN: %check_cudalint --gpu-arch=sm_89 --check-suffix=ALL,ELSE %s cudalint-divergent-branch %t
// RUN: %check_cudalint --gpu-arch=sm_90 --check-suffix=ALL,QUIET %s cudalint-divergent-branch %t
// RUN: %check_cudalint --gpu-arch=sm_100 --check-suffix=ALL,ELSE %s cudalint-divergent-branch %t
// RUN: %check_cudalint --gpu-arch=sm_120 --check-suffix=ALL,ELSE %s cudalint-divergent-branch %t
// RUN: %check_cudalint --check-suffix=ALL,QUIET %s cudalint-divergent-branch %t

#include "cuda.h"

// Even and odd lanes of every warp take different ways, and both ways loop.
__global__ void heavy_if_else(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = out[i];
  if (threadIdx.x % 2) {
    // CHECK-MESSAGES-ALL: :[[@LINE-1]]:7: warning: lane-divergent branch 'threadIdx.x % 2': {{.*}}[cudalint-divergent-branch]
    // CHECK-MESSAGES-ELSE: :[[@LINE-2]]:7: note: cudalint's figures were measured on H100 and H200 GPUs (sm_90), not on sm_{{[0-9]+}}, which this build targets: {{.*}}
    // CHECK-MESSAGES-QUIET-NOT: cudalint's figures were measured
    for (int k = 0; k < 64; ++k)
      a += sinf(a * k);
  } else {
    for (int k = 0; k < 64; ++k)
      a *= cosf(a + k);
  }
  out[i] = a;
}

void run(float *out, int n) { heavy_if_else<<<n / 256, 256>>>(out); }
