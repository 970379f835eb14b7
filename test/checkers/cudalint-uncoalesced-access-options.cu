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
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: uncoalesced store to 'a': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO2: :[[@LINE-2]]:3: warning: uncoalesced store to 'a': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-GATHERS: :[[@LINE-3]]:3: warning: uncoalesced store to 'a': {{.*}}
  // CHECK-MESSAGES-NOSHAPE: :[[@LINE-4]]:3: warning: uncoalesced store to 'a': {{.*}}
  // With a 16x16 block, the two halves of a warp store to the same 16 floats.
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-6]]:3: warning: uncoalesced store to 'a': {{.*}}[cudalint-uncoalesced-access]
}

// One byte in every 64: 32 sectors for 32 useful bytes (32x), above even 16.
__global__ void stride64_bytes(char *c) {
  c[threadIdx.x * 64] = 0;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: uncoalesced store to 'c': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO16: :[[@LINE-2]]:3: warning: uncoalesced store to 'c': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO2: :[[@LINE-3]]:3: warning: uncoalesced store to 'c': {{.*}}
  // CHECK-MESSAGES-GATHERS: :[[@LINE-4]]:3: warning: uncoalesced store to 'c': {{.*}}
  // CHECK-MESSAGES-NOSHAPE: :[[@LINE-5]]:3: warning: uncoalesced store to 'c': {{.*}}
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-6]]:3: warning: uncoalesced store to 'c': {{.*}}[cudalint-uncoalesced-access]
}

// Two floats apart: 8 sectors for 4 (2x), reported only when the ratio is
// lowered to 2.
__global__ void stride2(float *a) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  a[2 * tid] = 0.0f;
  // CHECK-MESSAGES-RATIO2: :[[@LINE-1]]:3: warning: uncoalesced store to 'a': {{.*}}[cudalint-uncoalesced-access]
}

// ---- ReportGathers (default false). ----

__global__ void gather(float *out, const float *in, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[idx[i]];
  // CHECK-MESSAGES-GATHERS: :[[@LINE-1]]:14: warning: load from 'in' at a data-dependent address{{.*}}{{.*}}[cudalint-uncoalesced-access]
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
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: uncoalesced store to 'm': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO2: :[[@LINE-2]]:3: warning: uncoalesced store to 'm': {{.*}}
  // CHECK-MESSAGES-GATHERS: :[[@LINE-3]]:3: warning: uncoalesced store to 'm': {{.*}}
  // CHECK-MESSAGES-NOSHAPE: :[[@LINE-4]]:3: warning: uncoalesced store to 'm': {{.*}}
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-5]]:3: warning: uncoalesced store to 'm': {{.*}}{{.*}} [cudalint-uncoalesced-access]
}

// The same walk over floats stays flagged, with the figures of a 16x16 block.
__global__ void clear_columns_f(float *m) {
  m[threadIdx.x * 1024 + threadIdx.y] = 0.0f;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: uncoalesced store to 'm': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO2: :[[@LINE-2]]:3: warning: uncoalesced store to 'm': {{.*}}
  // CHECK-MESSAGES-GATHERS: :[[@LINE-3]]:3: warning: uncoalesced store to 'm': {{.*}}
  // CHECK-MESSAGES-NOSHAPE: :[[@LINE-4]]:3: warning: uncoalesced store to 'm': {{.*}}
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-5]]:3: warning: uncoalesced store to 'm': {{.*}}[cudalint-uncoalesced-access]
}

// A launch in the file says what the block is: the option does not apply.
__global__ void clear_columns_launched(float *m) {
  m[threadIdx.x * 1024 + threadIdx.y] = 0.0f;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: uncoalesced store to 'm': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO2: :[[@LINE-2]]:3: warning: uncoalesced store to 'm': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-GATHERS: :[[@LINE-3]]:3: warning: uncoalesced store to 'm': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOSHAPE: :[[@LINE-4]]:3: warning: uncoalesced store to 'm': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-5]]:3: warning: uncoalesced store to 'm': {{.*}}[cudalint-uncoalesced-access]
}

void launch_clear(float *m, int n) {
  clear_columns_launched<<<n, dim3(32, 8)>>>(m);
}

// ---- LaunchShapeNotes (default true). ----

// Coalesced in x, but launched 8 threads wide: a warp covers four rows.
__global__ void copy2d(float *out, const float *in, int rows, int cols) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows && col < cols)
    out[row * cols + col] = in[row * cols + col];
}

// CHECK-MESSAGES-NOSHAPE-NOT: remark:
void launch_copy2d(float *out, const float *in, int rows, int cols) {
  dim3 block(8, 32);
  dim3 grid((cols + 7) / 8, (rows + 31) / 32);
  copy2d<<<grid, block>>>(out, in, rows, cols);
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: remark: 8x32 blocks split each warp into 4 rows: 4 segments per access [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-RATIO16: :[[@LINE-2]]:3: remark: 8x32 blocks split each warp into 4 rows: 4 segments per access
  // CHECK-MESSAGES-RATIO2: :[[@LINE-3]]:3: remark: 8x32 blocks split each warp into 4 rows: 4 segments per access
  // CHECK-MESSAGES-GATHERS: :[[@LINE-4]]:3: remark: 8x32 blocks split each warp into 4 rows: 4 segments per access
  // CHECK-MESSAGES-BLOCK16: :[[@LINE-5]]:3: remark: 8x32 blocks split each warp into 4 rows: 4 segments per access
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
