// RUN: %check_cudalint %s cudalint-shared-bank-conflict %t -- -nocudainc -isystem %inputs

// A thread that walks its own row of a tile (`buf[t * width + s + j]`) with
// rows of an even number of words conflicts; rows of an odd number do not.
// The odd stride is named where the bank simulation, weighing each access by
// how often it runs, shows that it removes the conflict: a fill that the new
// stride makes 2-way, run far less often than the walk, is a price stated
// beside it; a fill whose index cudalint cannot follow is named to be
// checked. Where an access as hot as the walk would conflict under the new
// stride, no stride is offered.

#include "cuda.h"

namespace std {
template <class T, T v> struct integral_constant {
  static constexpr T value = v;
};
} // namespace std

// The fill's row and column are carried through its loop: cudalint cannot
// follow them. The instances differ by their number of taps.
template <int Taps, int Block, int Steps>
__global__ void window_sum(const float *in, const float *wt, float *out, int ld,
                          int n) {
  extern __shared__ float buf[];
  const int t = threadIdx.x;
  const int width = Taps - 1 + Steps;
  constexpr int per_row = Taps - 1 + Steps;
  int r = t / per_row, c = t % per_row;
  for (int k = 0; k < Block * per_row; k += Block) {
    if (r < Block)
      buf[r * width + c] = in[r * ld + c];
    c += Block;
    r += c / per_row;
    c = c % per_row;
  }
  __syncthreads();
  float w[Taps];
  for (int j = 0; j < Taps; j++)
    w[j] = wt[t * Taps + j];
  for (int s = 0; s < Steps && s < n; s++) {
    float acc = 0.f;
    for (int j = 0; j < Taps; j++)
      acc += buf[t * width + s + j] * w[j];
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}}bank conflict on 'buf'{{.*}}[cudalint-shared-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:14: note: the instances differ: 'window_sum<9, 128, 32>' (block 128) 8-way; 'window_sum<3, 128, 32>' (block 128) 2-way; 'window_sum<4, 128, 32>' (block 128) has none
    out[s * ld + t] = acc;
  }
}
// CHECK-MESSAGES: :[[@LINE-25]]:27: note: 'buf' {{.*}}odd number of elements (41 instead of 40{{.*}}cannot follow the index of the access at line 32

void run_window(const float *in, const float *wt, float *out, int ld, int n,
                int taps) {
  auto go = [&](auto K) {
    constexpr int k = decltype(K)::value;
    window_sum<k, 128, 32><<<dim3(4), 128, 128 * (k - 1 + 32) * sizeof(float)>>>(
        in, wt, out, ld, n);
  };
  switch (taps) {
  case 3:
    go(std::integral_constant<int, 3>{});
    break;
  case 4:
    go(std::integral_constant<int, 4>{});
    break;
  case 9:
    go(std::integral_constant<int, 9>{});
    break;
  }
}

// A fill cudalint follows (contiguous), which rows of 37 words make 2-way
// where a warp crosses a row: it runs 36 times per thread, the walk 8 * 32.
__global__ void stencil_rows(const float *in, float *out, int n) {
  __shared__ float rows[64 * 36];
  const int t = threadIdx.x;
  for (int k = 0; k < 36; k++)
    rows[k * 64 + t] = in[blockIdx.x * 64 * 36 + k * 64 + t];
  __syncthreads();
  for (int s = 0; s < 28; s++) {
    float acc = 0.f;
#pragma unroll
    for (int j = 0; j < 8; j++)
      acc += rows[t * 36 + s + j];
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 4-way bank conflict on 'rows'{{.*}}[cudalint-shared-bank-conflict]
    out[(blockIdx.x * 28 + s) * 64 + t] = acc;
  }
}
// CHECK-MESSAGES: :[[@LINE-14]]:20: note: 'rows' {{.*}}odd number of elements (37 instead of 36{{.*}}at line 78{{.*}}2-way

void run_stencil(const float *in, float *out, int n) {
  stencil_rows<<<n, 64>>>(in, out, n);
}

// The fill runs as often as the walk (one row element written per trip):
// rows of 37 words would make it 2-way, a conflict as hot as the one they
// remove, so no stride is offered.
__global__ void refill_rows(const float *in, float *out, int n) {
  __shared__ float cells[64 * 36];
  const int t = threadIdx.x;
  float acc = 0.f;
  for (int s = 0; s < n; s++) {
    cells[s % 36 * 64 + t] = in[s * 64 + t];
    acc += cells[t * 36 + s % 36];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 4-way bank conflict on 'cells'{{.*}}[cudalint-shared-bank-conflict]
  }
  out[t] = acc;
}
// CHECK-MESSAGES-NOT: :[[@LINE-10]]:20: note: 'cells' {{.*}}odd number

void run_refill(const float *in, float *out, int n) {
  refill_rows<<<1, 64>>>(in, out, n);
}

// Rows of an odd number of words: no conflict.
__global__ void odd_rows(const float *in, float *out) {
  __shared__ float odd[64 * 33];
  const int t = threadIdx.x;
  for (int k = 0; k < 33; k++)
    odd[k * 64 + t] = in[k * 64 + t];
  __syncthreads();
  float acc = 0.f;
  for (int j = 0; j < 8; j++)
    acc += odd[t * 33 + j];
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-shared-bank-conflict]
  out[t] = acc;
}

void run_odd(const float *in, float *out) { odd_rows<<<1, 64>>>(in, out); }
