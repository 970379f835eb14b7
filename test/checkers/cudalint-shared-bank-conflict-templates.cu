// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// Kernel templates with no instantiation in view (a header's, or a .cu whose
// launches live elsewhere) are analysed as written: T stands for 4-, 8- and
// 2-byte elements, an integral parameter for its default or for 32 and 16,
// and a conflict is reported only when every stand-in has it.
#include "cuda.h"

// ---- Flagged. ----

// The textbook transpose tile, element type and side both parameters: a
// conflict for every width, but the padding that removes it differs (one
// element for 4- and 8-byte elements, two halves for 2-byte ones), so no
// fix-it is offered.
template <typename T, int TILE>
__global__ void transpose_tile(const T *in, T *out, int n) {
  __shared__ T tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[(blockIdx.x * TILE + threadIdx.y) * n + blockIdx.y * TILE + threadIdx.x] =
      tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 32-way bank conflict on {{.*}}{{.*}} [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-8]]:17: note: 'transpose_tile' has no analysable instantiation in view: analysed as written with T = float, double and half; TILE = 32 and 16, and each gives this finding (figures for T = float, TILE = 32)
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: no fix-it: the edit depends on the template's arguments (it differs between T = float, double and half; TILE = 32 and 16); make it by hand for the arguments the kernel is launched with
}

// A float tile whose side is a parameter: one element of padding works for
// every side, so the fix-it edits the template.
template <int TILE>
__global__ void transpose_float_tile(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[(blockIdx.x * TILE + threadIdx.y) * n + blockIdx.y * TILE + threadIdx.x] =
      tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 32-way bank conflict on {{.*}}{{.*}} [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-8]]:17: note: 'transpose_float_tile' has no analysable instantiation in view: analysed as written with TILE = 32 and 16, and each gives this finding (figures for TILE = 32)
}
// CHECK-FIXES: __shared__ float tile[TILE][TILE + 1];

// A default argument is what the parameter stands for.
template <typename T = float, int SIDE = 32>
__global__ void column_sums(const T *in, T *out) {
  __shared__ T s[SIDE][SIDE];
  s[threadIdx.y][threadIdx.x] = in[threadIdx.y * SIDE + threadIdx.x];
  __syncthreads();
  T acc = 0;
  for (int r = 0; r < SIDE; ++r)
    acc += s[threadIdx.x][r];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 8-way bank conflict on {{.*}}{{.*}} [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-8]]:17: note: 'column_sums' has no analysable instantiation in view: analysed as written with T = float; SIDE = 32, and each gives this finding (figures for T = float, SIDE = 32)
  out[threadIdx.x] = acc;
}
// CHECK-FIXES: __shared__ T s[SIDE][SIDE + 1];

// ---- Quiet. ----

// Padded by one element: no conflict for 4- and 8-byte elements, a 2-way
// one for halves (one element is half a bank): not every width conflicts.
template <typename T, int TILE>
__global__ void transpose_padded(const T *in, T *out, int n) {
  __shared__ T tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[(blockIdx.x * TILE + threadIdx.y) * n + blockIdx.y * TILE + threadIdx.x] =
      tile[threadIdx.x][threadIdx.y];
}

// A static_assert narrows the stand-ins: 4-byte elements only, for which the
// padded tile is conflict-free.
template <typename T, int TILE>
__global__ void transpose_words(const T *in, T *out, int n) {
  static_assert(sizeof(T) == 4, "4-byte elements");
  __shared__ T tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[(blockIdx.x * TILE + threadIdx.y) * n + blockIdx.y * TILE + threadIdx.x] =
      tile[threadIdx.x][threadIdx.y];
}

// Row-wise use of a parameterised tile.
template <typename T, int TILE>
__global__ void copy_rows(const T *in, T *out, int n) {
  __shared__ T tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * n + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * n + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
