// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

// A histogram whose bins the kernel alone cannot bound (the index is data
// itself), bounded by the host side of the same file: the buffer each launch
// passes is allocated or cleared with a constant size (also a template
// argument of the host function that launches it). Quiet beside them: a
// buffer sized at run time, one launch of two passing such a buffer, and a
// buffer too large to privatize.

#define BINS 64

__global__ void count_codes(const int *code, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[code[i]], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'bins' (64 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

__global__ void count_labels(const int *label, unsigned *hist,
                             int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(hist + label[i], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'hist' (16 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

// Sized by a template argument of the host function that launches it.
__global__ void count_classes(const int *code, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[code[i]], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'bins' (32 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

template <int Classes> void classify(const int *d_code, int n) {
  int *d_bins;
  cudaMalloc(&d_bins, Classes * sizeof(int));
  count_classes<<<(n + 255) / 256, 256>>>(d_code, d_bins, n);
}

void classify32(const int *d_code, int n) { classify<32>(d_code, n); }

// ---- Quiet. ----

__global__ void count_runtime(const int *code, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[code[i]], 1);
}

__global__ void count_mixed(const int *code, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[code[i]], 1);
}

__global__ void count_wide(const int *code, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[code[i]], 1);
}

void run(const int *d_code, const int *d_label, int n, int nbins,
         int *shared_bins, unsigned *d_hist) {
  int *d_bins;
  cudaMalloc(&d_bins, BINS * sizeof(int));
  count_codes<<<(n + 255) / 256, 256>>>(d_code, d_bins, n);

  cudaMemsetAsync(d_hist, 0, 16 * sizeof(unsigned), 0);
  count_labels<<<128, 256>>>(d_label, d_hist, n);

  int *d_rt;
  cudaMalloc(&d_rt, nbins * sizeof(int));
  count_runtime<<<(n + 255) / 256, 256>>>(d_code, d_rt, n);

  count_mixed<<<(n + 255) / 256, 256>>>(d_code, d_bins, n);
  count_mixed<<<(n + 255) / 256, 256>>>(d_code, shared_bins, n);

  int *d_wide;
  cudaMalloc(&d_wide, (1 << 20) * sizeof(int));
  count_wide<<<(n + 255) / 256, 256>>>(d_code, d_wide, n);
}
