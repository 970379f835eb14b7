//===--- PointerAccessesTest.cpp - loads and stores through parameters ----===//
//
// Each test builds a small CUDA translation unit in memory and asks the
// analysis about one kernel, as clangd's TestTU does.
//
//===----------------------------------------------------------------------===//

#include "analysis/PointerAccesses.h"
#include "KernelTU.h"
#include "analysis/CudaAST.h"
#include "analysis/InlinedHelpers.h"
#include "analysis/ModifiedVars.h"
#include "analysis/ThreadStridedLoops.h"

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

// The loops of kernel \p Name, in the order they are written.
std::vector<const ForStmt *> loopsOf(Kernels &TU, StringRef Name) {
  std::vector<const ForStmt *> Loops;
  for (const BoundNodes &N :
       match(functionDecl(hasName(Name), isDefinition(),
                          forEachDescendant(forStmt().bind("loop"))),
             TU.ctx()))
    Loops.push_back(N.getNodeAs<ForStmt>("loop"));
  return Loops;
}

// The first call of the function \p Callee.
const CallExpr *firstCallTo(Kernels &TU, StringRef Callee) {
  auto Calls = match(
      callExpr(callee(functionDecl(hasName(Callee)))).bind("call"), TU.ctx());
  return Calls.empty() ? nullptr : Calls[0].getNodeAs<CallExpr>("call");
}

// Outside any helper call: no parameter stands for an argument.
const Expr *noArgument(const ParmVarDecl *) { return nullptr; }

TEST(ThreadStridedLoops, StridesOverThreadsOrWalksInSequence) {
  Kernels TU("__global__ void k(float *a, int n) {"
             "  int tid = blockIdx.x * blockDim.x + threadIdx.x;"
             "  for (int i = tid; i < n; i += blockDim.x * gridDim.x) a[i] = 0;"
             "  for (int c = 0; c < n; c += blockDim.x) a[c + threadIdx.x] = 1;"
             "  for (int r = 0; r < n; ++r) a[r * n + tid] = 2;"
             "  for (int w = tid; w < n; w += 8) a[w] = 3; }");
  ASSERT_TRUE(TU.ok());
  std::vector<const ForStmt *> Loops = loopsOf(TU, "k");
  ASSERT_EQ(Loops.size(), 4u);
  EXPECT_TRUE(isThreadStridedLoop(Loops[0], TU.ctx(), noArgument));
  EXPECT_TRUE(isThreadStridedLoop(Loops[1], TU.ctx(), noArgument));
  EXPECT_FALSE(isThreadStridedLoop(Loops[2], TU.ctx(), noArgument));
  EXPECT_FALSE(isThreadStridedLoop(Loops[3], TU.ctx(), noArgument));
}

TEST(ThreadStridedLoops, HelperParametersStandForTheirArguments) {
  Kernels TU("__device__ void fill(float *a, int from, int n) {"
             "  for (int i = from; i < n; i += gridDim.x * blockDim.x)"
             "    a[i] = 0; }"
             "__global__ void k(float *a, int n) {"
             "  fill(a, blockIdx.x * blockDim.x + threadIdx.x, n); }");
  ASSERT_TRUE(TU.ok());
  std::vector<const ForStmt *> Loops = loopsOf(TU, "fill");
  ASSERT_EQ(Loops.size(), 1u);
  const CallExpr *Call = firstCallTo(TU, "fill");
  ASSERT_TRUE(Call);
  const ParmVarDecl *From = TU.function("fill")->getParamDecl(1);
  auto AtCall = [&](const ParmVarDecl *P) -> const Expr * {
    return P == From ? Call->getArg(1) : nullptr;
  };
  EXPECT_TRUE(isThreadStridedLoop(Loops[0], TU.ctx(), AtCall));
  EXPECT_FALSE(isThreadStridedLoop(Loops[0], TU.ctx(), noArgument));
}

TEST(ModifiedVars, HiddenWritesOnlyOnRequest) {
  Kernels TU("__global__ void k(float *out, void (*f)(int), int n) {"
             "  int a = n, b = n, c = n;"
             "  int &r = a; r += 1; f(b); c += 2; out[0] = a + b + c; }");
  ASSERT_TRUE(TU.ok());
  Stmt *Body = TU.kernel("k")->getBody();
  ModifiedVars Direct, All(/*CountHiddenWrites=*/true);
  Direct.TraverseStmt(Body);
  All.TraverseStmt(Body);
  const VarDecl *A = TU.var("a"), *B = TU.var("b"), *C = TU.var("c"),
                *R = TU.var("r");
  EXPECT_FALSE(Direct.Count.count(A) || Direct.Count.count(B));
  EXPECT_TRUE(Direct.Count.count(C) && Direct.Count.count(R));
  EXPECT_TRUE(All.Count.count(A) && All.Count.count(B) && All.Count.count(C));
  EXPECT_TRUE(All.Declared.count(R));
  EXPECT_TRUE(variablesChangedIn(Body).count(R));
}

TEST(InlinedHelpers, FollowsHelpersNotKernelsNorRecursion) {
  Kernels TU("__device__ float twice(float x) { return 2 * x; }"
             "__global__ void k(float *a) { a[0] = twice(a[1]); }");
  ASSERT_TRUE(TU.ok());
  const CallExpr *Call = firstCallTo(TU, "twice");
  ASSERT_TRUE(Call);
  const FunctionDecl *Twice = TU.function("twice");
  const SourceManager &SM = TU.ctx().getSourceManager();
  EXPECT_EQ(helperToInline(Call, Twice, {}, SM), Twice);
  EXPECT_EQ(helperToInline(Call, Twice, {Twice}, SM), nullptr);
  const FunctionDecl *Kernel = TU.kernel("k");
  llvm::SmallVector<const FunctionDecl *, 4> Deep(MaxInlineDepth, Kernel);
  EXPECT_EQ(helperToInline(Call, Twice, Deep, SM), nullptr);
  EXPECT_EQ(helperToInline(Call, Kernel, {}, SM), nullptr);
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
