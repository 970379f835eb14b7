// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// ---- Flagged. ----

// A float tile read by columns: the 32 words of a column are 32 words apart,
// all in one bank. Padding each row by one word spreads them over 32 banks;
// every use of the tile is a subscript, so the fix-it is on the warning.
__global__ void transpose_tile(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict on 'tile' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: 'tile' declared here; padding its rows to 'tile[32][33]' removes the conflict
}
// CHECK-FIXES: __shared__ float tile[32][32 + 1];

// The same with doubles: each half-warp reads 16 doubles of one column, whose
// two words fall in the same pair of banks.
__global__ void transpose_tile_double(double *out, const double *in) {
  __shared__ double tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 16-way bank conflict on 'tile' reads (double) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:21: note: 'tile' declared here; padding its rows to 'tile[32][33]' removes the conflict
}
// CHECK-FIXES: __shared__ double tile[32][32 + 1];

// Each thread walks its own row: at every step, the warp reads a column.
// The row is issued as eight LDS.128 (its SASS for sm_90), lanes 128 bytes
// apart: 8-way for each quarter-warp.
__global__ void row_dot(float *out, const float *in, const float *x) {
  __shared__ float a[32][32];
  a[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  float sum = 0.0f;
  for (int k = 0; k < 32; ++k)
    sum += a[threadIdx.x][k] * x[k];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 8-way bank conflict on 'a' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-7]]:20: note: 'a' declared here; padding its rows to 'a[32][33]' removes the conflict
  out[threadIdx.y * 32 + threadIdx.x] = sum;
}
// CHECK-FIXES: __shared__ float a[32][32 + 1];

// A 1-D array indexed by hand: no row to pad; the note gives the padded
// stride (33 words puts lane i in bank i).
__global__ void flat_column(float *out, const float *in) {
  __shared__ float s[32 * 32];
  s[threadIdx.y * 32 + threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict on 's' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: 's' is indexed by hand: {{.*}}'j + j / 32' in every access{{.*}}
}
// CHECK-FIXES: __shared__ float s[32 * 32];

// The tile is passed to a function: its layout is visible there, so the
// padding is only suggested.
__device__ void load_tile(float (*t)[32], const float *in) {
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
}
__global__ void passed_to_function(float *out, const float *in) {
  __shared__ float tile[32][32];
  load_tile(tile, in);
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict on 'tile' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: padding the rows of 'tile' to 'tile[32][33]' would remove the conflict; not applied automatically because it is passed to a function
}
// CHECK-FIXES: __shared__ float tile[32][32];
// CHECK-FIXES-NEXT: load_tile(tile, in);

#define TILE 32

// Not edited: the declaration comes out of a macro.
#define DECLARE_TILE(name) __shared__ float name[TILE][TILE]
__global__ void macro_decl(float *out, const float *in) {
  DECLARE_TILE(tile);
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 32-way bank conflict on 'tile' reads{{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:16: note: padding the rows of 'tile' to 'tile[32][33]' would remove the conflict; not applied automatically because cudalint cannot rewrite its declaration (written by a macro or through a typedef)
}
// CHECK-FIXES: DECLARE_TILE(tile);

// Not edited: sizeof observes the layout.
__global__ void sized(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y] * sizeof(tile);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 32-way bank conflict on 'tile' reads{{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: padding the rows of 'tile' to 'tile[32][33]' would remove the conflict; not applied automatically because its size is taken with sizeof
}
// CHECK-FIXES: __shared__ float tile[TILE][TILE];
// CHECK-FIXES-NEXT: tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];

// Not edited: the tile is also filled through a pointer to its first element.
__global__ void flat_fill(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  float *flat = &tile[0][0];
  flat[threadIdx.y * TILE + threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 32-way bank conflict on 'tile' reads{{.*}}
  // CHECK-MESSAGES: :[[@LINE-6]]:20: note: padding the rows of 'tile' to 'tile[32][33]' would remove the conflict; not applied automatically because the address of an element is taken
}
// CHECK-FIXES: __shared__ float tile[TILE][TILE];
// CHECK-FIXES-NEXT: float *flat = &tile[0][0];

// An 'extern __shared__' array is sized at launch.
__global__ void dynamic_column(float *out, const float *in) {
  extern __shared__ float buf[];
  buf[threadIdx.y * 32 + threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = buf[threadIdx.x * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict on 'buf' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:27: note: 'buf' is an 'extern __shared__' array: {{.*}}'j + j / 32' in every access{{.*}}
}

// Two words apart: lanes i and i + 16 hit the same bank.
__global__ void evens(float *out, const float *in) {
  __shared__ float sdata[64];
  sdata[threadIdx.x] = in[threadIdx.x];
  sdata[threadIdx.x + 32] = in[threadIdx.x + 32];
  __syncthreads();
  out[threadIdx.x] = sdata[2 * threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on 'sdata' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-6]]:20: note: 'sdata' is indexed by hand: {{.*}}'j + j / 32' in every access{{.*}}
}

// A 16x16 tile under 16x16 blocks: 8-way. Padding by one word leaves a
// 2-way conflict between the two half-warps and any other pad breaks the
// row-wise store, so no padding is offered.
__global__ void transpose_16(float *out, const float *in) {
  __shared__ float t[16][16];
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 8-way bank conflict on 't' reads (float) [cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: no padding of the rows of 't' {{.*}}no simple layout change{{.*}}
}

// ---- Quiet. ----

// Row-wise: one bank per lane.
__global__ void rows(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

// Padded: row r starts in bank r.
__global__ void padded(float *out, const float *in) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// An XOR swizzle: with 32x32 blocks, a warp has one threadIdx.y and 32
// threadIdx.x, and x ^ y takes 32 different values, one bank each, for the
// store and the load.
__global__ void swizzled(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x ^ threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y ^ threadIdx.x];
}

// Broadcasts and uniform indices: the lanes read the same word.
__global__ void broadcast(float *out, const float *in, int k) {
  __shared__ float w[32][32];
  w[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  float sum = 0.0f;
  for (int j = 0; j < 32; ++j)
    sum += w[0][j] * w[k][threadIdx.x];
  out[threadIdx.y * 32 + threadIdx.x] = sum + w[k][k];
}

// A tree reduction with sequential addressing.
__global__ void reduce(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Atomics are not considered.
__global__ void histogram(const int *keys, int *out) {
  __shared__ int bins[32 * 32];
  atomicAdd(&bins[threadIdx.x * 32], 1);
  __syncthreads();
  out[threadIdx.x] = bins[threadIdx.x] + keys[0];
}

void launch_all(float *out, const float *in, const float *x, double *dout,
                const double *din, const int *keys, int *counts) {
  dim3 square(32, 32);
  transpose_tile<<<1, square>>>(out, in);
  transpose_tile_double<<<1, square>>>(dout, din);
  row_dot<<<1, square>>>(out, in, x);
  flat_column<<<1, square>>>(out, in);
  passed_to_function<<<1, square>>>(out, in);
  macro_decl<<<1, square>>>(out, in);
  sized<<<1, square>>>(out, in);
  flat_fill<<<1, square>>>(out, in);
  dynamic_column<<<1, square, 32 * 32 * sizeof(float)>>>(out, in);
  evens<<<1, 32>>>(out, in);
  transpose_16<<<1, dim3(16, 16)>>>(out, in);
  rows<<<1, square>>>(out, in);
  padded<<<1, square>>>(out, in);
  swizzled<<<1, square>>>(out, in);
  broadcast<<<1, square>>>(out, in, 3);
  reduce<<<64, 256>>>(out, in);
  histogram<<<1, 32>>>(keys, counts);
}
