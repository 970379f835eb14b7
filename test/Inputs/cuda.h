/* Minimal declarations for CUDA support, so that the tests do not need a
   CUDA installation. Testing purposes only (after
   clang/test/SemaCUDA/Inputs/cuda.h). */

#ifndef CUDALINT_TEST_MOCK_CUDA_H
#define CUDALINT_TEST_MOCK_CUDA_H

#include <stddef.h>

#define __constant__ __attribute__((constant))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __align__(n) __attribute__((aligned(n)))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))

struct uint3 {
  unsigned int x, y, z;
};

// Vector types, with the alignment of <vector_types.h>.
struct alignas(8) float2 {
  float x, y;
};
struct alignas(16) float4 {
  float x, y, z, w;
};
struct alignas(16) int4 {
  int x, y, z, w;
};
struct alignas(2) __half {
  unsigned short x;
};
struct alignas(4) __half2 {
  __half x, y;
};

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ dim3(unsigned int x = 1, unsigned int y = 1,
                           unsigned int z = 1)
      : x(x), y(y), z(z) {}
};

#ifdef __CUDA__
// The built-in variables as clang declares them for CUDA (the declarations
// cudalint sees with real CUDA headers too): each of its own type, whose
// .x/.y/.z read a special register, with the conversions to uint3 and dim3
// that clang's CUDA runtime wrapper defines.
#include <__clang_cuda_builtin_vars.h>
#define CUDALINT_MOCK_BUILTIN_CONVERSIONS(T)                                   \
  __device__ inline T::operator dim3() const { return dim3(x, y, z); }         \
  __device__ inline T::operator uint3() const { return uint3{x, y, z}; }
CUDALINT_MOCK_BUILTIN_CONVERSIONS(__cuda_builtin_threadIdx_t)
CUDALINT_MOCK_BUILTIN_CONVERSIONS(__cuda_builtin_blockIdx_t)
CUDALINT_MOCK_BUILTIN_CONVERSIONS(__cuda_builtin_blockDim_t)
CUDALINT_MOCK_BUILTIN_CONVERSIONS(__cuda_builtin_gridDim_t)
#undef CUDALINT_MOCK_BUILTIN_CONVERSIONS
#else
// Parsed as plain C++ (__declspec(property) is not available there).
extern __device__ const uint3 threadIdx;
extern __device__ const uint3 blockIdx;
extern __device__ const dim3 blockDim;
extern __device__ const dim3 gridDim;
extern __device__ const int warpSize;
#endif

typedef struct cudaStream *cudaStream_t;
typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2 };

// What a <<<grid, block>>> launch lowers to.
extern "C" int cudaConfigureCall(dim3 gridSize, dim3 blockSize,
                                 size_t sharedSize = 0,
                                 cudaStream_t stream = 0);
extern "C" int __cudaPushCallConfiguration(dim3 gridSize, dim3 blockSize,
                                           size_t sharedSize = 0,
                                           cudaStream_t stream = 0);
extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);

extern "C" __host__ __device__ cudaError_t cudaMalloc(void **devPtr,
                                                    size_t size);
extern "C" __host__ __device__ cudaError_t cudaFree(void *devPtr);
extern "C" cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                  enum cudaMemcpyKind kind);
extern "C" cudaError_t cudaDeviceSynchronize(void);

__device__ void __syncthreads(void);
__device__ int atomicAdd(int *address, int val);
__device__ unsigned int atomicAdd(unsigned int *address, unsigned int val);
__device__ float atomicAdd(float *address, float val);
__device__ double atomicAdd(double *address, double val);
__device__ float __ldg(const float *ptr);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ float __shfl_down_sync(unsigned int mask, float var,
                                  unsigned int delta, int width = 32);
__device__ float __shfl_xor_sync(unsigned int mask, float var, int laneMask,
                                 int width = 32);
__device__ int atomicSub(int *address, int val);
__device__ unsigned int atomicMin(unsigned int *address, unsigned int val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ unsigned int atomicInc(unsigned int *address, unsigned int val);
__device__ unsigned int atomicDec(unsigned int *address, unsigned int val);
__device__ int atomicExch(int *address, int val);
__device__ unsigned long long atomicAdd(unsigned long long *address,
                                        unsigned long long val);
__device__ float sinf(float x);
__device__ double fma(double x, double y, double z);
__device__ float fmaf(float x, float y, float z);
__device__ float cosf(float x);
__device__ float expf(float x);
__device__ float fabsf(float x);
__device__ float fmaxf(float x, float y);
__device__ float fminf(float x, float y);
__device__ int min(int x, int y);
__device__ int max(int x, int y);
__device__ unsigned int __shfl_sync(unsigned int mask, unsigned int var,
                                    int src);
__device__ float sqrtf(float x);
__device__ float powf(float x, float y);
__device__ float exp2f(float x);
__device__ float ldexpf(float x, int e);
__device__ float logf(float x);
__device__ float tanhf(float x);
__device__ float atan2f(float y, float x);
__device__ float erff(float x);
__device__ float __expf(float x);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __logf(float x);
__device__ unsigned int __brev(unsigned int x);
// Host and device, as in the toolkit's math headers.
__host__ __device__ double ceil(double x);
__host__ __device__ float ceilf(float x);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ unsigned int __reduce_max_sync(unsigned int mask,
                                          unsigned int value);
__device__ float __shfl_up_sync(unsigned int mask, float var,
                                unsigned int delta, int width = 32);
// The legacy warp intrinsics without a mask (sm_30_intrinsics.h; clang's
// CUDA wrappers declare them for every target).
__device__ float __shfl(float var, int srcLane, int width = 32);
__device__ float __shfl_up(float var, unsigned int delta, int width = 32);
__device__ float __shfl_down(float var, unsigned int delta, int width = 32);
__device__ float __shfl_xor(float var, int laneMask, int width = 32);
__device__ unsigned int __ballot(int predicate);
__device__ int __any(int predicate);
__device__ int __all(int predicate);

// Texture objects and their fetches (texture_indirect_functions.h).
typedef unsigned long long cudaTextureObject_t;
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t t, int x);
template <class T> __device__ T tex2D(cudaTextureObject_t t, float x, float y);
template <class T>
__device__ T tex3D(cudaTextureObject_t t, float x, float y, float z);

// Stops the thread; CUDA's headers do not declare it noreturn.
__device__ void __trap(void);

#endif // CUDALINT_TEST_MOCK_CUDA_H
