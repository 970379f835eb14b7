// RUN: %check_cudalint --fix-notes %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// One warning per access, however many times the template is instantiated;
// the figures are those of the worst instantiation (float: 128 useful bytes
// in 32 sectors, against 256 for double).
template <typename T>
__global__ void row_sums(T *y, const T *A, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  T sum = 0;
  for (int j = 0; j < n; ++j)
    sum += A[row * n + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced load from 'A': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: each thread walks its own row in this loop: give each row to a warp instead, with lanes reading consecutive elements and combining their results with __shfl_down_sync (measured 7.2x on a matrix-vector product on an H100)
  y[row] = sum;
}

void run_row_sums(float *yf, const float *Af, double *yd, const double *Ad, int n) {
  row_sums<<<n / 128, 128>>>(yf, Af, n);
  row_sums<<<n / 128, 128>>>(yd, Ad, n);
}

// The stride is a template argument: only the instantiation with a large one
// is flagged (Stride 1 and 2 are fine).
template <int Stride>
__global__ void decimate(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * Stride];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced load from 'in': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'i' varies with the thread index here
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

void run_decimate(float *out, const float *in, int n) {
  decimate<1><<<n, 256>>>(out, in);
  decimate<2><<<n, 256>>>(out, in);
  decimate<16><<<n, 256>>>(out, in);
}

// Small strides in every instantiation: quiet.
template <int Stride>
__global__ void decimate_small(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * Stride];
}

void run_decimate_small(float *out, const float *in) {
  decimate_small<1><<<64, 256>>>(out, in);
  decimate_small<2><<<64, 256>>>(out, in);
}

// Explicit instantiations are analysed too; the element size comes from the
// instantiation (the worst one is char: 32 useful bytes); a stride the
// caller passes would give no figure.
template <typename T>
__global__ void fill_column(T *a, int ld) {
  a[threadIdx.x * 64 + ld] = T();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'a': 32x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}
template __global__ void fill_column<char>(char *, int);
template __global__ void fill_column<double>(double *, int);

// The thread remap of a template kernel edits the template once.
template <typename T>
__global__ void scale2d(T *m, T s, int ld) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  int c = blockIdx.y * blockDim.y + threadIdx.y;
  m[r * ld + c] *= s;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced load from and store to 'm': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'r' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: make threadIdx.x walk the contiguous dimension: swap the x and y roles in 'r' and 'c' and in the launch configuration (a column walk measured 4.7x on an H100)
}
// CHECK-FIXES: __global__ void scale2d(T *m, T s, int ld) {
// CHECK-FIXES-NEXT:   int r = blockIdx.y * blockDim.y + threadIdx.y;
// CHECK-FIXES-NEXT:   int c = blockIdx.x * blockDim.x + threadIdx.x;

void run_scale2d(float *mf, double *md, int rows, int ld) {
  dim3 block(32, 32);
  dim3 grid(rows / 32, ld / 32);
  scale2d<<<grid, block>>>(mf, 2.0f, ld);
  scale2d<<<grid, block>>>(md, 2.0, ld);
}
// CHECK-FIXES: dim3 grid(ld / 32, rows / 32);

// A template with no instantiation in view is analysed as written, with T
// standing for 4-, 8- and 2-byte elements: lanes 64 elements apart waste
// sectors whatever the width.
template <typename T>
__global__ void never_used(T *a) {
  a[threadIdx.x * 64] = T();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'a': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: 'never_used' has no analysable instantiation in view: analysed as written with T = float, double and half, and each gives this finding (figures for T = float)
}

// A chunk per thread whose length is a template argument: 16 or 32 floats
// (64 or 128 bytes) per lane, a chunk apart at every step.
template <int CHUNK>
__global__ void chunk_sums(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < CHUNK; ++j)
    s += in[t * CHUNK + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: uncoalesced load from 'in': {{.*}}{{.*}} [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-6]]:17: note: 'chunk_sums' has no analysable instantiation in view: analysed as written with CHUNK = 32 and 16, and each gives this finding (figures for CHUNK = 32)
  out[t] = s;
}

// Quiet: the same chunks of 4 or 8 floats (16 or 32 bytes per lane): the L1
// absorbs them (measured 1.03x for 32 bytes).
template <int CHUNK = 8>
__global__ void short_chunk_sums(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < CHUNK; ++j)
    s += in[t * CHUNK + j];
  out[t] = s;
}

// Quiet: a templated grid-stride loop with no instantiation in view.
template <typename T>
__global__ void scale_all(T *x, T a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    x[i] = a * x[i];
}

// Quiet: a template that reads only through members of a dependent type
// cannot be laid out without an instantiation.
template <typename Cell>
__global__ void first_field(const Cell *cells, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = cells[i].density;
}

// Quiet: a templated grid-stride copy.
template <typename T>
__global__ void copy_all(T *out, const T *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

void run_copy(float *a, const float *b, double *c, const double *d, int n) {
  copy_all<<<4, 256>>>(a, b, n);
  copy_all<<<4, 256>>>(c, d, n);
}
