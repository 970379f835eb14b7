// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A lane that loads the whole of a small record of its own, field by field,
// uses every byte the warp fetches: the lanes' records tile memory and the
// L1 serves the rest of each record after the first load. Stores are not
// merged, so the same record stored field by field is still reported.

struct rec34 {
  short d;
  signed char qs[32];
};

struct rec22 {
  short d;
  unsigned char qh[4];
  unsigned char qs[16];
};

// Quiet: a typed array of 34-byte records, the scale then the quants.
__global__ void expand34(float *y, const rec34 *x) {
  int ib = blockIdx.x * blockDim.x + threadIdx.x;
  float d = x[ib].d;
  for (int j = 0; j < 32; j += 2) {
    float lo = d * x[ib].qs[j], hi = d * x[ib].qs[j + 1];
    y[ib * 32 + j] = lo;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'y'{{.*}}[cudalint-uncoalesced-access]
    y[ib * 32 + j + 1] = hi;
  }
}

// Quiet: 22-byte records reached through a byte pointer and a runtime
// record stride, three fields each.
__global__ void expand22(float *y, const char *cx, long nb0, long nb1,
                         long ne0) {
  long i = ((long)blockIdx.x * blockDim.x + threadIdx.x) * 32;
  long row = i / ne0, col = i % ne0;
  const rec22 *b = (const rec22 *)(cx + (col / 32) * nb0 + row * nb1);
  float d = b->d;
  unsigned h = 0;
  for (int k = 0; k < 4; ++k)
    h |= unsigned(b->qh[k]) << (8 * k);
  float s = 0.f;
  for (int j = 0; j < 16; ++j)
    s += d * ((b->qs[j] & 0xF) | ((h >> j) & 1) << 4);
  y[i / 32] = s;
}

// Quiet: the record unpacked two quants at a time by a helper, in a loop of
// step 2, through a byte pointer placed by runtime strides.
__device__ void unpack_pair(const void *vb, long ib, int iq, float &lo,
                            float &hi) {
  const rec34 *b = (const rec34 *)vb;
  float d = b[ib].d;
  lo = d * b[ib].qs[iq];
  hi = d * b[ib].qs[iq + 1];
}

__global__ void expand_pairs(float *y, const char *cx, long ne0, long nb0,
                             long nb1) {
  long i = ((long)blockIdx.x * blockDim.x + threadIdx.x) * 32;
  long row = i / ne0, col = i - row * ne0;
  const char *blk = cx + (col / 32) * nb0 + row * nb1;
  float s = 0.f;
  for (int j = 0; j < 32; j += 2) {
    float lo, hi;
    unpack_pair(blk, 0, j, lo, hi);
    s += lo * hi;
  }
  y[i / 32] = s;
}

// Reported: one field of each record read, the rest never used.
__global__ void scales_only(float *y, const rec34 *x) {
  int ib = blockIdx.x * blockDim.x + threadIdx.x;
  y[ib] = x[ib].d;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: {{.*}}'x'{{.*}}[cudalint-uncoalesced-access]
}

// Reported: each lane stores its own record, one field at a time.
__global__ void pack34(rec34 *x, const float *y) {
  int ib = blockIdx.x * blockDim.x + threadIdx.x;
  x[ib].d = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'x'{{.*}}[cudalint-uncoalesced-access]
  for (int j = 0; j < 32; ++j)
    x[ib].qs[j] = (signed char)y[ib * 32 + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'x'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:32: warning: {{.*}}'y'{{.*}}[cudalint-uncoalesced-access]
}

void launch_records(float *y, const rec34 *x, rec34 *w, const char *c,
                    long n) {
  expand34<<<n / 64, 64>>>(y, x);
  expand22<<<n / 64, 64>>>(y, c, 22, 22 * n, 32 * n);
  expand_pairs<<<n / 64, 64>>>(y, c, 32 * n, 34, 34 * n);
  scales_only<<<n / 64, 64>>>(y, x);
  pack34<<<n / 64, 64>>>(w, y);
}

// A store made once, after the work, by a handful of lanes of each block
// (after a reduction, one lane per output column): a few sectors per block,
// whatever their layout.

// Quiet: the lanes below a template's column count store their sums.
template <int NCols>
__global__ void dot_columns(float *dst, const float *x, const float *w,
                            int ncols, int stride) {
  __shared__ float part[NCols];
  int tid = threadIdx.x, row = blockIdx.x;
  float s = 0.f;
  for (int k = tid; k < ncols; k += blockDim.x)
    s += x[row * ncols + k] * w[k];
  if (tid < NCols)
    part[tid] = s;
  __syncthreads();
  if (tid >= NCols)
    return;
  dst[tid * stride + row] = part[tid];
}

// Quiet: one lane per warp stores its warp's result.
__global__ void warp_leaders(float *out, const float *in, int stride) {
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (lane == 0)
    out[warp * stride + blockIdx.x] = v;
}

// Reported: 16 lanes, half a warp, each a sector of its own.
__global__ void half_warp(float *dst, const float *x, int stride) {
  int tid = threadIdx.x;
  if (tid < 16)
    dst[tid * stride + blockIdx.x] = x[blockIdx.x * 16 + tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'dst'{{.*}}[cudalint-uncoalesced-access]
}

// Reported: the few lanes store at every step of a loop.
__global__ void few_in_loop(float *dst, const float *x, int stride, int n) {
  int tid = threadIdx.x;
  for (int c = 0; c < n; ++c)
    if (tid < 8)
      dst[tid * stride + c] = x[c];
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}'dst'{{.*}}[cudalint-uncoalesced-access]
}

void launch_few(float *d, const float *x, const float *w, int n) {
  dot_columns<4><<<n, 256>>>(d, x, w, n, n);
  dot_columns<8><<<n, 256>>>(d, x, w, n, n);
  warp_leaders<<<n, 256>>>(d, x, n);
  half_warp<<<n, 256>>>(d, x, n);
  few_in_loop<<<n, 256>>>(d, x, n, n);
}
