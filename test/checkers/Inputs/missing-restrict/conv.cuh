#ifndef CONV_CUH
#define CONV_CUH

#include "cuda.h"

__global__ void conv(float *out, const float *w, float *in, int n, int k);

#endif
