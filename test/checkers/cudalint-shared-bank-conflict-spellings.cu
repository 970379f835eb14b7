// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// The spellings of real tiles: loops whose variable starts at a thread
// index (block-stride loops over a tile), and elements narrower than a bank
// (two halves or four chars per 4-byte word), padded by one 4-byte word.
#include "cuda.h"

#define TILE 32
#define ROWS 8

// ---- Flagged. ----

// The tiled transpose written with block-stride loops.
__global__ void transpose_block_stride(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y0 = blockIdx.y * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    tile[j][threadIdx.x] = in[(y0 + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y0 = blockIdx.x * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    out[(y0 + j) * n + x] = tile[threadIdx.x][j];
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 32-way bank conflict on 'tile' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-11]]:20: note: 'tile' declared here; padding its rows to 'tile[32][33]' removes the conflict
}
// CHECK-FIXES: __shared__ float tile[TILE][TILE + 1];

// A while loop whose counter starts at threadIdx.y: each warp clears one
// column of rows per step.
__global__ void clear_columns(float *out) {
  __shared__ float s[32][32];
  int c = threadIdx.y;
  while (c < 32) {
    s[threadIdx.x][c] = 0.f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on 's' writes{{.*}}{{.*}}[cudalint-shared-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-5]]:20: note: 's' declared here; padding its rows to 's[32][33]' removes the conflict
    c += ROWS;
  }
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.y][threadIdx.x];
}
// CHECK-FIXES: __shared__ float s[32][32 + 1];

// A half-precision tile read down a column: rows are 16 banks apart.
__global__ void transpose_half(__half *out, const __half *in, int n) {
  __shared__ __half h[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y0 = blockIdx.y * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    h[j][threadIdx.x] = in[(y0 + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y0 = blockIdx.x * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    out[(y0 + j) * n + x] = h[threadIdx.x][j];
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 16-way bank conflict on 'h' reads (__half) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-11]]:21: note: 'h' declared here; padding its rows to 'h[32][34]' removes the conflict
}
// CHECK-FIXES: __shared__ __half h[TILE][TILE + 2];

// Bytes: a 32-byte row is 8 banks, so a column is 8-way.
__global__ void transpose_bytes(char *out, const char *in, int n) {
  __shared__ char c[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y0 = blockIdx.y * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    c[j][threadIdx.x] = in[(y0 + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y0 = blockIdx.x * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    out[(y0 + j) * n + x] = c[threadIdx.x][j];
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 8-way bank conflict on 'c' reads{{.*}}{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-11]]:19: note: 'c' declared here; padding its rows to 'c[32][36]' removes the conflict
}
// CHECK-FIXES: __shared__ char c[TILE][TILE + 4];

void launch(float *o, const float *i, __half *ho, const __half *hi, char *co,
            const char *ci, int n) {
  dim3 block(TILE, ROWS), grid(n / TILE, n / TILE);
  transpose_block_stride<<<grid, block>>>(o, i, n);
  clear_columns<<<1, block>>>(o);
  transpose_half<<<grid, block>>>(ho, hi, n);
  transpose_bytes<<<grid, block>>>(co, ci, n);
}

// ---- Quiet. ----

// The block-stride transpose with a padded tile.
__global__ void transpose_block_stride_padded(float *out, const float *in,
                                              int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y0 = blockIdx.y * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    tile[j][threadIdx.x] = in[(y0 + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y0 = blockIdx.x * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    out[(y0 + j) * n + x] = tile[threadIdx.x][j];
}

// Half rows padded by one word.
__global__ void transpose_half_padded(__half *out, const __half *in, int n) {
  __shared__ __half h[TILE][TILE + 2];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y0 = blockIdx.y * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    h[j][threadIdx.x] = in[(y0 + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y0 = blockIdx.x * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    out[(y0 + j) * n + x] = h[threadIdx.x][j];
}

// An XOR swizzle of the column.
__global__ void transpose_swizzled(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y0 = blockIdx.y * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    tile[j][threadIdx.x ^ j] = in[(y0 + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y0 = blockIdx.x * TILE;
  for (int j = threadIdx.y; j < TILE; j += ROWS)
    out[(y0 + j) * n + x] = tile[threadIdx.x][j ^ threadIdx.x];
}

// Halves read along a row: two lanes per word, no conflict.
__global__ void half_rows(__half *out, const __half *in) {
  __shared__ __half h[8][64];
  for (int j = threadIdx.y; j < 8; j += 4)
    h[j][threadIdx.x] = in[j * 64 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 64 + threadIdx.x] = h[threadIdx.y][threadIdx.x];
}

void launch_quiet(float *o, const float *i, __half *ho, const __half *hi,
                  int n) {
  dim3 block(TILE, ROWS), grid(n / TILE, n / TILE);
  transpose_block_stride_padded<<<grid, block>>>(o, i, n);
  transpose_half_padded<<<grid, block>>>(ho, hi, n);
  transpose_swizzled<<<grid, block>>>(o, i, n);
  half_rows<<<1, dim3(64, 4)>>>(ho, hi);
}
