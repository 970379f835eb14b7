// RUN: %check_cudalint --fix-notes %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// A padding is offered only where the bank simulation shows that it removes
// the conflict, and never one that breaks the alignment a vector access of
// the tile needs.
#include "cuda.h"

// A tile stored a float4 at a time and read down a column: one word of
// padding would misalign the float4 stores; four words keep them aligned
// but leave the column reads 4-way, so no padding is offered.
__global__ void vector_tile(float *out, const float4 *in) {
  __shared__ float tile[32][32];
  int r = threadIdx.y, c4 = threadIdx.x % 8;
  for (int j = 0; j < 4; ++j)
    reinterpret_cast<float4 *>(&tile[4 * r + j][0])[c4] = in[(4 * r + j) * 8 + c4];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict on 'tile' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-7]]:20: note: no padding of the rows of 'tile' {{.*}}aligned{{.*}}
}

void run_vector_tile(float *out, const float4 *in) {
  vector_tile<<<1, dim3(32, 8)>>>(out, in);
}

// A 1D array indexed by hand with a 32-word stride: a stride of 33 works.
__global__ void by_hand(float *out, const float *in) {
  __shared__ float s[32 * 32];
  s[threadIdx.y * 32 + threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.x * 32 + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: 's' is indexed by hand: {{.*}}'j + j / 32' in every access{{.*}}
}

void run_by_hand(float *out, const float *in) {
  by_hand<<<1, dim3(32, 32)>>>(out, in);
}

// Doubles with a 16-element stride (8-way per half-warp): 17 works.
__global__ void by_hand_double(double *out, const double *in) {
  __shared__ double s[16 * 32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 16];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: {{[0-9]+}}-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:21: note: 's' is indexed by hand: {{.*}}'j + j / 16' in every access{{.*}}
}

// int4 elements 32 words apart (8-way per quarter-warp): a stride of 9
// int4s (36 words) puts the 8 lanes of a phase on banks 0, 4, ..., 28.
__global__ void by_hand_int4(int4 *out, const int4 *in) {
  __shared__ int4 s[8 * 32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: {{[0-9]+}}-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:19: note: 's' is indexed by hand: {{.*}}'j + j / 8' in every access{{.*}}
}
