#include "cuda.h"
__global__ void k();
