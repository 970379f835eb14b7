/* cudalint_nvcc_compat.h: what nvcc accepts and clang 19 does not.
 *
 * cudalint force-includes this header in every device-side parse (never in
 * a build). It only has to make code parse: nothing declared here is ever
 * compiled or linked, so bodies are minimal and declarations suffice.
 */
#ifndef CUDALINT_NVCC_COMPAT_H
#define CUDALINT_NVCC_COMPAT_H

/* It stands for CUDA's own headers, so it is one: the analysis recognises
 * CUDA's functions (the cache-hinted loads and stores below among them) by a
 * declaration in a system header. Force-included by path, it would not be
 * one otherwise. */
#pragma clang system_header

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
static inline __attribute__((host)) auto min(A a, B b)
    -> decltype(a < b ? a : b) {
  return b < a ? b : a;
}
template <class A, class B>
static inline __attribute__((host)) auto max(A a, B b)
    -> decltype(a < b ? b : a) {
  return a < b ? b : a;
}

/* Classification on the host, which clang's wrapper declares for the
 * device only. */
template <class T> static inline __attribute__((host)) bool isfinite(T x) {
  return __builtin_isfinite(x);
}
template <class T> static inline __attribute__((host)) bool isnan(T x) {
  return __builtin_isnan(x);
}
template <class T> static inline __attribute__((host)) bool isinf(T x) {
  return __builtin_isinf(x);
}

/* Cache-hinted loads and stores: nvcc takes every type, clang 19 only the
 * built-in scalars and vectors. Generic fallbacks (exact overloads win). */
#define CUDALINT_LOAD_HINT(NAME)                                               \
  template <class T>                                                           \
  static inline __attribute__((device)) T NAME(const T *p) {                   \
    return *p;                                                                 \
  }
CUDALINT_LOAD_HINT(__ldcs)
CUDALINT_LOAD_HINT(__ldcg)
CUDALINT_LOAD_HINT(__ldca)
CUDALINT_LOAD_HINT(__ldlu)
CUDALINT_LOAD_HINT(__ldcv)
#undef CUDALINT_LOAD_HINT
#define CUDALINT_STORE_HINT(NAME)                                              \
  template <class T>                                                           \
  static inline __attribute__((device)) void NAME(T *p, T v) {                 \
    *p = v;                                                                    \
  }
CUDALINT_STORE_HINT(__stcs)
CUDALINT_STORE_HINT(__stcg)
CUDALINT_STORE_HINT(__stwb)
CUDALINT_STORE_HINT(__stwt)
#undef CUDALINT_STORE_HINT

/* The memory orders and scopes of CUDA 12.8's __nv_atomic_* functions,
 * declared in crt/device_functions.h, which clang's wrapper never includes:
 * without them every kernel that names one is lost to the parse. */
#if defined(CUDART_VERSION) && CUDART_VERSION >= 12080
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

/* The functions themselves are nvcc builtins (CUDA Programming Guide,
 * "Built-in atomic functions"); the value may be of another type than the
 * pointee (`__nv_atomic_fetch_add(p, 1, ...)` on an unsigned). */
#define CUDALINT_NV_FETCH(op)                                                \
  template <class T, class U>                                                \
  __attribute__((device)) T __nv_atomic_fetch_##op(                          \
      T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
CUDALINT_NV_FETCH(add)
CUDALINT_NV_FETCH(sub)
CUDALINT_NV_FETCH(and)
CUDALINT_NV_FETCH(or)
CUDALINT_NV_FETCH(xor)
CUDALINT_NV_FETCH(min)
CUDALINT_NV_FETCH(max)
#undef CUDALINT_NV_FETCH
template <class T, class U>
__attribute__((device)) void __nv_atomic_load(T *, U *, int,
                                              int = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__attribute__((device)) T __nv_atomic_load_n(T *, int,
                                             int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U>
__attribute__((device)) void __nv_atomic_store(T *, U *, int,
                                               int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U>
__attribute__((device)) void
__nv_atomic_store_n(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U, class V>
__attribute__((device)) void
__nv_atomic_exchange(T *, U *, V *, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U>
__attribute__((device)) T
__nv_atomic_exchange_n(T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U, class V>
__attribute__((device)) bool
__nv_atomic_compare_exchange(T *, U *, V *, bool, int, int,
                             int = __NV_THREAD_SCOPE_SYSTEM);
template <class T, class U, class V>
__attribute__((device)) bool
__nv_atomic_compare_exchange_n(T *, U *, V, bool, int, int,
                               int = __NV_THREAD_SCOPE_SYSTEM);
__attribute__((device)) void
__nv_atomic_thread_fence(int, int = __NV_THREAD_SCOPE_SYSTEM);
#endif

/* Surface functions, missing from clang's CUDA wrapper. */
#define CUDALINT_SURF_MODE int mode = 0
template <class T>
__attribute__((device)) void surf1Dwrite(T, unsigned long long, int,
                                         CUDALINT_SURF_MODE);
template <class T>
__attribute__((device)) void surf2Dwrite(T, unsigned long long, int, int,
                                         CUDALINT_SURF_MODE);
template <class T>
__attribute__((device)) void surf3Dwrite(T, unsigned long long, int, int, int,
                                         CUDALINT_SURF_MODE);
template <class T>
__attribute__((device)) void surf1DLayeredwrite(T, unsigned long long, int, int,
                                                CUDALINT_SURF_MODE);
template <class T>
__attribute__((device)) void surf2DLayeredwrite(T, unsigned long long, int, int,
                                                int, CUDALINT_SURF_MODE);
template <class T>
__attribute__((device)) T surf1Dread(unsigned long long, int,
                                     CUDALINT_SURF_MODE);
template <class T>
__attribute__((device)) T surf2Dread(unsigned long long, int, int,
                                     CUDALINT_SURF_MODE);
template <class T>
__attribute__((device)) T surf3Dread(unsigned long long, int, int, int,
                                     CUDALINT_SURF_MODE);
template <class T>
__attribute__((device)) void surf1Dread(T *, unsigned long long, int,
                                        CUDALINT_SURF_MODE);
template <class T>
__attribute__((device)) void surf2Dread(T *, unsigned long long, int, int,
                                        CUDALINT_SURF_MODE);
template <class T>
__attribute__((device)) void surf3Dread(T *, unsigned long long, int, int, int,
                                        CUDALINT_SURF_MODE);
#undef CUDALINT_SURF_MODE

/* ------------------------------------------------------------------------
 * APIs that CUDA 12 and 13 removed and older code still calls. cudalint
 * parses a file with these declarations (CUDALINT_LEGACY_CUDA_APIS) only
 * when a first parse fails on one of them: names like `texture` and
 * `surface` would clash with valid new code. They only make such a file
 * parse so that its kernels are analysed; nothing here is ever compiled or
 * linked, and a build with the new toolkit still fails on them, as it
 * should. Each block is guarded by the toolkit version that removed it.
 * ---------------------------------------------------------------------- */
#ifdef CUDALINT_LEGACY_CUDA_APIS
#if defined(CUDART_VERSION) && CUDART_VERSION >= 12000

/* Texture and surface references (removed in 12.0): `texture<float, 1>
 * tex;` at file scope, read with tex1Dfetch(tex, i) in kernels and bound
 * with cudaBindTexture on the host. The device_builtin attributes make
 * clang treat such variables as device-side, as nvcc does. */
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int __cudaReserved[14];
};
struct surfaceReference {
  struct cudaChannelFormatDesc channelDesc;
};

template <class T, int dim = 1,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture
    : public textureReference {
  __attribute__((host))
  texture(int norm = 0, enum cudaTextureFilterMode f = cudaFilterModePoint,
          enum cudaTextureAddressMode am = cudaAddressModeClamp);
  __attribute__((host)) texture(int norm, enum cudaTextureFilterMode f,
                                enum cudaTextureAddressMode am,
                                struct cudaChannelFormatDesc desc);
};
template <class T, int dim = 1>
struct __attribute__((device_builtin_surface_type)) surface
    : public surfaceReference {
  __attribute__((host)) surface();
  __attribute__((host)) surface(struct cudaChannelFormatDesc desc);
};

/* What a fetch returns: the element type, or float vectors for
 * cudaReadModeNormalizedFloat on 8- and 16-bit integer elements. */
template <class T, enum cudaTextureReadMode M> struct __cudalint_texel {
  typedef T type;
};
#define CUDALINT_NORMALIZED(T, F)                                              \
  template <> struct __cudalint_texel<T, cudaReadModeNormalizedFloat> {        \
    typedef F type;                                                            \
  };
CUDALINT_NORMALIZED(char, float)
CUDALINT_NORMALIZED(signed char, float) CUDALINT_NORMALIZED(
    unsigned char,
    float) CUDALINT_NORMALIZED(short, float) CUDALINT_NORMALIZED(unsigned short,
                                                                 float)
    CUDALINT_NORMALIZED(char1, float1) CUDALINT_NORMALIZED(
        uchar1, float1) CUDALINT_NORMALIZED(short1,
                                            float1) CUDALINT_NORMALIZED(ushort1,
                                                                        float1)
        CUDALINT_NORMALIZED(char2, float2) CUDALINT_NORMALIZED(
            uchar2,
            float2) CUDALINT_NORMALIZED(short2,
                                        float2) CUDALINT_NORMALIZED(ushort2,
                                                                    float2)
            CUDALINT_NORMALIZED(char4, float4) CUDALINT_NORMALIZED(
                uchar4,
                float4) CUDALINT_NORMALIZED(short4,
                                            float4) CUDALINT_NORMALIZED(ushort4,
                                                                        float4)
#undef CUDALINT_NORMALIZED

#define CUDALINT_TEXREF_FETCH(NAME, ...)                                       \
  template <class T, int D, enum cudaTextureReadMode M>                        \
  __attribute__((device))                                                      \
  typename __cudalint_texel<T, M>::type NAME(texture<T, D, M>, __VA_ARGS__);
                CUDALINT_TEXREF_FETCH(tex1Dfetch, int) CUDALINT_TEXREF_FETCH(
                    tex1D, float) CUDALINT_TEXREF_FETCH(tex2D, float, float)
                    CUDALINT_TEXREF_FETCH(
                        tex3D, float, float,
                        float) CUDALINT_TEXREF_FETCH(tex1DLayered, float, int)
                        CUDALINT_TEXREF_FETCH(
                            tex2DLayered, float, float,
                            int) CUDALINT_TEXREF_FETCH(texCubemap, float, float,
                                                       float)
                            CUDALINT_TEXREF_FETCH(
                                texCubemapLayered, float, float, float,
                                int) CUDALINT_TEXREF_FETCH(tex1DLod, float,
                                                           float)
                                CUDALINT_TEXREF_FETCH(
                                    tex2DLod, float, float,
                                    float) CUDALINT_TEXREF_FETCH(tex3DLod,
                                                                 float, float,
                                                                 float, float)
                                    CUDALINT_TEXREF_FETCH(tex1DGrad, float,
                                                          float, float)
                                        CUDALINT_TEXREF_FETCH(tex2DGrad, float,
                                                              float, float2,
                                                              float2)
                                            CUDALINT_TEXREF_FETCH(tex3DGrad,
                                                                  float, float,
                                                                  float, float4,
                                                                  float4)
#undef CUDALINT_TEXREF_FETCH
                                                template <
                                                    class T, int D,
                                                    enum cudaTextureReadMode M>
                                                __attribute__((device)) float4
    tex2Dgather(texture<T, D, M>, float, float, int = 0);

/* Surface reference reads and writes. */
template <class T, int D>
__attribute__((device)) void
surf1Dwrite(T, surface<void, D>, int,
            enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int D>
__attribute__((device)) void
surf2Dwrite(T, surface<void, D>, int, int,
            enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int D>
__attribute__((device)) void
surf3Dwrite(T, surface<void, D>, int, int, int,
            enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int D>
__attribute__((device)) void
surf1Dread(T *, surface<void, D>, int,
           enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int D>
__attribute__((device)) void
surf2Dread(T *, surface<void, D>, int, int,
           enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int D>
__attribute__((device)) void
surf3Dread(T *, surface<void, D>, int, int, int,
           enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int D>
__attribute__((device)) T surf1Dread(
    surface<void, D>, int, enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int D>
__attribute__((device)) T
surf2Dread(surface<void, D>, int, int,
           enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T, int D>
__attribute__((device)) T
surf3Dread(surface<void, D>, int, int, int,
           enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);

/* Binding, in the C++ template forms and the C forms. */
template <class T, int D, enum cudaTextureReadMode M>
__attribute__((host)) cudaError_t
cudaBindTexture(size_t *, const texture<T, D, M> &, const void *,
                const struct cudaChannelFormatDesc &, size_t = ~size_t(0));
template <class T, int D, enum cudaTextureReadMode M>
__attribute__((host)) cudaError_t cudaBindTexture(size_t *,
                                                  const texture<T, D, M> &,
                                                  const void *,
                                                  size_t = ~size_t(0));
template <class T, int D, enum cudaTextureReadMode M>
__attribute__((host)) cudaError_t
cudaBindTexture2D(size_t *, const texture<T, D, M> &, const void *,
                  const struct cudaChannelFormatDesc &, size_t, size_t, size_t);
template <class T, int D, enum cudaTextureReadMode M>
__attribute__((host)) cudaError_t cudaBindTexture2D(size_t *,
                                                    const texture<T, D, M> &,
                                                    const void *, size_t,
                                                    size_t, size_t);
template <class T, int D, enum cudaTextureReadMode M>
__attribute__((host)) cudaError_t
cudaBindTextureToArray(const texture<T, D, M> &, cudaArray_const_t,
                       const struct cudaChannelFormatDesc &);
template <class T, int D, enum cudaTextureReadMode M>
__attribute__((host)) cudaError_t
cudaBindTextureToArray(const texture<T, D, M> &, cudaArray_const_t);
template <class T, int D, enum cudaTextureReadMode M>
__attribute__((host)) cudaError_t cudaBindTextureToMipmappedArray(
    const texture<T, D, M> &, cudaMipmappedArray_const_t);
template <class T, int D, enum cudaTextureReadMode M>
__attribute__((host)) cudaError_t cudaUnbindTexture(const texture<T, D, M> &);
template <class T, int D, enum cudaTextureReadMode M>
__attribute__((host)) cudaError_t
cudaGetTextureAlignmentOffset(size_t *, const texture<T, D, M> &);
template <class T, int D>
__attribute__((host)) cudaError_t cudaBindSurfaceToArray(const surface<T, D> &,
                                                         cudaArray_const_t);
template <class T, int D>
__attribute__((host)) cudaError_t
cudaBindSurfaceToArray(const surface<T, D> &, cudaArray_const_t,
                       const struct cudaChannelFormatDesc &);
extern __attribute__((host)) cudaError_t
cudaBindTexture(size_t *, const struct textureReference *, const void *,
                const struct cudaChannelFormatDesc *, size_t = ~size_t(0));
extern __attribute__((host)) cudaError_t
cudaBindTexture2D(size_t *, const struct textureReference *, const void *,
                  const struct cudaChannelFormatDesc *, size_t, size_t, size_t);
extern __attribute__((host)) cudaError_t
cudaBindTextureToArray(const struct textureReference *, cudaArray_const_t,
                       const struct cudaChannelFormatDesc *);
extern __attribute__((host)) cudaError_t
cudaUnbindTexture(const struct textureReference *);
extern __attribute__((host)) cudaError_t
cudaGetTextureReference(const struct textureReference **, const void *);
extern __attribute__((host)) cudaError_t
cudaGetTextureAlignmentOffset(size_t *, const struct textureReference *);
extern __attribute__((host)) cudaError_t
cudaBindSurfaceToArray(const struct surfaceReference *, cudaArray_const_t,
                       const struct cudaChannelFormatDesc *);
extern __attribute__((host)) cudaError_t
cudaGetSurfaceReference(const struct surfaceReference **, const void *);

#endif /* CUDART_VERSION >= 12000 */

#if defined(CUDART_VERSION) && CUDART_VERSION >= 13000

/* The cudaThread* names of the cudaDevice* functions (removed in 13.0). */
extern __attribute__((host)) cudaError_t cudaThreadExit(void);
extern __attribute__((host)) cudaError_t cudaThreadSynchronize(void);
extern __attribute__((host)) cudaError_t cudaThreadSetLimit(enum cudaLimit,
                                                            size_t);
extern __attribute__((host)) cudaError_t cudaThreadGetLimit(size_t *,
                                                            enum cudaLimit);
extern __attribute__((host)) cudaError_t
cudaThreadGetCacheConfig(enum cudaFuncCache *);
extern __attribute__((host))
cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache);

/* cudaDeviceProp fields removed in 13.0. The runtime takes a pointer to the
 * real structure, so a derived one with the old fields stands in for it. */
struct __cudalint_cudaDeviceProp : cudaDeviceProp {
  int clockRate;
  int deviceOverlap;
  int kernelExecTimeoutEnabled;
  int computeMode;
  int maxTexture1DLinear;
  int memoryClockRate;
  int singleToDoublePrecisionPerfRatio;
  int cooperativeMultiDeviceLaunch;
};
#define cudaDeviceProp __cudalint_cudaDeviceProp

/* The overloads that took a device ordinal instead of a cudaMemLocation
 * (changed in 13.0). */
extern __attribute__((host)) cudaError_t cudaMemPrefetchAsync(const void *,
                                                              size_t, int,
                                                              cudaStream_t = 0);
extern __attribute__((host)) cudaError_t cudaMemAdvise(const void *, size_t,
                                                       enum cudaMemoryAdvise,
                                                       int);

/* cuFFT's licence error, gone from cufftResult in 13.0. */
#define CUFFT_LICENSE_ERROR ((cufftResult)15)

#endif /* CUDART_VERSION >= 13000 */
#endif /* CUDALINT_LEGACY_CUDA_APIS */

#endif
#endif
