//===--- PointerAccessesTest.cpp - loads and stores through parameters ----===//
//
// Each test builds a small CUDA translation unit in memory and asks the
// analysis about one kernel, as clangd's TestTU does.
//
//===----------------------------------------------------------------------===//

#include "analysis/PointerAccesses.h"
#include "KernelTU.h"
#include "analysis/CudaAST.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

// The kernels of a snippet and what the analysis says of them.
class Kernels : public KernelTU {
public:
  explicit Kernels(const std::string &Code)
      : KernelTU("__device__ void helper(const float *);\n" + Code) {}
  const FunctionDecl *kernel(StringRef Name) { return function(Name); }
  PointerAccesses accesses(StringRef Name) {
    return PointerAccesses(*kernel(Name), AST->getSourceManager());
  }
  const ParmVarDecl *param(StringRef Kernel, unsigned I) {
    return kernel(Kernel)->getParamDecl(I);
  }
};

TEST(PointerAccesses, CopyLoadsBeforeItStores) {
  Kernels TU("__global__ void k(float *out, const float *in, int i) {"
             "  out[i] = in[i]; }");
  PointerAccesses A = TU.accesses("k");
  ASSERT_EQ(A.accesses().size(), 2u);
  const PointerAccess *Store = nullptr, *Load = nullptr;
  for (const PointerAccess &X : A.accesses())
    (X.IsStore ? Store : Load) = &X;
  ASSERT_TRUE(Store && Load);
  EXPECT_EQ(Store->Param, TU.param("k", 0));
  EXPECT_EQ(Load->Param, TU.param("k", 1));
  EXPECT_LT(Load->Order, Store->Order);
  EXPECT_TRUE(A.isStoredThrough(TU.param("k", 0)));
  EXPECT_FALSE(A.isStoredThrough(TU.param("k", 1)));
}

TEST(PointerAccesses, LoopInvariantAccumulator) {
  Kernels TU("__global__ void k(float *out, const float *w, int i, int n) {"
             "  for (int j = 0; j < n; ++j) out[i] += w[j]; }");
  PointerAccesses A = TU.accesses("k");
  bool SawOut = false, SawW = false;
  for (const PointerAccess &X : A.accesses()) {
    ASSERT_EQ(X.Loops.size(), 1u);
    if (X.Param == TU.param("k", 0)) {
      SawOut = true;
      EXPECT_TRUE(X.IsLoad && X.IsStore);
      EXPECT_TRUE(X.InvariantIn.count(X.Loops[0]));
    } else {
      SawW = true;
      EXPECT_FALSE(X.InvariantIn.count(X.Loops[0]));
    }
  }
  EXPECT_TRUE(SawOut && SawW);
}

TEST(PointerAccesses, DerivedPointersAndAtomics) {
  Kernels TU("__global__ void k(float *out, float *sum, int i) {"
             "  float *row = out + i * 4; row[1] = 2.0f;"
             "  atomicAdd(&sum[0], 1.0f); }");
  PointerAccesses A = TU.accesses("k");
  EXPECT_TRUE(A.isStoredThrough(TU.param("k", 0)));
  EXPECT_TRUE(A.isStoredThrough(TU.param("k", 1)));
  // `row` is a non-const copy of `out`: making `out` const would not compile.
  EXPECT_TRUE(A.escapes(TU.param("k", 0)));
}

TEST(PointerAccesses, CallsAndCastsEscape) {
  Kernels TU("__global__ void k(float *a, float *b, float *c, int i) {"
             "  helper(a); int *p = (int *)b; p[i] = 0; float x = c[i];"
             "  const float *row = c + i; x += row[1]; }");
  PointerAccesses A = TU.accesses("k");
  EXPECT_TRUE(A.escapes(TU.param("k", 0)));
  EXPECT_TRUE(A.escapes(TU.param("k", 1)));
  EXPECT_FALSE(A.escapes(TU.param("k", 2)));
}

TEST(PointerAccesses, OnlyPlainLoadsProveReadOnly) {
  // Writes the access model does not see (a member array, a reference bound
  // to an element, a method call) must still keep `const` off.
  Kernels TU("struct S { float v[2]; __device__ void bump(); };"
             "__device__ void set(float &r);"
             "__global__ void k(S *s, float *o, S *t, const float *in) {"
             "  s->v[1] = 2; set(o[0]); t->bump(); float x = in[0]; }");
  PointerAccesses A = TU.accesses("k");
  EXPECT_TRUE(A.escapes(TU.param("k", 0)));
  EXPECT_TRUE(A.escapes(TU.param("k", 1)));
  EXPECT_TRUE(A.escapes(TU.param("k", 2)));
  EXPECT_FALSE(A.escapes(TU.param("k", 3)));
}

TEST(KernelUseIndex, LaunchesAndOtherUses) {
  Kernels TU("__global__ void k(float *a, float *b) {}"
             "__global__ void l(float *a) {}"
             "void host(float *x) { k<<<1, 1>>>(x, x + 1);"
             "  void (*fp)(float *) = l; (void)fp; }");
  KernelUseIndex Uses(TU.AST->getASTContext());
  ASSERT_EQ(Uses.launches(TU.kernel("k")).size(), 1u);
  EXPECT_TRUE(Uses.hasOnlyLaunchUses(TU.kernel("k")));
  EXPECT_FALSE(Uses.hasOnlyLaunchUses(TU.kernel("l")));
  const CUDAKernelCallExpr *Call = Uses.launches(TU.kernel("k"))[0].Call;
  EXPECT_EQ(pointerBase(Call->getArg(0)), pointerBase(Call->getArg(1)));
}

} // namespace
} // namespace cudalint
