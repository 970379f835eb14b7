// RUN: %check_cudalint %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A store under a test that is known to fail is compiled out: it forces no
// reload. The test is on a template flag, in an instance or under the
// stand-in of a template with no instance (the flag's default argument), or
// on a constant. Beside each, a kernel whose store is live.

// ---- A store under a template flag whose value is known. ----

// The flag's default is false, no instantiation is in view: the stand-in
// takes the default, as an integral parameter's does, and the store is dead.
template <bool WriteTrace = false>
__global__ void scale_rows(float *out, const float *in, float *trace, int n,
                           int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c) {
    float v = in[c * n + row] * 2.0f;
    acc += v;
    if (WriteTrace)
      trace[c] += v;
  }
  out[row] = acc;
}

// The same kernel whose flag defaults to true stores the trace in the loop.
template <bool WriteTrace = true>
__global__ void scale_rows_traced(float *out, const float *in, float *trace,
                                  int n, int cols) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c) {
    float v = in[c * n + row] * 2.0f;
    acc += v;
    if (WriteTrace)
      trace[c] += v;
  }
  out[row] = acc;
}

// An instance whose flag is false: its store is compiled out.
template <bool Accumulate>
__global__ void copy_rows(float *out, const float *in, float *sum, int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c) {
    acc += in[c * cols + row];
    if (Accumulate)
      sum[c] += in[c * cols + row];
  }
  out[row] = acc;
}

void launch_copy_rows(float *out, const float *in, float *sum, int rows,
                      int cols) {
  copy_rows<false><<<rows / 128, 128>>>(out, in, sum, cols);
}

// A store under a constant test.
constexpr bool kDebugSums = false;
__global__ void sum_columns(float *out, const float *in, float *debug, int n,
                            int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c) {
    acc += in[c * n + row];
    if (kDebugSums)
      debug[c] = acc;
  }
  out[row] = acc;
}

// The same instance with the flag set stores in the loop.
template <bool Accumulate>
__global__ void copy_rows_set(float *out, const float *in, float *sum,
                              int cols) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: {{.*}}[cudalint-missing-restrict]
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c) {
    acc += in[c * cols + row];
    if (Accumulate)
      sum[c] += in[c * cols + row];
  }
  out[row] = acc;
}

void launch_copy_rows_set(float *out, const float *in, float *sum, int rows,
                          int cols) {
  copy_rows_set<true><<<rows / 128, 128>>>(out, in, sum, cols);
}
