// Indices written through macros, and a kernel defined in a header.
//
// RUN: %check_cudalint --fix-notes %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs
//
// The kernel in Inputs/uncoalesced-access/smooth.cuh, launched from smooth.cu.
// RUN: rm -rf %t.hdr && mkdir -p %t.hdr/dir %t.hdr/file %t.hdr/filtered %t.hdr/plugin
// RUN: cp %S/Inputs/uncoalesced-access/smooth.cuh %S/Inputs/uncoalesced-access/smooth.cu %t.hdr/dir/
// RUN: cp %S/Inputs/uncoalesced-access/smooth.cuh %S/Inputs/uncoalesced-access/smooth.cu %t.hdr/file/
// RUN: cp %S/Inputs/uncoalesced-access/smooth.cuh %S/Inputs/uncoalesced-access/smooth.cu %t.hdr/filtered/
// RUN: cp %S/Inputs/uncoalesced-access/smooth.cuh %S/Inputs/uncoalesced-access/smooth.cu %t.hdr/plugin/
//
// The directory given: the header is among the paths linted, and the remap
// edits the kernel in the header and the launch in the .cu file.
// RUN: %expect_exit 1 %cudalint --checks=-*,cudalint-uncoalesced-access --fix-notes %t.hdr/dir -- -nocudainc -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=MSG --implicit-check-not="{{warning|error}}:"
// RUN: FileCheck %s --check-prefix=HEADER --match-full-lines --input-file=%t.hdr/dir/smooth.cuh
// RUN: FileCheck %s --check-prefix=SOURCE --match-full-lines --input-file=%t.hdr/dir/smooth.cu
//
// The .cu file alone: the header belongs to its project (the checkout it
// lies in), so its findings are shown and both files are edited, as when
// the directory is given.
// RUN: %expect_exit 1 %cudalint --checks=-*,cudalint-uncoalesced-access --fix-notes %t.hdr/file/smooth.cu -- -nocudainc -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=MSG --implicit-check-not="{{warning|error}}:"
// RUN: diff %t.hdr/dir/smooth.cuh %t.hdr/file/smooth.cuh
// RUN: diff %t.hdr/dir/smooth.cu %t.hdr/file/smooth.cu
//
// A --header-filter that leaves it out hides its findings and edits nothing.
// RUN: rm -rf %t.hdr/hidden && mkdir -p %t.hdr/hidden
// RUN: cp %S/Inputs/uncoalesced-access/smooth.cuh %S/Inputs/uncoalesced-access/smooth.cu %t.hdr/hidden/
// RUN: %expect_exit 0 %cudalint --checks=-*,cudalint-uncoalesced-access --fix-notes --header-filter=nothing-matches %t.hdr/hidden/smooth.cu -- -nocudainc -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=HIDDEN --allow-empty
// RUN: diff %S/Inputs/uncoalesced-access/smooth.cuh %t.hdr/hidden/smooth.cuh
// RUN: diff %S/Inputs/uncoalesced-access/smooth.cu %t.hdr/hidden/smooth.cu
//
// --header-filter selects it, through either front end (clang-tidy's
// default shows no header).
// RUN: %expect_exit 1 %cudalint --checks=-*,cudalint-uncoalesced-access --fix-notes --header-filter=smooth %t.hdr/filtered/smooth.cu -- -nocudainc -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=MSG --implicit-check-not="{{warning|error}}:"
// RUN: %clang_tidy --load=%plugin --checks=-*,cudalint-uncoalesced-access --fix-notes --header-filter=smooth --config={} %t.hdr/plugin/smooth.cu \
// RUN:   -- -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudalib -nocudainc -Wno-unknown-cuda-version -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=MSG --implicit-check-not="{{warning|error}}:"
// RUN: diff %t.hdr/dir/smooth.cuh %t.hdr/filtered/smooth.cuh
// RUN: diff %t.hdr/dir/smooth.cu %t.hdr/filtered/smooth.cu
// RUN: diff %t.hdr/dir/smooth.cuh %t.hdr/plugin/smooth.cuh
// RUN: diff %t.hdr/dir/smooth.cu %t.hdr/plugin/smooth.cu
//
// Fixed once, the kernel is clean.
// RUN: %expect_exit 0 %cudalint --checks=-*,cudalint-uncoalesced-access %t.hdr/dir -- -nocudainc -isystem %inputs

// MSG: smooth.cuh:11:3: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
// MSG: smooth.cuh:9:7: note: 'r' varies with the thread index here
// MSG: smooth.cuh:9:7: note: make threadIdx.x walk the contiguous dimension: swap the x and y roles in 'r' and 'c' and in the launch configuration (a column walk measured 4.7x on an H100)
// MSG: smooth.cuh:11:30: warning: uncoalesced load from 'in': {{.*}}
// MSG: smooth.cuh:9:7: note: 'r' varies with the thread index here
// MSG: smooth.cuh:11:30: note: the remapping of threads suggested above fixes this access too

// HIDDEN-NOT: {{warning|error|note}}:

// HEADER: __global__ void smooth(float *out, const float *in, int ld) {
// HEADER-NEXT:   int r = blockIdx.y * blockDim.y + threadIdx.y;
// HEADER-NEXT:   int c = blockIdx.x * blockDim.x + threadIdx.x;
// HEADER-NEXT:   out[AT(r, c, ld)] = 0.5f * in[AT(r, c, ld)];

// SOURCE: dim3 block(32, 32);
// SOURCE-NEXT: dim3 grid((ld + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
// SOURCE-NEXT: smooth<<<grid, block>>>(out, in, ld);

#include "cuda.h"

#define IDX(r, c, n) ((r) * (n) + (c))

// The index through a macro: the finding stands, and the remap fix-it, which
// edits only the declarations of the two index variables, is offered.
__global__ void add_one(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  out[IDX(row, col, n)] = in[IDX(row, col, n)] + 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: make threadIdx.x walk the contiguous dimension: swap the x and y roles in 'row' and 'col', and swap the grid and block dimensions where the kernel is launched (a column walk measured 4.7x on an H100)
  // CHECK-MESSAGES: :[[@LINE-4]]:27: warning: uncoalesced load from 'in': {{.*}}
  // CHECK-MESSAGES: :[[@LINE-7]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-6]]:27: note: the remapping of threads suggested above fixes this access too
}
// CHECK-FIXES: __global__ void add_one(float *out, const float *in, int n) {
// CHECK-FIXES-NEXT:   int row = blockIdx.y * blockDim.y + threadIdx.y;
// CHECK-FIXES-NEXT:   int col = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT:   out[IDX(row, col, n)] = in[IDX(row, col, n)] + 1.0f;

// One row per thread, through the macro: a copy, so the lanes should take
// consecutive elements of the rows (no reduction, no warp per row).
__global__ void row_copy(float *out, const float *in, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  for (int c = 0; c < n; ++c)
    out[IDX(r, c, n)] = in[IDX(r, c, n)];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'r' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: each thread converts or copies its own run in this loop{{.*}}lane-consecutive
  // CHECK-MESSAGES: :[[@LINE-4]]:25: warning: uncoalesced load from 'in': {{.*}}
  // CHECK-MESSAGES: :[[@LINE-7]]:7: note: 'r' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-7]]:3: note: each thread converts or copies its own run in this loop{{.*}}lane-consecutive
}

// The thread index itself comes out of a macro.
#define GLOBAL_TID (blockIdx.x * blockDim.x + threadIdx.x)
__global__ void tid_macro(float *out, int n) {
  out[GLOBAL_TID * n] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'out' is uncoalesced unless 'n'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

// The access itself is written by a macro: reported where it is expanded.
#define STORE(p, i, v) ((p)[(i)] = (v))
__global__ void store_macro(float *out) {
  STORE(out, threadIdx.x * 64, 0.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
}

// A built-in spelled through a macro in an index variable: editing the macro
// would change every use of it, so there is no remap fix-it.
#define ROW_FROM_X (blockIdx.x * blockDim.x + threadIdx.x)
__global__ void row_macro(float *out, int n) {
  int row = ROW_FROM_X;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  out[IDX(row, col, n)] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': {{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES-NOT: note: make threadIdx.x walk the contiguous dimension
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: make consecutive threadIdx.x values access consecutive addresses
}
// CHECK-FIXES: int row = ROW_FROM_X;
// CHECK-FIXES-NEXT: int col = blockIdx.y * blockDim.y + threadIdx.y;

// Quiet: a coalesced index through the macro.
__global__ void coalesced_macro(float *out, const float *in, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  out[IDX(row, col, n)] = in[IDX(row, col, n)];
  out[GLOBAL_TID] = 0.0f;
}
