// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// The degree quoted is the one the kernel can reach: in a scan tree over a
// block-sized array, a step whose pairs would reach past the end of the
// array runs on fewer lanes, so a tree over 256 elements is at most 8-way,
// never 16- or 32-way. With 128 threads: stride 2 words (2-way), 4 (4-way),
// 8 on 32 lanes (8-way), 16 on 16 lanes (8-way: two banks), 32 on 8 lanes
// (8-way), then 4, 2 and 1 lanes. The element-pair copies in and out are
// 2 words apart: 2-way each.
#include "cuda.h"

#define N 256

__global__ void tree_scan(float *data) {
  __shared__ float s[N];
  unsigned tid = threadIdx.x;
  s[2 * tid] = data[2 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-4]]:20: note: 's' is indexed by hand: {{.*}}as one 'float2'{{.*}}
  s[2 * tid + 1] = data[2 * tid + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  unsigned offset = 1;
  for (int d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      unsigned ai = offset * (2 * tid + 1) - 1;
      unsigned bi = offset * (2 * tid + 2) - 1;
      s[bi] += s[ai];
      // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: bank conflicts on 's' grow to 8-way as the loop's stride doubles [cudalint-shared-bank-conflict]
      // CHECK-MESSAGES: :[[@LINE-2]]:16: note: 's[ai]' is 2-way in the first step, then 4-, 8-, 8- and 8-way
    }
    offset <<= 1;
  }
  __syncthreads();
  data[2 * tid] = s[2 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 2-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  data[2 * tid + 1] = s[2 * tid + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 2-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
}

void run_tree_scan(float *data) { tree_scan<<<1, N / 2>>>(data); }
