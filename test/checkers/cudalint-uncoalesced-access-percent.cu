// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

// Regression: the warning quotes the lane stride as written in the source,
// and a '%' in it (`n % 64`) used to be read by clang's diagnostic formatter
// as a format directive, which crashed cudalint and the plugin alike.

#include "cuda.h"

__global__ void rows(float *out, int n) {
  out[threadIdx.x * (n % 64 + 64)] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
}

__global__ void gather(float *__restrict__ out, const float *__restrict__ in, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * (stride % 100 + 33)];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced load from 'in': 8x the sectors needed [cudalint-uncoalesced-access]
}
