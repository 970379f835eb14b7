// A kernel declared in a header and defined in the .cu: the fix-it edits
// both declarations, through either front end, identically.
//
// RUN: rm -rf %t && mkdir -p %t/cudalint %t/plugin %t/dir
// RUN: cp %S/Inputs/missing-restrict/conv.cuh %S/Inputs/missing-restrict/conv.cu %t/cudalint/
// RUN: cp %S/Inputs/missing-restrict/conv.cuh %S/Inputs/missing-restrict/conv.cu %t/plugin/
// RUN: cp %S/Inputs/missing-restrict/conv.cuh %S/Inputs/missing-restrict/conv.cu %t/dir/
//
// The directory given: the header is among the paths linted.
// RUN: %expect_exit 1 %cudalint --checks=-*,cudalint-missing-restrict --fix-notes %t/dir -- -nocudainc -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=MSG --implicit-check-not="{{warning|error}}:"
// RUN: FileCheck %s --check-prefix=HEADER --match-full-lines --input-file=%t/dir/conv.cuh
// RUN: FileCheck %s --check-prefix=SOURCE --match-full-lines --input-file=%t/dir/conv.cu
//
// The .cu file alone: the fix-it must still edit the header's declaration
// (a definition whose parameter types no longer match the header's
// declaration would declare another function).
// RUN: %expect_exit 1 %cudalint --checks=-*,cudalint-missing-restrict --fix-notes %t/cudalint/conv.cu -- -nocudainc -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=MSG --implicit-check-not="{{warning|error}}:"
// RUN: FileCheck %s --check-prefix=HEADER --match-full-lines --input-file=%t/cudalint/conv.cuh
// RUN: FileCheck %s --check-prefix=SOURCE --match-full-lines --input-file=%t/cudalint/conv.cu
//
// RUN: %clang_tidy --load=%plugin --checks=-*,cudalint-missing-restrict --fix-notes --config={} %t/plugin/conv.cu \
// RUN:   -- -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudalib -nocudainc -Wno-unknown-cuda-version -isystem %inputs \
// RUN:   | FileCheck %s --check-prefix=MSG --implicit-check-not="{{warning|error}}:"
// RUN: diff %t/cudalint/conv.cuh %t/plugin/conv.cuh
// RUN: diff %t/cudalint/conv.cu %t/plugin/conv.cu
//
// Fixed once, the kernel is clean.
// RUN: %expect_exit 0 %cudalint --checks=-*,cudalint-missing-restrict %t/cudalint/conv.cu -- -nocudainc -isystem %inputs

// MSG: conv.cu:3:17: warning: 'in' is reloaded after each store through 'out'{{.*}}
// MSG: conv.cu:6:5: note: store through 'out'
// MSG: conv.cu:6:15: note: load through 'in', repeated after the store in the next iteration
// MSG: conv.cu:3:17: note: add '__restrict__' to 'out', 'w' and 'in' (and 'const' where only read)

// HEADER: __global__ void conv(float *__restrict__ out, const float *__restrict__ w, const float *__restrict__ in, int n, int k);
// SOURCE: __global__ void conv(float *__restrict__ out, const float *__restrict__ w, const float *__restrict__ in, int n, int k) {
// SOURCE: void launch(float *out, const float *w, float *in, int n) {
