// Groups smaller than a warp, launch shapes that put two rows in one warp,
// pixel-parity and Bayer-pattern switches, and the branches that are at
// most remarks, on the toolkit's headers.
// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-divergent-branch %t

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ float warm(float x) {
  for (int k = 0; k < 64; ++k)
    x = x * 0.99f + 1.f;
  return x;
}
__device__ float cool(float x) {
  for (int k = 0; k < 64; ++k)
    x = x * 1.01f - 1.f;
  return x;
}

// ---- Flagged. ----

// Two 16-thread tiles share each warp: a test on the tile's rank splits it.
__global__ void half_warp_tiles(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  float v = out[threadIdx.x];
  if (tile.meta_group_rank() % 2 == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane-divergent branch 'tile.meta_group_rank() % 2 == 0': {{.*}}[cudalint-divergent-branch]
    v = warm(v);
  else
    v = cool(v);
  out[threadIdx.x] = v;
}

// Row parity with a 16-wide block: each warp holds two rows.
__global__ void row_parity(float *img, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = img[y * w + x];
  if (y & 1)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane-divergent branch 'y & 1': {{.*}}[cudalint-divergent-branch]
    v = warm(v);
  else
    v = cool(v);
  img[y * w + x] = v;
}

// A Bayer-pattern switch: the four cases each do real work.
__global__ void demosaic(const float *raw, float *rgb, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1)
    return;
  const float *p = raw + y * w + x;
  float r, g, b;
  switch ((y & 1) * 2 + (x & 1)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: lane-divergent branch '(y & 1) * 2 + (x & 1)': {{.*}}
  case 0:
    r = p[0];
    g = 0.25f * (p[-1] + p[1] + p[-w] + p[w]);
    b = 0.25f * (p[-w - 1] + p[-w + 1] + p[w - 1] + p[w + 1]);
    break;
  case 1:
    g = p[0];
    r = 0.5f * (p[-1] + p[1]);
    b = 0.5f * (p[-w] + p[w]);
    break;
  case 2:
    g = p[0];
    b = 0.5f * (p[-1] + p[1]);
    r = 0.5f * (p[-w] + p[w]);
    break;
  default:
    b = p[0];
    g = 0.25f * (p[-1] + p[1] + p[-w] + p[w]);
    r = 0.25f * (p[-w - 1] + p[-w + 1] + p[w - 1] + p[w + 1]);
    break;
  }
  rgb[3 * (y * w + x)] = r;
  rgb[3 * (y * w + x) + 1] = g;
  rgb[3 * (y * w + x) + 2] = b;
}

// ---- Remarks, not warnings. ----

// Both arms call one function with the arguments swapped.
__device__ float blend(float a, float b) {
  for (int k = 0; k < 32; ++k)
    a = a * 0.5f + b * 0.25f;
  return a;
}
__global__ void swapped_args(const float *x, const float *y, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float r;
  if (threadIdx.x % 2)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: remark: lane-divergent branch 'threadIdx.x % 2': {{.*}}[cudalint-divergent-branch]
    r = blend(x[i], y[i]);
  else
    r = blend(y[i], x[i]);
  out[i] = r;
}

// An exact test on float data: practically never splits a warp.
__global__ void zero_pivot(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = a[i];
  if (v == 0.f)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: remark: branch on per-lane data 'v == 0.f': {{.*}}[cudalint-divergent-branch]
    v = warm(v + 1.f);
  else
    v = cool(v);
  out[i] = v;
}

// ---- Not flagged. ----

// Row parity with a 32-wide block: each warp is one row.
__global__ void row_parity_wide(float *img, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = img[y * w + x];
  if (y & 1)
    v = warm(v);
  else
    v = cool(v);
  img[y * w + x] = v;
}

// 32-thread tiles: the rank is the warp's own.
__global__ void warp_tiles(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = out[threadIdx.x];
  if (tile.meta_group_rank() % 2 == 0)
    v = warm(v);
  else
    v = cool(v);
  out[threadIdx.x] = v;
}

void launch(float *o, const float *r, int w, int h) {
  half_warp_tiles<<<64, 256>>>(o);
  row_parity<<<dim3(w / 16, h / 16), dim3(16, 16)>>>(o, w);
  demosaic<<<dim3(w / 16, h / 16), dim3(16, 16)>>>(r, o, w, h);
  swapped_args<<<64, 256>>>(r, r, o);
  zero_pivot<<<64, 256>>>(r, o, w);
  row_parity_wide<<<dim3(w / 32, h / 8), dim3(32, 8)>>>(o, w);
  warp_tiles<<<64, 256>>>(o);
}
