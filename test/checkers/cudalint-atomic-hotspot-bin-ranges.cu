// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

// The bins a data-indexed atomic can reach, however the index is bounded:
// a clamp on one side only (an index into an array starts at 0), bits OR-ed
// from comparisons, fields shifted into place. Quiet beside them: a clamp
// that leaves too many bins to privatize, and a bound on the low side only.

// ---- Flagged: a few bins chosen by data. ----

__global__ void clamped_above(const float *x, int *bins, float inv, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[min((int)(x[i] * inv), 63)], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'bins' (64 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

__global__ void comparison_bits(const float *a, const float *b, const float *c,
                                int *bins, float t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int code = (a[i] > t) | ((b[i] > t) << 1) | ((c[i] > t) << 2);
    atomicAdd(&bins[code], 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'bins' (8 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
  }
}

__global__ void shifted_fields(const unsigned *key, unsigned *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[((key[i] & 3u) << 2) ^ ((key[i] >> 8) & 3u)], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'hist' (16 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

// ---- Quiet. ----

__global__ void clamped_wide(const int *key, int *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[min(key[i], 1 << 20)], 1);
}

__global__ void bounded_below(const int *key, int *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[max(key[i], 0)], 1);
}
