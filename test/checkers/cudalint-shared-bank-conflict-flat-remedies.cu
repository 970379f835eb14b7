// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// A remedy for an array indexed by hand is checked against every access of
// the array, not the one that conflicts: a change of layout is written in
// every index ('j' as 'j + j / R'), so it is offered only when the bank
// simulation of all the accesses under it shows the conflict gone and none
// added. Where no padding passes, each thread's adjacent elements accessed
// as one vector keep the layout; where neither fits, nothing is offered.
#include "cuda.h"

// Pairs written 2 words apart, read back flat: a row stride of 3 would
// break the flat reads; 'j + j / 32' passes all four accesses.
__global__ void pairs_then_flat(unsigned *out, const unsigned *in) {
  __shared__ unsigned keys[512];
  unsigned t = threadIdx.x;
  keys[2 * t] = in[2 * t];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-4]]:23: note: 'keys' is indexed by hand: {{.*}}'j + j / 32' in every access{{.*}}
  keys[2 * t + 1] = in[2 * t + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  __syncthreads();
  out[t] = keys[t];
  out[t + blockDim.x] = keys[t + blockDim.x];
}

void run_pairs(unsigned *out, const unsigned *in) {
  pairs_then_flat<<<1, 256>>>(out, in);
}

// The same pairs, spelled with a local index and an int array, then a
// scan tree: 'j + j / 32' (one word every 32, the classic scan padding)
// passes the pairs and the tree's first step.
__global__ void pairs_then_tree(int *out, const int *in) {
  __shared__ int vals[256];
  int tid = threadIdx.x;
  int i = tid << 1;
  vals[i] = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:18: note: 'vals' is indexed by hand: {{.*}}'j + j / 32' in every access{{.*}}
  vals[i + 1] = in[i + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  for (int s = 1; s < 256; s <<= 1) {
    __syncthreads();
    if (tid < 256 / (2 * s))
      vals[2 * s * tid + 2 * s - 1] += vals[2 * s * tid + s - 1];
    // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: bank conflicts on 'vals' grow{{.*}}[cudalint-shared-bank-conflict]
  }
  __syncthreads();
  out[tid] = vals[tid];
}

void run_tree(int *out, const int *in) { pairs_then_tree<<<1, 128>>>(out, in); }

// A column read 32 words apart beside a row read 33 words apart: every
// padding of the index that fixes the one conflicts the other, and no
// vector covers 32 words: nothing is offered.
__global__ void two_strides(float *out, const float *in) {
  __shared__ float grid[33 * 64];
  unsigned t = threadIdx.x;
  for (unsigned r = 0; r < 64; ++r)
    grid[r * 33 + t] = in[r * 33 + t];
  __syncthreads();
  out[t] = grid[t * 32] + grid[t * 33];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-7]]:20: note: 'grid' is indexed by hand: no padding of its index{{.*}}no simple layout change fixes it
}

void run_two(float *out, const float *in) { two_strides<<<1, 32>>>(out, in); }
