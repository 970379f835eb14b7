// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// Interleaved tree reductions in the spellings real code uses: the step is
// recognised by what it does (in iteration k of a loop holding a barrier,
// one thread in 2^(k+1) passes, evenly spaced), not by how it is written.
// A step tested by a modulo is a warning (2.0x measured, mostly the
// division); by a mask, a remark (1.05x measured).
// --fix rewrites the loop to sequential addressing where the rewrite keeps
// the result: the loop is the plain doubling loop, the pair is summed in
// integers or combined by a min or max, and the bound is a power of two.
#include "cuda.h"

// ---- Flagged, with the rewrite applied. ----

// A mask instead of a modulo, `s <<= 1`, and a max.
__global__ void absmax_mask(const float *in, float *out) {
  __shared__ float smax[256];
  unsigned tid = threadIdx.x;
  smax[tid] = fabsf(in[blockIdx.x * 256 + tid]);
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s <<= 1) {
    if ((tid & (2 * s - 1)) == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: remark: interleaved tree reduction '(tid & (2 * s - 1)) == 0' keeps every warp divergent at every step [cudalint-divergent-branch]
      // CHECK-MESSAGES: :[[@LINE-3]]:3: note: --fix rewrites the loop to sequential addressing; the result is the same because 'blockDim.x' is a power of two and a min or max does not depend on the order
      smax[tid] = fmaxf(smax[tid], smax[tid + s]);
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = smax[0];
}
// CHECK-FIXES: for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
// CHECK-FIXES-NEXT: if (tid < s)

// `s += s`, `tid % (s << 1)`, a min written with the pair swapped.
__global__ void min_shift(const int *in, int *out) {
  __shared__ int smin[128];
  int t = threadIdx.x;
  smin[t] = in[blockIdx.x * 128 + t];
  __syncthreads();
  for (int s = 1; s < 128; s += s) {
    if (!(t % (s << 1)))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: interleaved tree reduction '!(t % (s << 1))' keeps every warp divergent at every step [cudalint-divergent-branch]
      smin[t] = min(smin[t + s], smin[t]);
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = smin[0];
}
// CHECK-FIXES: for (int s = 128 / 2; s > 0; s >>= 1) {
// CHECK-FIXES-NEXT: if (t < s)

// ---- Flagged; the rewrite is described, not applied. ----

// Argmax: two arrays move together, so the loop is not the one cudalint
// rewrites.
__global__ void argmax_interleaved(const float *in, int *out) {
  __shared__ float val[256];
  __shared__ int idx[256];
  unsigned tid = threadIdx.x;
  val[tid] = in[blockIdx.x * 256 + tid];
  idx[tid] = tid;
  __syncthreads();
  for (unsigned s = 1; s < 256; s *= 2) {
    if (tid % (2 * s) == 0) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: interleaved tree reduction 'tid % (2 * s) == 0'{{.*}}
      // CHECK-MESSAGES: :[[@LINE-3]]:3: note: rewrite it with sequential addressing ('for (s = B / 2; s > 0; s >>= 1) if (tid < s)'); not offered as a fix{{.*}}
      if (val[tid + s] > val[tid]) {
        val[tid] = val[tid + s];
        idx[tid] = idx[tid + s];
      }
    }
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = idx[0];
}

// A 2D block reduced over its linear index, the step in a helper.
__device__ void tree_step(float *buf, unsigned t, unsigned s) {
  if (t % (2 * s) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: interleaved tree reduction 't % (2 * s) == 0'{{.*}}
    buf[t] += buf[t + s];
}
__global__ void sum_2d(const float *in, float *out) {
  __shared__ float buf[16 * 16];
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  buf[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x * blockDim.y; s *= 2) {
    tree_step(buf, t, s);
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = buf[0];
}

// ---- Not flagged. ----

// Sequential addressing and a warp-shuffle tail.
__global__ void sum_sequential(const float *in, float *out) {
  __shared__ float s_data[256];
  unsigned tid = threadIdx.x;
  s_data[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      s_data[tid] += s_data[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    float v = s_data[tid] + s_data[tid + 32];
    for (int off = 16; off > 0; off >>= 1)
      v += __shfl_down_sync(0xffffffffu, v, off);
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}

// Strided pairs: the active threads are contiguous (a bank-conflict
// question, not a divergent one).
__global__ void sum_strided_pairs(const float *in, float *out) {
  __shared__ float sp[256];
  unsigned tid = threadIdx.x;
  sp[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sp[index] += sp[index + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sp[0];
}

// A parity test in a loop without a barrier is not a tree: the ordinary
// rules apply (a cheap arm is quiet).
__global__ void parity_in_loop(float *out, const float *in, int n) {
  unsigned tid = threadIdx.x;
  float acc = 0.f;
  for (unsigned s = 1; s < 64; s *= 2)
    if (tid % (2 * s) == 0)
      acc += in[s];
  out[blockIdx.x * blockDim.x + tid] = acc;
}

void launch(const float *f, float *g, const int *a, int *b) {
  absmax_mask<<<64, 256>>>(f, g);
  min_shift<<<64, 128>>>(a, b);
  argmax_interleaved<<<64, 256>>>(f, b);
  sum_2d<<<64, dim3(16, 16)>>>(f, g);
  sum_sequential<<<64, 256>>>(f, g);
  sum_strided_pairs<<<64, 256>>>(f, g);
  parity_in_loop<<<64, 256>>>(g, f, 100);
}
