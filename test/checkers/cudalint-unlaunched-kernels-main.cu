// In a program (a file that defines main), a kernel launched only from host
// functions that main never calls, directly or not, is dead code: not
// reported. Launches from functions main reaches, from functions named other
// than by a call (a callback), from methods and templates are live.
// RUN: %check_cudalint --only-launched %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

#define ENABLE_FAST_PATH

__global__ void walk_dead(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * n] = in[row * n] * 2.0f;
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-uncoalesced-access]
}

__global__ void walk_live(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * n] = in[row * n] * 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}store{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: {{.*}}load{{.*}}[cudalint-uncoalesced-access]
}

__global__ void walk_callback(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * n] = in[row * n] * 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}store{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: {{.*}}load{{.*}}[cudalint-uncoalesced-access]
}

// Called only from a branch of an #if that is not compiled.
void run_dead(float *out, const float *in, int n) {
  walk_dead<<<n / 256, 256>>>(out, in, n);
}

// Reached from main through a helper.
void run_live(float *out, const float *in, int n) {
  walk_live<<<n / 256, 256>>>(out, in, n);
}
void run_all(float *out, const float *in, int n) { run_live(out, in, n); }

// Handed to a benchmark as a pointer: reached.
void run_callback(float *out, const float *in, int n) {
  walk_callback<<<n / 256, 256>>>(out, in, n);
}
void benchmark(void (*f)(float *, const float *, int), float *out,
               const float *in, int n) {
  f(out, in, n);
}

int main() {
  float *out = 0, *in = 0;
  int n = 1 << 20;
#ifndef ENABLE_FAST_PATH
  run_dead(out, in, n);
#endif
  run_all(out, in, n);
  benchmark(run_callback, out, in, n);
  return 0;
}
