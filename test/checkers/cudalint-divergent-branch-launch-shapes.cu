// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// The block a kernel is launched with, read from the spellings host code
// uses: a `dim3` whose extents are assigned one by one after a default
// construction (which alone says 1x1x1), integers held in local variables
// that are only read, and arithmetic on them. Each kernel below branches on
// the parity of its thread row, which splits a warp only when a warp spans
// two rows (16x16 blocks), not under 32x8 blocks. A launch whose block
// cannot be followed falls back to the assumed shape (x a multiple of 32):
// quiet.
#include "cuda.h"

#define ROW_PARITY_KERNEL(name)                                                \
  __global__ void name(float *out, const float *in, int n) {                   \
    int x = blockIdx.x * blockDim.x + threadIdx.x;                             \
    float acc = 0.f;                                                           \
    if (threadIdx.y & 1) {                                                     \
      for (int k = 0; k < n; ++k)                                              \
        acc += in[k * n + x] * 2.f;                                            \
    } else {                                                                   \
      for (int k = 0; k < n; ++k)                                              \
        acc -= in[k * n + x] * 0.5f;                                           \
    }                                                                          \
    out[x] = acc;                                                              \
  }

// ---- Flagged: the block is 16x16. ----

ROW_PARITY_KERNEL(fields_assigned)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: {{.*}}[cudalint-divergent-branch]
// CHECK-MESSAGES: :[[@LINE-2]]:1: note: {{.*}}(block 16x16)
ROW_PARITY_KERNEL(extents_in_variables)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: {{.*}}[cudalint-divergent-branch]
// CHECK-MESSAGES: :[[@LINE-2]]:1: note: {{.*}}(block 16x16)
ROW_PARITY_KERNEL(extents_computed)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: {{.*}}[cudalint-divergent-branch]
// CHECK-MESSAGES: :[[@LINE-2]]:1: note: {{.*}}(block 16x16)

// ---- Quiet: 32x8, or a block that cannot be followed. ----

ROW_PARITY_KERNEL(fields_assigned_wide)
ROW_PARITY_KERNEL(field_set_in_a_branch)
// 'rows' is written again before the launch, so the block's y is unknown,
// but its x (16) is known, and a 16-wide block splits every warp over two
// rows whatever y is: flagged, with the block 16xN.
ROW_PARITY_KERNEL(variable_written_again)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: {{.*}}[cudalint-divergent-branch]
// CHECK-MESSAGES: :[[@LINE-2]]:1: note: {{.*}}(block 16xN)
ROW_PARITY_KERNEL(assigned_after_the_launch)

void launch(float *out, const float *in, int n, bool square) {
  dim3 grid(n / 16, n / 16);

  dim3 block;
  block.x = 16;
  block.y = 16;
  fields_assigned<<<grid, block>>>(out, in, n);

  int side = 16;
  dim3 square_block(side, side);
  extents_in_variables<<<grid, square_block>>>(out, in, n);

  const int tile = 4;
  int edge = tile * 4;
  extents_computed<<<grid, dim3(edge, 256 / edge)>>>(out, in, n);

  dim3 wide;
  wide.x = 32;
  wide.y = 8;
  fields_assigned_wide<<<grid, wide>>>(out, in, n);

  dim3 maybe(32, 8);
  if (square) {
    maybe.x = 16;
    maybe.y = 16;
  }
  field_set_in_a_branch<<<grid, maybe>>>(out, in, n);

  int rows = 8;
  dim3 changing(32, rows);
  rows = 16;
  variable_written_again<<<grid, dim3(16, rows)>>>(out, in, n);

  dim3 later(32, 8);
  assigned_after_the_launch<<<grid, later>>>(out, in, n);
  later.x = 16; // For the launch below, not the one above.
  later.y = 16;
  extents_computed<<<grid, later>>>(out, in, n);
}
