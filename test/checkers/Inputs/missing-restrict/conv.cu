#include "conv.cuh"

__global__ void conv(float *out, const float *w, float *in, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < k; ++j)
    out[i] += in[i + j] * w[j];
}

void launch(float *out, const float *w, float *in, int n) {
  conv<<<n / 256, 256>>>(out, w, in, n, 5);
}
