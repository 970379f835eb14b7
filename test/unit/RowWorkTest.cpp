//===--- RowWorkTest.cpp - what a thread does along its own row -----------===//
//
// A row loop is a recurrence, a reduction, a copy or none of these, however
// each is spelled: the remedy of an uncoalesced row walk depends on it.
//
//===----------------------------------------------------------------------===//

#include "analysis/RowWork.h"
#include "KernelTU.h"

#include "gtest/gtest.h"

using namespace clang;

namespace cudalint {
namespace {

// The loop around the first access to \p Root in the kernel.
const Stmt *loopOf(const KernelModel &M, llvm::StringRef Root) {
  for (const MemAccess &A : M.accesses())
    if (A.Root && A.Root->getName() == Root && !A.Loops.empty())
      return A.Loops.back();
  return nullptr;
}

RowWork workOf(const char *Code, llvm::StringRef Root) {
  KernelTU TU(std::string("__device__ float fmaxf(float, float);\n") + Code);
  const KernelModel *M = TU.model();
  EXPECT_TRUE(M);
  const Stmt *L = M ? loopOf(*M, Root) : nullptr;
  EXPECT_TRUE(L);
  return L ? rowWork(*M, L, TU.ctx()) : RowWork::Other;
}

TEST(RowWork, Reductions) {
  EXPECT_EQ(workOf(R"cuda(
__global__ void kern(float *o, const float *a, int n) {
  int r = threadIdx.x; float s = 0;
  for (int j = 0; j < n; ++j) s += a[r * n + j];
  o[r] = s;
})cuda",
                   "a"),
            RowWork::Reduction);
  EXPECT_EQ(workOf(R"cuda(
__global__ void kern(float *o, const float *a, int n) {
  int r = threadIdx.x; float m = 0;
  for (int j = 0; j < n; ++j) { float v = a[r * n + j]; if (v > m) m = v; }
  o[r] = m;
})cuda",
                   "a"),
            RowWork::Reduction);
  EXPECT_EQ(workOf(R"cuda(
__global__ void kern(float *w, const float *a, const float *x, int n) {
  int i = threadIdx.x;
  for (int j = 0; j < n; ++j) w[i] += a[i * n + j] * x[j];
})cuda",
                   "a"),
            RowWork::Reduction);
}

TEST(RowWork, Recurrences) {
  EXPECT_EQ(workOf(R"cuda(
__global__ void kern(float *o, const float *a, int n) {
  int r = threadIdx.x; float t = 0;
  for (int j = 0; j < n; ++j) { t += a[r * n + j]; o[r * n + j] = t; }
})cuda",
                   "a"),
            RowWork::Recurrence);
  EXPECT_EQ(workOf(R"cuda(
__global__ void kern(float *x, const float *a, int n) {
  int r = threadIdx.x;
  for (int k = 0; k < n - 1; ++k)
    x[r * n + n - 2 - k] -= x[r * n + n - 1 - k] * a[r * n + k];
})cuda",
                   "a"),
            RowWork::Recurrence);
}

TEST(RowWork, CopiesAndNeither) {
  EXPECT_EQ(workOf(R"cuda(
__global__ void kern(short *d, const float *s, int n, float f) {
  int r = threadIdx.x;
  for (int j = 0; j < n; ++j) d[r * n + j] = (short)(s[r * n + j] * f);
})cuda",
                   "s"),
            RowWork::Copy);
  // A pointer chase carries no value to reduce.
  EXPECT_EQ(workOf(R"cuda(
__global__ void kern(float *d, const float *s, const int *next, int n) {
  int r = threadIdx.x; int p = 0;
  for (int j = 0; j < n; ++j) { d[r * n + j] = s[r * n + j]; p = next[p]; }
})cuda",
                   "s"),
            RowWork::Copy);
  // Each stored element reduced over a nested loop.
  EXPECT_EQ(workOf(R"cuda(
__global__ void kern(float *c, const float *a, int m, int n) {
  int r = threadIdx.x;
  for (int j = 0; j < m; ++j) {
    c[r * m + j] = 0;
    for (int k = 0; k < n; ++k) c[r * m + j] += a[k * m + r] * a[k * m + j];
  }
})cuda",
                   "c"),
            RowWork::Other);
}

TEST(RowWork, StoresThatNeedAReducedValue) {
  KernelTU TU(R"cuda(
__device__ float fmaxf(float, float);
__global__ void kern(signed char *q, const float *x, int n) {
  int r = threadIdx.x; float amax = 0;
  for (int j = 0; j < n; ++j) amax = fmaxf(amax, x[r * n + j]);
  const float id = amax ? 127 / amax : 0;
  for (int j = 0; j < n; ++j) q[r * n + j] = (signed char)(x[r * n + j] * id);
})cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  const Stmt *Map = loopOf(*M, "q");
  ASSERT_TRUE(Map);
  EXPECT_TRUE(storesNeedReducedValue(*M, Map, TU.ctx()));
  EXPECT_EQ(rowWork(*M, Map, TU.ctx()), RowWork::Other);
}

} // namespace
} // namespace cudalint
