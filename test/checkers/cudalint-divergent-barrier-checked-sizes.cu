// RUN: %check_cudalint %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// A bound that falls inside a block only when a size is not a multiple of
// some step is no hazard once the kernel stops on that size first (`if (C %
// 256) __trap();`, `return`, `assert`) or the host checks it before the
// launch (`assert`, `if (...) exit(1);`). A check on another size, a check
// on a smaller step, or one under a branch leaves the warning.
#include "cuda.h"

// The C library's, as <stdio.h>, <stdlib.h> and <assert.h> declare them.
extern "C" __host__ __device__ int printf(const char *, ...);
extern "C" __host__ [[noreturn]] void exit(int);
extern "C" __host__ __device__ [[noreturn]] void
__assert_fail(const char *, const char *, unsigned, const char *);
#define assert(e)                                                              \
  (static_cast<bool>(e) ? void(0)                                              \
                        : __assert_fail(#e, __FILE__, __LINE__, __func__))

// ---- Quiet. ----

// Lanes step by 8 and iterations by 256; the kernel traps unless C is a
// multiple of 256, so every lane of a warp leaves the loop together.
__global__ void trap_on_entry(float *x, float *out, int C) {
  __shared__ float buf[1024];
  if (C % 256 != 0) {
    if (threadIdx.x == 0 && blockIdx.x == 0)
      printf("C must be a multiple of 256\n");
    __trap();
  }
  int lane = threadIdx.x % 32;
  for (int i = 0; i < C / 256 + 2; i++) {
    int g = lane * 8 + i * 256;
    if (g >= C)
      break;
    buf[threadIdx.x] = x[g];
    __syncthreads();
    out[g] = buf[(threadIdx.x + 32) % blockDim.x];
    __syncthreads();
  }
}

// The same check spelled as a return, with the remainder as the condition.
__global__ void return_on_entry(float *x, int C) {
  __shared__ float buf[1024];
  if (C % 128)
    return;
  int lane = threadIdx.x % 32;
  for (int i = 0;; i++) {
    int g = lane * 4 + i * 128;
    if (g >= C)
      break;
    buf[threadIdx.x] = x[g];
    __syncthreads();
    x[g] += buf[0];
  }
}

// An assert in the kernel, beside a check on another size.
__global__ void assert_on_entry(float *x, int n, int C) {
  __shared__ float buf[1024];
  assert(n > 0 && C % 256 == 0);
  int lane = threadIdx.x % 32;
  for (int i = 0; i < 64; i++) {
    int g = lane * 8 + i * 256;
    if (g >= C)
      return;
    buf[threadIdx.x] = x[g];
    __syncthreads();
    x[g] = buf[0];
  }
}

// A kernel that checks nothing, launched only after the host asserts.
__global__ void host_checked(float *x, int C) {
  __shared__ float buf[1024];
  int lane = threadIdx.x % 32;
  for (int i = 0; i < 64; i++) {
    int g = lane * 8 + i * 256;
    if (g >= C)
      break;
    buf[threadIdx.x] = x[g];
    __syncthreads();
    x[g] = buf[0];
  }
}

void run_host_assert(float *x, int C, int threads) {
  assert(C % 256 == 0 && "channels");
  host_checked<<<80, threads>>>(x, C);
}

// The host exits on a bad size; a mask test says the same for a power of
// two.
void run_host_exit(float *x, int C, int threads) {
  if ((C & 255) != 0) {
    printf("bad C\n");
    exit(1);
  }
  host_checked<<<80, threads>>>(x, C);
}

// ---- Warned. ----

// Checked against 64, but iterations step by 256: C = 320 ends inside a
// warp's span.
__global__ void trap_on_smaller_step(float *x, int C) {
  __shared__ float buf[1024];
  if (C % 64 != 0)
    __trap();
  int lane = threadIdx.x % 32;
  for (int i = 0; i < 64; i++) {
    int g = lane * 8 + i * 256;
    if (g >= C)
      break;
    buf[threadIdx.x] = x[g];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}when 'C' is not a multiple of {{.*}}[cudalint-divergent-barrier]
    x[g] = buf[0];
  }
}

// The check is on another parameter.
__global__ void trap_on_other_size(float *x, int n, int C) {
  __shared__ float buf[1024];
  if (n % 256 != 0)
    __trap();
  int lane = threadIdx.x % 32;
  for (int i = 0; i < 64; i++) {
    int g = lane * 8 + i * 256;
    if (g >= C)
      break;
    buf[threadIdx.x] = x[g];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}when 'C' is not a multiple of {{.*}}[cudalint-divergent-barrier]
    x[g] = buf[0];
  }
}

// The trap only in some blocks' path: not a fact for every thread.
__global__ void trap_under_branch(float *x, int C, int flag) {
  __shared__ float buf[1024];
  if (flag) {
    if (C % 256 != 0)
      __trap();
  }
  int lane = threadIdx.x % 32;
  for (int i = 0; i < 64; i++) {
    int g = lane * 8 + i * 256;
    if (g >= C)
      break;
    buf[threadIdx.x] = x[g];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}when 'C' is not a multiple of {{.*}}[cudalint-divergent-barrier]
    x[g] = buf[0];
  }
}

// The size is changed after the check.
__global__ void trap_then_reassigned(float *x, int C) {
  __shared__ float buf[1024];
  if (C % 256 != 0)
    __trap();
  C -= 8;
  int lane = threadIdx.x % 32;
  for (int i = 0; i < 64; i++) {
    int g = lane * 8 + i * 256;
    if (g >= C)
      break;
    buf[threadIdx.x] = x[g];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}[cudalint-divergent-barrier]
    x[g] = buf[0];
  }
}

// The host checks one launch's size but not the other's.
__global__ void half_checked(float *x, int C) {
  __shared__ float buf[1024];
  int lane = threadIdx.x % 32;
  for (int i = 0; i < 64; i++) {
    int g = lane * 8 + i * 256;
    if (g >= C)
      break;
    buf[threadIdx.x] = x[g];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}when 'C' is not a multiple of {{.*}}[cudalint-divergent-barrier]
    x[g] = buf[0];
  }
}

void run_half_checked(float *x, int C, int D, int threads) {
  assert(C % 256 == 0);
  half_checked<<<80, threads>>>(x, C);
  half_checked<<<80, threads>>>(x, D);
}
