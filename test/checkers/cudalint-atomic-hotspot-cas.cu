// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

// ---- Flagged: compare-and-swap retry loops building a value. ----

// A float max by every thread, in the kernel.
__global__ void float_max(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int *addr = (int *)out;
  int old = *addr, assumed;
  do {
    assumed = old;
    old = atomicCAS(addr, assumed,
                    __float_as_int(fmaxf(x[i], __int_as_float(assumed))));
    // CHECK-MESSAGES: :[[@LINE-2]]:11: warning: 'atomicCAS' retry loop on one address of 'int' in 'out': every lane retries in turn [cudalint-atomic-hotspot]
  } while (assumed != old);
}

// A product through a helper, as a while loop.
__device__ float atomic_mul(float *addr, float factor) {
  unsigned *p = reinterpret_cast<unsigned *>(addr);
  unsigned old = *p, assumed = old + 1;
  while (assumed != old) {
    assumed = old;
    old = atomicCAS(p, assumed,
                    __float_as_uint(__uint_as_float(assumed) * factor));
    // CHECK-MESSAGES: :[[@LINE-2]]:11: warning: 'atomicCAS' retry loop on one address of 'unsigned int' in 'prod': every lane retries in turn [cudalint-atomic-hotspot]
  }
  return __uint_as_float(old);
}

__global__ void product(const float *p, float *prod, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomic_mul(prod, p[i]);
}

// A min on doubles, 64-bit words.
__device__ void atomic_min_double(double *addr, double v) {
  unsigned long long *a = (unsigned long long *)addr;
  unsigned long long old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed,
                    __double_as_longlong(fmin(v, __longlong_as_double(assumed))));
    // CHECK-MESSAGES: :[[@LINE-2]]:11: warning: 'atomicCAS' retry loop on one address of 'unsigned long long' in 'best': every lane retries in turn [cudalint-atomic-hotspot]
  } while (assumed != old);
}

__global__ void min_dist(const double *d, double *best, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomic_min_double(best, d[i]);
}

// An integer max whose new value ignores the expected one: the loop
// refreshes the expected value from what the swap read, and retries.
__global__ void refreshed_max(const int *x, int *best, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = x[i];
  int cur = *best;
  while (true) {
    if (cur >= v)
      break;
    int old = atomicCAS(best, cur, v);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'atomicCAS' retry loop on one address of 'int' in 'best': every lane retries in turn [cudalint-atomic-hotspot]
    if (old == cur)
      break;
    cur = old;
  }
}

// The same as a while condition, the swap's result assigned directly.
__global__ void refreshed_min(const unsigned *x, unsigned *least, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned v = x[i], cur = *least, seen;
  while (v < cur && (seen = atomicCAS(least, cur, v)) != cur)
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'atomicCAS' retry loop on one address of 'unsigned int' in 'least': every lane retries in turn [cudalint-atomic-hotspot]
    cur = seen;
}

// ---- Quiet. ----

// A lock taken with an expected value the loop never changes.
__global__ void fixed_expected(int *mutex, int *flags) {
  int unlocked = 0;
  while (atomicCAS(&mutex[blockIdx.x], unlocked, 1) != unlocked) {
  }
  flags[blockIdx.x * blockDim.x + threadIdx.x] += 1;
  atomicExch(&mutex[blockIdx.x], 0);
}

// A lock: compare with a constant.
__global__ void lock(int *mutex, int *flag) {
  while (atomicCAS(mutex, 0, 1) != 0) {
  }
  atomicExch(mutex, 0);
}

// The CAS loop by one thread per block, after a block reduction.
__global__ void leader_max(const float *x, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (int st = 128; st > 0; st >>= 1) {
    if (threadIdx.x < st)
      s[threadIdx.x] = fmaxf(s[threadIdx.x], s[threadIdx.x + st]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    int *addr = (int *)out;
    int old = *addr, assumed;
    do {
      assumed = old;
      old = atomicCAS(addr, assumed,
                      __float_as_int(fmaxf(s[0], __int_as_float(assumed))));
    } while (assumed != old);
  }
}

// Per-lane slots.
__global__ void per_lane_max(const float *x, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int *addr = (int *)&out[i];
  int old = *addr, assumed;
  do {
    assumed = old;
    old = atomicCAS(addr, assumed,
                    __float_as_int(fmaxf(x[i], __int_as_float(assumed))));
  } while (assumed != old);
}

void launch(const float *x, float *o, const double *d, double *b, int *m) {
  float_max<<<64, 256>>>(x, o, 1000);
  product<<<64, 256>>>(x, o, 1000);
  min_dist<<<64, 256>>>(d, b, 1000);
  lock<<<64, 256>>>(m, m);
  leader_max<<<64, 256>>>(x, o);
  per_lane_max<<<64, 256>>>(x, o);
}
