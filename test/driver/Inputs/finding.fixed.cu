#include "cuda.h"

// One forced reload: 'out[i]' is kept across the loop, 'in' may alias it.
__global__ void conv(float *__restrict__ out, const float *__restrict__ in, int n) {
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
