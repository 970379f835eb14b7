// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

// ---- Flagged: one address per warp or per block. ----

// y += A x with one atomic per element: the 32 lanes of a warp share row.
__global__ void rows_from_y(const float *A, const float *x, float *y, int rows,
                            int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols)
    atomicAdd(&y[row], A[row * cols + col] * x[col]);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'float' into 'y' serialises the 32 lanes of each warp on one address [cudalint-atomic-hotspot]
}

// One partial per warp, indexed by the warp's number in the block.
__global__ void per_warp_partials(const double *in, double *partial) {
  unsigned warp = threadIdx.x / 32;
  atomicAdd(partial + blockIdx.x * 8 + warp, in[blockIdx.x * blockDim.x + threadIdx.x]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'atomicAdd' of 'double' into 'partial' serialises the 32 lanes of each warp on one address [cudalint-atomic-hotspot]
}

// One accumulator per block.
__global__ void per_block(const float *in, float *sums) {
  atomicAdd(&sums[blockIdx.x], in[blockIdx.x * blockDim.x + threadIdx.x]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'atomicAdd' of 'float' into 'sums' serialises every lane on one address [cudalint-atomic-hotspot]
}

// 16x16 blocks: two rows per warp, 16 lanes on each address.
__global__ void half_warps(const float *A, float *y, int cols) {
  int row = blockIdx.y * 16 + threadIdx.y;
  int col = blockIdx.x * 16 + threadIdx.x;
  atomicAdd(&y[row], A[row * cols + col]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'atomicAdd' of 'float' into 'y' serialises groups of 16 lanes of each warp on one address [cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: sum within each group of lanes that shares an address first (a cooperative_groups::tiled_partition of that size and reduce, or shuffles within the group), then add once per group; not offered as a fix, because the group's size and shape come from the launch
}

// ---- Quiet. ----

// Column sums: each lane its own column.
__global__ void column_sums(const float *A, float *colsum, int rows, int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= cols)
    return;
  float s = 0.f;
  for (int r = blockIdx.y * 64; r < min(rows, blockIdx.y * 64 + 64); ++r)
    s += A[r * cols + col];
  atomicAdd(&colsum[col], s);
}

// Lane 0 of each warp after a shuffle reduction.
__global__ void warp_leaders(const float *in, float *y) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0)
    atomicAdd(&y[threadIdx.y], v);
}

// Integer per-warp slots: nvcc already makes it one atomic per warp.
__global__ void per_warp_counts(const int *in, int *counts) {
  atomicAdd(&counts[threadIdx.y], in[threadIdx.y * 32 + threadIdx.x]);
}

void launch(const float *A, const float *x, float *y, const double *d,
            double *p, int *c, const int *ci) {
  rows_from_y<<<dim3(8, 8), dim3(32, 8)>>>(A, x, y, 64, 256);
  per_warp_partials<<<64, 256>>>(d, p);
  per_block<<<64, 256>>>(A, y);
  half_warps<<<dim3(4, 4), dim3(16, 16)>>>(A, y, 64);
  column_sums<<<dim3(4, 4), 256>>>(A, y, 256, 1024);
  warp_leaders<<<16, dim3(32, 8)>>>(A, y);
  per_warp_counts<<<16, dim3(32, 8)>>>(ci, c);
}
