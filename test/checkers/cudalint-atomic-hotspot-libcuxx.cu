// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

#include <cuda/atomic>
#include <cuda/std/atomic>

// ---- Flagged: libcu++ atomics cost what the intrinsics cost. ----

__global__ void mass(const float *m, float *total, int n) {
  cuda::atomic_ref<float, cuda::thread_scope_device> acc(*total);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    acc.fetch_add(m[i], cuda::memory_order_relaxed);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fetch_add' of 'float' into 'total' serialises every lane on one address [cudalint-atomic-hotspot]
}

__global__ void operators(const double *v, double *sum, int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cuda::std::atomic_ref<double> s(sum[0]);
  s += v[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'operator+=' of 'double' into 'sum'{{.*}}[cudalint-atomic-hotspot]
  cuda::atomic_ref<int, cuda::thread_scope_system> c(*count);
  c++;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'operator++' of 'int' into 'count'{{.*}}[cudalint-atomic-hotspot]
}

__global__ void temporaries(const int *v, int *hi, float *lo) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cuda::atomic_ref<int, cuda::thread_scope_block>(*hi).fetch_max(v[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'fetch_max' of 'int' into 'hi' serialises every warp of the block on one address [cudalint-atomic-hotspot]
  cuda::atomic_ref<float>(*lo).fetch_sub(1.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'fetch_sub' of 'float' into 'lo' serialises every lane on one address [cudalint-atomic-hotspot]
}

__device__ cuda::atomic<unsigned> dropped;

__global__ void objects(const float *x, cuda::atomic<int> *hits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (x[i] > 0.f)
    hits->fetch_add(1, cuda::memory_order_relaxed);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fetch_add' of 'int' into 'hits' serialises every warp of the block on one address [cudalint-atomic-hotspot]
  else
    dropped.fetch_add(1u);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fetch_add' of 'unsigned int' into 'dropped' serialises every warp of the block on one address [cudalint-atomic-hotspot]
}

// ---- Quiet. ----

__global__ void per_lane(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cuda::atomic_ref<float> r(y[i]);
  r.fetch_add(x[i]);
}

__global__ void leader(const float *x, float *y) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0)
    cuda::atomic_ref<float>(*y).fetch_add(v);
}

void launch(const float *m, float *t, const double *d, double *s, int *c,
            const int *v, cuda::atomic<int> *h) {
  mass<<<64, 256>>>(m, t, 1000);
  operators<<<64, 256>>>(d, s, c);
  temporaries<<<64, 256>>>(v, c, t);
  objects<<<64, 256>>>(m, h);
  per_lane<<<64, 256>>>(m, t);
  leader<<<64, 256>>>(m, t);
}
