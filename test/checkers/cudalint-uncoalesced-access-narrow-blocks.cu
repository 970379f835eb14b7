// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// The remark on blocks narrower than a warp is backed only where it pays:
// rows of 8 threads or fewer in a kernel that streams memory (1.13x for an
// 8x32 2D copy on an H100), or rows whose bytes leave sectors partly used.
// Rows of 16 (1.03x on a stencil) and kernels bound by loops or texture
// fetches get nothing.

__global__ void copy2d(float *out, const float *in, int cols) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * cols + col] = in[row * cols + col];
}

void launch_copy2d_8(float *out, const float *in, int rows, int cols) {
  copy2d<<<dim3(cols / 8, rows / 8), dim3(8, 8)>>>(out, in, cols);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: remark: 8x8 blocks split each warp into 4 rows{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: each row has at most 8 threads{{.*}}1.13x{{.*}}H100
}

void launch_copy2d_16(float *out, const float *in, int rows, int cols) {
  copy2d<<<dim3(cols / 16, rows / 16), dim3(16, 16)>>>(out, in, cols);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:3: remark:
}

// Rows of 8 threads moving 8- or 16-byte values: each row is two or four
// whole sectors, a shape the 1.13x (rows of one sector) was not measured on.
__global__ void copy2d_pairs(float2 *out, const float2 *in, int cols) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * cols + col] = in[row * cols + col];
}

struct Vertex {
  float x, y, z, w;
};

__global__ void write_vertices(Vertex *pos, int width, float t) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  Vertex v = {x * 0.5f, t, y * 0.5f, 1.0f};
  pos[y * width + x] = v;
}

void launch_wide_values(float2 *out, const float2 *in, Vertex *pos, int rows,
                        int cols) {
  copy2d_pairs<<<dim3(cols / 8, rows / 8), dim3(8, 8)>>>(out, in, cols);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:3: remark:
  write_vertices<<<dim3(cols / 8, rows / 8), dim3(8, 8)>>>(pos, cols, 1.0f);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:3: remark:
}

// A loop per pixel: the time is in the loop, and 8 floats fill a sector.
__global__ void blur(float *out, const float *in, int cols, int taps) {
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int k = 0; k < taps; ++k)
    s += in[y * cols + x + k];
  out[y * cols + x] = s;
}

void launch_blur(float *out, const float *in, int rows, int cols) {
  blur<<<dim3(cols / 8, rows / 8), dim3(8, 8)>>>(out, in, cols, 9);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:3: remark:
}

// Texture fetches: their cache, not the rows, decides.
__global__ void sample(unsigned *out, cudaTextureObject_t tex, int cols) {
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[y * cols + x] = (unsigned)tex2D<float>(tex, x + 0.5f, y + 0.5f);
}

void launch_sample(unsigned *out, cudaTextureObject_t tex, int rows, int cols) {
  sample<<<dim3(cols / 8, rows / 8), dim3(8, 8)>>>(out, tex, cols);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:3: remark:
}

// Rows of 4 floats use half a sector each, loop or not.
__global__ void scale_rows(float *out, const float *in, int cols, int reps) {
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[y * cols + x];
  for (int k = 0; k < reps; ++k)
    v = v * 0.5f + 1.f;
  out[y * cols + x] = v;
}

void launch_scale_rows(float *out, const float *in, int rows, int cols) {
  scale_rows<<<dim3(cols / 4, rows / 16), dim3(4, 16)>>>(out, in, cols, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: remark: 4x16 blocks split each warp into 8 rows{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: each row of 4 threads uses 16 bytes of a 32-byte sector{{.*}}
}

// A warp of 4x4 blocks spans four rows: what it fetches is counted over all
// of them. Rows of 4 complex values fill a sector each; a table read by x
// alone is the same 16 bytes in every row.
struct cplx {
  float re, im;
};

__global__ void scale_spectrum(cplx *out, const cplx *in, const float *k,
                               int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float s = k[x] * k[x] + k[y] * k[y];
  out[y * n + x].re = in[y * n + x].re / s;
  out[y * n + x].im = in[y * n + x].im / s;
}

void launch_scale_spectrum(cplx *out, const cplx *in, const float *k, int n) {
  scale_spectrum<<<dim3(n / 4, n / 4), dim3(4, 4)>>>(out, in, k, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: each row has at most 4 threads{{.*}}
  // CHECK-MESSAGES-NOT: :[[@LINE-2]]:3: note: each row of 4 threads uses
}

// Rows of 4 doubles: one sector each, read by x and y.
__global__ void halve(double *a, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  a[y * n + x] *= 0.5;
}

void launch_halve(double *a, int n) {
  halve<<<dim3(n / 4, n / 8), dim3(4, 8)>>>(a, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: each row has at most 4 threads{{.*}}
  // CHECK-MESSAGES-NOT: :[[@LINE-2]]:3: note: each row of 4 threads uses
}

// Rows of 2 complex values: half a sector per row.
void launch_scale_spectrum_2(cplx *out, const cplx *in, const float *k, int n) {
  scale_spectrum<<<dim3(n / 2, n / 16), dim3(2, 16)>>>(out, in, k, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: each row of 2 threads uses 16 bytes{{.*}}
}
