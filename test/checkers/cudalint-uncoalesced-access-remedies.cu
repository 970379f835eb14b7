// RUN: %check_cudalint --fix-notes %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// Each finding's remedy fits what the kernel does: a matrix product is
// naive-gemm's business, a transpose or a permutation needs a tile (a remap
// only moves the stride), a conversion needs lane-consecutive stores, an
// in-place scan has no remedy.

// A matrix product: no thread remap, a pointer to naive-gemm.
__global__ void product(float *C, const float *A, const float *B, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  float acc = 0.f;
  for (int k = 0; k < n; ++k)
    acc += A[row * n + k] * B[k * n + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}}'A'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-6]]:7: note: 'row' varies
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: {{.*}}matrix product{{.*}}cudalint-naive-gemm
  // The result, stored once after the runtime product loop, is a sliver of
  // the kernel's work: not reported.
  C[row * n + col] = acc;
}

void run_product(float *C, const float *A, const float *B, int n) {
  product<<<dim3(n / 32, n / 8), dim3(32, 8)>>>(C, A, B, n);
}

// A permutation of the two axes of a flat index: a tile.
__global__ void permute_10(float *out, const float *in, int n0, int n1) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int i0 = i % n0, i1 = i / n0;
  out[i0 * n1 + i1] = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'out'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'i0' varies
  // CHECK-MESSAGES: :[[@LINE-4]]:20: note: 'i1' varies
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: {{.*}}transpose or permutation{{.*}}tile
}

// A decimation is no permutation, and no index walks consecutive
// addresses: no remap exists, no remedy.
__global__ void decimate(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[16 * i];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'i' varies
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

// A conversion, each thread its own row of 16 elements: lane-consecutive
// loads and stores, not a warp per row.
__global__ void to_fixed(short *dst, const float *src, int ld) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < ld; ++j)
    dst[row * ld + j] = (short)(src[row * ld + j] * 256.f);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'dst'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'row' varies
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: {{.*}}converts or copies{{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:33: warning: {{.*}}'src'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-7]]:7: note: 'row' varies
  // CHECK-MESSAGES: :[[@LINE-7]]:3: note: {{.*}}converts or copies{{.*}}
}

// An in-place scan along each thread's row (a recurrence): no remedy, the
// cost.
__global__ void row_prefix(float *x, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 1; j < n; ++j)
    x[row * n + j] += x[row * n + j - 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'x'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'row' varies
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: {{.*}}recurrence{{.*}}no remap{{.*}}sectors
}

// A row sum: a warp per row.
__global__ void row_sum(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int j = 0; j < n; ++j)
    s += in[row * n + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'row' varies
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: {{.*}}give each row to a warp{{.*}}
  out[row] = s;
}

// A symmetric rank-2k update: every access of the accumulated statement is
// an operand of the product, the second product's too.
__global__ void rank2k(float *c, const float *a, const float *b, int n,
                       int m) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  for (int k = 0; k < m; k++)
    c[i * n + j] += a[i * m + k] * b[j * m + k] + b[i * m + k] * a[j * m + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: {{.*}}'b'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'j' varies
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: {{.*}}matrix product{{.*}}cudalint-naive-gemm
  // CHECK-MESSAGES: :[[@LINE-4]]:66: warning: {{.*}}'a'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-8]]:7: note: 'j' varies
  // CHECK-MESSAGES: :[[@LINE-6]]:5: note: {{.*}}matrix product{{.*}}cudalint-naive-gemm
  // CHECK-MESSAGES-NOT: note: {{.*}}give each row to a warp
}

void run_rank2k(float *c, const float *a, const float *b, int n, int m) {
  rank2k<<<dim3(n / 32, n / 8), dim3(32, 8)>>>(c, a, b, n, m);
}

// A permutation of four axes of a flat index: the stored side walks
// consecutive elements with a digit above the lowest one. A tile.
__global__ void permute_0132(float *out, const float *in, int d1, int d2,
                             int d3, int d4) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int i1 = (idx / (d2 * d3 * d4)) % d1;
  int i2 = (idx / (d3 * d4)) % d2;
  int i3 = (idx / d4) % d3;
  int i4 = idx % d4;
  out[i4 * (d3 * d1 * d2) + i3 * (d1 * d2) + i1 * d2 + i2] = in[idx];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'out'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: {{.*}}transpose or permutation{{.*}}tile
}
