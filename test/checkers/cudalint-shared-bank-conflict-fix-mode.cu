// The padding sits on the warning: plain --fix applies it. An extent spelled
// with a macro or a template parameter keeps its spelling, and a template
// instantiated twice gets one edit.
//
// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs
//
// Fixed once, the file is clean.
// RUN: rm -rf %t.again && mkdir -p %t.again && cp %s %t.again/tiles.cu
// RUN: %expect_exit 1 %cudalint --checks=-*,cudalint-shared-bank-conflict --fix %t.again/tiles.cu -- -nocudainc -isystem %inputs
// RUN: %expect_exit 0 %cudalint --checks=-*,cudalint-shared-bank-conflict %t.again/tiles.cu -- -nocudainc -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=AGAIN --allow-empty
// RUN: %clang_tidy --load=%plugin --checks=-*,cudalint-shared-bank-conflict --config={} %t.again/tiles.cu \
// RUN:   -- -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudalib -nocudainc -Wno-unknown-cuda-version -isystem %inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN --allow-empty
// AGAIN-NOT: {{warning|error|note}}:

#include "cuda.h"

#define TILE 32

__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 32-way bank conflict on 'tile' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-9]]:20: note: 'tile' declared here; padding its rows to 'tile[32][33]' removes the conflict
}
// CHECK-FIXES: __shared__ float tile[TILE][TILE + 1];

void run_transpose(float *out, const float *in, int n) {
  transpose<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(out, in, n);
}

// One edit for both instantiations.
template <int BS>
__global__ void transpose_t(float *out, const float *in) {
  __shared__ float t[BS][BS];
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * BS + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * BS + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict on 't' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: 't' declared here; padding its rows to 't[32][33]' removes the conflict
}
// CHECK-FIXES: __shared__ float t[BS][BS + 1];

void run_transpose_t(float *out, const float *in) {
  transpose_t<32><<<1, dim3(32, 32)>>>(out, in);
  transpose_t<64><<<1, dim3(32, 32)>>>(out, in);
}

// An extent that is an expression is parenthesised.
__global__ void rows_of_two(float *out, const float *in) {
  __shared__ float s[32][2 * 16];
  s[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict on 's' reads{{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: 's' declared here; padding its rows to 's[32][33]' removes the conflict
}
// CHECK-FIXES: __shared__ float s[32][(2 * 16) + 1];

// Two accesses that conflict: one edit, on the first warning.
__global__ void two_reads(float *out, const float *in) {
  __shared__ float m[32][32];
  m[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  float a = m[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on 'm' reads{{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: 'm' declared here; padding its rows to 'm[32][33]' removes the conflict
  float b = m[threadIdx.x][31 - threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on 'm' reads{{.*}}
  out[threadIdx.y * 32 + threadIdx.x] = a + b;
}
// CHECK-FIXES: __shared__ float m[32][32 + 1];

void run_others(float *out, const float *in) {
  rows_of_two<<<1, dim3(32, 32)>>>(out, in);
  two_reads<<<1, dim3(32, 32)>>>(out, in);
}
