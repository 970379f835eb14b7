// A pointer inside a by-value kernel argument (`Matrix m` with `const float
// *data`) is followed like a pointer parameter: what it points to is an
// array of its own (`a.p` and `b.p` of two arguments are two arrays), and
// the argument is the same for every thread.
// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

struct Matrix {
  const float *data;
  int ld;
};

// ---- Flagged. ----

__global__ void row_walk(Matrix m, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += m.data[row * 1024 + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: uncoalesced load from 'm.data': 8x the sectors needed [cudalint-uncoalesced-access]
  out[row] = s;
}

// The stride from the same argument.
__global__ void row_walk_ld(Matrix m, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += m.data[row * m.ld + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: uncoalesced load from 'm.data': {{.*}}[cudalint-uncoalesced-access]
  out[row] = s;
}

// ---- Not flagged. ----

__global__ void column_walk(Matrix m, float *out, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int r = 0; r < n; ++r)
    s += m.data[r * m.ld + col];
  out[col] = s;
}

// The pointer copied into a local first.
__global__ void copied_pointer(Matrix m, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = m.data;
  if (i < n)
    out[i] = p[i] * 2.0f;
}

void run(Matrix m, float *o, int n) {
  row_walk<<<n / 256, 256>>>(m, o, n);
  row_walk_ld<<<n / 256, 256>>>(m, o, n);
  column_walk<<<n / 256, 256>>>(m, o, n);
  copied_pointer<<<n / 256, 256>>>(m, o, n);
}

// Methods of the argument's record are walked with `this` bound to it.
struct Grid {
  const float *cells;
  int pitch;
  __device__ float at(int r, int c) const { return cells[r * pitch + c]; }
};

__global__ void method_row_walk(Grid g, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += g.at(row, j);
  out[row] = s;
}
// CHECK-MESSAGES: :64:52: warning: uncoalesced load from 'g.cells': {{.*}}[cudalint-uncoalesced-access]

__global__ void method_column_walk(Grid g, float *out, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int r = 0; r < n; ++r)
    s += g.at(r, col);
  out[col] = s;
}

void run_methods(Grid g, float *o, int n) {
  method_row_walk<<<n / 256, 256>>>(g, o, n);
  method_column_walk<<<n / 256, 256>>>(g, o, n);
}

// Two arguments of one record type are two arrays: the transpose's strided
// store goes to 'dst.out', its coalesced load from 'src.data' is quiet.
struct Output {
  float *out;
  int ld;
};

__global__ void transpose_records(Matrix src, Output dst, int n) {
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n && c < n)
    dst.out[c * dst.ld + r] = src.data[r * src.ld + c];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced store to 'dst.out': {{.*}}[cudalint-uncoalesced-access]
}

struct Buffer {
  float *p;
  int ld;
};

__global__ void two_buffers(Buffer a, Buffer b, int n) {
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n && c < n)
    b.p[c * b.ld + r] = a.p[r * a.ld + c];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced store to 'b.p': {{.*}}[cudalint-uncoalesced-access]
}
