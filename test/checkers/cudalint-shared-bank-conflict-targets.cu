// The finding's figures were measured on sm_90 GPUs (H100, H200): a build
// that targets another architecture gets a note that says so; sm_90 and a
// build that states no target (the figures name their GPU) do not.
// RUN: %check_cudalint --gpu-arch=sm_61 --check-suffix=ALL,ELSE %s cudalint-shared-bank-conflict %t
// RUN: %check_cudalint --gpu-arch=sm_70 --check-suffix=ALL,ELSE %s cudalint-shared-bank-conflict %t
// RUN: %check_cudalint --gpu-arch=sm_75 --check-suffix=ALL,ELSE %s cudalint-shared-bank-conflict %t
// RUN: %check_cudalint --gpu-arch=sm_80 --check-suffix=ALL,ELSE %s cudalint-shared-bank-conflict %t
// RUN: %check_cudalint --gpu-arch=sm_86 --check-suffix=ALL,ELSE %s cudalint-shared-bank-conflict %t
// RUN: %check_cudalint --gpu-arch=sm_89 --check-suffix=ALL,ELSE %s cudalint-shared-bank-conflict %t
// RUN: %check_cudalint --gpu-arch=sm_90 --check-suffix=ALL,QUIET %s cudalint-shared-bank-conflict %t
// RUN: %check_cudalint --gpu-arch=sm_100 --check-suffix=ALL,ELSE %s cudalint-shared-bank-conflict %t
// RUN: %check_cudalint --gpu-arch=sm_120 --check-suffix=ALL,ELSE %s cudalint-shared-bank-conflict %t
// RUN: %check_cudalint --check-suffix=ALL,QUIET %s cudalint-shared-bank-conflict %t

#include "cuda.h"

// A float tile read by columns: 32 words of a column in one bank.
__global__ void transpose_tile(float *out, const float *in) {
  __shared__ float tile[32][32];
  // CHECK-FIXES-ALL: {{^}}  __shared__ float tile[32][32 + 1];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:41: warning: 32-way bank conflict on 'tile' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES-ELSE: :[[@LINE-2]]:41: note: cudalint's figures were measured on H100 and H200 GPUs (sm_90), not on sm_{{[0-9]+}}, which this build targets: {{.*}}
  // CHECK-MESSAGES-QUIET-NOT: cudalint's figures were measured
}

void run(float *out, const float *in) {
  transpose_tile<<<1, dim3(32, 32)>>>(out, in);
}
