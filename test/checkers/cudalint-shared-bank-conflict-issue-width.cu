// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// A thread's contiguous run of floats, ints or doubles in shared memory is
// issued as 64- or 128-bit accesses (LDS.64/LDS.128) when it starts on a
// multiple of that width from an array the compiler placed that aligned:
// the degree is judged at that width. Each kernel here was compiled for
// sm_90 with CUDA 13 and its SASS read: the comment says what ptxas issued.
#include "cuda.h"

// ---- Quiet: issued as vectors, no conflict at their width. ----

// LDS.128: 4 floats a lane, a quarter-warp's 8 lanes on 128 contiguous bytes.
__global__ void four_floats(const float *in, float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  for (int j = 0; j < 4; ++j)
    s[j * 256 + t] = in[j * 256 + t];
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 4; ++j)
    acc += s[t * 4 + j];
  out[t] = acc;
}

// LDS.128 on dynamic shared memory, which starts 16-byte aligned.
__global__ void four_floats_extern(const float *in, float *out) {
  extern __shared__ float dyn[];
  int t = threadIdx.x;
  for (int j = 0; j < 4; ++j)
    dyn[j * 256 + t] = in[j * 256 + t];
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 4; ++j)
    acc += dyn[t * 4 + j];
  out[t] = acc;
}

// LDS.128: two doubles a lane.
__global__ void two_doubles(const double *in, double *out) {
  __shared__ double s[512];
  int t = threadIdx.x;
  for (int j = 0; j < 2; ++j)
    s[j * 256 + t] = in[j * 256 + t];
  __syncthreads();
  double acc = 0;
  for (int j = 0; j < 2; ++j)
    acc += s[t * 2 + j];
  out[t] = acc;
}

// LDS.64: two floats a lane, a half-warp on 128 contiguous bytes.
__global__ void two_floats(const float *in, float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  for (int j = 0; j < 2; ++j)
    s[j * 256 + t] = in[j * 256 + t];
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 2; ++j)
    acc += s[t * 2 + j];
  out[t] = acc;
}

// STS.128 through a helper's pointer.
__device__ void store4(float *p, float v) {
  for (int j = 0; j < 4; ++j)
    p[j] = v + j;
}
__global__ void four_floats_helper(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  store4(s + t * 4, t);
  __syncthreads();
  out[t] = s[t];
}

// ---- Flagged. ----

// LDS.128 twice: 8 floats a lane, lanes 32 bytes apart: 2-way per
// quarter-warp at 128 bits (it would be 8-way counted as 32-bit loads).
__global__ void eight_floats(const float *in, float *out) {
  __shared__ float s[2048];
  int t = threadIdx.x;
  for (int j = 0; j < 8; ++j)
    s[j * 256 + t] = in[j * 256 + t];
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 8; ++j)
    acc += s[t * 8 + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way bank conflict on 's' reads (float) [cudalint-shared-bank-conflict]
  out[t] = acc;
}

// Four 32-bit LDS: the array follows a 3-byte one, so ptxas cannot place it
// 16-byte aligned.
__global__ void after_odd_array(const float *in, float *out) {
  __shared__ char tag[3];
  __shared__ float s[1024];
  int t = threadIdx.x;
  if (t < 3)
    tag[t] = t;
  for (int j = 0; j < 4; ++j)
    s[j * 256 + t] = in[j * 256 + t];
  __syncthreads();
  float acc = tag[t % 3];
  for (int j = 0; j < 4; ++j)
    acc += s[t * 4 + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 4-way bank conflict on 's' reads (float) [cudalint-shared-bank-conflict]
  out[t] = acc;
}

// Eight 16-bit LDS: runs of __half stay element by element.
__global__ void eight_halves(const __half *in, float *out) {
  __shared__ __half s[2048];
  int t = threadIdx.x;
  for (int j = 0; j < 8; ++j)
    s[j * 256 + t] = in[j * 256 + t];
  __syncthreads();
  __half acc;
  for (int j = 0; j < 8; ++j)
    acc = s[t * 8 + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 4-way bank conflict on 's' reads (__half) [cudalint-shared-bank-conflict]
  out[t] = 0;
}
