// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// The launch decides which built-in the lanes of a warp vary in. A block one
// thread wide (`dim3(1, n)`) puts 32 consecutive threadIdx.y values in each
// warp, whatever n is: an index built from threadIdx.y is the lanes' index.

// Quiet: one row of `v` per block, lanes walk threadIdx.y along it.
__global__ void scale_rows_y(float *v, const float *s, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = threadIdx.y;
  v[row * n + col] *= s[row];
}

void run_scale_rows_y(float *v, const float *s, int rows, int n) {
  dim3 block(1, n);
  scale_rows_y<<<rows, block>>>(v, s, n);
}

// Quiet: the same, the block spelled inline and its height a variable.
__global__ void copy_rows_y(float *dst, const float *src, int ld) {
  const int r = blockIdx.x;
  const int c = blockIdx.y * blockDim.y + threadIdx.y + threadIdx.x;
  dst[r * ld + c] = src[r * ld + c];
}

void run_copy_rows_y(float *dst, const float *src, int rows, int ld, int h) {
  copy_rows_y<<<dim3(rows, ld / h), dim3(1, h, 1)>>>(dst, src, ld);
}

// Quiet: the block shape comes through a host template's arguments.
__global__ void add_rows_y(float *a, const float *b, int ld) {
  int i = blockIdx.x * ld + blockIdx.y * blockDim.y + threadIdx.y;
  a[i + threadIdx.x * ld] += b[i + threadIdx.x * ld];
}

template <int BlockX>
void launch_add_rows_y(float *a, const float *b, int rows, int ld, int h) {
  dim3 block;
  block.x = BlockX;
  block.y = h;
  add_rows_y<<<dim3(rows, ld / h), block>>>(a, b, ld);
}

void run_add_rows_y(float *a, const float *b, int rows, int ld, int h) {
  launch_add_rows_y<1>(a, b, rows, ld, h);
}

// Reported: with the same kind of block, lanes that walk a column through
// threadIdx.y are a row apart.
__global__ void column_y(float *v, int ld) {
  int col = blockIdx.x + threadIdx.x;
  int row = threadIdx.y + blockIdx.y * blockDim.y;
  v[row * ld + col] = 0.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'v'{{.*}}[cudalint-uncoalesced-access]
}

void run_column_y(float *v, int ld, int rows, int h) {
  column_y<<<dim3(ld, rows / h), dim3(1, h)>>>(v, ld);
}

// Reported: a block 16 wide of unknown height puts two rows in each warp;
// lanes of a row are a column apart.
__global__ void column_16(float *v, int ld) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  v[row * ld + col] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'v'{{.*}}[cudalint-uncoalesced-access]
}

void run_column_16(float *v, int ld, int rows, int h) {
  column_16<<<dim3(rows / 16, ld / h), dim3(16, h)>>>(v, ld);
}

// Quiet: the x extent of an integer block is unknown, but y and z are 1: a
// threadIdx.y term cannot separate lanes.
__global__ void gather_rows(float *out, const float *in, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i + threadIdx.y * ld] = in[i + threadIdx.y * ld];
}

void run_gather_rows(float *out, const float *in, int n, int threads) {
  gather_rows<<<n / threads, threads>>>(out, in, n);
}
