// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A phase that runs once next to a heavier one costs nothing measurable: a
// thread's share of filling a fixed-size shared tile (the extent over the
// block's threads, not a runtime extent) before a loop of shared loads over
// a runtime count, or a pointer load next to a device-side heap call.

// ---- Cold phases: not reported. ----

// Each thread fills 2048 / blockDim.x consecutive words, then the repeat loop
// reads the tile sixteen words a trip.
__global__ void share_then_repeat(const float *src, float *out, int reps) {
  __shared__ float tile[2048];
  int per = 2048 / blockDim.x;
  int base = blockIdx.x * 2048 + threadIdx.x * per;
  for (int j = 0; j < per; ++j)
    tile[threadIdx.x * per + j] = src[base + j];
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-uncoalesced-access]
  __syncthreads();
  float acc = 0.f;
  int s = threadIdx.x;
  for (int r = 0; r < reps; ++r) {
    for (int q = 0; q < 16; ++q)
      acc += tile[(s + q) & 2047];
    s = (s + 16) & 2047;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// A block-stride fill of a 1024-word tile, columns gathered, before a loop
// over a runtime count.
__global__ void stride_fill_then_sweep(const float *src, float *out, int reps,
                                       int ld) {
  __shared__ float tile[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    tile[i] = src[i * ld + blockIdx.x];
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-uncoalesced-access]
  __syncthreads();
  float acc = 0.f;
  for (int r = 0; r < reps; ++r)
    for (int q = 0; q < 8; ++q)
      acc += tile[(threadIdx.x + r + q) & 1023];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// The share fill of a launched block of 64 is 32 trips a thread: no more than
// the fill of the tile, still a sliver of a sweep of 16 loads per trip.
__global__ void share_at_launch(const double *src, double *out, int reps) {
  __shared__ double tile[2048];
  unsigned words = 2048u / blockDim.x;
  for (unsigned j = 0; j < words; j++)
    tile[threadIdx.x * words + j] =
        src[blockIdx.x * 2048 + threadIdx.x * words + j];
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-uncoalesced-access]
  __syncthreads();
  double acc = 0;
  for (int r = 0; r < reps; r++)
    for (int q = 0; q < 16; q++)
      acc += tile[(threadIdx.x * 7 + r + q) % 2048];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

void launch_share_at_launch(const double *src, double *out, int reps) {
  share_at_launch<<<64, 64>>>(src, out, reps);
}

struct Line {
  float2 ctrl[3];
  float2 *verts;
  int count;
};

// One pointer load per thread, next to a device-side free.
__global__ void free_lines(Line *lines, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n)
    cudaFree(lines[i].verts);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-uncoalesced-access]
}

// The same through a local, with a device-side allocation.
__global__ void grow_lines(Line *lines, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Line *l = &lines[i];
  if (l->verts == nullptr)
    // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-uncoalesced-access]
    cudaMalloc((void **)&l->verts, 64 * sizeof(float2));
}

// ---- Hot: reported. ----

// The share fill is the kernel's whole work.
__global__ void share_fill_only(const float *src, float *out) {
  __shared__ float tile[2048];
  int per = 2048 / blockDim.x;
  for (int j = 0; j < per; ++j)
    tile[threadIdx.x * per + j] =
        src[blockIdx.x * 2048 + threadIdx.x * per + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}'src'{{.*}}[cudalint-uncoalesced-access]
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x];
}

// A block-stride loop over a runtime extent is the hot loop, whatever follows.
__global__ void stride_runtime_then_sweep(const float *src, float *out, int n,
                                          int ld, int reps) {
  __shared__ float tile[1024];
  float acc = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    acc += src[i * ld + blockIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}'src'{{.*}}[cudalint-uncoalesced-access]
  tile[threadIdx.x] = acc;
  __syncthreads();
  for (int r = 0; r < reps; ++r)
    acc += tile[(threadIdx.x + r) & 1023];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Reading the record without a runtime call: the kernel's whole work.
__global__ void read_lines(float2 *out, const Line *lines, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = lines[i].ctrl[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}'lines'{{.*}}[cudalint-uncoalesced-access]
}

// A device-side free once per thread does not hide a strided loop over a
// runtime extent.
__global__ void sum_then_free(float *out, Line *lines, const float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int k = 0; k < n; ++k)
    s += a[i * n + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}'a'{{.*}}[cudalint-uncoalesced-access]
  out[i] = s;
  cudaFree(lines[i].verts);
}
