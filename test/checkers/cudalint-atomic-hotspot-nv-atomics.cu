// CUDA 12.8's __nv_atomic_* functions and their __NV_ATOMIC_* and
// __NV_THREAD_SCOPE_* constants, which clang's CUDA wrapper never declares:
// kernels that use them are parsed, and the atomics are seen as atomics.
// The one atomic the fix-it leaves keeps its order and scope.
// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda --fix-notes %s cudalint-atomic-hotspot %t

#include <cuda_runtime.h>
// CHECK-FIXES: #include <cuda_runtime.h>
// CHECK-FIXES-NEXT: #include <cooperative_groups.h>
// CHECK-FIXES-NEXT: #include <cooperative_groups/reduce.h>

// ---- Flagged. ----

__global__ void float_sum(const float *in, float *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __nv_atomic_fetch_add(total, in[i], __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__nv_atomic_fetch_add' of 'float' into 'total' serialises every lane on one address [cudalint-atomic-hotspot]
  // CHECK-FIXES: {{^}}    { cooperative_groups::coalesced_group warp = cooperative_groups::coalesced_threads(); float warp_sum = cooperative_groups::reduce(warp, in[i], cooperative_groups::plus<float>()); if (warp.thread_rank() == 0) __nv_atomic_fetch_add(total, warp_sum, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE); }
}

// The scope argument left out: system scope, the default.
__global__ void hist16(const unsigned *in, unsigned *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __nv_atomic_fetch_add(&hist[in[i] & 15], 1, __NV_ATOMIC_RELAXED);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__nv_atomic_fetch_add' into 'hist' (16 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

__global__ void running_max(const int *in, int *best, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __nv_atomic_fetch_max(best, in[i], __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__nv_atomic_fetch_max' of 'int' into 'best' {{.*}}[cudalint-atomic-hotspot]
}

// ---- Not flagged. ----

// One address per thread: nothing to contend for.
__global__ void per_thread(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __nv_atomic_fetch_add(&out[i], in[i], __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
}

// A flag read and published by one thread of each block.
__global__ void publish(int *flag, int *data, int n) {
  if (threadIdx.x == 0) {
    int seen = __nv_atomic_load_n(flag, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_store_n(&data[blockIdx.x], seen + n, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  }
}

// A block-scoped counter in shared memory is not a global hotspot.
__global__ void block_count(const int *in, int *out, int n) {
  __shared__ int count;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    __nv_atomic_fetch_add(&count, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = count;
}
