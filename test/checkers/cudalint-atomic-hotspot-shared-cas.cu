// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda --check-suffix=HOTSPOT %s cudalint-atomic-hotspot %t
// RUN: %check_cudalint --real-cuda --check-suffix=BRANCH %s cudalint-divergent-branch %t

// Compare-and-swap retry loops on a `__shared__` word, in the spellings
// kernels use. Every lane of every warp of the block retries on the one
// word, as on a global word, but in shared memory that costs little: 1.04x
// against a warp max and one CAS per warp on an H200
// (fixtures/atomic-hotspot/shared_cas_max.cu), so atomic-hotspot stays
// silent on them. divergent-branch leaves
// every retry loop around an atomic alone, whatever the memory: its trip
// count is contention, not work. The same loop on a global word is
// atomic-hotspot's, and a helper of the user's named like an atomic is not
// one, for either check.

#include <cuda/atomic>

// ---- Flagged: the global-memory counterpart. ----

// An int max, do/while, on the word the kernel's pointer points to.
__global__ void global_int_max(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : *out;
  int old = *out, assumed;
  do {
    assumed = old;
    old = atomicCAS(out, assumed, max(v, assumed));
    // CHECK-MESSAGES-HOTSPOT: :[[@LINE-1]]:11: warning: 'atomicCAS' retry loop on one address of 'int' in 'out': every lane retries in turn [cudalint-atomic-hotspot]
  } while (assumed != old);
}

// ---- Quiet: the same loops on a __shared__ word. ----

// An int max, do/while.
__global__ void shared_int_max(const int *in, int *out, int n) {
  __shared__ int best;
  if (threadIdx.x == 0)
    best = -2147483647 - 1;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : best;
  int old = best, assumed;
  do {
    assumed = old;
    old = atomicCAS(&best, assumed, max(v, assumed));
  } while (assumed != old);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = best;
}

// A float max through its bits, do/while, over a grid-stride loop.
__global__ void shared_float_max(const float *x, float *out, int n) {
  __shared__ int best;
  if (threadIdx.x == 0)
    best = __float_as_int(-INFINITY);
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    int old = best, assumed;
    do {
      assumed = old;
      old = atomicCAS(&best, assumed,
                      __float_as_int(fmaxf(x[i], __int_as_float(assumed))));
    } while (assumed != old);
  }
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = __int_as_float(best);
}

// A float min in a helper, while (true) with a break once the swap went
// through.
__device__ void min_into(float *lo, float v) {
  unsigned *word = (unsigned *)lo;
  unsigned old = *word;
  while (true) {
    unsigned seen = atomicCAS(word, old,
                              __float_as_uint(fminf(v, __uint_as_float(old))));
    if (seen == old)
      break;
    old = seen;
  }
}

__global__ void shared_float_min(const float *x, float *out, int n) {
  __shared__ float lo;
  if (threadIdx.x == 0)
    lo = INFINITY;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  min_into(&lo, i < n ? x[i] : INFINITY);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = lo;
}

// libcu++: compare_exchange_weak on a block-scope reference to a shared int.
__global__ void shared_ref_max(const int *in, int *out) {
  __shared__ int best;
  if (threadIdx.x == 0)
    best = 0;
  __syncthreads();
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  cuda::atomic_ref<int, cuda::thread_scope_block> ref(best);
  int expected = ref.load();
  while (!ref.compare_exchange_weak(expected, max(expected, v))) {
  }
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = best;
}

// ---- A helper of the user's named like an atomic is not one. ----

// A plain read and write of one float, whatever its name says.
__device__ float atomic_mul(float *addr, float factor) {
  float old = *addr;
  *addr = old * factor;
  return old;
}

// Not an atomic on one address: nothing for atomic-hotspot.
__global__ void scale(const float *f, float *prod, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomic_mul(prod, f[i]);
}

// Not a retry loop: each lane halves its own value until it drops below 1,
// a trip count of its own data.
__global__ void halve(float *x, const float *w, int *steps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.f;
  int s = 0;
  while (atomic_mul(&x[i], 0.5f) > 1.f) {
    // CHECK-MESSAGES-BRANCH: :[[@LINE-1]]:10: warning: loop condition 'atomic_mul(&x[i], 0.5f) > 1.f' {{.*}}{{.*}}[cudalint-divergent-branch]
    acc += w[s] * w[s + 1] + w[s + 2] * w[s + 3];
    ++s;
  }
  steps[i] = s + int(acc);
}

void launch(const float *x, float *o, const int *v, int *m) {
  global_int_max<<<64, 256>>>(v, m, 1000);
  shared_int_max<<<64, 256>>>(v, m, 1000);
  shared_float_max<<<64, 256>>>(x, o, 1000);
  shared_float_min<<<64, 256>>>(x, o, 1000);
  shared_ref_max<<<64, 256>>>(v, m);
  scale<<<64, 256>>>(x, o, 1000);
  halve<<<64, 256>>>(o, x, m, 1000);
}
