// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

// An address that adds a per-lane unknown (a counter a lane bumps, a value
// it read) to a base strided by the lane is judged by the base: the unknown
// part moves each lane within its own stretch, the base sets how far apart
// the stretches are. Quiet beside them: a base that is lane-consecutive, and
// a pure gather, which has no base at all.
#include "cuda.h"

// ---- Flagged. ----

__global__ void own_segment(const float *in, float *out, int seg, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int c = 0;
  for (int k = 0; k < n; ++k)
    if (in[k * 1024 + t] > 0.f)
      out[t * seg + c++] = in[k * 1024 + t];
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: store to 'out' is uncoalesced unless 'seg' is one element [cudalint-uncoalesced-access]
}

__global__ void own_grid(const int *data, float *map, int g) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  map[t * g * g + data[t]] += 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced load from and store to 'map': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the address also adds a per-lane value cudalint cannot compute (data, a counter): judged by the rest, which sets how far apart the lanes' stretches are
}

__global__ void own_row_of_64(const int *col, const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = a[t * 64 + col[t]];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced load from 'a': {{.*}}x the sectors needed [cudalint-uncoalesced-access]
}

// ---- Quiet. ----

__global__ void data_picks_the_row(const int *row, float *map, int g) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  map[row[t] * g + t] += 1.f;
}

__global__ void pure_gather(const int *idx, const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = in[idx[t]];
}
