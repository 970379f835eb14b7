// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

#include "cuda.h"

#define IS_ODD(x) ((x) & 1)

__device__ float slow(float x) {
  for (int k = 0; k < 100; ++k)
    x = x * 0.99f + 1.0f;
  return x;
}

// ---- Flagged. ----

// Even and odd lanes of every warp take different ways, and both ways loop.
__global__ void heavy_if_else(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = out[i];
  if (threadIdx.x % 2) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane-divergent branch 'threadIdx.x % 2': {{.*}}[cudalint-divergent-branch]
    for (int k = 0; k < 64; ++k)
      a += sinf(a * k);
  } else {
    for (int k = 0; k < 64; ++k)
      a *= cosf(a + k);
  }
  out[i] = a;
}

// The low and high half-warps split; the one arm calls a heavy helper, and
// the other half-warp idles while it runs.
__global__ void half_warps(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if ((threadIdx.x & 31) < 16)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane-divergent branch '(threadIdx.x & 31) < 16': {{.*}}
    out[i] = slow(out[i]);
}

// Two cheap arms, but inside a loop: the warp runs both on every iteration.
__global__ void in_loop(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    if (IS_ODD(threadIdx.x))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: lane-divergent branch 'IS_ODD(threadIdx.x)': {{.*}}
      acc += in[k * 64 + i] * in[k];
    else
      acc -= in[k * 32 + i] * in[k + 1];
  }
  out[i] = acc;
}

// One cheap arm in a loop: the other lanes wait for a few predicated
// instructions, and nothing runs one after the other. Quiet.
__global__ void one_arm_in_loop(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    if (IS_ODD(threadIdx.x))
      acc += in[k * 64 + i] * in[k];
  }
  out[i] = acc;
}

// Lanes leave early in a pattern: the others run the rest with them idle.
__global__ void early_exit(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 4 != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane-divergent branch 'threadIdx.x % 4 != 0': {{.*}}
    return;
  float a = 0;
  for (int k = 0; k < n; ++k)
    a += in[i + k];
  out[i] = a;
}

// Trip counts that differ between the lanes of a warp.
__global__ void lane_trip_count(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = 0;
  for (int k = 0; k < (threadIdx.x & 7) * 8; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: loop condition 'k < (threadIdx.x & 7) * 8' {{.*}}[cudalint-divergent-branch]
    a += in[i * 8 + k] * in[k];
  out[i] = a;
}

// A switch whose cases all do real work.
__global__ void switch_lanes(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  switch (threadIdx.x % 4) {
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: lane-divergent branch 'threadIdx.x % 4': {{.*}}
  case 0: out[i] = in[i] * in[i + 1] + in[i + 2]; break;
  case 1: out[i] = in[i] * in[i + 3] - in[i + 4]; break;
  default: out[i] = slow(in[i]); break;
  }
}

// Per-thread data decides, and both ways are loops.
__global__ void data_heavy(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.0f) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch on per-lane data 'v > 0.0f': a warp whose lanes disagree runs both ways [cudalint-divergent-branch]
    for (int k = 0; k < 16; ++k) v = sinf(v) + in[k];
  } else {
    for (int k = 0; k < 16; ++k) v = cosf(v) * in[k];
  }
  out[i] = v;
}

// A helper inlined into the kernel: the finding names the call.
__device__ void parity_work(float *out, int i) {
  if (threadIdx.x & 1)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane-divergent branch 'threadIdx.x & 1': {{.*}}
    out[i] = slow(out[i]);
  else
    out[i] = slow(out[i] + 1.0f);
}
__global__ void via_helper(float *out) {
  parity_work(out, blockIdx.x * blockDim.x + threadIdx.x);
}

// A template kernel is reported once, for its pattern.
template <int Mod> __global__ void templated(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % Mod == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane-divergent branch 'threadIdx.x % Mod == 0':{{.*}}
    out[i] = slow(out[i]);
  else
    out[i] = slow(-out[i]);
}
template __global__ void templated<2>(float *);
template __global__ void templated<4>(float *);

// ---- Quiet. ----

// Warp-uniform: the warp index, the block index, threadIdx.y when blockDim.x
// is a multiple of 32.
__global__ void warp_uniform(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if ((threadIdx.x / 32) % 2)
    out[i] = slow(out[i]);
  else
    out[i] = slow(-out[i]);
  if (blockIdx.x & 1)
    out[i] = slow(out[i]);
  else
    out[i] = slow(-out[i]);
  if (threadIdx.y % 2)
    out[i] = slow(out[i]);
  else
    out[i] = slow(-out[i]);
}

// Boundary guards: only the warp straddling n splits.
__global__ void boundary(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (i < n - 7)
    out[i] = slow(out[i]);
  else
    out[i] = slow(-out[i]);
  for (int j = i; j < n; j += blockDim.x * gridDim.x)
    out[j] = slow(out[j]);
}

// The sequential-addressing reduction and its tail.
__global__ void reduce_sequential(const float *in, float *out) {
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Single-lane regions: the usual idiom after a reduction.
__global__ void single_lane(float *out, float *total, const float *in) {
  int lane = threadIdx.x % 32;
  float s = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int k = 0; k < 8; ++k) {
    if (lane == 0)
      out[threadIdx.x / 32 + k] = s;
  }
  if (threadIdx.x == 0)
    atomicAdd(total, s);
}

// Lane-divergent, but too cheap to matter.
__global__ void cheap(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = out[i];
  if (threadIdx.x & 1)
    v = -v;
  out[i] = (threadIdx.x % 2) ? v : 2 * v;
}

// Per-thread data with cheap arms, and per-thread trip counts.
__global__ void data_cheap(float *out, const int *len, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v < 0.0f)
    v = 0.0f;
  float a = 0;
  for (int k = 0; k < len[i]; ++k)
    a += in[k];
  out[i] = v + a;
}

// The interleaved reduction through a pointer into dynamic shared memory (as
// in the CUDA samples' reduce0): reported, but the rewrite is not offered,
// because other names may read the other elements after the loop.
__global__ void reduce_through_pointer(int *out, const int *in) {
  extern __shared__ int smem[];
  int *sdata = smem;
  unsigned int tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if ((tid % (2 * s)) == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: interleaved tree reduction {{.*}}
      // CHECK-MESSAGES: :[[@LINE-3]]:3: note: sequential addressing ('tid < s' with s halving) is not offered as a fix: 'sdata' is a pointer, so cudalint cannot see whether elements other than the first are read after the loop (they hold other partial sums after the rewrite)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Reduction tails and up-sweep levels: 'tid < d' with d halving is a
// boundary in a one-dimensional block, even when no launch is visible.
__global__ void reduction_tail(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int d = blockDim.x / 2; d > 0; d >>= 1) {
    if (tid < d) {
      float a = sdata[tid], b = sdata[tid + d];
      sdata[tid] = a * 0.5f + b * 0.5f + sinf(a) * cosf(b);
    } else {
      float a = sdata[tid];
      sdata[tid] = a * a + expf(a) - sinf(a);
    }
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Only warp 0 gets to the lane-divergent branch: one warp of the block pays.
__global__ void warp_zero_only(float *out, const float *in) {
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (warp == 0) {
    if (lane % 2)
      v = sinf(v) * cosf(v) + expf(v) * v - v * v * 3.0f;
    else
      v = cosf(v) * expf(v) - sinf(v) * v + v * v * 2.0f;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// The result of __syncthreads_or is the same in every thread of the block.
__global__ void block_vote(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int any = __syncthreads_or(v < 0.0f);
  if (any) {
    for (int k = 0; k < n; ++k)
      v = v * 0.5f + sinf(v);
  } else {
    for (int k = 0; k < n; ++k)
      v = v * 2.0f - cosf(v);
  }
  out[i] = v;
}

// One arm with a loop of 16 constant trips: unrolled, it is straight code
// that the other lanes wait on; nothing runs one after the other. Quiet.
__global__ void one_arm_unrolled(int *out, const int *in) {
  int lane = threadIdx.x % 32;
  int result[16];
  for (int j = 0; j < 16; j++)
    result[j] = in[j];
  for (int d = 1; d < 32; d *= 2) {
    int n = in[blockIdx.x + d];
    if (lane >= d) {
#pragma unroll
      for (int j = 0; j < 16; j++)
        result[j] += n;
    }
  }
  for (int j = 0; j < 16; j++)
    out[j * 32 + lane] = result[j];
}
