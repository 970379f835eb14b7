/* cudalint_nvcc_compat.h: what nvcc accepts and clang 19 does not.
 *
 * cudalint force-includes this header in every device-side parse (never in
 * a build). It only has to make code parse: nothing declared here is ever
 * compiled or linked, so bodies are minimal and declarations suffice.
 */
#ifndef CUDALINT_NVCC_COMPAT_H
#define CUDALINT_NVCC_COMPAT_H

#if defined(__CUDA__) && defined(__clang__)

/* nvcc pre-includes these C headers through its own host headers. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* nvcc's min and max are __host__ __device__; clang's are device-only, so
 * host code calling them fails. These host overloads take their place on the
 * host side (clang picks the host candidate in host functions). */
template <class A, class B>
static inline __attribute__((host)) auto min(A a, B b) -> decltype(a < b ? a : b) {
  return b < a ? b : a;
}
template <class A, class B>
static inline __attribute__((host)) auto max(A a, B b) -> decltype(a < b ? b : a) {
  return a < b ? b : a;
}

/* Classification on the host, which clang's wrapper declares for the
 * device only. */
template <class T>
static inline __attribute__((host)) bool isfinite(T x) { return __builtin_isfinite(x); }
template <class T>
static inline __attribute__((host)) bool isnan(T x) { return __builtin_isnan(x); }
template <class T>
static inline __attribute__((host)) bool isinf(T x) { return __builtin_isinf(x); }

/* Cache-hinted loads and stores: nvcc takes every type, clang 19 only the
 * built-in scalars and vectors. Generic fallbacks (exact overloads win). */
#define CUDALINT_LOAD_HINT(NAME)                                             \
  template <class T>                                                         \
  static inline __attribute__((device)) T NAME(const T *p) { return *p; }
CUDALINT_LOAD_HINT(__ldcs)
CUDALINT_LOAD_HINT(__ldcg)
CUDALINT_LOAD_HINT(__ldca)
CUDALINT_LOAD_HINT(__ldlu)
CUDALINT_LOAD_HINT(__ldcv)
#undef CUDALINT_LOAD_HINT
#define CUDALINT_STORE_HINT(NAME)                                            \
  template <class T>                                                         \
  static inline __attribute__((device)) void NAME(T *p, T v) { *p = v; }
CUDALINT_STORE_HINT(__stcs)
CUDALINT_STORE_HINT(__stcg)
CUDALINT_STORE_HINT(__stwb)
CUDALINT_STORE_HINT(__stwt)
#undef CUDALINT_STORE_HINT

/* Surface functions, missing from clang's CUDA wrapper. */
#define CUDALINT_SURF_MODE int mode = 0
template <class T> __attribute__((device)) void surf1Dwrite(T, unsigned long long, int, CUDALINT_SURF_MODE);
template <class T> __attribute__((device)) void surf2Dwrite(T, unsigned long long, int, int, CUDALINT_SURF_MODE);
template <class T> __attribute__((device)) void surf3Dwrite(T, unsigned long long, int, int, int, CUDALINT_SURF_MODE);
template <class T> __attribute__((device)) void surf1DLayeredwrite(T, unsigned long long, int, int, CUDALINT_SURF_MODE);
template <class T> __attribute__((device)) void surf2DLayeredwrite(T, unsigned long long, int, int, int, CUDALINT_SURF_MODE);
template <class T> __attribute__((device)) T surf1Dread(unsigned long long, int, CUDALINT_SURF_MODE);
template <class T> __attribute__((device)) T surf2Dread(unsigned long long, int, int, CUDALINT_SURF_MODE);
template <class T> __attribute__((device)) T surf3Dread(unsigned long long, int, int, int, CUDALINT_SURF_MODE);
template <class T> __attribute__((device)) void surf1Dread(T *, unsigned long long, int, CUDALINT_SURF_MODE);
template <class T> __attribute__((device)) void surf2Dread(T *, unsigned long long, int, int, CUDALINT_SURF_MODE);
template <class T> __attribute__((device)) void surf3Dread(T *, unsigned long long, int, int, int, CUDALINT_SURF_MODE);
#undef CUDALINT_SURF_MODE

#endif
#endif
