#include "cuda.h"
__global__ void broken(float *out { out[0] = 1.0f; }
