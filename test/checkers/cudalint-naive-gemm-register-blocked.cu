// RUN: %check_cudalint --gpu-arch=sm_90 %s cudalint-naive-gemm %t -- -nocudainc -isystem %inputs

// Register-blocked products, as the SGEMM tutorials write them: operands
// staged from shared memory into register arrays (by a helper taking the
// arrays by pointer, or through float4 casts), an outer product into a
// register block per thread. The message grades the gain by what such a
// kernel already reaches (1.40x to cublasSgemm, 10.5x to TF32 tensor cores).
#include "cuda.h"

#define FLOAT4(p) (reinterpret_cast<float4 *>(&(p))[0])
#define TM 8
#define TN 8
#define BM 128
#define BN 128
#define BK 8
__device__ void outer(float *regM, float *regN, float *acc, const float *As, const float *Bs, int tr, int tc) {
  for (int k = 0; k < BK; ++k) {
    for (int i = 0; i < TM; ++i) regM[i] = As[k * BM + tr * TM + i];
    for (int i = 0; i < TN; ++i) regN[i] = Bs[k * BN + tc * TN + i];
    for (int m = 0; m < TM; ++m)
      for (int n = 0; n < TN; ++n) acc[m * TN + n] += regM[m] * regN[n];
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: float matrix product into 'C' runs on CUDA cores, not tensor cores [cudalint-naive-gemm]
  // CHECK-MESSAGES: :[[@LINE+15]]:5: note: inlined from this call
  // CHECK-MESSAGES: :[[@LINE+19]]:34: note: the result is stored here, indexed by both coordinates
  // CHECK-MESSAGES: :[[@LINE-4]]:36: note: no cuBLAS call is offered in place of the launch{{.*}}
  }
}
__global__ void sgemm_helper(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BK * BM];
  __shared__ float Bs[BK * BN];
  float regM[TM], regN[TN], acc[TM * TN] = {0};
  int tr = threadIdx.x / (BN / TN), tc = threadIdx.x % (BN / TN);
  A += blockIdx.y * BM * K; B += blockIdx.x * BN; C += blockIdx.y * BM * N + blockIdx.x * BN;
  for (int kb = 0; kb < K; kb += BK) {
    for (int l = threadIdx.x; l < BM * BK; l += blockDim.x) As[(l % BK) * BM + l / BK] = A[(l / BK) * K + l % BK];
    for (int l = threadIdx.x; l < BN * BK; l += blockDim.x) Bs[l] = B[(l / BN) * N + l % BN];
    __syncthreads();
    outer(regM, regN, acc, As, Bs, tr, tc);
    __syncthreads();
    A += BK; B += BK * N;
  }
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < TN; ++n) C[(tr * TM + m) * N + tc * TN + n] = acc[m * TN + n];
}
__global__ void sgemm_float4(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float s_a[BK][BM];
  __shared__ float s_b[BK][BN];
  float r_a[TM], r_b[TN], r_c[TM][TN] = {0};
  int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  A += blockIdx.y * BM * K; B += blockIdx.x * BN; C += blockIdx.y * BM * N + blockIdx.x * BN;
  for (int kb = 0; kb < K; kb += BK) {
    for (int l = threadIdx.x; l < BM * BK; l += blockDim.x) s_a[l % BK][l / BK] = A[(l / BK) * K + l % BK];
    for (int l = threadIdx.x; l < BN * BK; l += blockDim.x) s_b[l / BN][l % BN] = B[(l / BN) * N + l % BN];
    __syncthreads();
    for (int k = 0; k < BK; ++k) {
      FLOAT4(r_a[0]) = FLOAT4(s_a[k][ty * TM]);
      FLOAT4(r_a[4]) = FLOAT4(s_a[k][ty * TM + 4]);
      FLOAT4(r_b[0]) = FLOAT4(s_b[k][tx * TN]);
      FLOAT4(r_b[4]) = FLOAT4(s_b[k][tx * TN + 4]);
      for (int m = 0; m < TM; ++m)
        for (int n = 0; n < TN; ++n) r_c[m][n] += r_a[m] * r_b[n];
      // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: float matrix product into 'C' runs on CUDA cores, not tensor cores{{.*}} [cudalint-naive-gemm]
      // CHECK-MESSAGES: :[[@LINE+7]]:37: note: the result is stored here, indexed by both coordinates
      // CHECK-MESSAGES: :[[@LINE-3]]:38: note: no cuBLAS call is offered in place of the launch{{.*}}
    }
    __syncthreads();
    A += BK; B += BK * N;
  }
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < TN; n += 4) FLOAT4(C[(ty * TM + m) * N + tx * TN + n]) = FLOAT4(r_c[m][n]);
}

// ---- Quiet. ----

// A register block scaled by one operand: no product of two matrices.
__global__ void scale_block(const float *__restrict__ in, float *__restrict__ out,
                            float alpha) {
  __shared__ float s[BK][BM];
  float r[TM][TN] = {0};
  int t = threadIdx.x;
  for (int l = t; l < BK * BM; l += blockDim.x)
    s[l / BM][l % BM] = in[blockIdx.x * BK * BM + l];
  __syncthreads();
  for (int k = 0; k < BK; ++k)
    for (int m = 0; m < TM; ++m)
      for (int n = 0; n < TN; ++n)
        r[m][n] += alpha * s[k][(t * TM + m) % BM];
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < TN; ++n)
      out[(blockIdx.x * blockDim.x + t) * TM * TN + m * TN + n] = r[m][n];
}
