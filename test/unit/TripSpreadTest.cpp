//===--- TripSpreadTest.cpp - how far lanes' trip counts can spread -------===//

#include "analysis/TripSpread.h"
#include "KernelTU.h"
#include "analysis/ModifiedVars.h"
#include "analysis/RingCounter.h"

#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace cudalint;

namespace {

// The first loop of kernel `kern` in \p TU.
const Stmt *firstLoop(KernelTU &TU) {
  auto Matches = match(stmt(anyOf(forStmt(), whileStmt(), doStmt()),
                            hasAncestor(functionDecl(hasName("kern"))))
                           .bind("l"),
                       TU.ctx());
  return Matches.empty() ? nullptr : Matches[0].getNodeAs<Stmt>("l");
}

bool halves(const std::string &Loop) {
  KernelTU TU("__global__ void kern(const int *a, int n, int x, int *out) {\n"
              "  int lo = 0, hi = n;\n" +
              Loop + "\n  out[0] = lo;\n}\n");
  const Stmt *L = TU.ok() ? firstLoop(TU) : nullptr;
  EXPECT_TRUE(L) << Loop;
  return L && halvesInterval(L);
}

TEST(HalvesInterval, AnySpellingOfTheMidpoint) {
  EXPECT_TRUE(halves("while (lo < hi) { int mid = (lo + hi) / 2;"
                     " if (a[mid] < x) lo = mid + 1; else hi = mid; }"));
  EXPECT_TRUE(halves("while (lo < hi) { int mid = lo + (hi - lo) / 2;"
                     " if (a[mid] < x) lo = mid + 1; else hi = mid; }"));
  EXPECT_TRUE(halves("while (lo <= hi) { int mid = (lo + hi) >> 1;"
                     " if (a[mid] <= x) lo = mid + 1; else hi = mid - 1; }"));
  EXPECT_TRUE(halves("while (hi - lo > 1) { int mid = lo + ((hi - lo) >> 1);"
                     " if (a[mid] > x) hi = mid; else lo = mid; }"));
  EXPECT_TRUE(halves("int k; while (hi > lo + 1) { k = (lo + hi) / 2;"
                     " if (x >= a[k]) hi = k; else lo = k; }"));
}

TEST(HalvesInterval, NotAStepOrAQuarter) {
  EXPECT_FALSE(halves("while (lo < hi) { if (a[lo] < x) lo = lo + 1;"
                      " else hi = hi - 1; }"));
  EXPECT_FALSE(halves("while (lo < hi) { int q = lo + (hi - lo) / 4;"
                      " if (a[q] < x) lo = q + 1; else hi = q; }"));
}

// The ring step of `j` in the first loop of \p Code's kernel.
std::optional<RingStep> ring(const std::string &Body) {
  KernelTU TU("__global__ void kern(const float *v, float *out, int n) {\n"
              "  int i = threadIdx.x; float acc = 0.f;\n" +
              Body + "\n  out[i] = acc;\n}\n");
  const Stmt *L = TU.ok() ? firstLoop(TU) : nullptr;
  const VarDecl *J = TU.var("j");
  if (!L || !J) {
    ADD_FAILURE() << Body;
    return std::nullopt;
  }
  ModifiedVars Mods;
  for (const Stmt *C : L->children())
    if (C)
      Mods.TraverseStmt(const_cast<Stmt *>(C));
  const Expr *Inc = nullptr;
  if (const auto *F = dyn_cast<ForStmt>(L))
    Inc = F->getInc();
  const Stmt *Body_ = isa<ForStmt>(L)     ? cast<ForStmt>(L)->getBody()
                      : isa<WhileStmt>(L) ? cast<WhileStmt>(L)->getBody()
                                          : cast<DoStmt>(L)->getBody();
  return ringStep(J, Body_, Inc, Mods.Count);
}

TEST(RingStep, AnySpellingOfTheWrap) {
  for (const char *Loop :
       {"int j = (i + 1) % n; while (j != i) { acc += v[j]; j = (j + 1) % n; }",
        "for (int j = 0; j != i; j = j + 1 == n ? 0 : j + 1) acc += v[j];",
        "int j = i; do { acc += v[j]; if (++j == n) j = 0; } while (j != i);",
        "int j = i; do { acc += v[j]; j += 1; if (j >= n) j -= n; }"
        " while (j != i);"}) {
    std::optional<RingStep> R = ring(Loop);
    ASSERT_TRUE(R) << Loop;
    EXPECT_EQ(R->Step, 1) << Loop;
    EXPECT_FALSE(R->Back) << Loop;
    EXPECT_TRUE(R->SizeRead) << Loop;
  }
}

TEST(RingStep, BackwardsAndConstantRings) {
  std::optional<RingStep> Back =
      ring("for (int j = 1; j != i; j = (j + n - 1) % n) acc += v[j];");
  ASSERT_TRUE(Back);
  EXPECT_TRUE(Back->Back);
  EXPECT_EQ(Back->Step, 1);
  std::optional<RingStep> Lanes =
      ring("for (int j = 1; j != i; j = (j + 2) % 32) acc += v[j];");
  ASSERT_TRUE(Lanes);
  EXPECT_EQ(Lanes->Size, 32);
  EXPECT_EQ(Lanes->Step, 2);
}

TEST(RingStep, NotAClampOrADataStep) {
  EXPECT_FALSE(ring("for (int j = 0; j < n; j = j + 1 < n ? j + 1 : j) "
                    "acc += v[j];"));
  EXPECT_FALSE(ring("int j = 0; while (j != i) { acc += v[j];"
                    " j = (j + (int)v[j]) % n; }"));
}

} // namespace
