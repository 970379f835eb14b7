// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

// ---- Flagged: a few bins chosen by data. ----

// Weighted bins, clamped into 0..15.
__global__ void weighted(const float *v, const float *w, float *bins, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    int b = __float2int_rd(v[i] * 16.f);
    b = min(max(b, 0), 15);
    atomicAdd(&bins[b], w[i]);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'bins' (16 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
  }
}

// The bin count is a template argument.
template <int NBins>
__global__ void by_template(const unsigned *key, unsigned *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[key[i] % NBins], 1u);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' into 'hist' (16 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

// A constexpr bound.
constexpr int kBins = 32;
__global__ void by_constants(const int *key, int *h1, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned k = key[i];
  atomicAdd(h1 + k % kBins, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'atomicAdd' into 'h1' (32 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

// The bin count is a launch argument.
__global__ void by_argument(const unsigned *key, unsigned *hist, unsigned bins,
                            int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicInc(&hist[key[i] % bins], 0xffffffffu);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicInc' into 'hist' (128 bins at most, indexed by data): the grid contends for a few addresses [cudalint-atomic-hotspot]
}

// ---- Quiet. ----

// A bin count only known at run time.
__global__ void runtime_bins(const unsigned *key, unsigned *hist, unsigned bins,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[key[i] % bins], 1u);
}

// Too many bins to privatize.
__global__ void wide(const unsigned *key, unsigned *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[key[i] & 0xfffff], 1u);
}

void launch(const float *v, float *b, const unsigned *k, unsigned *h,
            const int *ki, int *hi, unsigned runtime) {
  weighted<<<64, 256>>>(v, v, b, 1000);
  by_template<16><<<64, 256>>>(k, h, 1000);
  by_constants<<<64, 256>>>(ki, hi, 1000);
  by_argument<<<64, 256>>>(k, h, 128u, 1000);
  runtime_bins<<<64, 256>>>(k, h, runtime, 1000);
  wide<<<64, 256>>>(k, h, 1000);
}
