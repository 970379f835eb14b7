// RUN: %check_cudalint %s cudalint-atomic-hotspot %t -- -nocudainc -isystem %inputs

// A histogram whose bins neither the kernel nor an allocation size bounds,
// bounded by another kernel the same host function launches on the same
// buffer: a guarded clear (`if (t < 64)`), a block-strided clear with a
// constant bound, a final pass over the bins by a block of 48 threads.
// Quiet beside them: a clear whose bound is a parameter, a clear that
// reads data for its index, a buffer no other kernel touches.
#include "cuda.h"

__global__ void clear_guarded(int *bins) {
  int t = threadIdx.x;
  if (t < 64)
    bins[t] = 0;
}

__global__ void clear_strided(unsigned *hist) {
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    hist[i] = 0;
}

__global__ void normalise(const int *bins, float *freq, float inv) {
  freq[threadIdx.x] = bins[threadIdx.x] * inv;
}

__global__ void count_a(const int *code, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[code[i]], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'bins' (64 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

__global__ void count_b(const int *code, unsigned *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[code[i]], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'hist' (256 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

__global__ void count_c(const int *code, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[code[i]], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'bins' (48 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

void histograms(const int *d_code, int *d_bins, unsigned *d_hist, int *d_c,
                float *d_freq, int n) {
  clear_guarded<<<1, 128>>>(d_bins);
  count_a<<<(n + 255) / 256, 256>>>(d_code, d_bins, n);
  clear_strided<<<1, 64>>>(d_hist);
  count_b<<<(n + 255) / 256, 256>>>(d_code, d_hist, n);
  count_c<<<(n + 255) / 256, 256>>>(d_code, d_c, n);
  normalise<<<1, 48>>>(d_c, d_freq, 1.0f / n);
}

// ---- Quiet. ----

__global__ void clear_param(int *bins, int nbins) {
  for (int i = threadIdx.x; i < nbins; i += blockDim.x)
    bins[i] = 0;
}

__global__ void clear_by_data(int *bins, const int *which) {
  bins[which[threadIdx.x]] = 0;
}

__global__ void count_d(const int *code, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[code[i]], 1);
}

__global__ void count_e(const int *code, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[code[i]], 1);
}

__global__ void count_f(const int *code, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[code[i]], 1);
}

void unbounded(const int *d_code, int *d_b1, int *d_b2, int *d_b3,
               const int *d_which, int n, int nbins) {
  clear_param<<<1, 64>>>(d_b1, nbins);
  count_d<<<(n + 255) / 256, 256>>>(d_code, d_b1, n);
  clear_by_data<<<1, 64>>>(d_b2, d_which);
  count_e<<<(n + 255) / 256, 256>>>(d_code, d_b2, n);
  count_f<<<(n + 255) / 256, 256>>>(d_code, d_b3, n);
}
