// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// Each instance of a kernel template is simulated only under the block
// shapes of the launches that name it. Where the instances differ at one
// access, the warning gives the range and a note names each instance; a
// padding is offered only when every instance passes it.
#include "cuda.h"

// Groups of COLS / 8 threads each read their own rows, 64 words apart: in
// the block of ROWS * COLS / 64 threads a warp spans 2 groups at 128 (2-way)
// and 4 at 64 (4-way).
template <int ROWS, int COLS>
__global__ void row_groups(const float *in, float *out) {
  __shared__ float tile[ROWS * 8];
  const int group = threadIdx.x / (COLS / 8);
  tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < 8; ++k)
    for (int i = 0; i < 8; ++i)
      acc += tile[(group * 8 + i) * 8 + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 2- to 4-way bank conflict on 'tile'{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:14: note: the instances differ: 'row_groups<64, 64>' (block 64) 4-way; 'row_groups<128, 128>' (block 256) 2-way
  out[threadIdx.x] = acc;
}

// One instance strided, the other not: the warning names the worst one.
template <int STRIDE>
__global__ void strided_copy(float *out) {
  __shared__ float buf[32 * 32];
  buf[threadIdx.x * STRIDE] = out[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 2-way bank conflict on 'buf'{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the instances differ: 'strided_copy<2>' (block 32) 2-way; 'strided_copy<1>' (block 32) has none
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

// Both instances 32-way: one degree, no note on instances.
template <typename T>
__global__ void column_read(T *out) {
  __shared__ T t[32][32];
  t[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 't'{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: note: the instances differ
}
// CHECK-FIXES: __shared__ T t[32][32 + 1];

// The strided instance runs with a full warp, the other with one thread:
// the strided one is simulated with its own launch only, not taken as
// conflict-free because the other launch has a single lane.
template <int WIDTH>
__global__ void wide_only(float *out) {
  __shared__ float w[32 * 64];
  w[threadIdx.x * WIDTH] = out[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 32-way bank conflict on 'w'{{.*}}[cudalint-shared-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = w[threadIdx.x * WIDTH];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: up to 32-way bank conflict on 'w'{{.*}}[cudalint-shared-bank-conflict]
}

// Padding every 32 words would clear the stride-2 instance but make the
// stride-33 one 2-way: no padding is offered, as none passes both.
template <int STRIDE>
__global__ void odd_or_even(float *out) {
  __shared__ float p[32 * 40];
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: note: {{.*}}'j + j / 32'
  p[threadIdx.x * STRIDE] = out[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 2-way bank conflict on 'p'{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the instances differ: 'odd_or_even<2>' (block 32) 2-way; 'odd_or_even<33>' (block 32) has none
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: 'p' is indexed by hand: no padding{{.*}}
  __syncthreads();
  out[threadIdx.x] = p[threadIdx.x];
}

// Six instances, four degrees: the note names one instance of each degree
// (the conflict-free one too) before the others.
template <int STEP>
__global__ void stepped_fill(float *out) {
  __shared__ float q[32 * 32];
  q[threadIdx.x * STEP] = out[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: up to 8-way bank conflict on 'q'{{.*}}[cudalint-shared-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the instances differ: 'stepped_fill<{{[0-9]+}}>' (block 32) 8-way; 'stepped_fill<{{[0-9]+}}>' (block 32) 4-way; 'stepped_fill<2>' (block 32) 2-way; 'stepped_fill<1>' (block 32) has none; 2 more
  __syncthreads();
  out[threadIdx.x] = q[threadIdx.x];
}

// ---- Quiet. ----

// The instance with a 64-word stride is launched with one thread only: it
// would conflict under the other instance's block, which it never runs in.
template <int WIDTH>
__global__ void narrow_rows(float *out) {
  __shared__ float r[8 * 64];
  r[threadIdx.x * WIDTH] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = r[threadIdx.x * WIDTH];
}
// CHECK-MESSAGES-NOT: :[[@LINE-4]]:{{[0-9]+}}: warning: {{.*}}[cudalint-shared-bank-conflict]

void launch(const float *in, float *out, int m) {
  if (m >= 128)
    row_groups<128, 128><<<m / 128, 128 * 128 / 64>>>(in, out);
  else
    row_groups<64, 64><<<1, 64 * 64 / 64>>>(in, out);
  strided_copy<1><<<1, 32>>>(out);
  strided_copy<2><<<1, 32>>>(out);
  column_read<float><<<1, dim3(32, 32)>>>(out);
  column_read<int><<<1, dim3(32, 32)>>>((int *)out);
  wide_only<64><<<1, 32>>>(out);
  wide_only<1><<<1, 1>>>(out);
  odd_or_even<2><<<1, 32>>>(out);
  odd_or_even<33><<<1, 32>>>(out);
  narrow_rows<1><<<1, 256>>>(out);
  narrow_rows<64><<<1, 1>>>(out);
  stepped_fill<8><<<1, 32>>>(out);
  stepped_fill<24><<<1, 32>>>(out);
  stepped_fill<4><<<1, 32>>>(out);
  stepped_fill<12><<<1, 32>>>(out);
  stepped_fill<2><<<1, 32>>>(out);
  stepped_fill<1><<<1, 32>>>(out);
}
