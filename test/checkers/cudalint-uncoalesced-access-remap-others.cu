// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A remap (the lanes walking another index) is offered only where no other
// access of the kernel is lane-consecutive now through the lanes' own index:
// otherwise the remap moves the stride onto it, and no remap is offered.

// ---- No remap: another access walks the lanes' index in order. ----

// A gather from a small (steps, heads) table beside a lane-consecutive mask
// and output, all indexed by `q = i % len`.
__global__ void decay_mask(float *out, const float *table, const float *cb,
                           int len, int heads) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int h = blockIdx.y;
  if (i < len * len) {
    int q = i % len, p = i / len;
    float d = table[q * heads + h];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}'table'{{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: no remap fits: lanes walking 'blockIdx.y' would stride
    // CHECK-MESSAGES-NOT: :[[@LINE-3]]:{{[0-9]+}}: note: make consecutive threadIdx.x
    out[h * len * len + p * len + q] = d * cb[p * len + q];
  }
}

// A table indexed (column, head) beside lane-consecutive loads and stores
// through a pointer offset by the head: staged through a tile, not remapped.
__global__ void scale_by_head(float *out, const float *scale, const float *x,
                              int n, int heads) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int head = blockIdx.z;
  float *dst = out + head * n;
  float s = scale[col * heads + head];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}'scale'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: note: make consecutive threadIdx.x
  dst[col] = s * x[col];
}

// ---- Remap offered: nothing else is lane-consecutive. ----

// Every access has the lanes a row apart; the block index walks the row.
__global__ void column_gather(float *out, const float *in, int heads) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int h = blockIdx.y;
  out[i * heads + h] = 2.f * in[i * heads + h];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'out'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: make consecutive threadIdx.x values access consecutive addresses: 'blockIdx.y'
  // CHECK-MESSAGES: :[[@LINE-3]]:30: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:30: note: make consecutive threadIdx.x values access consecutive addresses: 'blockIdx.y'
}

// A uniform (per block) load beside the strided one: the remap leaves it be.
__global__ void column_scale(float *out, const float *w, int heads) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int h = blockIdx.y;
  out[i * heads + h] *= w[h];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: make consecutive threadIdx.x values access consecutive addresses: 'blockIdx.y'
}
