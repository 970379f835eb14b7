// A kernel that the file defines and its host code never names is dead code
// in that program: no check reports it. One the host code names in any way
// (a launch, its address for cudaLaunchKernel, a template's lookup) is
// checked; so is every kernel of a file that launches none (a kernel
// library, launched from elsewhere).
// RUN: %check_cudalint --only-launched %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// Never named: skipped.
__global__ void column_walk_dead(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * n] = in[row * n] * 2.0f;
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-uncoalesced-access]
}

// Launched: checked.
__global__ void column_walk_launched(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * n] = in[row * n] * 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}store{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: {{.*}}load{{.*}}[cudalint-uncoalesced-access]
}

// Its address handed to the runtime: checked.
__global__ void column_walk_by_address(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * n] = in[row * n] * 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}store{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: {{.*}}load{{.*}}[cudalint-uncoalesced-access]
}

// Launched from a template's pattern with dependent arguments: checked.
template <typename T>
__global__ void column_walk_template(T *out, const T *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * n] = in[row * n] * 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}store{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: {{.*}}load{{.*}}[cudalint-uncoalesced-access]
}

template <typename T> void run_template(T *out, const T *in, int n) {
  column_walk_template<<<n / 256, 256>>>(out, in, n);
}

// Launched only in a branch of an #if that is not compiled: skipped.
__global__ void column_walk_disabled(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * n] = in[row * n] * 2.0f;
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}[cudalint-uncoalesced-access]
}

void run(float *out, const float *in, int n) {
  column_walk_launched<<<n / 256, 256>>>(out, in, n);
  void *args[] = {&out, &in, &n};
  cudaLaunchKernel((const void *)column_walk_by_address, dim3(n / 256),
                   dim3(256), args, 0, 0);
#if 0
  column_walk_disabled<<<n / 256, 256>>>(out, in, n);
#endif
}
