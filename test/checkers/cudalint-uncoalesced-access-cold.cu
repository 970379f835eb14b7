// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// An access that runs far less often than the kernel's hot loop (once per
// thread after a loop over a runtime extent, once per outer trip next to a
// heavier inner loop) costs nothing measurable, whatever it wastes: it is
// not reported. Strided accesses in the hot loop, and every access of a
// kernel with no loop, still are.

// ---- Cold: not reported. ----

// A column sum (lanes on consecutive columns) stored transposed, once per
// thread after the loop.
__global__ void column_sums_transposed(float *out, const float *in, int rows,
                                       int cols, int ld) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int r = 0; r < rows; ++r)
    s += in[r * cols + c];
  out[c * ld] = s;
}

// The epilogue of a register-tiled product: constant 4x4 loops after the
// runtime depth loop.
__global__ void tiled_epilogue(float *c, const float *a, const float *b,
                               int n, int depth) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float acc[4][4] = {};
  for (int k = 0; k < depth; ++k) {
    float ra[4], rb[4];
    for (int i = 0; i < 4; ++i) {
      ra[i] = a[k * n + t * 4 + i];
      rb[i] = b[k * n + t * 4 + i];
    }
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        acc[i][j] += ra[i] * rb[j];
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      c[(t * 4 + i) * n + j] = acc[i][j];
}

// A while loop over the runtime extent, then a result written with lanes a
// row apart.
__global__ void count_until(int *hits, const float *v, float limit, int n,
                            int pitch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = 0;
  float s = 0.f;
  while (k < n && s < limit) {
    s += v[k * 1024 + i];
    ++k;
  }
  hits[i * pitch] = k;
}

// Eight lanes read a diagonal once per block, after the block streamed its
// rows.
__global__ void rows_then_diagonal(float *x, const float *a, int n) {
  __shared__ float part[8];
  int row0 = blockIdx.x * 8;
  for (int r = 0; r < 8; ++r) {
    float s = 0.f;
    for (int j = threadIdx.x; j < n; j += blockDim.x)
      s += a[(row0 + r) * n + j];
    if (threadIdx.x == 0)
      part[r] = s;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < 8; k += 8)
    x[row0 + k] = part[k] / a[(row0 + k) * n + row0 + k];
}

// A weight read once per outer trip, next to an inner loop over a runtime
// extent.
__global__ void scaled_rows(float *out, const float *w, const float *x, int m,
                            int n, int total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < m; ++r) {
    float scale = w[i * m + r];
    for (int j = 0; j < n; ++j)
      out[j * total + i] += scale * x[r * n + j];
  }
}

// A load no inner-loop variable moves: the L1 serves it after the first trip.
__global__ void invariant_in_inner(float *out, const float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int t = 0; t < n; ++t) {
    float acc = 0.f;
    for (int u = 0; u < n; ++u)
      acc += p[t * n + u] * p[i * n + t];
    out[t * n + i] = acc;
  }
}

// A limit: a loop of pure computation weighs one unit (its test) per trip,
// so the store made once after it is still reported.
__global__ void escape_time(int *iters, float cx, float cy, int limit,
                            int height) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float zr = 0.f, zi = 0.f;
  int k = 0;
  for (; k < limit && zr * zr + zi * zi < 4.f; ++k) {
    float t = zr * zr - zi * zi + cx + col;
    zi = 2.f * zr * zi + cy + row;
    zr = t;
  }
  iters[col * height + row] = k;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'iters'{{.*}}[cudalint-uncoalesced-access]
}

// ---- Hot: reported. ----

// A row per thread: the strided load is the loop's work.
__global__ void row_dots(float *y, const float *a, const float *x, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int j = 0; j < n; ++j)
    s += a[r * n + j] * x[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}'a'{{.*}}[cudalint-uncoalesced-access]
  y[r] = s;
}

// No loop: every access is the kernel's work.
__global__ void scatter_columns(float *out, const float *in, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * ld] = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'out'{{.*}}[cudalint-uncoalesced-access]
}

// A strided load in the outer loop, whose inner loop runs only 4 trips: still
// a large part of the work.
__global__ void spread_four(float *out, const float *in, int m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < m; ++r) {
    float v = in[i * m + r];
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
    for (int q = 0; q < 4; ++q)
      out[(r * 4 + q) * n + i] = v * q;
  }
}

// An epilogue after a constant 8-trip loop is a third of the work.
__global__ void short_depth_store(float *out, const float *in, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int k = 0; k < 8; ++k)
    s += in[k * 4096 + i];
  out[i * ld] = s;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'out'{{.*}}[cudalint-uncoalesced-access]
}

// A tree reduction in shared memory and a shuffle ladder run a logarithm of
// the block's threads: the strided load that feeds them is the kernel's
// memory work.
__global__ void strided_then_tree(float *out, const float *in, int stride) {
  __shared__ float part[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  part[threadIdx.x] = in[i * stride];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
  __syncthreads();
  for (int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  float v = part[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

// A load that the inner loop's variable moves is in the hot loop.
__global__ void moved_in_inner(float *out, const float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int t = 0; t < n; ++t) {
    float acc = 0.f;
    for (int u = 0; u < n; ++u)
      acc += p[t * n + u] * p[i * n + u];
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: {{.*}}'p'{{.*}}[cudalint-uncoalesced-access]
    out[t * n + i] = acc;
  }
}

// A product of constant depth 4: its result store is a large part of the
// work and is reported, but it is no operand of the product, so it gets no
// pointer to naive-gemm.
__global__ void shallow_product(float *c, const float *a, const float *b,
                                int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  float acc = 0.f;
  for (int k = 0; k < 4; ++k)
    acc += a[row * 4 + k] * b[k * n + col];
  c[row * n + col] = acc;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'c'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOT: note: {{.*}}naive-gemm
}
