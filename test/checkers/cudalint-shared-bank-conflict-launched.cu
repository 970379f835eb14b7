// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// The degree quoted is the one the kernel can reach: in a scan tree over a
// block-sized array, a step whose pairs would reach past the end of the
// array runs on fewer lanes, so a tree over 256 elements is at most 8-way,
// never 16- or 32-way.
#include "cuda.h"

#define N 256

__global__ void tree_scan(float *data) {
  __shared__ float s[N];
  unsigned tid = threadIdx.x;
  s[2 * tid] = data[2 * tid];
  s[2 * tid + 1] = data[2 * tid + 1];
  unsigned offset = 1;
  for (int d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      unsigned ai = offset * (2 * tid + 1) - 1;
      unsigned bi = offset * (2 * tid + 2) - 1;
      s[bi] += s[ai];
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}then 4-, 8-, 8- and 8-way{{.*}}[cudalint-shared-bank-conflict]
    }
    offset <<= 1;
  }
  __syncthreads();
  data[2 * tid] = s[2 * tid];
  data[2 * tid + 1] = s[2 * tid + 1];
}

void run_tree_scan(float *data) { tree_scan<<<1, N / 2>>>(data); }
