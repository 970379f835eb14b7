// The options, through --config-file (both front ends).
//
// RUN: %check_cudalint --check-suffix=DEFAULT %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --check-suffix=DEGREE4 --config-file=%S/Inputs/shared-bank-conflict/min-degree-4.yaml %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --check-suffix=BLOCK16 --config-file=%S/Inputs/shared-bank-conflict/assumed-block-16x16.yaml %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// ---- MinDegree (default 2). ----

// Two words apart: a 2-way conflict, below a MinDegree of 4.
__global__ void evens(float *out, const float *in) {
  __shared__ float sdata[64];
  sdata[threadIdx.x] = in[threadIdx.x];
  sdata[threadIdx.x + 32] = in[threadIdx.x + 32];
  __syncthreads();
  out[threadIdx.x] = sdata[2 * threadIdx.x];
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:22: warning: 2-way bank conflict on 'sdata' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-2]]:22: warning: 2-way bank conflict on 'sdata' reads (float) [cudalint-shared-bank-conflict]
}

// Four words apart: 4-way, reported with MinDegree 4 too.
__global__ void fourths(float *out, const float *in) {
  __shared__ float s[128];
  for (int k = 0; k < 4; ++k)
    s[threadIdx.x + 32 * k] = in[threadIdx.x + 32 * k];
  __syncthreads();
  out[threadIdx.x] = s[4 * threadIdx.x];
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:22: warning: 4-way bank conflict on 's' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES-DEGREE4: :[[@LINE-2]]:22: warning: 4-way bank conflict on 's' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-3]]:22: warning: 4-way bank conflict on 's' reads (float) [cudalint-shared-bank-conflict]
}

void launch_1d(float *out, const float *in) {
  evens<<<1, 32>>>(out, in);
  fourths<<<1, 32>>>(out, in);
}

// ---- AssumedBlockDim (default: blockDim.x a multiple of 32). ----

// An XOR swizzle, launched nowhere in the file. With 32 threads in x, a warp
// has one threadIdx.y and x ^ y takes 32 values: conflict-free. With 16x16
// blocks, the two half-warps have y and y + 1, and x ^ y and x ^ (y + 1)
// cover the same 16 banks: 2-way, for the store and the load.
// The smallest padding that removes both is 16 words.
__global__ void swizzled(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x ^ threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-1]]:3: warning: 2-way bank conflict on 'tile' writes (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-3]]:20: note: 'tile' declared here; padding its rows to 'tile[32][48]' removes the conflict
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y ^ threadIdx.x];
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-1]]:41: warning: 2-way bank conflict on 'tile' reads (float) [cudalint-shared-bank-conflict]
}
// CHECK-FIXES-DEFAULT: __shared__ float tile[32][32];
// CHECK-FIXES-DEGREE4: __shared__ float tile[32][32];
// CHECK-FIXES-BLOCK16: __shared__ float tile[32][32 + 16];

// A column read stays a 32-way conflict with 32 threads in x. With 16x16
// blocks a warp reads two half-columns (16-way), and even the row-wise store
// conflicts (rows y and y + 1 start in the same bank); no padding fixes both.
__global__ void transpose_tile(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-1]]:3: warning: 2-way bank conflict on 'tile' writes (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-3]]:20: note: no padding of the rows of 'tile' {{.*}}no simple layout change{{.*}}
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:41: warning: 32-way bank conflict on 'tile' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-7]]:20: note: 'tile' declared here; padding its rows to 'tile[32][33]' removes the conflict
  // CHECK-MESSAGES-DEGREE4: :[[@LINE-3]]:41: warning: 32-way bank conflict on 'tile' reads{{.*}}
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-4]]:41: warning: 16-way bank conflict on 'tile' reads (float) [cudalint-shared-bank-conflict]
}
// CHECK-FIXES-DEFAULT: __shared__ float tile[32][32 + 1];
// CHECK-FIXES-DEGREE4: __shared__ float tile[32][32 + 1];
// CHECK-FIXES-BLOCK16: __shared__ float tile[32][32];
