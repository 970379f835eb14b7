// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

#include <cuda_runtime.h>

// An atomic whose operand leaves the word as it is only reads it: every
// thread needs the value, so a block reduction is no remedy; the note says
// to read it once per block and broadcast it. Beside each, an update.

__global__ void read_level_or(int *level, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int l = atomicOr(level, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:11: note: {{.*}}only reads, but queues at the one address{{.*}}
  out[i] = l + i;
}

__global__ void read_count_add(unsigned *count, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = atomicAdd(count, 0u) * 2u;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: {{.*}}only reads, but queues at the one address{{.*}}
}

__global__ void read_mask_and(unsigned *mask, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = atomicAnd(mask, 0xffffffffu) & 1u;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: {{.*}}only reads, but queues at the one address{{.*}}
}

// ---- Updates: a block reduction combines them. ----

__global__ void set_bits(const int *v, int *bits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicOr(bits, v[i] & 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: to combine per block{{.*}}
}

__global__ void count_ones(const int *v, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (v[i] == 1)
    atomicAdd(count, 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: to combine per block{{.*}}
}
