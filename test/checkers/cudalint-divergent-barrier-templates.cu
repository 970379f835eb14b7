// RUN: %check_cudalint %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// A barrier inside the boundary guard of a tiled kernel template with no
// instantiation in view: an error whatever the template's arguments.
#include "cuda.h"

template <typename T, int TILE>
__global__ void scale_tiles(const T *a, T *c, int n) {
  __shared__ T t[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n) {
    t[threadIdx.y][threadIdx.x] = a[y * n + x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
    // CHECK-MESSAGES: :[[@LINE-7]]:17: note: 'scale_tiles' has no analysable instantiation in view: analysed as written with T = float, double and half; TILE = 32 and 16, and each gives this finding (figures for T = float, TILE = 32)
    c[y * n + x] = t[threadIdx.x][threadIdx.y];
  }
}

// Quiet: the barrier outside the guard.
template <typename T, int TILE>
__global__ void scale_tiles_fixed(const T *a, T *c, int n) {
  __shared__ T t[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  bool in = x < n && y < n;
  if (in)
    t[threadIdx.y][threadIdx.x] = a[y * n + x];
  __syncthreads();
  if (in)
    c[y * n + x] = t[threadIdx.x][threadIdx.y];
}
