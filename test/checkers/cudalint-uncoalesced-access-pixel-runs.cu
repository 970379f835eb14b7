// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A lane that reads and rewrites its own 16-byte pixel, the lanes' pixels
// back to back along each row of the block: the warp's stores fill every
// sector its loads fetched. No finding, and never a swap of x and y, which
// would put the lanes a row pitch apart.

// Quiet: a read-modify-write of a 4-float pixel in a pitched surface.
__global__ void shade(unsigned char *surf, int w, int h, size_t pitch,
                      float t) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float *px;
  if (x >= w || y >= h)
    return;
  px = (float *)(surf + y * pitch) + 4 * x;
  px[0] = 0.5f * px[0] + t;
  px[1] = 0.5f * px[1] + t;
  px[2] = t;
  px[3] = 1.0f;
}

void run_shade(void *s, int w, int h, size_t p, float t) {
  dim3 b = dim3(16, 16);
  dim3 g = dim3((w + b.x - 1) / b.x, (h + b.y - 1) / b.y);
  shade<<<g, b>>>((unsigned char *)s, w, h, p, t);
}

// Quiet: the same with an index, a row stride in elements and 8x8 blocks.
__global__ void blend(float *img, int ld, float a) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int i = row * ld + 4 * col;
  img[i + 0] = a * img[i + 0];
  img[i + 1] = a * img[i + 1];
  img[i + 2] = a * img[i + 2];
  img[i + 3] = a;
}

void run_blend(float *img, int ld, int w, int h) {
  blend<<<dim3(w / 8, h / 8), dim3(8, 8)>>>(img, ld, 0.5f);
}

// Reported, but with no swap offered: pixels 32 bytes apart, each lane
// writing half of its own, leave gaps; the swap would put the lanes a pitch
// apart.
__global__ void half_pixels(unsigned char *surf, size_t pitch) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float *px = (float *)(surf + y * pitch) + 8 * x;
  px[0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOT: :[[@LINE-5]]:{{[0-9]+}}: note: {{.*}}swap the x and y
  px[1] = 2.0f;
  px[2] = 3.0f;
  px[3] = 4.0f;
}

void run_half_pixels(void *s, size_t p, int w, int h) {
  half_pixels<<<dim3(w / 16, h / 16), dim3(16, 16)>>>((unsigned char *)s, p);
}

// A setup kernel filling a table of pointers, one per batch: quiet (see
// cudalint-uncoalesced-access-tiny-launches.cu), whatever its layout.
__global__ void fill_table(float **tab, float *base, int n1, int n2,
                           int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n1 || j >= n2)
    return;
  tab[i * n2 + j] = base + i * stride + j;
}

void run_fill_table(float **tab, float *base, int n1, int n2, int s) {
  dim3 b(16, 16);
  dim3 g((n1 + 15) / 16, (n2 + 15) / 16);
  fill_table<<<g, b>>>(tab, base, n1, n2, s);
}
