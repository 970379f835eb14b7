// The finding's figures were measured on sm_90 GPUs (H100, H200): a build
// that targets another architecture gets a note that says so; sm_90 and a
// build that states no target (the figures name their GPU) do not.
// RUN: %check_cudalint --gpu-arch=sm_61 --check-suffix=ALL,ELSE,PUB %s cudalint-atomic-hotspot %t
// RUN: %check_cudalint --gpu-arch=sm_70 --check-suffix=ALL,ELSE %s cudalint-atomic-hotspot %t
// RUN: %check_cudalint --gpu-arch=sm_75 --check-suffix=ALL,ELSE %s cudalint-atomic-hotspot %t
// RUN: %check_cudalint --gpu-arch=sm_80 --check-suffix=ALL,ELSE %s cudalint-atomic-hotspot %t
// RUN: %check_cudalint --gpu-arch=sm_86 --check-suffix=ALL,ELSE,PUB %s cudalint-atomic-hotspot %t
// RUN: %check_cudalint --gpu-arch=sm_89 --check-suffix=ALL,ELSE %s cudalint-atomic-hotspot %t
// RUN: %check_cudalint --gpu-arch=sm_90 --check-suffix=ALL,QUIET %s cudalint-atomic-hotspot %t
// RUN: %check_cudalint --gpu-arch=sm_100 --check-suffix=ALL,ELSE %s cudalint-atomic-hotspot %t
// RUN: %check_cudalint --gpu-arch=sm_120 --check-suffix=ALL,ELSE %s cudalint-atomic-hotspot %t
// RUN: %check_cudalint --check-suffix=ALL,QUIET %s cudalint-atomic-hotspot %t

#include "cuda.h"

// Every lane adds a float to one address.
__global__ void float_sum(const float *in, float *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(total, in[i]);
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'float' into 'total' serialises every lane on one address [cudalint-atomic-hotspot]
  // CHECK-MESSAGES-ELSE: :[[@LINE-2]]:5: note: cudalint's figures were measured on H100 and H200 GPUs (sm_90), not on sm_{{[0-9]+}}, which this build targets: a remedy's gain differs between GPUs
  // CHECK-MESSAGES-QUIET-NOT: cudalint's figures were measured
}

// A count on one address: where published figures show a block reduction
// gains little (Pascal, Ampere GA10x), a note says so.
__global__ void count(const int *in, int *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    atomicAdd(total, 1);
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'int' into 'total' serialises every warp of the block on one address [cudalint-atomic-hotspot]
  // CHECK-MESSAGES-PUB: :[[@LINE-2]]:5: note: on sm_{{61|86}} it may pay less: published, a block reduction in place of a per-thread count gained 1.34x on a GeForce MX330 (sm_61) and 1.01x on an RTX A4000 (sm_86)
  // CHECK-MESSAGES-QUIET-NOT: it may pay less
}

void run(const float *in, float *total, const int *v, int *c, int n) {
  float_sum<<<(n + 255) / 256, 256>>>(in, total, n);
  count<<<(n + 255) / 256, 256>>>(v, c, n);
}
