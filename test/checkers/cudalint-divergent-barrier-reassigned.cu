// RUN: %check_cudalint %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// A block size or a bound the host sets again before the launch (`if (bs ==
// 1024) bs = 512;`, a fallback, a cap): the launch sees the first value or
// one of those assigned, each followed as the first is. Only plain
// assignments are read; `*=`, `++` or a value read at run time leave the
// launch's sizes open, and the warning names the condition.
#include "cuda.h"

int readSize();

// A global index against a size that is a multiple of every block size
// the host can choose.
__global__ void scale_rows(float *v, int count) {
  extern __shared__ float tile[];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (count <= g)
    return;
  tile[threadIdx.x] = v[g];
  __syncthreads();
  // CHECK-NOT: :[[@LINE-1]]:{{.*}}[cudalint-divergent-barrier]
  v[g] = tile[blockDim.x - 1 - threadIdx.x];
}

// ---- Quiet: every value the launch can see keeps blocks whole. ----

// A wrapper's parameter capped before the launch.
void scale_capped(float *v, int block_size) {
  if (block_size == 1024) {
    block_size = 512;
  }
  scale_rows<<<8192 / block_size, block_size, block_size * 4>>>(v, 8192);
}

void scale_all(float *v) {
  int sizes[] = {32, 64, 128, 256, 1024};
  for (int j = 0; j < 5; ++j)
    scale_capped(v, sizes[j]);
}

// A local set on one branch or the other.
void scale_by_mode(float *v, bool wide) {
  int threads = 128;
  if (wide)
    threads = 256;
  else
    threads = 64;
  scale_rows<<<4096 / threads, threads, threads * 4>>>(v, 4096);
}

// A bound set again from a constant.
void scale_fixed(float *v, bool big) {
  int count = 2048;
  if (big)
    count = 4 * 2048;
  scale_rows<<<count / 128, 128, 512>>>(v, count);
}

// ---- Flagged: a value the launch can see splits a block, or one is not
// followed. ----

__global__ void scale_cols(float *v, unsigned count) {
  __shared__ float mean;
  unsigned i = threadIdx.x + blockDim.x * blockIdx.x;
  if (i < count) {
    if (threadIdx.x == 0)
      mean = v[i];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}[cudalint-divergent-barrier]
    v[i] -= mean;
  }
}

// The fallback block of 96 threads does not divide 4096.
void cols_fallback(float *v, bool odd) {
  int threads = 256;
  if (odd)
    threads = 96;
  scale_cols<<<(4096 + threads - 1) / threads, threads>>>(v, 4096);
}

__global__ void scale_diag(float *v, int count) {
  __shared__ float last[1024];
  if (blockIdx.x * blockDim.x + threadIdx.x >= count)
    return;
  last[threadIdx.x] = v[count - 1 - blockIdx.x * blockDim.x - threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-divergent-barrier]
  v[blockIdx.x * blockDim.x + threadIdx.x] =
      last[blockDim.x - 1 - threadIdx.x];
}

// A block size doubled in place is not followed.
void diag_doubled(float *v) {
  int threads = 64;
  threads *= 2;
  scale_diag<<<4096 / threads, threads>>>(v, 4096);
}

__global__ void scale_band(float *v, int count) {
  __shared__ float pivot;
  for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < count;
       k += gridDim.x * blockDim.x) {
    if (threadIdx.x == 0)
      pivot = v[k];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}[cudalint-divergent-barrier]
    v[k] /= pivot + 1.f;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}[cudalint-divergent-barrier]
  }
}

// A bound set again from a value read at run time.
void band_from_input(float *v) {
  int count = 4096;
  if (count > 1000)
    count = readSize();
  scale_band<<<(count + 127) / 128, 128>>>(v, count);
}
