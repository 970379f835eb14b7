// More spellings, on the toolkit's headers: a butterfly through shared
// memory in a helper whose steps a tile's sync() orders but whose reads and
// writes of one step race (cuda-samples' dxtc), steps written by a macro,
// the severity on a build for Pascal only. Quiet: the same butterfly with
// the read and the write of each step ordered, every thread storing the
// same value to one slot and reading it back, a loop that returns after
// its read.
// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda --error-findings --check-suffix=,V %s cudalint-implicit-warp-sync %t
// RUN: %check_cudalint --real-cuda --gpu-arch=sm_61 --error-findings --check-suffix=,P %s cudalint-implicit-warp-sync %t
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- Flagged. ----

__device__ void butterfly(float *sums, cg::thread_group tile) {
  int idx = threadIdx.x;
  cg::sync(tile);
  sums[idx] += sums[idx ^ 8];
  // CHECK-MESSAGES-V: :[[@LINE-1]]:16: error: lane {{[0-9]+}} reads 'sums' where lane {{[0-9]+}} of its warp then writes, with no __syncwarp() between: a data race since sm_70 [cudalint-implicit-warp-sync]
  // CHECK-MESSAGES-P: :[[@LINE-2]]:16: warning: lane {{[0-9]+}} reads 'sums' where lane {{[0-9]+}} of its warp then writes, with no __syncwarp() between: a data race since sm_70 [cudalint-implicit-warp-sync]
  cg::sync(tile);
  sums[idx] += sums[idx ^ 4];
  cg::sync(tile);
}

__global__ void tile_sums(const float *in, float *out) {
  __shared__ float sums[16];
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_group tile = cg::tiled_partition(cta, 16);
  sums[threadIdx.x] = in[blockIdx.x * 16 + threadIdx.x];
  butterfly(sums, tile);
  out[blockIdx.x * 16 + threadIdx.x] = sums[threadIdx.x];
}

#define STEP(d)                                                                \
  if (threadIdx.x < d)                                                         \
    acc[threadIdx.x] += acc[threadIdx.x + d];

__global__ void macro_steps(const float *in, float *out) {
  __shared__ float acc[64];
  acc[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  STEP(32)
  STEP(16)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: {{error|warning}}: lane 0 reads 'acc' after lane 16 of its warp wrote it, with no __syncwarp() between: a data race since sm_70 [cudalint-implicit-warp-sync]
  STEP(8)
  STEP(4)
  if (threadIdx.x == 0)
    out[blockIdx.x] = acc[0];
}

__global__ void half_warp_mask(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if ((threadIdx.x & 31) < 16)
    v += __shfl_xor_sync(0xffffffffu, v, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: '__shfl_xor_sync' names lanes 16-31 in its mask, which cannot reach it here: undefined behaviour [cudalint-implicit-warp-sync]
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// ---- Quiet. ----

__device__ void ordered_butterfly(float *sums) {
  int idx = threadIdx.x;
  for (int d = 8; d > 0; d >>= 1) {
    float other = sums[idx ^ d];
    __syncwarp();
    sums[idx] += other;
    __syncwarp();
  }
}

__global__ void ordered_sums(const float *in, float *out) {
  __shared__ float sums[32];
  sums[threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x];
  __syncwarp();
  ordered_butterfly(sums);
  out[blockIdx.x * 32 + threadIdx.x] = sums[threadIdx.x];
}

__global__ void same_value_everywhere(const int *starts, float *out) {
  __shared__ int first;
  first = starts[blockIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = first + threadIdx.x;
}

__global__ void return_after_read(const int *in, int *out, int rounds) {
  __shared__ int slot[32];
  for (int r = 0; r < rounds; ++r) {
    if (r == rounds - 1) {
      out[blockIdx.x * 32 + threadIdx.x] = slot[(threadIdx.x + 1) & 31];
      return;
    }
    slot[threadIdx.x] = in[r * 32 + threadIdx.x];
    __syncwarp();
  }
}

void launch(const float *in, float *out, const int *ii, int *io) {
  tile_sums<<<64, 16>>>(in, out);
  macro_steps<<<64, 64>>>(in, out);
  half_warp_mask<<<64, 256>>>(in, out);
  ordered_sums<<<64, 32>>>(in, out);
  same_value_everywhere<<<64, 128>>>(ii, out);
  return_after_read<<<64, 32>>>(ii, io, 8);
}
