// The thread remap rides on a note: --fix leaves the file alone (the runner
// fails if a file without CHECK-FIXES changes), --fix-notes applies it, to
// the kernel and to its launches, and the fixed file is clean.
//
// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs
// RUN: %check_cudalint --fix-notes --check-suffixes=,NOTES %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs
//
// Fixed once, nothing is left to report but the remark on the 8x32 block
// that the swap of `dim3(32, 8)` produces (see docs/checks/uncoalesced-access.md).
// RUN: rm -rf %t.again && mkdir -p %t.again && cp %s %t.again/remap.cu
// RUN: %expect_exit 1 %cudalint --checks=-*,cudalint-uncoalesced-access --fix-notes %t.again/remap.cu -- -nocudainc -isystem %inputs
// RUN: %expect_exit 0 %cudalint --checks=-*,cudalint-uncoalesced-access --fix-notes %t.again/remap.cu -- -nocudainc -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=AGAIN --implicit-check-not="{{warning|error|note}}:"
// RUN: %clang_tidy --load=%plugin --checks=-*,cudalint-uncoalesced-access --config={} %t.again/remap.cu \
// RUN:   -- -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudalib -nocudainc -Wno-unknown-cuda-version -isystem %inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN --implicit-check-not="{{warning|error|note}}:"

#include "cuda.h"

__global__ void add(float *out, const float *a, const float *b, int rows, int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  out[row * cols + col] = a[row * cols + col] + b[row * cols + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: make threadIdx.x walk the contiguous dimension: swap the x and y roles in 'row' and 'col' and in the launch configuration (a column walk measured 4.7x on an H100)
  // CHECK-MESSAGES: :[[@LINE-4]]:27: warning: uncoalesced load from 'a': {{.*}}
  // CHECK-MESSAGES: :[[@LINE-7]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-6]]:27: note: the remapping of threads suggested above fixes this access too
  // CHECK-MESSAGES: :[[@LINE-7]]:49: warning: uncoalesced load from 'b': {{.*}}
  // CHECK-MESSAGES: :[[@LINE-10]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-9]]:49: note: the remapping of threads suggested above fixes this access too
}
// CHECK-FIXES-NOTES: __global__ void add(float *out, const float *a, const float *b, int rows, int cols) {
// CHECK-FIXES-NOTES-NEXT:   int row = blockIdx.y * blockDim.y + threadIdx.y;
// CHECK-FIXES-NOTES-NEXT:   int col = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NOTES-NEXT:   out[row * cols + col] = a[row * cols + col] + b[row * cols + col];

// Two launches share the block variable; each grid is swapped once.
void launch_add(float *out, const float *a, const float *b, int rows, int cols) {
  dim3 block(32, 32);
  dim3 grid((rows + block.x - 1) / block.x, (cols + block.y - 1) / block.y);
  add<<<grid, block>>>(out, a, b, rows, cols);
  add<<<dim3(rows / 32, cols / 32), block>>>(out, b, a, rows, cols);
}
// CHECK-FIXES-NOTES: void launch_add(float *out, const float *a, const float *b, int rows, int cols) {
// CHECK-FIXES-NOTES-NEXT:   dim3 block(32, 32);
// CHECK-FIXES-NOTES-NEXT:   dim3 grid((cols + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
// CHECK-FIXES-NOTES-NEXT:   add<<<grid, block>>>(out, a, b, rows, cols);
// CHECK-FIXES-NOTES-NEXT:   add<<<dim3(cols / 32, rows / 32), block>>>(out, b, a, rows, cols);

// A rectangular block is swapped with the grid.
__global__ void negate(float *m, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  m[i * ld + j] = -m[i * ld + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced load from and store to 'm': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'i' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: make threadIdx.x walk the contiguous dimension: swap the x and y roles in 'i' and 'j' and in the launch configuration (a column walk measured 4.7x on an H100)
}
// CHECK-FIXES-NOTES: __global__ void negate(float *m, int ld) {
// CHECK-FIXES-NOTES-NEXT:   int i = blockIdx.y * blockDim.y + threadIdx.y;
// CHECK-FIXES-NOTES-NEXT:   int j = blockIdx.x * blockDim.x + threadIdx.x;

void launch_negate(float *m, int rows, int ld) {
  negate<<<dim3(rows / 32, ld / 8), dim3(32, 8)>>>(m, ld);
}
// CHECK-FIXES-NOTES: negate<<<dim3(ld / 8, rows / 32), dim3(8, 32)>>>(m, ld);
// AGAIN: remap.cu:[[@LINE-3]]:3: remark: 8x32 blocks split each warp into 4 rows{{.*}}
// AGAIN: remap.cu:[[@LINE-4]]:3: note: each row has at most 8 threads{{.*}}

// No launch in the file: the kernel alone is edited, and the note says that
// the launches elsewhere must be swapped by hand.
__global__ void clear(float *m, int ld) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  int c = blockIdx.y * blockDim.y + threadIdx.y;
  m[r * ld + c] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'm': {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'r' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: make threadIdx.x walk the contiguous dimension: swap the x and y roles in 'r' and 'c', and swap the grid and block dimensions where the kernel is launched{{$}}
}
// CHECK-FIXES-NOTES: __global__ void clear(float *m, int ld) {
// CHECK-FIXES-NOTES-NEXT:   int r = blockIdx.y * blockDim.y + threadIdx.y;
// CHECK-FIXES-NOTES-NEXT:   int c = blockIdx.x * blockDim.x + threadIdx.x;
