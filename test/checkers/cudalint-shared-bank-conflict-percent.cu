// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// Regression: the warning quotes the element type as clang prints it, and a
// '%' in it (`decltype(1 % 2)`) used to be read by clang's diagnostic
// formatter as a format directive, which crashed cudalint and the plugin
// alike.

#include "cuda.h"

__global__ void column(int *out) {
  __shared__ decltype(1 % 2) tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'tile' reads{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:30: note: 'tile' declared here; padding its rows to 'tile[32][33]' removes the conflict
}
// CHECK-FIXES: __shared__ decltype(1 % 2) tile[32][32 + 1];
