// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

// A parameter the kernel takes off the block as a halo (`blockDim.x - 2 *
// r`) is a few elements wide, not a size: the interior threads it leaves are
// most of the block, and what they do is judged. A strided store there is
// flagged; the coalesced stencil beside it stays quiet.
#include "cuda.h"

// ---- Flagged. ----

__global__ void interior_strided(const float *in, float *out, int n, int r) {
  if (threadIdx.x >= r && threadIdx.x < blockDim.x - r)
    out[threadIdx.x * n + blockIdx.x] = in[blockIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced store to 'out': {{.*}}x the sectors needed [cudalint-uncoalesced-access]
}

__global__ void tiled_strided(const float *in, float *out, int n, int halo) {
  int g = blockIdx.x * (blockDim.x - 2 * halo) + threadIdx.x - halo;
  if (threadIdx.x >= halo && threadIdx.x < blockDim.x - halo)
    out[g * n] = in[blockIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: store to 'out' is uncoalesced unless 'n' is one element [cudalint-uncoalesced-access]
}

// ---- Quiet. ----

__global__ void stencil(const float *in, float *out, int n, int r) {
  __shared__ float tile[256 + 16];
  int g = blockIdx.x * (blockDim.x - 2 * r) + threadIdx.x - r;
  tile[threadIdx.x] = (g >= 0 && g < n) ? in[g] : 0.f;
  __syncthreads();
  if (threadIdx.x >= r && threadIdx.x < blockDim.x - r && g < n) {
    float s = 0.f;
    for (int k = -r; k <= r; ++k)
      s += tile[threadIdx.x + k];
    out[g] = s;
  }
}
