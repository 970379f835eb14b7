// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A kernel written for tensors of runtime strides (every term of the
// address scaled by one) that splits the flat thread index into a row
// coordinate wrapped at the row's end and the rows: the wrapped coordinate
// is the innermost, whose stride is one element for a contiguous tensor, so
// the lanes run contiguously but for one wrap per row.

// Quiet: `i % n`, then `i / n` for the rows.
__global__ void rows_by_modulo(float *dst, const float *x, long n, long sx0,
                               long sx1, long sd0, long sd1, long total) {
  long ir = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (ir >= total)
    return;
  long i0 = ir % n;
  long it = ir / n;
  dst[i0 * sd0 + it * sd1] = x[i0 * sx0 + it * sx1];
}

// Quiet: a circular pad, `(i - lp + n) % n` through a helper.
__device__ long wrap_coord(long c, long size) { return (c + size) % size; }

__global__ void circular_pad(float *dst, const float *src, long s0, long s1,
                             int lp, int rp, int ne0) {
  int i0 = threadIdx.x + blockIdx.x * blockDim.x;
  if (i0 >= ne0)
    return;
  long n = ne0 - lp - rp;
  long j0 = wrap_coord(i0 - lp, n);
  long j1 = wrap_coord(blockIdx.y - lp, n);
  dst[blockIdx.y * ne0 + i0] = src[j0 * s0 + j1 * s1];
}

// Quiet: a conditional wrap, and a constant row of a warp or more.
__global__ void ring_shift(float *dst, const float *src, int shift, int n,
                           long s0, long s1) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + shift;
  int j = i >= n ? i - n : i;
  dst[j * s0 + blockIdx.y * s1] = src[(i % 64) * s0 + blockIdx.y * s1];
}

// Reported: a modulus smaller than a warp reorders the lanes of every warp.
__global__ void small_modulus(float *dst, const float *src, long s0, long s1) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  dst[t] = src[(t % 8) * s0 + (t / 8) * s1];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}}'src'{{.*}}[cudalint-uncoalesced-access]
}

// Reported: the wrapped index picks a row of a matrix walked along its row
// (a unit-stride term): a thread per row.
__global__ void row_per_thread(float *out, const float *a, int nrows,
                               int ncols) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int row = idx % nrows;
  float s = 0.f;
  for (int k = 0; k < ncols; ++k)
    s += a[row * ncols + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}'a'{{.*}}[cudalint-uncoalesced-access]
  out[idx] = s;
}

// Reported: a constant stride says the wrapped coordinate is not the
// innermost one.
__global__ void constant_stride(float *dst, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  dst[(i % n) * 64 + i / n] = 0.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'dst'{{.*}}[cudalint-uncoalesced-access]
}

void launch_wraps(float *d, const float *s, long n) {
  rows_by_modulo<<<(n + 255) / 256, 256>>>(d, s, n, 1, n, 1, n, n * 8);
  circular_pad<<<dim3(4, 8), 256>>>(d, s, 1, n, 2, 2, 260);
  ring_shift<<<dim3(4, 8), 256>>>(d, s, 3, 1000, 1, n);
  small_modulus<<<n, 256>>>(d, s, 1, n);
  row_per_thread<<<64, 256>>>(d, s, 4096, 512);
  constant_stride<<<n, 256>>>(d, n);
}

// The innermost coordinate spelled as a subtraction: `i0 = i - i1 * n0`
// after `i1 = i / n0`, each coordinate times its runtime stride.

// Quiet: a 3-D copy between byte-strided views, through a helper.
template <typename T>
__device__ void copy_one(const char *src, char *dst) {
  *(T *)dst = *(const T *)src;
}

__global__ void copy_views(const char *x, char *d, long ne, long n0, long n1,
                           long sx0, long sx1, long sx2, long sd0, long sd1,
                           long sd2) {
  const long i = (long)blockDim.x * blockIdx.x + threadIdx.x;
  if (i >= ne)
    return;
  const long i2 = i / (n0 * n1);
  const long i1 = (i - i2 * n0 * n1) / n0;
  const long i0 = i - i2 * n0 * n1 - i1 * n0;
  copy_one<float>(x + i0 * sx0 + i1 * sx1 + i2 * sx2,
                  d + i0 * sd0 + i1 * sd1 + i2 * sd2);
}

// Quiet: two coordinates, element strides, an int index.
__global__ void copy_rows(float *dst, const float *src, int total, int w,
                          int ss0, int ss1, int ds0, int ds1) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= total)
    return;
  int r = t / w;
  int c = t - r * w;
  dst[c * ds0 + r * ds1] = src[c * ss0 + r * ss1];
}

// Reported: the subtracted coordinate is the row, scaled by a unit stride
// elsewhere (the lanes pick rows of a matrix).
__global__ void rows_by_subtraction(float *out, const float *a, int nrows,
                                    int ncols) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int q = idx / nrows;
  int row = idx - q * nrows;
  out[idx] = a[row * ncols + q];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}}'a'{{.*}}[cudalint-uncoalesced-access]
}
