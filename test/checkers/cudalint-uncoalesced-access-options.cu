// The options, through --config-file (both front ends).
//
// RUN: %check_cudalint --check-suffix=DEFAULT %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --check-suffix=RATIO16 --config-file=%S/Inputs/uncoalesced-access/min-sector-ratio-16.yaml %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --check-suffix=RATIO2 --config-file=%S/Inputs/uncoalesced-access/min-sector-ratio-2.yaml %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --check-suffix=GATHERS --config-file=%S/Inputs/uncoalesced-access/report-gathers.yaml %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --check-suffix=BLOCK16 --config-file=%S/Inputs/uncoalesced-access/assumed-block-16x16.yaml %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --check-suffix=NOSHAPE --config-file=%S/Inputs/uncoalesced-access/no-launch-shape-notes.yaml %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// ---- MinSectorRatio (default 4). ----

// Eight floats apart: 32 sectors for the 4 that 128 bytes need (8x).
__global__ void stride8(float *a) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  a[tid * 8] = 0.0f;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: uncoalesced store to 'a': neighbouring lanes are 8 elements (32 bytes) apart, so each warp touches 32 sectors of 32 bytes for 128 useful bytes (12.5% of the fetched bandwidth is used) [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO2: :[[@LINE-2]]:3: warning: uncoalesced store to 'a': neighbouring lanes are 8 elements (32 bytes) apart, so each warp touches 32 sectors of 32 bytes for 128 useful bytes (12.5% of the fetched bandwidth is used) [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-GATHERS: :[[@LINE-3]]:3: warning: uncoalesced store to 'a': neighbouring lanes are 8 elements (32 bytes) apart,
  // CHECK-MESSAGES-NOSHAPE: :[[@LINE-4]]:3: warning: uncoalesced store to 'a': neighbouring lanes are 8 elements (32 bytes) apart,
  // With a 16x16 block, the two halves of a warp store to the same 16 floats.
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-6]]:3: warning: uncoalesced store to 'a': neighbouring lanes are 8 elements (32 bytes) apart, so each warp touches 16 sectors of 32 bytes for 64 useful bytes (12.5% of the fetched bandwidth is used) with a block of 16x16 [cudalint-uncoalesced-access]
}

// One byte in every 64: 32 sectors for 32 useful bytes (32x), above even 16.
__global__ void stride64_bytes(char *c) {
  c[threadIdx.x * 64] = 0;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: uncoalesced store to 'c': neighbouring lanes are 64 elements (64 bytes) apart, so each warp touches 32 sectors of 32 bytes for 32 useful bytes (3.1% of the fetched bandwidth is used) [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO16: :[[@LINE-2]]:3: warning: uncoalesced store to 'c': neighbouring lanes are 64 elements (64 bytes) apart, so each warp touches 32 sectors of 32 bytes for 32 useful bytes (3.1% of the fetched bandwidth is used) [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO2: :[[@LINE-3]]:3: warning: uncoalesced store to 'c': neighbouring lanes are 64 elements (64 bytes) apart,
  // CHECK-MESSAGES-GATHERS: :[[@LINE-4]]:3: warning: uncoalesced store to 'c': neighbouring lanes are 64 elements (64 bytes) apart,
  // CHECK-MESSAGES-NOSHAPE: :[[@LINE-5]]:3: warning: uncoalesced store to 'c': neighbouring lanes are 64 elements (64 bytes) apart,
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-6]]:3: warning: uncoalesced store to 'c': neighbouring lanes are 64 elements (64 bytes) apart, so each warp touches 16 sectors of 32 bytes for 16 useful bytes (3.1% of the fetched bandwidth is used) with a block of 16x16 [cudalint-uncoalesced-access]
}

// Two floats apart: 8 sectors for 4 (2x), reported only when the ratio is
// lowered to 2.
__global__ void stride2(float *a) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  a[2 * tid] = 0.0f;
  // CHECK-MESSAGES-RATIO2: :[[@LINE-1]]:3: warning: uncoalesced store to 'a': neighbouring lanes are 2 elements (8 bytes) apart, so each warp touches 8 sectors of 32 bytes for 128 useful bytes (50.0% of the fetched bandwidth is used) [cudalint-uncoalesced-access]
}

// ---- ReportGathers (default false). ----

__global__ void gather(float *out, const float *in, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[idx[i]];
  // CHECK-MESSAGES-GATHERS: :[[@LINE-1]]:14: warning: load from 'in' at a data-dependent address: how many sectors a warp touches cannot be known statically [cudalint-uncoalesced-access]
}

// The gathered value is uniform: a broadcast, not a gather.
__global__ void lookup(float *out, const float *in, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[idx[blockIdx.x]];
}

// A grid-stride loop: every address is known.
__global__ void copy_all(float *out, const float *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

// ---- AssumedBlockDim (default: blockDim.x a multiple of 32). ----

// A column walk over doubles: with 32-wide rows, 32 sectors for the 8 that
// 256 bytes need (4x). With 16x16 blocks a warp stores 16 rows of two
// neighbouring doubles, one sector each: 16 sectors for 8 (2x), still
// reported because each row is a memory segment of its own (lanes 8 KiB
// apart are judged like the fields of records, from 1.5x).
__global__ void clear_columns(double *m) {
  m[threadIdx.x * 1024 + threadIdx.y] = 0.0;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (8192 bytes) apart, so each warp touches 32 sectors of 32 bytes for 256 useful bytes (25.0% of the fetched bandwidth is used) (assuming blockDim.x is a multiple of 32) [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO2: :[[@LINE-2]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (8192 bytes) apart,
  // CHECK-MESSAGES-GATHERS: :[[@LINE-3]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (8192 bytes) apart,
  // CHECK-MESSAGES-NOSHAPE: :[[@LINE-4]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (8192 bytes) apart,
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-5]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (8192 bytes) apart, so each warp touches 16 sectors of 32 bytes for 256 useful bytes (50.0% of the fetched bandwidth is used) with a block of 16x16; lanes this far apart each cost a 64-byte memory segment for a few bytes{{.*}} [cudalint-uncoalesced-access]
}

// The same walk over floats stays flagged, with the figures of a 16x16 block.
__global__ void clear_columns_f(float *m) {
  m[threadIdx.x * 1024 + threadIdx.y] = 0.0f;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (4096 bytes) apart, so each warp touches 32 sectors of 32 bytes for 128 useful bytes (12.5% of the fetched bandwidth is used) (assuming blockDim.x is a multiple of 32) [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO2: :[[@LINE-2]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (4096 bytes) apart,
  // CHECK-MESSAGES-GATHERS: :[[@LINE-3]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (4096 bytes) apart,
  // CHECK-MESSAGES-NOSHAPE: :[[@LINE-4]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (4096 bytes) apart,
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-5]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (4096 bytes) apart, so each warp touches 16 sectors of 32 bytes for 128 useful bytes (25.0% of the fetched bandwidth is used) with a block of 16x16 [cudalint-uncoalesced-access]
}

// A launch in the file says what the block is: the option does not apply.
__global__ void clear_columns_launched(float *m) {
  m[threadIdx.x * 1024 + threadIdx.y] = 0.0f;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (4096 bytes) apart, so each warp touches 32 sectors of 32 bytes for 128 useful bytes (12.5% of the fetched bandwidth is used) with a block of 32x8 [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO2: :[[@LINE-2]]:3: warning: uncoalesced store to 'm': {{.*}} with a block of 32x8 [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-GATHERS: :[[@LINE-3]]:3: warning: uncoalesced store to 'm': {{.*}} with a block of 32x8 [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOSHAPE: :[[@LINE-4]]:3: warning: uncoalesced store to 'm': {{.*}} with a block of 32x8 [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-5]]:3: warning: uncoalesced store to 'm': neighbouring lanes are 1024 elements (4096 bytes) apart, so each warp touches 32 sectors of 32 bytes for 128 useful bytes (12.5% of the fetched bandwidth is used) with a block of 32x8 [cudalint-uncoalesced-access]
}

void launch_clear(float *m) {
  clear_columns_launched<<<1, dim3(32, 8)>>>(m);
}

// ---- LaunchShapeNotes (default true). ----

// Coalesced in x, but launched 16 threads wide: a warp covers two rows.
__global__ void copy2d(float *out, const float *in, int rows, int cols) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows && col < cols)
    out[row * cols + col] = in[row * cols + col];
}

// CHECK-MESSAGES-NOSHAPE-NOT: remark:
void launch_copy2d(float *out, const float *in, int rows, int cols) {
  dim3 block(16, 16);
  dim3 grid((cols + 15) / 16, (rows + 15) / 16);
  copy2d<<<grid, block>>>(out, in, rows, cols);
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: remark: a block of 16x16 threads splits each warp into 2 rows of at most 16 threads, so each warp access touches 2 separate segments; a block 32 threads wide (e.g. 32x8) measured 1.03x to 1.13x faster on H100 [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO16: :[[@LINE-2]]:3: remark: a block of 16x16 threads splits each warp into 2 rows of at most 16 threads,
  // CHECK-MESSAGES-RATIO2: :[[@LINE-3]]:3: remark: a block of 16x16 threads splits each warp into 2 rows of at most 16 threads,
  // CHECK-MESSAGES-GATHERS: :[[@LINE-4]]:3: remark: a block of 16x16 threads splits each warp into 2 rows of at most 16 threads,
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-5]]:3: remark: a block of 16x16 threads splits each warp into 2 rows of at most 16 threads,
}

// A block 32 threads wide: nothing to say.
__global__ void copy2d_wide(float *out, const float *in, int rows, int cols) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows && col < cols)
    out[row * cols + col] = in[row * cols + col];
}

void launch_copy2d_wide(float *out, const float *in, int rows, int cols) {
  copy2d_wide<<<dim3((cols + 31) / 32, (rows + 7) / 8), dim3(32, 8)>>>(out, in, rows, cols);
}
// CHECK-MESSAGES-NOSHAPE-NOT: remark:
