// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// State a loop carries is uniform when every write to it is: a cyclic
// counter (`j = (j + 1) % m`), a wrap mask (`p = (p + 16) & 63`), a mode
// switched from the trip number, a value reloaded from one global slot,
// a flag every thread reads from one shared slot. Flagged beside them: the
// same branches on each lane's own data, and a switch on it.
#include "cuda.h"

#define WORK(v, f)                                                             \
  for (int k = 0; k < 64; ++k)                                                 \
  v = v * 0.5f + f(v)
#define ID (blockIdx.x * blockDim.x + threadIdx.x)

// ---- Quiet. ----

__global__ void cyclic_counter(const float *in, float *out, int n, int m) {
  int j = 0;
  float v = in[ID];
  for (int it = 0; it < n; ++it) {
    if (j == 0) {
      WORK(v, sinf);
    } else {
      WORK(v, cosf);
    }
    j = (j + 1) % m;
  }
  out[ID] = v;
}

__global__ void wrap_mask(const float *in, float *out, int n) {
  int p = 0;
  float v = in[ID];
  for (int it = 0; it < n; ++it) {
    if (p < 32) {
      WORK(v, sinf);
    } else {
      WORK(v, cosf);
    }
    p = (p + 16) & 63;
  }
  out[ID] = v;
}

__global__ void mode_from_trip(const float *in, float *out, int n) {
  int mode = 0;
  float v = in[ID];
  for (int j = 0; j < n; ++j) {
    if (mode == 1) {
      WORK(v, sinf);
    } else {
      WORK(v, cosf);
    }
    mode = (j & 1) ? 1 : n > 4;
  }
  out[ID] = v;
}

__global__ void mode_from_one_slot(const float *in, float *out, int n,
                                   const int *cfg) {
  int mode = cfg[0];
  float v = in[ID];
  for (int j = 0; j < n; ++j) {
    if (mode == 1) {
      WORK(v, sinf);
    } else {
      WORK(v, cosf);
    }
    mode = cfg[j + 1];
  }
  out[ID] = v;
}

__global__ void shared_flag(const float *in, float *out) {
  __shared__ int flag;
  if (threadIdx.x == 0)
    flag = in[blockIdx.x] > 0.f;
  __syncthreads();
  int f = flag;
  float v = in[ID];
  if (f) {
    WORK(v, sinf);
  } else {
    WORK(v, cosf);
  }
  out[ID] = v;
}

// ---- Flagged. ----

__global__ void own_data(const float *in, float *out) {
  float v = in[ID];
  if (v > 1.f) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch on per-lane data 'v > 1.f': a warp whose lanes disagree runs both ways [cudalint-divergent-branch]
    WORK(v, sinf);
  } else {
    WORK(v, cosf);
  }
  out[ID] = v;
}

__global__ void switch_on_own_data(const float *in, float *out,
                                   const int *kind) {
  float v = in[ID];
  switch (kind[ID]) {
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: branch on per-lane data 'kind[ID]': a warp whose lanes disagree runs both ways [cudalint-divergent-branch]
  case 2:
    WORK(v, sinf);
    break;
  case 3:
    WORK(v, cosf);
    break;
  default:
    break;
  }
  out[ID] = v;
}
