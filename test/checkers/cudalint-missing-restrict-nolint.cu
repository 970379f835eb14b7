// RUN: %check_cudalint --fix-notes %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

__global__ void silenced(float *out, float *in, int n) { // NOLINT
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void silenced(float *out, float *in, int n) { // NOLINT

__global__ void silenced_by_name(float *out, float *in, int n) { // NOLINT(cudalint-missing-restrict)
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void silenced_by_name(float *out, float *in, int n) { // NOLINT(cudalint-missing-restrict)

__global__ void silenced_by_glob(float *out, float *in, int n) { // NOLINT(cudalint-*)
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void silenced_by_glob(float *out, float *in, int n) { // NOLINT(cudalint-*)

// NOLINTNEXTLINE(cudalint-missing-restrict)
__global__ void silenced_next_line(float *out, float *in, int n) {
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void silenced_next_line(float *out, float *in, int n) {

// NOLINTBEGIN(cudalint-missing-restrict)
__global__ void silenced_block_1(float *out, float *in, int n) {
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void silenced_block_1(float *out, float *in, int n) {

__global__ void silenced_block_2(float *out, float *in, int n) {
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void silenced_block_2(float *out, float *in, int n) {
// NOLINTEND(cudalint-missing-restrict)

// Suppressing another check does not silence this one.
__global__ void other_check(float *out, float *in, int n) { // NOLINT(readability-identifier-naming)
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:17: note: add '__restrict__' to 'out' and 'in'
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void other_check(float *__restrict__ out, const float *__restrict__ in, int n) { // NOLINT(readability-identifier-naming)

// A suppression on the store's line does not silence the warning reported at
// the kernel name; as in clang-tidy, it drops the notes from that line on,
// and with them the fix-it.
__global__ void wrong_line(float *out, float *in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  // CHECK-MESSAGES-NOT: note: add '__restrict__'
  for (int j = 0; j < n; ++j)
    out[0] += in[j]; // NOLINT
}
// CHECK-FIXES: __global__ void wrong_line(float *out, float *in, int n) {

// After the end of the block, findings are reported again.
__global__ void after_block(float *out, float *in, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
  for (int j = 0; j < n; ++j)
    out[0] += in[j];
}
// CHECK-FIXES: __global__ void after_block(float *__restrict__ out, const float *__restrict__ in, int n) {
