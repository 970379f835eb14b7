// Cooperative-groups leaders, on the toolkit's headers.
// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// One lane per 32-thread tile does the atomic, after the tile's reduction:
// already aggregated. Quiet.
__global__ void tile_leader(const double *in, double *total) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  double v = cg::reduce(tile, in[blockIdx.x * blockDim.x + threadIdx.x],
                        cg::plus<double>());
  if (tile.thread_rank() == 0)
    atomicAdd(total, v);
}

// A tile of 8 inside the first 8 threads (the CUDA samples' jacobi): one
// lane of the warp. Quiet.
__global__ void small_tile_leader(const double *in, double *total) {
  cg::thread_block block = cg::this_thread_block();
  if (threadIdx.x < 8) {
    auto tile8 = cg::tiled_partition<8>(block);
    double v = in[threadIdx.x];
    for (int o = tile8.size() / 2; o > 0; o /= 2)
      v += tile8.shfl_down(v, o);
    if (tile8.thread_rank() == 0)
      atomicAdd(total, v);
  }
}

// Every lane of a 32-tile adds: a hot spot.
__global__ void every_lane(const float *in, float *total) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  if (tile.meta_group_rank() == 0)
    atomicAdd(total, in[threadIdx.x]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicAdd' of 'float' into 'total'{{.*}}
}
