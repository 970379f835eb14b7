// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// Values a block computes from blockIdx and the arguments, and elements it
// loads at such an address, are the same for all its threads, however they
// are spelled: a field of a record a helper returns (a tiling
// configuration), a work range split by block (stream-K), a counter the
// loop moves only by such values, a bound loaded at a block-uniform index.
// Flagged beside them: the same loops driven by each lane's own data.
#include "cuda.h"

struct TileConfig {
  int rows, cols, depth;
};

__device__ constexpr TileConfig configFor(int width, int heads) {
  return width >= 128 ? TileConfig{64, heads * 2, 4} : TileConfig{32, heads, 2};
}

struct Span {
  int first, last;
};

__device__ Span spanOf(int begin, int count) {
  return Span{begin, begin + count};
}

__device__ float heavyTile(const float *src, float *dst, int k, int lane) {
  float acc = 0.f;
  for (int j = 0; j < 16; ++j)
    acc += src[k * 512 + j * 32 + lane] * src[j] + src[k + j] * 0.5f;
  dst[k * 32 + lane] = acc;
  return acc;
}

// ---- Quiet. ----

// Stream-K: each block takes a slice of the flattened tiles; the batch
// size is a field of the configuration a helper returns.
__global__ void stream_k_tiles(const float *src, float *dst, int width,
                               int heads, int total) {
  const int batch = configFor(width, heads).rows;
  const int iters = (total + batch - 1) / batch;
  int pos = int(blockIdx.x) * iters * 4 / gridDim.x;
  const int end = int(blockIdx.x + 1) * iters * 4 / gridDim.x;
  int start = pos % iters;
  int stop = min(iters, start + end - pos);
  while (pos < end && stop == iters) {
    if (start == 0) {
      for (int k = start; k < stop; ++k)
        heavyTile(src, dst, k, threadIdx.x);
    } else {
      for (int k = start; k < stop; ++k)
        heavyTile(dst, dst, k, threadIdx.x);
    }
    pos += iters;
    pos -= pos % iters;
    start = 0;
    stop = min(iters, end - pos);
  }
}

// A stop each block loads at an index it computes from blockIdx.
__global__ void stop_loaded_per_block(const float *src, float *dst,
                                      const int *limits, int rows, int width) {
  const int depth = configFor(width, 4).depth;
  int row = blockIdx.x % rows, seq = blockIdx.x / rows;
  int stop = width;
  stop = min(stop, limits[seq * rows + row] / depth);
  for (int k = 0; k < stop - 1; ++k)
    heavyTile(src, dst, k, threadIdx.x);
}

// A span built by a helper from uniform values; its end is the bound.
__global__ void span_from_helper(const float *src, float *dst, int begin) {
  Span s = spanOf(begin + blockIdx.y * 8, blockIdx.x);
  for (int k = s.first; k < s.last; ++k)
    heavyTile(src, dst, k, threadIdx.x);
  for (int k = 0; k < spanOf(blockIdx.x, 3).last; ++k)
    heavyTile(src, dst, k, threadIdx.x);
}

// A choice made at compile time from template parameters, in a template
// with no instantiation in view (analysed as written).
template <int Kind> __device__ constexpr bool splitsWork(int cols, bool wide) {
  return Kind > 2 && (cols % 64 == 0 || wide);
}

template <int Kind, int Cols, bool Wide>
__global__ void compile_time_choice(const float *src, float *dst) {
  if constexpr (!splitsWork<Kind>(Cols, Wide)) {
    for (int k = 0; k < Cols; ++k)
      heavyTile(src, dst, k, threadIdx.x);
  } else {
    for (int k = 0; k < Cols / 2; ++k)
      heavyTile(dst, dst, k, threadIdx.x);
  }
}

// ---- Flagged. ----

// The same stream-K walk, but each lane starts from a position it loads.
__global__ void stream_k_per_lane(const float *src, float *dst,
                                  const int *starts, int width, int heads,
                                  int total) {
  const int batch = configFor(width, heads).rows;
  const int iters = (total + batch - 1) / batch;
  int pos = starts[blockIdx.x * blockDim.x + threadIdx.x];
  int stop = min(iters, pos + 7);
  for (int k = pos; k < stop; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: {{.*}}[cudalint-divergent-branch]
    heavyTile(src, dst, k, threadIdx.x);
}

// A stop each lane loads for itself.
__global__ void stop_loaded_per_lane(const float *src, float *dst,
                                     const int *limits, int width) {
  const int depth = configFor(width, 4).depth;
  int stop = limits[blockIdx.x * blockDim.x + threadIdx.x] / depth;
  for (int k = 0; k < stop - 1; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: {{.*}}[cudalint-divergent-branch]
    heavyTile(src, dst, k, threadIdx.x);
}

// The same helper asked at run time about each lane's own data.
template <int Kind, bool Wide>
__global__ void run_time_choice(const float *src, float *dst, const int *cols) {
  if (splitsWork<Kind>(cols[blockIdx.x * blockDim.x + threadIdx.x], Wide)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}[cudalint-divergent-branch]
    for (int k = 0; k < 64; ++k)
      heavyTile(src, dst, k, threadIdx.x);
  } else {
    for (int k = 0; k < 32; ++k)
      heavyTile(dst, dst, k, threadIdx.x);
  }
}
