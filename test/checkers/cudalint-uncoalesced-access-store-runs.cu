// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// Loads and stores are graded apart, by the bytes each lane touches in a
// row. A lane's run of up to 32 bytes loaded an element at a time costs
// nothing (the L1 keeps the sector between the loads), but stores are not
// merged: each store of a run 8 to 16 bytes long, with the lanes a run
// apart, writes sectors of its own.

// Reported: a dequantisation layout, each lane storing 4 consecutive floats
// in a loop, lanes 16 bytes apart at each store.
__global__ void dequant_runs(float *y, const unsigned char *q, float d) {
  int il = threadIdx.x / 8, ir = threadIdx.x % 8;
  float *out = y + 256 * blockIdx.x + 32 * ir + 4 * il;
  const unsigned char *in = q + 128 * blockIdx.x + 16 * ir + 4 * il;
  for (int l = 0; l < 4; ++l) {
    out[l] = d * (in[l] & 0xF);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'y'{{.*}}[cudalint-uncoalesced-access]
    out[l + 16] = d * (in[l] >> 4);
  }
}

void run_dequant_runs(float *y, const unsigned char *q, int n) {
  dequant_runs<<<n, 32>>>(y, q, 0.5f);
}

// Quiet: the same runs loaded.
__global__ void load_runs(float *out, const float *x) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int l = 0; l < 4; ++l)
    s += x[4 * t + l];
  out[t] = s;
}

// Reported: straight-line stores of a lane's four floats.
__global__ void unpack4(float *out, const float4 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = in[i];
  out[4 * i + 0] = v.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'out'{{.*}}[cudalint-uncoalesced-access]
  out[4 * i + 1] = v.y;
  out[4 * i + 2] = v.z;
  out[4 * i + 3] = v.w;
}

// Reported: two doubles per lane, stored one by one.
__global__ void split_complex(double *out, const double *re, const double *im,
                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[2 * i] = re[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'out'{{.*}}[cudalint-uncoalesced-access]
    out[2 * i + 1] = im[i];
  }
}

// Quiet: the same four floats read straight-line.
__global__ void pack4(float4 *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v;
  v.x = in[4 * i];
  v.y = in[4 * i + 1];
  v.z = in[4 * i + 2];
  v.w = in[4 * i + 3];
  out[i] = v;
}

// Quiet: one 16-byte vector store per lane is lane-consecutive.
__global__ void widen(float4 *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v;
  v.x = v.y = v.z = v.w = in[i];
  out[i] = v;
}

// Quiet: two halves per lane are 4 bytes, a run too short to cost.
__global__ void split_half(__half *out, const __half *a, const __half *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] = a[i];
  out[2 * i + 1] = b[i];
}

// Quiet: a 32-byte run per lane stored a float4 at a time (a tile epilogue):
// each store writes its sectors as a vector load reads them.
__global__ void epilogue_float4(float *out, const float *acc_in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < 8; j += 4) {
    float4 v;
    v.x = v.y = v.z = v.w = acc_in[j];
    reinterpret_cast<float4 *>(&out[t * 8 + j])[0] = v;
  }
}

// Flagged: the same run stored a float at a time.
__global__ void epilogue_scalar(float *out, const float *acc_in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < 8; ++j)
    out[t * 8 + j] = acc_in[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced store to 'out': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: each thread stores its own run of 32 bytes
}
