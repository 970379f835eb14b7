// An atomic on a field of a record bound to a reference aims at the memory
// the reference is bound to.
// RUN: %check_cudalint %s cudalint-atomic-hotspot %t -- -nocudainc -isystem %inputs

#include "cuda.h"

struct Stats { float sum; int count; };

__global__ void one_record(const float *in, Stats *stats, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Stats &st = stats[0];
  if (i < n)
    atomicAdd(&st.sum, in[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'float' into 'stats' serialises every lane on one address [cudalint-atomic-hotspot]
}

// One record per thread: nothing to contend for.
__global__ void record_per_thread(const float *in, Stats *stats, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Stats &st = stats[i];
  if (i < n)
    atomicAdd(&st.sum, in[i]);
}

void run(const float *in, Stats *s, int n) {
  one_record<<<n / 256, 256>>>(in, s, n);
  record_per_thread<<<n / 256, 256>>>(in, s, n);
}
