#include "cuda.h"

__global__ void sgemm(const float *A, const float *B, float *C, int M, int N,
                      int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}

void run(const float *A, const float *B, float *C, int n) {
  dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
  sgemm<<<grid, block>>>(A, B, C, n, n, n);
}
