// A stand-in for CUDA's <cuComplex.h>: its types and the functions of it the
// tests call, defined as the real header defines them (inline, with bodies).
#ifndef CUDALINT_TEST_CUCOMPLEX_H
#define CUDALINT_TEST_CUCOMPLEX_H
#include "cuda.h"

struct alignas(16) double2 {
  double x, y;
};
typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;

__host__ __device__ static __inline__ cuFloatComplex
make_cuFloatComplex(float r, float i) {
  cuFloatComplex c;
  c.x = r;
  c.y = i;
  return c;
}
__host__ __device__ static __inline__ cuFloatComplex cuCaddf(cuFloatComplex x,
                                                             cuFloatComplex y) {
  return make_cuFloatComplex(x.x + y.x, x.y + y.y);
}
__host__ __device__ static __inline__ cuFloatComplex cuCmulf(cuFloatComplex x,
                                                             cuFloatComplex y) {
  return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
__host__ __device__ static __inline__ cuFloatComplex
cuCfmaf(cuFloatComplex x, cuFloatComplex y, cuFloatComplex d) {
  float real = (x.x * y.x) + d.x;
  float imag = (y.x * x.y) + d.y;
  real = -(x.y * y.y) + real;
  imag = (x.x * y.y) + imag;
  return make_cuFloatComplex(real, imag);
}
__host__ __device__ static __inline__ cuDoubleComplex
make_cuDoubleComplex(double r, double i) {
  cuDoubleComplex c;
  c.x = r;
  c.y = i;
  return c;
}
__host__ __device__ static __inline__ cuDoubleComplex
cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d) {
  double real = (x.x * y.x) + d.x;
  double imag = (y.x * x.y) + d.y;
  real = -(x.y * y.y) + real;
  imag = (x.x * y.y) + imag;
  return make_cuDoubleComplex(real, imag);
}
#endif
