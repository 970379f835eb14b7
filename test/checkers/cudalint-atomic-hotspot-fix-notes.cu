// The fixed file is linted again, so this needs the toolkit's cooperative
// groups headers.
// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda --fix-notes %s cudalint-atomic-hotspot %t
// The rewrite is a note's: plain --fix leaves the file as it is.
// RUN: %check_cudalint --real-cuda --check-suffix=PLAIN %s cudalint-atomic-hotspot %t

#include <cstdio>
// CHECK-FIXES: #include <cstdio>
// CHECK-FIXES-NEXT: #include <cooperative_groups.h>
// CHECK-FIXES-NEXT: #include <cooperative_groups/reduce.h>

__global__ void float_sum(const float *in, float *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(total, in[i] * 2.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'float' into 'total'{{.*}}
  // CHECK-MESSAGES-PLAIN: :[[@LINE-2]]:5: warning: 'atomicAdd' of 'float' into 'total'{{.*}}
}
// CHECK-FIXES: { cooperative_groups::coalesced_group warp = cooperative_groups::coalesced_threads(); float warp_sum = cooperative_groups::reduce(warp, static_cast<float>(in[i] * 2.0), cooperative_groups::plus<float>()); if (warp.thread_rank() == 0) atomicAdd(total, warp_sum); }

// A variable named like the fix's: the fix picks other names.
__global__ void named(const float *warp, float *total) {
  atomicAdd(total, warp[threadIdx.x]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'atomicAdd' of 'float' into {{.*}}
  // CHECK-MESSAGES-PLAIN: :[[@LINE-2]]:3: warning: 'atomicAdd' of 'float' into {{.*}}
}
// CHECK-FIXES: { cooperative_groups::coalesced_group active_lanes = cooperative_groups::coalesced_threads(); float lanes_sum = cooperative_groups::reduce(active_lanes, warp[threadIdx.x], cooperative_groups::plus<float>()); if (active_lanes.thread_rank() == 0) atomicAdd(total, lanes_sum); }

// The result is used: no rewrite.
__global__ void used(const float *in, float *total, float *old) {
  old[threadIdx.x] = atomicAdd(total, in[threadIdx.x]);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'atomicAdd' of 'float' into {{.*}}
  // CHECK-MESSAGES-PLAIN: :[[@LINE-2]]:22: warning: 'atomicAdd' of 'float' into {{.*}}
}
// CHECK-FIXES: old[threadIdx.x] = atomicAdd(total, in[threadIdx.x]);
