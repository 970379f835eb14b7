// Shared memory that a library lays out is the library's business: CUB's
// TempStorage, passed whole to BlockLoad, BlockRadixSort and BlockStore, is
// never reported at the user's call site, and no degree is ever above the
// 32 lanes of a warp. The user's own tile in the same kernel still is.
// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-shared-bank-conflict %t

#include <cub/cub.cuh>

__global__ void sort_blocks(const int *d_in, int *d_out) {
  using BlockLoad = cub::BlockLoad<int, 128, 16, cub::BLOCK_LOAD_TRANSPOSE>;
  using BlockStore = cub::BlockStore<int, 128, 16, cub::BLOCK_STORE_TRANSPOSE>;
  using BlockRadixSort = cub::BlockRadixSort<int, 128, 16>;
  __shared__ union {
    typename BlockLoad::TempStorage load;
    typename BlockStore::TempStorage store;
    typename BlockRadixSort::TempStorage sort;
  } temp_storage;
  int keys[16];
  int offset = blockIdx.x * (128 * 16);
  BlockLoad(temp_storage.load).Load(d_in + offset, keys);
  __syncthreads();
  BlockRadixSort(temp_storage.sort).Sort(keys);
  __syncthreads();
  BlockStore(temp_storage.store).Store(d_out + offset, keys);
}

__global__ void reduce_then_transpose(const float *in, float *out) {
  using BlockReduce = cub::BlockReduce<float, 32, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 32>;
  __shared__ typename BlockReduce::TempStorage reduce_storage;
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[(blockIdx.x * 32 + threadIdx.y) * 32 + threadIdx.x];
  __syncthreads();
  float v = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on 'tile' reads{{.*}}{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: 'tile' declared here; padding its rows to 'tile[32][33]' removes the conflict
  float sum = BlockReduce(reduce_storage).Sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x * 32 + threadIdx.y] = sum;
}

// CHECK-FIXES: __shared__ float tile[32][32 + 1];

void launch(const int *a, int *b, const float *f, float *g) {
  sort_blocks<<<64, 128>>>(a, b);
  reduce_then_transpose<<<64, dim3(32, 32)>>>(f, g);
}
