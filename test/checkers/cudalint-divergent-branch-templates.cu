// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// Kernel templates with no instantiation in view are analysed as written.
#include "cuda.h"

template <typename T>
__global__ void parity_work(T *out, const T *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  T v = in[i];
  if (threadIdx.x % 2) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane-divergent branch 'threadIdx.x % 2': {{.*}}{{.*}} [cudalint-divergent-branch]
    // CHECK-MESSAGES: :[[@LINE-5]]:17: note: 'parity_work' has no analysable instantiation in view: analysed as written with T = float, double and half, and each gives this finding (figures for T = float)
    for (int k = 0; k < 64; ++k)
      v = v * v + in[k];
  } else {
    for (int k = 0; k < 64; ++k)
      v = v + in[k] * v;
  }
  out[i] = v;
}

// Quiet: the same work split by warps.
template <typename T>
__global__ void warp_work(T *out, const T *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  T v = in[i];
  if ((threadIdx.x / 32) % 2) {
    for (int k = 0; k < 64; ++k)
      v = v * v + in[k];
  } else {
    for (int k = 0; k < 64; ++k)
      v = v + in[k] * v;
  }
  out[i] = v;
}

// Quiet: a boundary guard whose bound is a template argument.
template <int N>
__global__ void guarded_fill(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    for (int k = 0; k < 8; ++k)
      out[i * 8 + k] = k;
  }
}
