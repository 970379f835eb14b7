// Elements of `__nv_bfloat16` read through its conversion operator
// (`(float)x[i]`) are loads like any other: a thread walking its own row
// of a bf16 matrix is reported as the float one is.
// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-uncoalesced-access %t

#include <cuda_bf16.h>
#include <cuda_runtime.h>

typedef __nv_bfloat16 bf16;

__global__ void row_sums(float *__restrict__ out, const bf16 *__restrict__ in,
                         int rows, int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  float sum = 0.f;
  for (int c = 0; c < cols; ++c)
    sum += (float)in[row * cols + c];
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: uncoalesced load from 'in': {{.*}}{{.*}}[cudalint-uncoalesced-access]
  out[row] = sum;
}

// Quiet: lanes read neighbouring elements.
__global__ void column_sums(float *__restrict__ out,
                            const bf16 *__restrict__ in, int rows, int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= cols)
    return;
  float sum = 0.f;
  for (int r = 0; r < rows; ++r)
    sum += (float)in[r * cols + col];
  out[col] = sum;
}

void launch(float *out, const bf16 *in, int rows, int cols) {
  row_sums<<<rows / 256, 256>>>(out, in, rows, cols);
  column_sums<<<cols / 256, 256>>>(out, in, rows, cols);
}
