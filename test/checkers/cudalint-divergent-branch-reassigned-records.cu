// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// A local record (a quotient and remainder, a struct of the kernel's own) that
// the kernel reassigns is still uniform when every value assigned to it is: a
// tile index decoded in steps (`q = divmod(q.x, n)`), a range moved along by a
// block-uniform step, a field clamped to a uniform bound. A bound loaded at
// an index taken from such a record is uniform too, and a test of the warp
// index (`threadIdx.y` in a block 32 wide) against it splits no warp.
// Flagged beside them: the same records assigned from each lane's own data.
#include "cuda.h"

struct QuotRem {
  unsigned x, y;
};

struct Range {
  int lo, hi;
};

__device__ __forceinline__ QuotRem divmodBy(unsigned n, uint3 d) {
  unsigned q =
      unsigned((static_cast<unsigned long long>(n) * d.x) >> 32) >> d.y;
  return QuotRem{q, n - q * d.z};
}

__device__ Range rangeOf(int first, int count) {
  return Range{first, first + count};
}

__device__ Range advance(Range r, int step) { return Range{r.lo + step, r.hi}; }

__device__ float heavyRow(const float *src, float *dst, int k, int lane) {
  float acc = 0.f;
  for (int j = 0; j < 16; ++j)
    acc += src[k * 512 + j * 32 + lane] * src[j] + src[k + j] * 0.5f;
  dst[k * 32 + lane] = acc;
  return acc;
}

// ---- Quiet. ----

// A tile decoded in steps from blockIdx; its column bound is loaded at a
// segment the decoding gives; each warp (threadIdx.y) owns a column.
__global__ void decoded_tile(const float *src, float *dst, const int *segEnd,
                             uint3 perTile, uint3 perSeg) {
  QuotRem q = divmodBy(blockIdx.x, perTile);
  const int tile = q.y;
  q = divmodBy(q.x, perSeg);
  const int seg = q.y;
  const int last = segEnd[seg + 1] - segEnd[seg] - tile * 16 - 1;
  for (int c0 = 0; c0 < 16; c0 += 4) {
    const int c = c0 + threadIdx.y;
    if (c > last)
      return;
    heavyRow(src, dst, c, threadIdx.x);
  }
}

// A range the block walks, moved by a uniform step.
__global__ void walked_range(const float *src, float *dst, int count,
                             int step) {
  Range r = rangeOf(blockIdx.x * count, count);
  while (r.lo < r.hi) {
    for (int k = 0; k < r.hi - r.lo; ++k)
      heavyRow(src, dst, k, threadIdx.x);
    r = advance(r, step);
  }
}

// A field clamped to a uniform bound, then the loop's end.
__global__ void clamped_field(const float *src, float *dst, int count, int n) {
  Range r = rangeOf(blockIdx.x * 8, count);
  r.hi = min(r.hi, n);
  for (int k = r.lo; k < r.hi; ++k)
    heavyRow(src, dst, k, threadIdx.x);
}

// Each warp (threadIdx.y) decodes its own item and loads its bound; the
// lanes of a warp agree.
__global__ void decoded_per_warp(const float *src, float *dst,
                                 const int *segEnd, uint3 per) {
  QuotRem w = divmodBy(blockIdx.x * 4 + threadIdx.y, per);
  w = divmodBy(w.x, per);
  const int last = segEnd[w.y];
  for (int k = 0; k < last; ++k)
    heavyRow(src, dst, k, threadIdx.x);
}

// ---- Flagged. ----

// The same decoding from the lane index: each lane loads its own bound.
__global__ void decoded_per_lane_index(const float *src, float *dst,
                                       const int *segEnd, uint3 per) {
  QuotRem w = divmodBy(blockIdx.x * 128 + threadIdx.x, per);
  w = divmodBy(w.x, per);
  const int last = segEnd[w.y];
  for (int k = 0; k < last; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: {{.*}}[cudalint-divergent-branch]
    heavyRow(src, dst, k, threadIdx.x);
}

// The same decoding, but the second step starts from each lane's data.
__global__ void decoded_per_lane(const float *src, float *dst,
                                 const unsigned *ids, uint3 perTile,
                                 uint3 perSeg) {
  QuotRem q = divmodBy(blockIdx.x, perTile);
  q = divmodBy(ids[blockIdx.x * 128 + threadIdx.y * 32 + threadIdx.x], perSeg);
  for (int k = 0; k < int(q.y); ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: {{.*}}[cudalint-divergent-branch]
    heavyRow(src, dst, k, threadIdx.x);
}

// A bound each lane loads at an index the record gives plus its lane.
__global__ void bound_per_lane(const float *src, float *dst, const int *segEnd,
                               uint3 perSeg) {
  QuotRem q = divmodBy(blockIdx.x, perSeg);
  q = divmodBy(q.x, perSeg);
  const int last = segEnd[q.y + threadIdx.x];
  for (int c0 = 0; c0 < 16; c0 += 4) {
    const int c = c0 + threadIdx.y;
    if (c > last)
      return;
    // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: {{.*}}[cudalint-divergent-branch]
    heavyRow(src, dst, c, threadIdx.x);
  }
}

// A field clamped to each lane's own limit.
__global__ void clamped_per_lane(const float *src, float *dst, const int *limit,
                                 int count) {
  Range r = rangeOf(blockIdx.x * 8, count);
  r.hi = min(r.hi, limit[blockIdx.x * 128 + threadIdx.y * 32 + threadIdx.x]);
  for (int k = r.lo; k < r.hi; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: {{.*}}[cudalint-divergent-branch]
    heavyRow(src, dst, k, threadIdx.x);
}

// A range each lane starts from its own offset.
__global__ void walked_per_lane(const float *src, float *dst, const int *start,
                                int step) {
  Range r = rangeOf(start[blockIdx.x * 32 + threadIdx.x], 64);
  while (r.lo < r.hi) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}[cudalint-divergent-branch]
    heavyRow(src, dst, r.lo, threadIdx.x);
    r = advance(r, step);
  }
}

void launch(const float *src, float *dst, const int *segEnd, const int *lim,
            const unsigned *ids, const int *start, uint3 a, uint3 b) {
  dim3 block(32, 4);
  decoded_tile<<<64, block>>>(src, dst, segEnd, a, b);
  walked_range<<<64, block>>>(src, dst, 16, 4);
  clamped_field<<<64, block>>>(src, dst, 16, 100);
  decoded_per_lane<<<64, block>>>(src, dst, ids, a, b);
  bound_per_lane<<<64, block>>>(src, dst, segEnd, b);
  clamped_per_lane<<<64, block>>>(src, dst, lim, 16);
  walked_per_lane<<<64, block>>>(src, dst, start, 4);
  decoded_per_warp<<<64, block>>>(src, dst, segEnd, a);
  decoded_per_lane_index<<<64, block>>>(src, dst, segEnd, a);
}
