// A one-off GPU measurement behind a missing-restrict decision (not a
// fixture: the check stays quiet on these loops, so there is no fix-it for
// verify/run to time). Does __restrict__ pay on a short loop of constant
// trip count, the cuda-samples transpose 'copy' and naive transpose?
//
//   nvcc -O3 -arch=sm_90 -o /tmp/restrict_short_loop verify/bench/restrict_short_loop.cu
//   /tmp/restrict_short_loop
//
// H100 80GB HBM3, CUDA 13.0, 2026-11-25 (through the device tool), median of
// 30 runs after 5 warm-ups, three rounds agreeing to 0.01x:
//   copy plain 0.214 ms, restrict 0.184 ms -> 1.16x
//   naive transpose plain 1.283 ms, restrict 1.121 ms -> 1.14x
// A straight-line figure (GPU_FACTS: 1.12x at best), not a loop one (5.2x
// for a column scan): docs/checks/missing-restrict.md, "Known limits".
#include <cstdio>
#include <vector>
#include <algorithm>
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void copy_plain(float *odata, float *idata, int width) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x, y = blockIdx.y * TILE_DIM + threadIdx.y;
  int index = x + width * y;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) odata[index + i * width] = idata[index + i * width];
}
__global__ void copy_restrict(float *__restrict__ odata, const float *__restrict__ idata, int width) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x, y = blockIdx.y * TILE_DIM + threadIdx.y;
  int index = x + width * y;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) odata[index + i * width] = idata[index + i * width];
}
__global__ void tr_plain(float *odata, float *idata, int width, int height) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x, y = blockIdx.y * TILE_DIM + threadIdx.y;
  int in = x + width * y, out = y + height * x;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) odata[out + i] = idata[in + i * width];
}
__global__ void tr_restrict(float *__restrict__ odata, const float *__restrict__ idata, int width, int height) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x, y = blockIdx.y * TILE_DIM + threadIdx.y;
  int in = x + width * y, out = y + height * x;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) odata[out + i] = idata[in + i * width];
}
template <class F> float timeit(F f) {
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  for (int i = 0; i < 5; ++i) f();
  std::vector<float> t;
  for (int r = 0; r < 30; ++r) { cudaEventRecord(a); f(); cudaEventRecord(b); cudaEventSynchronize(b); float ms; cudaEventElapsedTime(&ms, a, b); t.push_back(ms); }
  std::sort(t.begin(), t.end()); return t[t.size() / 2];
}
int main() {
  int n = 8192; size_t bytes = size_t(n) * n * 4; float *a, *b;
  cudaMalloc(&a, bytes); cudaMalloc(&b, bytes); cudaMemset(a, 1, bytes);
  dim3 grid(n / TILE_DIM, n / TILE_DIM), block(TILE_DIM, BLOCK_ROWS);
  for (int round = 0; round < 3; ++round) {
    float p = timeit([&] { copy_plain<<<grid, block>>>(b, a, n); });
    float r = timeit([&] { copy_restrict<<<grid, block>>>(b, a, n); });
    float tp = timeit([&] { tr_plain<<<grid, block>>>(b, a, n, n); });
    float tr = timeit([&] { tr_restrict<<<grid, block>>>(b, a, n, n); });
    printf("round %d: copy plain %.3f ms restrict %.3f ms -> %.2fx | naive transpose plain %.3f restrict %.3f -> %.2fx\n", round, p, r, p / r, tp, tr, tp / tr);
  }
  return 0;
}
