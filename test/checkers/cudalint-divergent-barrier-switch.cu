// A switch selector is a value with several cases, not a condition that
// holds or not: a barrier in the cases some threads of a block take is
// missed by the others. Where every case, `default:` included, meets as
// many barriers, the threads meet (on sm_70 and later).
// RUN: %check_cudalint --expect-error %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// ---- Flagged. ----

__global__ void even_lanes(float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = out[t];
  switch (t % 2) {
  case 0:
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: '__syncthreads()' is not reached by all threads of the block (undefined behaviour) [cudalint-divergent-barrier]
    out[t] = s[255 - t];
    break;
  default:
    break;
  }
}

// Two labels on one case: lanes 2 and 3 of every four meet it.
__global__ void two_labels(float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = out[t];
  switch (t & 3) {
  case 2:
  case 3:
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: '__syncthreads()' is not reached {{.*}}
    out[t] = s[t ^ 1];
    break;
  }
}

// Whole warps take one case or another: a block barrier still needs the
// whole block.
__global__ void warp_roles(float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = out[t];
  switch (t / 32) {
  case 0:
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: '__syncthreads()' is not reached {{.*}}
    out[t] = s[t + 32];
    break;
  default:
    out[t] = 0.0f;
  }
}

// Every case meets a barrier, but a thread that matches none passes them
// all by (no default).
__global__ void no_default(float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = out[t];
  switch (t % 4) {
  case 0:
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: '__syncthreads()' is not reached {{.*}}
    break;
  case 1:
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: '__syncthreads()' is not reached {{.*}}
    break;
  }
  out[t] = s[255 - t];
}

// ---- Not flagged. ----

// The selector is the same for the whole block.
__global__ void per_block(float *out, int mode) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = out[t];
  switch ((blockIdx.x + mode) % 3) {
  case 0:
    __syncthreads();
    out[t] = s[255 - t];
    break;
  case 1:
    out[t] = 1.0f;
    break;
  default:
    break;
  }
}

// Warp roles, each of which, default included, meets one barrier.
__global__ void roles_all_meet(float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  switch (t / 64) {
  case 0:
    s[t] = out[t];
    __syncthreads();
    break;
  case 1:
    s[t] = 2.0f * out[t];
    __syncthreads();
    break;
  default:
    s[t] = 0.0f;
    __syncthreads();
    break;
  }
  out[t] = s[255 - t];
}

void run(float *o, int mode) {
  even_lanes<<<4, 256>>>(o);
  two_labels<<<4, 256>>>(o);
  warp_roles<<<4, 256>>>(o);
  no_default<<<4, 256>>>(o);
  per_block<<<4, 256>>>(o, mode);
  roles_all_meet<<<4, 256>>>(o);
}
