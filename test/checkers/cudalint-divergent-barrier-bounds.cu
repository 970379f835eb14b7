// RUN: %check_cudalint %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// Barriers inside boundary guards over several sizes: `if (row < M && col <
// N) { ...; __syncthreads(); ... }`, the form tiled transposes and GEMMs
// use. Undefined behaviour whenever a size is not a multiple of the tile;
// it costs nothing when every block is full (0.96x measured), so the
// message names the sizes, never a speed.
#include "cuda.h"

#define TILE 16

// ---- Flagged. ----

__global__ void gemm_guarded(const float *A, const float *B, float *C, int M,
                             int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.f;
    for (int t = 0; t < K / TILE; ++t) {
      As[threadIdx.y][threadIdx.x] = A[row * K + t * TILE + threadIdx.x];
      Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col];
      __syncthreads();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
      for (int k = 0; k < TILE; ++k)
        acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
      __syncthreads();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
    }
    C[row * N + col] = acc;
  }
}

__global__ void transpose_guarded(const float *in, float *out, int rows,
                                  int cols) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  if (x < cols && y < rows) {
    tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
    out[x * rows + y] = tile[threadIdx.x][threadIdx.y];
  }
}

// The same as an early exit on either bound.
__global__ void exit_on_either(const float *in, float *out, int rows,
                               int cols) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  if (x >= cols || y >= rows)
    return;
  tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
  out[x * rows + y] = tile[threadIdx.x][threadIdx.y];
}

// A thread-independent flag beside a bound: the bound still splits.
__global__ void flag_and_bound(float *a, int n, int enabled) {
  __shared__ float t[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  if (enabled && i < n) {
    t[threadIdx.x] = a[i];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
    a[i] = t[255 - threadIdx.x];
  }
}

// A return from a helper leaves only the helper: its lanes still have to
// reach the warp barrier after the call... and the one inside the helper.
__device__ void store_pairs(float *a, int i, int n) {
  if (i >= n)
    return;
  a[i] += a[i ^ 1];
  __syncwarp();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
  // CHECK-MESSAGES: :[[@LINE+5]]:3: note: inlined from this call
}
__global__ void helper_return(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float t[256];
  store_pairs(a, i, n);
  t[threadIdx.x] = a[threadIdx.x];
  a[threadIdx.x] = t[threadIdx.x ^ 1];
}

// A block barrier after an early return stays an error.
__global__ void block_after_return(float *a, int n) {
  __shared__ float t[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i >= n)
    return;
  t[threadIdx.x] = a[i];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
  a[i] = t[255 - threadIdx.x];
}

// An early return on an index derived from the warp (`by * BM + tid / 32`)
// before the barriers of the loop that follows.
#define BM 8
__global__ void rows_per_warp(const float *A, float *out, int M, int K) {
  __shared__ float tile[BM][33];
  int tid = threadIdx.x, by = blockIdx.y;
  if (by * BM + tid / 32 >= M)
    return;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += 32) {
    tile[tid / 32][tid % 32] = A[(by * BM + tid / 32) * K + k0 + tid % 32];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
    for (int k = 0; k < BM; ++k)
      acc += tile[k][tid % 32];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
  }
  out[by * BM + tid / 32] = acc;
}

// ---- Quiet. ----

// __syncwarp() after some lanes have returned from the kernel is defined:
// only the lanes that have not exited must arrive.
__global__ void warp_after_return(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  a[i] *= 2.0f;
  __syncwarp();
  a[i] += 1.0f;
}

// The guard covers the loads and the store; the barriers are outside it.
__global__ void gemm_guard_outside(const float *A, const float *B, float *C,
                                   int M, int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.f;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    int ka = t * TILE + threadIdx.x, kb = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[row * K + ka] : 0.f;
    Bs[threadIdx.y][threadIdx.x] = (kb < K && col < N) ? B[kb * N + col] : 0.f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

// Bounds on block-uniform values only: the whole block agrees.
__global__ void block_bounds(float *a, int M, int N) {
  __shared__ float t[256];
  if (blockIdx.y * TILE < M && blockIdx.x * TILE < N) {
    t[threadIdx.x] = a[blockIdx.x * 256 + threadIdx.x];
    __syncthreads();
    a[blockIdx.x * 256 + threadIdx.x] = t[255 - threadIdx.x];
  }
}

void launch(const float *A, const float *B, float *C, int M, int N, int K) {
  dim3 b16(TILE, TILE), g16(N / TILE, M / TILE);
  gemm_guarded<<<g16, b16>>>(A, B, C, M, N, K);
  gemm_guard_outside<<<g16, b16>>>(A, B, C, M, N, K);
  transpose_guarded<<<dim3(N / 32, M / 32), dim3(32, 32)>>>(A, C, M, N);
  exit_on_either<<<dim3(N / 32, M / 32), dim3(32, 32)>>>(A, C, M, N);
  rows_per_warp<<<dim3(1, M / BM), 256>>>(A, C, M, K);
}
