// RUN: %check_cudalint --expect-error %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// Early exits that every launch makes unreachable: `if (t >= width)
// return;` where each launch gives the block exactly `width` threads (the
// same constant, or the same variable passed as the block size and as the
// argument). A barrier after them is met by every thread. Flagged beside
// them: the same exit where a launch passes a width other than the block's.
// And a warp barrier in a grid-stride loop, whose tail lanes leave the loop
// and then the kernel: only lanes that have not exited must arrive.
#include "cuda.h"

// ---- Quiet. ----

// The block is `width` threads wide at every launch.
__global__ void row_scale(float *x, int width) {
  __shared__ float row[1024];
  int t = threadIdx.x;
  if (t >= width)
    return;
  row[t] = x[blockIdx.x * width + t];
  __syncthreads();
  x[blockIdx.x * width + t] = row[t] / (row[0] + row[width - 1] + 1.f);
}

// The same test spelt the other way round, on the linear block index, with
// the guard around the work instead of an exit.
__global__ void row_shift(float *x, int cols) {
  __shared__ float row[512];
  int t = threadIdx.x;
  if (cols > t) {
    row[t] = x[blockIdx.x * cols + t];
    __syncthreads();
    x[blockIdx.x * cols + t] = row[(t + 1) % cols];
  }
}

// The width reaches the launch through one local variable.
__global__ void row_norm(float *x, int C) {
  __shared__ float s[256];
  int c = threadIdx.x;
  if (c >= C)
    return;
  s[c] = x[blockIdx.x * C + c] * x[blockIdx.x * C + c];
  __syncthreads();
  x[blockIdx.x * C + c] /= s[0] + s[C - 1] + 1.f;
}

// Tail lanes of a grid-stride loop leave it and the kernel; the lanes still
// in the loop meet at the warp barrier without them.
__global__ void grid_stride_warp_sync(int *out, const int *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    int v = in[i];
    if (v & 1)
      out[i] = v * 3 + 1;
    else
      out[i] = v / 2;
    __syncwarp();
  }
}

// ---- Flagged. ----

// One launch passes a width smaller than its block.
__global__ void row_scale_partial(float *x, int width) {
  __shared__ float row[1024];
  int t = threadIdx.x;
  if (t >= width)
    return;
  row[t] = x[blockIdx.x * width + t];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  x[blockIdx.x * width + t] = row[t] / (row[0] + row[t + 1] + 1.f);
}

// The loop is inside another one: a lane that leaves the inner loop meets
// the warp barrier again in the next outer trip.
__global__ void nested_stride_warp_sync(int *out, const int *in, int n,
                                        int reps) {
  for (int r = 0; r < reps; ++r) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x) {
      out[i] += in[i] * r;
      __syncwarp();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
    }
  }
}

void launch(float *x, int *o, const int *in, int rows, int n, int C) {
  row_scale<<<rows, 128>>>(x, 128);
  row_scale<<<rows, 256>>>(x, 256);
  row_shift<<<rows, 512>>>(x, 512);
  int threads = C;
  row_norm<<<rows, threads>>>(x, threads);
  row_norm<<<rows, C>>>(x, C);
  grid_stride_warp_sync<<<64, 256>>>(o, in, n);
  row_scale_partial<<<rows, 256>>>(x, 256);
  row_scale_partial<<<rows, 256>>>(x, 200);
  nested_stride_warp_sync<<<64, 256>>>(o, in, n, 4);
}
