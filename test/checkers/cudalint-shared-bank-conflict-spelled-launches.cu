// A launch that names its template arguments but does not compile leaves
// nothing in the AST; its arguments are read from the source, so the
// template is analysed with what its user wrote, not with guesses. The
// tile padded to 33 by its launch is quiet (a guess of 32 or 16 would flag
// it); the one launched with 32 is flagged; a constant, an enumerator, a
// typedef and a default argument are resolved too. A launch cudalint cannot
// read (a macro argument) leaves the guesses, and only what all of them
// find is reported.
// RUN: %check_cudalint --expect-error %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

struct Opaque;
typedef float real;
constexpr int kPadded = 33;
enum { kTile = 32 };

template <typename T, int BS>
__global__ void padded_by_launch(const T *in, T *out) {
  __shared__ T tile[BS][BS];
  tile[threadIdx.x][threadIdx.y] = in[blockIdx.x * BS + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * BS + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

template <typename T, int BS>
__global__ void unpadded_by_launch(const T *in, T *out) {
  __shared__ T tile[BS][BS];
  tile[threadIdx.x][threadIdx.y] = in[blockIdx.x * BS + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on 'tile' writes (real) [cudalint-shared-bank-conflict]
  __syncthreads();
  out[blockIdx.x * BS + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

template <typename T, int BS = kPadded>
__global__ void padded_by_default(const T *in, T *out) {
  __shared__ T tile[BS][BS];
  tile[threadIdx.x][threadIdx.y] = in[blockIdx.x * BS + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * BS + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

void run(Opaque *a, Opaque *b) {
  padded_by_launch<float, 33><<<64, dim3(32, 32)>>>(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: no matching function for call to 'padded_by_launch' [clang-diagnostic-error]
  padded_by_launch<real, kPadded><<<64, dim3(32, 32)>>>(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: no matching function for call to 'padded_by_launch' [clang-diagnostic-error]
  unpadded_by_launch<real, kTile><<<64, dim3(32, 32)>>>(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: no matching function for call to 'unpadded_by_launch' [clang-diagnostic-error]
  padded_by_default<float><<<64, dim3(32, 32)>>>(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: no matching function for call to 'padded_by_default' [clang-diagnostic-error]
}
