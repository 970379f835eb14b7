// RUN: %check_cudalint %s cudalint-missing-restrict,cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// A template kernel with no instantiation in view is read as written,
// through a stand-in for its parameters. The pointer `x` below is assigned
// only in `if constexpr` arms and its type is dependent: missing-restrict
// once built the model of the pattern without the stand-in and crashed on
// the load `*x` (found on ggml's concat.cu). Every check must read it
// through the stand-in.

template <typename T, int dim>
__global__ void concat_strided(const char *src0, const char *src1, char *dst,
                               long ne0, long ne00, unsigned long nb00,
                               unsigned long nb10, unsigned long nb0) {
  const T *x;
  for (long i0 = threadIdx.x; i0 < ne0; i0 += blockDim.x) {
    if (i0 < ne00) {
      x = (const T *)(src0 + i0 * nb00);
    } else {
      if constexpr (dim == 0) {
        x = (const T *)(src1 + (i0 - ne00) * nb10);
      } else if constexpr (dim == 1) {
        x = (const T *)(src1 + i0 * nb10);
      }
    }
    T *y = (T *)(dst + i0 * nb0);
    *y = *x;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}[cudalint-uncoalesced-access]
  }
}
