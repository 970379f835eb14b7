// The finding's figures were measured on sm_90 GPUs (H100, H200): a build
// that targets another architecture gets a note that says so; sm_90 and a
// build that states no target (the figures name their GPU) do not.
// RUN: %check_cudalint --gpu-arch=sm_61 --check-suffix=ALL,ELSE %s cudalint-uncoalesced-access %t
// RUN: %check_cudalint --gpu-arch=sm_70 --check-suffix=ALL,ELSE %s cudalint-uncoalesced-access %t
// RUN: %check_cudalint --gpu-arch=sm_75 --check-suffix=ALL,ELSE %s cudalint-uncoalesced-access %t
// RUN: %check_cudalint --gpu-arch=sm_80 --check-suffix=ALL,ELSE %s cudalint-uncoalesced-access %t
// RUN: %check_cudalint --gpu-arch=sm_86 --check-suffix=ALL,ELSE %s cudalint-uncoalesced-access %t
// RUN: %check_cudalint --gpu-arch=sm_89 --check-suffix=ALL,ELSE %s cudalint-uncoalesced-access %t
// RUN: %check_cudalint --gpu-arch=sm_90 --check-suffix=ALL,QUIET %s cudalint-uncoalesced-access %t
// RUN: %check_cudalint --gpu-arch=sm_100 --check-suffix=ALL,ELSE %s cudalint-uncoalesced-access %t
// RUN: %check_cudalint --gpu-arch=sm_120 --check-suffix=ALL,ELSE %s cudalint-uncoalesced-access %t
// RUN: %check_cudalint --check-suffix=ALL,QUIET %s cudalint-uncoalesced-access %t

#include "cuda.h"

// Each thread walks its own row: the lanes of a warp are a row apart.
__global__ void row_sums(const float *a, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += a[row * n + j];
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:10: warning: {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-ELSE: :[[@LINE-2]]:10: note: cudalint's figures were measured on H100 and H200 GPUs (sm_90), not on sm_{{[0-9]+}}, which this build targets: {{.*}}
  // CHECK-MESSAGES-QUIET-NOT: cudalint's figures were measured
  out[row] = s;
}

void run(const float *a, float *out, int n) {
  row_sums<<<n / 256, 256>>>(a, out, n);
}
