// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A kernel template launched from a class template's member with dependent
// arguments names the kernel only through its lookup; the launch's block
// shape is still read from the pattern when no instantiation is in view.

// Quiet: a block one thread wide (`dim3 b(1, n)`): lanes walk threadIdx.y,
// along the row.
template <class T> __global__ void strip_rows(T *data, int ld, int strip) {
  int r = blockIdx.x * strip + threadIdx.x;
  int c = blockIdx.y * blockDim.y + threadIdx.y;
  for (int i = 0; i < strip; ++i)
    data[(r + i) * ld + c] += data[(r + i) * ld + c + 1];
}

template <class T> struct StripRunner {
  void operator()(T *d, int rows, int cols, int strip, int width) {
    dim3 grid(rows / strip, cols / width);
    dim3 block(1, width);
    strip_rows<<<grid, block>>>(d, cols, strip);
  }
};

// Quiet: the same with the block spelled inline in a function template.
template <class T> __global__ void strip_cols(T *out, const T *in, int ld) {
  int r = blockIdx.x + threadIdx.x;
  int c = blockIdx.y * blockDim.y + threadIdx.y;
  out[r * ld + c] = in[r * ld + c];
}

template <class T> void run_strip_cols(T *o, const T *i, int rows, int ld) {
  strip_cols<<<dim3(rows, ld / 64), dim3(1, 64)>>>(o, i, ld);
}

// Quiet: an explicit instantiation of the launching class.
template <class T> __global__ void strip_fill(T *out, int ld) {
  int r = blockIdx.x + threadIdx.x;
  int c = blockIdx.y * blockDim.y + threadIdx.y;
  out[r * ld + c] = T(0);
}

template <class T> struct FillRunner {
  void run(T *o, int rows, int ld, int w) {
    dim3 block(1, w);
    strip_fill<<<dim3(rows, ld / w), block>>>(o, ld);
  }
};
template struct FillRunner<float>;

// Reported: the same kind of block, lanes walking a column through
// threadIdx.y.
template <class T> __global__ void strip_down(T *v, int ld) {
  int c = blockIdx.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  v[r * ld + c] = T(1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-uncoalesced-access]
}

template <class T> struct DownRunner {
  void operator()(T *v, int ld, int rows, int h) {
    dim3 block(1, h);
    strip_down<<<dim3(ld, rows / h), block>>>(v, ld);
  }
};

// Reported: a block 32 wide in the pattern, threadIdx.x walking rows.
template <class T> __global__ void rows_x(T *v, int ld) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  int c = blockIdx.y * blockDim.y + threadIdx.y;
  v[r * ld + c] *= T(2);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-uncoalesced-access]
}

template <class T> struct RowsRunner {
  void operator()(T *v, int ld, int rows) {
    dim3 block(32, 8);
    rows_x<<<dim3(rows / 32, ld / 8), block>>>(v, ld);
  }
};

// Quiet: an access only the last thread of each block makes (a thread
// index equal to a uniform value) has one active lane.
__global__ void halo_last(float *sh_out, const float *in, int ld, int n) {
  int lr = threadIdx.x;
  int last = blockDim.x - 1;
  for (int i = 0; i < n; ++i)
    if (lr == last)
      sh_out[(lr + 1) * ld + i] = in[(blockIdx.x * blockDim.x + lr) * ld + i];
}

// Quiet: the same, the first thread, spelled with the built-in.
__global__ void halo_first(float *out, const float *in, int ld, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    for (int i = 0; i < n; ++i)
      out[r * ld + i] = in[(r - 1) * ld + i];
}

// Reported: half the warp takes the branch.
__global__ void halo_half(float *out, const float *in, int ld) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 16)
    out[r * ld + blockIdx.y] = in[r * ld + blockIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: {{.*}}[cudalint-uncoalesced-access]
}
