// RUN: %check_cudalint --error-findings %s cudalint-implicit-warp-sync %t -- -nocudainc -isystem %inputs

// Warp-synchronous code that independent thread scheduling (sm_70) broke:
// shared-memory steps one lane reads after another lane of its warp wrote,
// with no __syncwarp() between (unrolled, in a loop, in a helper, with and
// without volatile), legacy intrinsics without a mask, and masks that name
// lanes which cannot be there. Quiet: the same steps ordered by
// __syncwarp(), shuffles, a lane's own slot, one lane's work, a block tree
// with __syncthreads() between its steps, masks of the lanes that branch.
#include "cuda.h"

// ---- Flagged. ----

__global__ void reduce_volatile_tail(const float *in, float *out) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned st = 128; st > 32; st >>= 1) {
    if (tid < st)
      s[tid] += s[tid + st];
    __syncthreads();
  }
  if (tid < 32) {
    volatile float *v = s;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
    // CHECK-MESSAGES: :[[@LINE-1]]:15: error: lane 0 reads 's' after lane 16 of its warp wrote it, with no __syncwarp() between: a data race since sm_70 [cudalint-implicit-warp-sync]
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: lane 16 wrote it here
    // CHECK-MESSAGES: :[[@LINE-3]]:15: note: every lane of the warp runs these steps: each store's statement becomes read, __syncwarp(), write, __syncwarp() (applied by --fix)
    v[tid] += v[tid + 8];
    v[tid] += v[tid + 4];
    v[tid] += v[tid + 2];
    v[tid] += v[tid + 1];
    // CHECK-FIXES: {{^}}    { auto cudalint_next = v[tid] + (v[tid + 32]); __syncwarp(); v[tid] = cudalint_next; __syncwarp(); }
    // CHECK-FIXES-NEXT: {{^}}    { auto cudalint_next = v[tid] + (v[tid + 16]); __syncwarp(); v[tid] = cudalint_next; __syncwarp(); }
    // CHECK-FIXES: {{^}}    { auto cudalint_next = v[tid] + (v[tid + 8]); __syncwarp(); v[tid] = cudalint_next; __syncwarp(); }
    // CHECK-FIXES-NEXT: {{^}}    { auto cudalint_next = v[tid] + (v[tid + 4]); __syncwarp(); v[tid] = cudalint_next; __syncwarp(); }
    // CHECK-FIXES-NEXT: {{^}}    { auto cudalint_next = v[tid] + (v[tid + 2]); __syncwarp(); v[tid] = cudalint_next; __syncwarp(); }
    // CHECK-FIXES-NEXT: {{^}}    { auto cudalint_next = v[tid] + (v[tid + 1]); __syncwarp(); v[tid] = cudalint_next; __syncwarp(); }
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

__device__ void warpReduce(volatile float *sdata, unsigned tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  // CHECK-MESSAGES: :[[@LINE-1]]:17: error: lane 0 reads 'sdata' after lane 16 of its warp wrote it, with no __syncwarp() between: a data race since sm_70 [cudalint-implicit-warp-sync]
  // CHECK-MESSAGES: :[[@LINE-2]]:17: note: every lane of the warp runs these steps: make each store's statement read into a register, __syncwarp(), write, __syncwarp() (no fix-it: a step is in a macro or a helper, or not a plain assignment)
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
}

__global__ void reduce_helper_tail(const float *in, float *out) {
  __shared__ float sdata[128];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 128 + tid];
  __syncthreads();
  if (tid < 64)
    sdata[tid] += sdata[tid + 64];
  __syncthreads();
  if (tid < 32)
    warpReduce(sdata, tid);
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// The tail as a loop, without volatile, each step on the lanes below it.
__global__ void reduce_loop_tail(const float *in, float *out) {
  __shared__ float s[64];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 64 + tid];
  __syncthreads();
  if (tid < 32)
    for (unsigned off = 32; off > 0; off >>= 1)
      if (tid < off)
        s[tid] += s[tid + off];
  // CHECK-MESSAGES: :[[@LINE-1]]:19: error: lane {{[0-9]+}} reads 's' after lane {{[0-9]+}} of its warp wrote it, with no __syncwarp() between: a data race since sm_70 [cudalint-implicit-warp-sync]
  // CHECK-MESSAGES: :[[@LINE-2]]:19: note: not every lane of the warp is known to run these steps, so a __syncwarp() there could name lanes that never arrive: pass the values with __shfl_down_sync/__shfl_up_sync and the mask of the lanes that take part instead of through shared memory
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// A hand-written inclusive scan of one warp.
__global__ void warp_scan(const int *in, int *out) {
  __shared__ int s[32];
  int lane = threadIdx.x;
  s[lane] = in[blockIdx.x * 32 + lane];
  for (int off = 1; off < 32; off *= 2)
    if (lane >= off)
      s[lane] += s[lane - off];
  // CHECK-MESSAGES: :[[@LINE-1]]:18: error: lane {{[0-9]+}} reads 's' after lane {{[0-9]+}} of its warp wrote it, with no __syncwarp() between: a data race since sm_70 [cudalint-implicit-warp-sync]
  out[blockIdx.x * 32 + lane] = s[lane];
}

__global__ void legacy_shuffles(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.f;
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down(v, off);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: '__shfl_down' has no lane mask: deprecated since CUDA 9 and gone for sm_70 and later [cudalint-implicit-warp-sync]
  // CHECK-MESSAGES: :[[@LINE-2]]:10: note: every lane of the warp reaches it: '__shfl_down_sync(0xffffffff, ...)' (applied by --fix)
  // CHECK-FIXES: {{^}}    v += __shfl_down_sync(0xffffffff, v, off);
  if ((threadIdx.x & 31) < 16) {
    unsigned b = __ballot(v > 0.f);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: error: '__ballot' has no lane mask: deprecated since CUDA 9 and gone for sm_70 and later [cudalint-implicit-warp-sync]
    // CHECK-MESSAGES: :[[@LINE-2]]:18: note: use '__ballot_sync(mask, ...)' with the mask of the lanes that reach it, taken before the branch with __ballot_sync(0xffffffff, condition)
    v += b;
  }
  if ((threadIdx.x & 31) == 0 && i < n)
    out[i / 32] = v;
}

__global__ void mask_names_absent_lanes(const float *in, float *out) {
  int lane = threadIdx.x & 31;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (lane < 16)
    v += __shfl_down_sync(0xffffffff, v, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: '__shfl_down_sync' names lanes 16-31 in its mask, which cannot reach it here: undefined behaviour [cudalint-implicit-warp-sync]
  // CHECK-MESSAGES: :[[@LINE-2]]:10: note: every lane a mask names must call it with the same mask (0xffffffff here); take the mask of the lanes that branch here before the branch: 'unsigned m = __ballot_sync(0xffffffff, condition);'
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// ---- Quiet. ----

// NVIDIA's ordered form: read, __syncwarp(), write, __syncwarp().
__global__ void reduce_ordered_tail(const float *in, float *out) {
  __shared__ float s[64];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 64 + tid];
  __syncthreads();
  if (tid < 32) {
    float v = s[tid] + s[tid + 32];
    __syncwarp();
    s[tid] = v;
    __syncwarp();
    for (unsigned off = 16; off > 0; off >>= 1) {
      v += s[tid + off];
      __syncwarp();
      s[tid] = v;
      __syncwarp();
    }
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

__global__ void reduce_shuffles(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffff, v, off);
  if ((threadIdx.x & 31) == 0)
    out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}

__global__ void own_slots(const float *in, float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  s[t] = s[t] * 2.f + 1.f;
  out[blockIdx.x * 256 + t] = s[t];
}

__global__ void one_lane(const float *in, float *out) {
  __shared__ float s[32];
  if (threadIdx.x == 0) {
    for (int k = 0; k < 32; ++k)
      s[k] = in[k];
    float acc = 0.f;
    for (int k = 1; k < 32; ++k)
      acc += s[k] * s[k - 1];
    out[blockIdx.x] = acc;
  }
}

__global__ void block_tree(const float *in, float *out) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned st = 128; st > 0; st >>= 1) {
    if (tid < st)
      s[tid] += s[tid + st];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

__global__ void masks_of_branching_lanes(const float *in, float *out) {
  int lane = threadIdx.x & 31;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned m = __ballot_sync(0xffffffff, lane < 16);
  if (lane < 16) {
    v += __shfl_down_sync(m, v, 8);
    v += __shfl_down_sync(0x0000ffff, v, 4);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

void launch(const float *in, float *out, const int *ii, int *io, int n) {
  reduce_volatile_tail<<<64, 256>>>(in, out);
  reduce_helper_tail<<<64, 128>>>(in, out);
  reduce_loop_tail<<<64, 64>>>(in, out);
  warp_scan<<<64, 32>>>(ii, io);
  legacy_shuffles<<<64, 256>>>(in, out, n);
  mask_names_absent_lanes<<<64, 256>>>(in, out);
  reduce_ordered_tail<<<64, 64>>>(in, out);
  reduce_shuffles<<<64, 256>>>(in, out);
  own_slots<<<64, 256>>>(in, out);
  one_lane<<<64, 32>>>(in, out);
  block_tree<<<64, 256>>>(in, out);
  masks_of_branching_lanes<<<64, 256>>>(in, out);
}
