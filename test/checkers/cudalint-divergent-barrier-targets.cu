// Before sm_70 a barrier counts whole warps (PTX ISA, bar.sync: "for .target
// sm_6x or below, all threads in a warp must execute the same bar
// instruction"): arms that each meet a barrier pair up there only when no
// warp takes both. Independent thread scheduling (sm_70 and later) counts
// arrivals, and the arms pair up on every target from sm_70.
// RUN: %check_cudalint --gpu-arch=sm_61 --expect-error --check-suffix=PRE %s cudalint-divergent-barrier %t
// RUN: %check_cudalint --gpu-arch=sm_61,sm_90 --expect-error --check-suffix=PRE %s cudalint-divergent-barrier %t
// RUN: %check_cudalint --gpu-arch=sm_70 %s cudalint-divergent-barrier %t
// RUN: %check_cudalint --gpu-arch=sm_75 %s cudalint-divergent-barrier %t
// RUN: %check_cudalint --gpu-arch=sm_80 %s cudalint-divergent-barrier %t
// RUN: %check_cudalint --gpu-arch=sm_86 %s cudalint-divergent-barrier %t
// RUN: %check_cudalint --gpu-arch=sm_89 %s cudalint-divergent-barrier %t
// RUN: %check_cudalint --gpu-arch=sm_90 %s cudalint-divergent-barrier %t
// RUN: %check_cudalint --gpu-arch=sm_100 %s cudalint-divergent-barrier %t
// RUN: %check_cudalint --gpu-arch=sm_120 %s cudalint-divergent-barrier %t
// The default targets (sm_75 and later) all schedule threads independently.
// RUN: %check_cudalint %s cudalint-divergent-barrier %t

#include "cuda.h"

// Lanes of one warp take both arms, each to its own barrier.
__global__ void lane_arms(float *out, const float *in) {
  __shared__ float s[256];
  int t = threadIdx.x;
  if (t % 2 == 0) {
    s[t] = in[t];
    __syncthreads();
    // CHECK-NOTES-PRE: :[[@LINE-1]]:5: error: '__syncthreads()' in an arm that splits warps cannot pair with the other arm's on sm_61 (undefined behaviour) [cudalint-divergent-barrier]
    // CHECK-NOTES-PRE: :[[@LINE-2]]:5: note: lanes of one warp take both arms of 't % 2 == 0', each to its own barrier; sm_61, which this build targets, lacks independent thread scheduling {{.*}}
    // CHECK-NOTES-PRE: :{{[0-9]+}}:7: note: the condition is here
    // CHECK-NOTES-PRE: :[[@LINE-4]]:5: note: move the barrier out of the branch, so that every thread reaches it
    out[t] = s[t ^ 1];
  } else {
    s[t] = 2.0f * in[t];
    __syncthreads();
    // CHECK-NOTES-PRE: :[[@LINE-1]]:5: error: '__syncthreads()' in an arm that splits warps {{.*}}
    // CHECK-NOTES-PRE: :[[@LINE-2]]:5: note: lanes of one warp take both arms {{.*}}
    // CHECK-NOTES-PRE: :{{[0-9]+}}:7: note: the condition is here
    // CHECK-NOTES-PRE: :[[@LINE-4]]:5: note: move the barrier out of the branch, so that every thread reaches it
    out[t] = s[t ^ 1];
  }
}

// Whole warps take one arm or the other: a barrier counts whole warps
// before sm_70, so these pair up on every target.
__global__ void warp_arms(float *out, const float *in) {
  __shared__ float s[256];
  int t = threadIdx.x;
  if ((t / 32) % 2 == 0) {
    s[t] = in[t];
    __syncthreads();
    out[t] = s[(t + 32) % 256];
  } else {
    s[t] = 2.0f * in[t];
    __syncthreads();
    out[t] = s[(t + 32) % 256];
  }
}

void run(float *out, const float *in) {
  lane_arms<<<1, 256>>>(out, in);
  warp_arms<<<1, 256>>>(out, in);
}
