// RUN: %check_cudalint --expect-error %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// Early exits and loop bounds that the host code decides. The values a
// launch passes are followed through locals, arithmetic, arrays of sizes
// and wrapper functions to their callers; a guard is quiet when no launch
// can give two threads of one block different answers, an error when a
// launch surely does, and a warning naming the condition when the sizes
// are not in view.
#include "cuda.h"

// ---- Quiet. ----

// A thread index against a width every launch makes at least the block:
// the width comes through a wrapper, the block size from an array.
__global__ void vocab_softmax(float *x, int width) {
  __shared__ float part[32];
  unsigned t = threadIdx.x;
  if (t >= width) {
    part[t / 32] = 0.f;
    return;
  }
  part[t / 32] = x[blockIdx.x * width + t];
  __syncthreads();
  x[blockIdx.x * width + t] /= part[0] + 1.f;
}

void softmax_rows(float *x, int rows, int width, int threads) {
  vocab_softmax<<<rows, threads>>>(x, width);
}

// The same kernel with a block size nobody can see, and a width no block
// reaches (1024 threads at most).
void softmax_any_block(float *x, int rows, int threads) {
  vocab_softmax<<<rows, threads>>>(x, 4096);
}

// A global index against a size the host rounds up to the block.
__global__ void scale_padded(float *v, int count) {
  __shared__ float first;
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= count)
    return;
  if (threadIdx.x == 0)
    first = v[blockIdx.x * blockDim.x];
  __syncthreads();
  v[g] -= first;
}

// A loop over rows, one per warp: each block's warps make equal trips when
// the row count is a multiple of the warps per block.
__global__ void rows_per_warp(float *x, int nrows) {
  __shared__ float scratch[32];
  int per_block = blockDim.x / 32;
  for (int r = blockIdx.x * per_block + threadIdx.x / 32; r < nrows;
       r += gridDim.x * per_block) {
    scratch[threadIdx.x / 32] = x[r];
    __syncthreads();
    x[r] = scratch[0];
    __syncthreads();
  }
}

// One block fewer than the data has, over a pointer moved one block on:
// `id > len` is never true.
__global__ void add_block_sums(int *d, const int *sums, int len) {
  __shared__ int carry;
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id > len)
    return;
  if (threadIdx.x == 0)
    carry = sums[blockIdx.x];
  __syncthreads();
  d[id] += carry;
}

// A channel from the lane and a group read per block: the exit is
// block-uniform when the channel count is a multiple of a warp's span.
__global__ void grouped_channels(float *out, const int *group, int channels) {
  __shared__ float acc[256];
  int c = group[blockIdx.x] * 256 + (threadIdx.x % 32) * 8;
  if (c >= channels)
    return;
  acc[threadIdx.x] = out[c];
  __syncthreads();
  out[c] = acc[(threadIdx.x + 32) % 256];
}

// A lane test against whole warps' worth of an integer: every lane of a
// warp agrees, and so does every warp of the block, whatever `k` is.
__global__ void whole_warps(float *v, int k) {
  __shared__ float s[256];
  if (threadIdx.x % 32 < k * 32)
    return;
  s[threadIdx.x] = v[threadIdx.x];
  __syncthreads();
  v[threadIdx.x] = s[255 - threadIdx.x];
}

void run_groups(float *x, const int *group, int nb, int channels) {
  grouped_channels<<<nb, 256>>>(x, group, channels);
}

void host_quiet(float *x, int *d, const int *sums, const int *group,
                int argc) {
  const int vocab = 50000;
  int sizes[] = {64, 128, 256, 512, 1024};
  for (int j = 0; j < 5; ++j)
    softmax_rows(x, 8, vocab, sizes[j]);
  softmax_any_block(x, 8, argc * 32);

  int count = 1000;
  int bs = 128;
  int padded = (count + bs - 1) / bs * bs;
  scale_padded<<<padded / bs, bs>>>(x, padded);
  scale_padded<<<64, 256>>>(x, 64 * 256);

  int batch = 4, seq = 512;
  int threads[] = {64, 128, 256, 512};
  for (int k = 0; k < 4; ++k)
    rows_per_warp<<<argc, threads[k]>>>(x, batch * seq);

  const int total = 8192;
  int block = 128;
  int blocks = total / block;
  add_block_sums<<<blocks - 1, block>>>(d + block, sums, total);

  run_groups(x, group, argc, 768);
  whole_warps<<<4, 256>>>(x, argc);
}

// ---- Flagged. ----

// Each thread tests its own element: an error whatever the sizes.
__global__ void skip_negative(float *v) {
  __shared__ float s[256];
  float mine = v[blockIdx.x * blockDim.x + threadIdx.x];
  if (mine < 0.f)
    return;
  s[threadIdx.x] = mine;
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  v[blockIdx.x * blockDim.x + threadIdx.x] = s[255 - threadIdx.x];
}

// Half a warp takes the barrier.
__global__ void half_warp_sync(float *v) {
  __shared__ float s[64];
  if (threadIdx.x < 16) {
    s[threadIdx.x] = v[threadIdx.x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
    v[threadIdx.x] = s[15 - threadIdx.x];
  }
}

// Launched with a size that is not a multiple of the block: the last block
// splits.
__global__ void scale_ragged(float *v, int count) {
  __shared__ float mirror[1024];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= count)
    return;
  mirror[threadIdx.x] = v[g];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  v[g] -= mirror[blockDim.x - 1 - threadIdx.x];
}

// A size the host does not show: the warning says when it splits a block.
__global__ void scale_unknown(float *v, int count) {
  __shared__ float first;
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < count) {
    if (threadIdx.x == 0)
      first = v[blockIdx.x * blockDim.x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}when 'count' is not a multiple of blockDim.x [cudalint-divergent-barrier]
    v[g] -= first;
  }
}

// Rows per warp over a count that is not a multiple of the warps.
__global__ void rows_per_warp_odd(float *x, int nrows) {
  __shared__ float scratch[32];
  int per_block = blockDim.x / 32;
  for (int r = blockIdx.x * per_block + threadIdx.x / 32; r < nrows;
       r += gridDim.x * per_block) {
    scratch[threadIdx.x / 32] = x[r];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}when 'nrows' is not a multiple of {{.*}}[cudalint-divergent-barrier]
    x[r] = scratch[(threadIdx.x / 32 + 1) % per_block];
  }
}

// A width smaller than some of the blocks the array of sizes gives.
__global__ void narrow_rows(float *x, int width) {
  __shared__ float s[1024];
  if (threadIdx.x >= width)
    return;
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}when 'width' falls inside a block [cudalint-divergent-barrier]
  x[threadIdx.x] = s[threadIdx.x + 1];
}

// The same lane test against a fraction: a float times 32 can be 16.
__global__ void lane_fraction(float *v, float frac) {
  __shared__ float s[256];
  if (threadIdx.x % 32 < frac * 32)
    return;
  s[threadIdx.x] = v[threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}missed by some threads{{.*}}[cudalint-divergent-barrier]
  v[threadIdx.x] = s[255 - threadIdx.x];
}

// A host wrapper called directly and through a forwarder that passes its
// arguments on (`bench(repeats, run_rows, ...)` calling
// `run(std::forward<Args>(args)...)`): both calls pass 4096 rows, a
// multiple of the block's 4 warps, so warps of a block make equal trips.
namespace std {
template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T &> { typedef T type; };
template <class T>
T &&forward(typename remove_reference<T>::type &t) noexcept {
  return static_cast<T &&>(t);
}
} // namespace std

__global__ void rows_by_warp(float *x, int rows) {
  __shared__ float part[4];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int r = blockIdx.x * 4 + warp; r < rows; r += gridDim.x * 4) {
    if (lane == 0)
      part[warp] = x[r];
    __syncthreads();
    x[r] += part[(warp + 1) % 4];
    __syncthreads();
  }
}

void run_rows(float *x, int rows, int grid) {
  rows_by_warp<<<grid, 128>>>(x, rows);
}

template <class Run, class... Args>
float bench(int repeats, Run run, Args &&...args) {
  for (int i = 0; i < repeats; ++i)
    run(std::forward<Args>(args)...);
  return 0.f;
}

void host_forwarded(float *x, int grid) {
  int rows = 4096;
  run_rows(x, rows, grid);
  bench(10, run_rows, x, rows, grid);
}

// The same wrapper whose forwarder changes what it passes is not followed:
// the rows it receives are not in view.
__global__ void rows_by_warp_b(float *x, int rows) {
  __shared__ float part[4];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int r = blockIdx.x * 4 + warp; r < rows; r += gridDim.x * 4) {
    if (lane == 0)
      part[warp] = x[r];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}when 'rows' is not a multiple of {{.*}}[cudalint-divergent-barrier]
    x[r] += part[(warp + 1) % 4];
  }
}

void run_rows_b(float *x, int rows, int grid) {
  rows_by_warp_b<<<grid, 128>>>(x, rows);
}

template <class Run>
void bench_halved(int repeats, Run run, float *x, int rows, int grid) {
  for (int i = 0; i < repeats; ++i)
    run(x, rows / 2 + 1, grid);
}

void host_not_forwarded(float *x, int grid) {
  run_rows_b(x, 4096, grid);
  bench_halved(10, run_rows_b, x, 4096, grid);
}

// Two bounds that move by different steps (columns by blockDim.x, rows by
// blockDim.y): the message names no single multiple.
__global__ void tile_2d(float *img, int w, int h) {
  __shared__ float t[8][8];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  t[threadIdx.y][threadIdx.x] = img[y * w + x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}when 'w' or 'h' falls inside a block [cudalint-divergent-barrier]
  img[y * w + x] = t[7 - threadIdx.y][7 - threadIdx.x];
}

void launch_tile_2d(float *img, int w, int h) {
  tile_2d<<<dim3((w + 7) / 8, (h + 7) / 8), dim3(8, 8)>>>(img, w, h);
}

void launch_narrow(float *x, int width, int threads) {
  narrow_rows<<<1, threads>>>(x, width);
}

void host_flagged(float *x, int n, int argc, float f) {
  lane_fraction<<<4, 256>>>(x, f);
  skip_negative<<<4, 256>>>(x);
  half_warp_sync<<<1, 64>>>(x);
  scale_ragged<<<8, 128>>>(x, 1000);
  scale_unknown<<<(n + 255) / 256, 256>>>(x, n);
  rows_per_warp_odd<<<argc, 128>>>(x, 1001);
  int sizes[] = {128, 256, 512};
  for (int j = 0; j < 3; ++j)
    launch_narrow(x, 200, sizes[j]);
}
