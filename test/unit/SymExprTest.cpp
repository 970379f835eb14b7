//===--- SymExprTest.cpp - symbolic integer expressions -------------------===//
//
// Pure algebra: no AST. The leaves are built with the factories and named so
// that evaluation can bind them by name.
//
//===----------------------------------------------------------------------===//

#include "analysis/SymExpr.h"

#include "gtest/gtest.h"

#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace cudalint {
namespace {

// Distinct addresses for the declarations the uniform leaves name.
int NDecl, MDecl, LoopStmt, ArrayDecl, LoadExpr;

SymRef c(int64_t V) { return symConst(V); }
SymRef tx() { return symBuiltin(SymKind::ThreadIdx, 0); }
SymRef ty() { return symBuiltin(SymKind::ThreadIdx, 1); }
SymRef tz() { return symBuiltin(SymKind::ThreadIdx, 2); }
SymRef bx() { return symBuiltin(SymKind::BlockIdx, 0); }
SymRef bdx() { return symBuiltin(SymKind::BlockDim, 0); }
SymRef n() { return symUniform(&NDecl, "n"); }
SymRef m() { return symUniform(&MDecl, "m"); }
SymRef k() { return symLoopIter(&LoopStmt, "k"); }
SymRef v() { return symVarying(&LoadExpr, "data[i]"); }
SymRef op(SymKind K, SymRef A, SymRef B = nullptr, SymRef C = nullptr) {
  return symOp(K, A, B, C);
}

using Binding = std::map<std::string, int64_t>;

// Evaluates with the leaves bound by their spelling (`threadIdx.x`, `n`).
std::optional<int64_t> eval(const SymRef &E, const Binding &B) {
  return evaluate(*E, [&](const SymNode &L) -> std::optional<int64_t> {
    auto It = B.find(L.Name);
    if (It == B.end())
      return std::nullopt;
    return It->second;
  });
}

// The constant a node folded to, or nullopt when it is not a constant.
std::optional<int64_t> folded(const SymRef &E) {
  if (!E->isConst())
    return std::nullopt;
  return E->Value;
}

//===--- Construction -----------------------------------------------------===//

TEST(SymExpr, FoldsConstantOperands) {
  EXPECT_EQ(folded(c(2) + c(3)), 5);
  EXPECT_EQ(folded(c(2) - c(7)), -5);
  EXPECT_EQ(folded(c(6) * c(7)), 42);
  // C semantics: truncation toward zero, the remainder has the dividend's sign.
  EXPECT_EQ(folded(op(SymKind::Div, c(-7), c(2))), -3);
  EXPECT_EQ(folded(op(SymKind::Rem, c(-7), c(2))), -1);
  EXPECT_EQ(folded(op(SymKind::Rem, c(7), c(-2))), 1);
  EXPECT_EQ(folded(op(SymKind::Shl, c(1), c(4))), 16);
  EXPECT_EQ(folded(op(SymKind::Shr, c(-8), c(1))), -4);
  EXPECT_EQ(folded(op(SymKind::And, c(12), c(10))), 8);
  EXPECT_EQ(folded(op(SymKind::Or, c(12), c(10))), 14);
  EXPECT_EQ(folded(op(SymKind::Xor, c(5), c(-1))), -6);
  EXPECT_EQ(folded(op(SymKind::Min, c(3), c(-4))), -4);
  EXPECT_EQ(folded(op(SymKind::Max, c(3), c(-4))), 3);
  EXPECT_EQ(folded(op(SymKind::LT, c(3), c(4))), 1);
  EXPECT_EQ(folded(op(SymKind::GE, c(3), c(4))), 0);
  EXPECT_EQ(folded(op(SymKind::NE, c(3), c(4))), 1);
  EXPECT_EQ(folded(op(SymKind::LAnd, c(2), c(0))), 0);
  EXPECT_EQ(folded(op(SymKind::LOr, c(0), c(5))), 1);
  EXPECT_EQ(folded(op(SymKind::Not, c(0))), 1);
  EXPECT_EQ(folded(op(SymKind::Select, c(0), c(1), c(2))), 2);
  // Nested: (2 + 3) * 4 - 1.
  EXPECT_EQ(folded((c(2) + c(3)) * c(4) - c(1)), 19);
}

TEST(SymExpr, LeavesUndefinedOperationsUnfolded) {
  // Division by zero, INT64_MIN / -1 and out-of-range shifts are not
  // constants: the node stays, and evaluating it fails.
  SymRef Div0 = op(SymKind::Div, c(1), c(0));
  SymRef Rem0 = op(SymKind::Rem, c(1), c(0));
  SymRef Ovf = op(SymKind::Div, c(INT64_MIN), c(-1));
  SymRef Shl64 = op(SymKind::Shl, c(1), c(64));
  SymRef ShrNeg = op(SymKind::Shr, c(1), c(-1));
  for (const SymRef &E : {Div0, Rem0, Ovf, Shl64, ShrNeg}) {
    EXPECT_FALSE(E->isConst()) << E->key();
    EXPECT_EQ(eval(E, {}), std::nullopt) << E->key();
  }
}

TEST(SymExpr, SimplifiesIdentities) {
  SymRef X = tx() * n();
  EXPECT_EQ(X + c(0), X);
  EXPECT_EQ(c(0) + X, X);
  EXPECT_EQ(X - c(0), X);
  EXPECT_EQ(X * c(1), X);
  EXPECT_EQ(c(1) * X, X);
  EXPECT_EQ(folded(X * c(0)), 0);
  EXPECT_EQ(folded(c(0) * X), 0);
  EXPECT_EQ(op(SymKind::Div, X, c(1)), X);
  EXPECT_EQ(op(SymKind::Shl, X, c(0)), X);
  EXPECT_EQ(op(SymKind::Shr, X, c(0)), X);
  // x - x is 0 when both sides are the same expression, even built apart.
  EXPECT_EQ(folded(X - tx() * n()), 0);
  // A constant condition picks its arm; equal arms need no condition.
  SymRef Y = n() + c(1);
  EXPECT_EQ(op(SymKind::Select, c(1), X, Y), X);
  EXPECT_EQ(op(SymKind::Select, c(0), X, Y), Y);
  EXPECT_EQ(op(SymKind::Select, op(SymKind::LT, tx(), n()), Y, n() + c(1)), Y);
  // Not simplified: different expressions.
  EXPECT_FALSE((X - tx() * m())->isConst());
}

TEST(SymExpr, KeysIdentifyEqualExpressions) {
  SymRef A = (tx() * n() + k()) * c(4);
  SymRef B = (tx() * n() + k()) * c(4);
  EXPECT_NE(A.get(), B.get());
  EXPECT_EQ(A->key(), B->key());
  EXPECT_NE(A->key(), ((tx() * m() + k()) * c(4))->key());
  EXPECT_NE((n() + m())->key(), (n() - m())->key());

  // Leaves: by declaration, dimension and kind, not by name alone.
  EXPECT_EQ(n()->key(), symUniform(&NDecl, "n")->key());
  EXPECT_NE(n()->key(), symUniform(&MDecl, "n")->key());
  EXPECT_NE(symUniform(&NDecl, "n", 0)->key(),
            symUniform(&NDecl, "n", 1)->key());
  EXPECT_NE(symUniform(&NDecl, "n")->key(), symVarying(&NDecl, "n")->key());
  EXPECT_NE(tx()->key(), ty()->key());
  EXPECT_NE(tx()->key(), bx()->key());
  EXPECT_EQ(k()->key(), symLoopIter(&LoopStmt, "k")->key());
  EXPECT_NE(k()->key(), symLoopIter(&NDecl, "k")->key());
  EXPECT_EQ(symArrayDim(&ArrayDecl, 1, 32, "tile")->key(),
            symArrayDim(&ArrayDecl, 1, 32, "tile")->key());
  EXPECT_NE(symArrayDim(&ArrayDecl, 0, 32, "tile")->key(),
            symArrayDim(&ArrayDecl, 1, 32, "tile")->key());
  EXPECT_NE(c(1)->key(), c(2)->key());
}

TEST(SymExpr, ThreadDependenceAndVarying) {
  EXPECT_TRUE(tx()->threadDependent());
  EXPECT_FALSE(tx()->hasVarying());
  EXPECT_FALSE(bx()->threadDependent());
  EXPECT_FALSE(bdx()->threadDependent());
  EXPECT_FALSE(n()->threadDependent());
  EXPECT_FALSE(k()->threadDependent());
  EXPECT_FALSE((bx() * bdx() + n() * k())->threadDependent());
  EXPECT_TRUE((bx() * bdx() + tx())->threadDependent());
  EXPECT_TRUE(v()->threadDependent());
  EXPECT_TRUE(v()->hasVarying());
  EXPECT_TRUE((n() + v() * c(4))->hasVarying());
  EXPECT_TRUE(op(SymKind::Select, op(SymKind::LT, tx(), c(16)), n(), m())
                  ->threadDependent());
  EXPECT_TRUE(v()->isLeaf());
  EXPECT_FALSE((n() + m())->isLeaf());
  EXPECT_TRUE(op(SymKind::LT, n(), m())->isComparison());
  EXPECT_FALSE((n() + m())->isComparison());
}

TEST(SymExpr, LargeTreesCollapseIntoOneLeaf) {
  // Each step adds four nodes; past 400 the tree becomes one leaf that keeps
  // its thread-dependence.
  SymRef U = n(), T = tx();
  bool UCollapsed = false, TCollapsed = false;
  for (int I = 0; I < 150; ++I) {
    U = U * n() + m();
    T = T * n() + m();
    EXPECT_LE(U->size(), 400u);
    EXPECT_LE(T->size(), 400u);
    if (U->isLeaf()) {
      UCollapsed = true;
      EXPECT_EQ(U->Kind, SymKind::Uniform);
      EXPECT_FALSE(U->threadDependent());
    }
    if (T->isLeaf()) {
      TCollapsed = true;
      EXPECT_TRUE(T->threadDependent());
    }
  }
  EXPECT_TRUE(UCollapsed);
  EXPECT_TRUE(TCollapsed);
}

//===--- Spelling ---------------------------------------------------------===//

TEST(SymExpr, Str) {
  EXPECT_EQ((tx() * n())->str(), "threadIdx.x * n");
  EXPECT_EQ((bx() * bdx() + tx())->str(),
            "blockIdx.x * blockDim.x + threadIdx.x");
  EXPECT_EQ(((tx() + n()) * c(4))->str(), "(threadIdx.x + n) * 4");
  EXPECT_EQ((tx() * n() + k())->str(), "threadIdx.x * n + k");
  EXPECT_EQ((n() - (tx() - c(1)))->str(), "n - (threadIdx.x - 1)");
  EXPECT_EQ((n() - tx() - c(1))->str(), "n - threadIdx.x - 1");
  EXPECT_EQ((n() - (tx() + c(1)))->str(), "n - (threadIdx.x + 1)");
  EXPECT_EQ(op(SymKind::Rem, tx(), c(32))->str(), "threadIdx.x % 32");
  EXPECT_EQ(op(SymKind::Div, tx() + c(1), c(2))->str(),
            "(threadIdx.x + 1) / 2");
  EXPECT_EQ(op(SymKind::Shl, tx(), c(2))->str(), "threadIdx.x << 2");
  EXPECT_EQ(op(SymKind::EQ, op(SymKind::And, tx(), c(31)), c(0))->str(),
            "(threadIdx.x & 31) == 0");
  EXPECT_EQ(op(SymKind::Xor, ty(), tx())->str(), "threadIdx.y ^ threadIdx.x");
  EXPECT_EQ(op(SymKind::Min, tx(), n())->str(), "min(threadIdx.x, n)");
  EXPECT_EQ(op(SymKind::Select, op(SymKind::LT, tx(), n()), tx(), n())->str(),
            "(threadIdx.x < n) ? threadIdx.x : n");
  EXPECT_EQ(c(-3)->str(), "-3");
  EXPECT_EQ(k()->str(), "k");
  EXPECT_EQ(symArrayDim(&ArrayDecl, 1, 32, "tile")->str(), "tile");
}

TEST(SymExpr, StrKeepsParenthesesIntegerDivisionNeeds) {
  // `n * (x / 2)` is not `n * x / 2` in integer arithmetic.
  EXPECT_EQ((n() * op(SymKind::Div, tx(), c(2)))->str(),
            "n * (threadIdx.x / 2)");
  EXPECT_EQ((n() * op(SymKind::Rem, tx(), c(32)))->str(),
            "n * (threadIdx.x % 32)");
}

TEST(SymExpr, StrParenthesisesNegatedOperators) {
  EXPECT_EQ(op(SymKind::Not, op(SymKind::LT, tx(), n()))->str(),
            "!(threadIdx.x < n)");
  EXPECT_EQ(op(SymKind::Not, tx())->str(), "!threadIdx.x");
}

//===--- Polynomials and the affine view ----------------------------------===//

TEST(Polynomial, ExpandsProducts) {
  Polynomial P = toPolynomial((tx() + c(1)) * (tx() - c(1)));
  EXPECT_EQ(P.Terms.size(), 2u);
  EXPECT_EQ(P.Terms[std::vector<std::string>{}], -1);
  EXPECT_EQ((P.Terms[{tx()->key(), tx()->key()}]), 1);
  EXPECT_EQ(P.constant(), std::nullopt);
  EXPECT_EQ(P.str(), "threadIdx.x * threadIdx.x - 1");

  EXPECT_EQ(toPolynomial(c(5)).constant(), 5);
  EXPECT_TRUE(toPolynomial(c(0)).isZero());
  EXPECT_EQ(toPolynomial(c(0)).constant(), 0);
  EXPECT_TRUE(toPolynomial(n() * tx() - tx() * n()).isZero());
  // Terms cancel across the tree: (tx + n) - tx == n.
  Polynomial Q = toPolynomial((tx() + n()) - tx());
  EXPECT_EQ(Q.Terms, toPolynomial(n()).Terms);
}

TEST(Polynomial, ToSymRoundTrips) {
  SymRef E = (tx() * n() + k()) * c(4) - bx() * c(3);
  Polynomial P = toPolynomial(E);
  Binding B{{"threadIdx.x", 5}, {"n", 100}, {"k", 7}, {"blockIdx.x", 2}};
  EXPECT_EQ(eval(P.toSym(), B), eval(E, B));
  EXPECT_EQ(eval(E, B), (5 * 100 + 7) * 4 - 6);
}

TEST(Affine, GlobalThreadIndex) {
  AffineForm F = affine(bx() * bdx() + tx());
  EXPECT_FALSE(F.NonAffine);
  EXPECT_EQ(F.Coeff[0].constant(), 1);
  EXPECT_TRUE(F.Coeff[1].isZero());
  EXPECT_TRUE(F.Coeff[2].isZero());
  EXPECT_EQ(F.Base.Terms, toPolynomial(bx() * bdx()).Terms);
  EXPECT_FALSE(F.isUniform());
}

TEST(Affine, CoefficientsAreUniformPolynomials) {
  AffineForm F = affine((tx() * n() + k()) * c(4));
  EXPECT_FALSE(F.NonAffine);
  EXPECT_EQ(F.Coeff[0].Terms, toPolynomial(c(4) * n()).Terms);
  EXPECT_EQ(F.Coeff[0].str(), "4 * n");
  EXPECT_EQ(F.Base.Terms, toPolynomial(c(4) * k()).Terms);

  // All three axes, and negative coefficients.
  AffineForm G = affine(tz() * c(1024) + ty() * n() - tx());
  EXPECT_FALSE(G.NonAffine);
  EXPECT_EQ(G.Coeff[0].constant(), -1);
  EXPECT_EQ(G.Coeff[1].Terms, toPolynomial(n()).Terms);
  EXPECT_EQ(G.Coeff[2].constant(), 1024);
  EXPECT_TRUE(G.Base.isZero());

  // Coefficients collect across the tree: tx * n + tx * m + tx.
  AffineForm H = affine(tx() * n() + tx() * m() + tx());
  EXPECT_EQ(H.Coeff[0].Terms, toPolynomial(n() + m() + c(1)).Terms);
}

TEST(Affine, ShiftByConstantIsMultiplication) {
  AffineForm F = affine(op(SymKind::Shl, tx(), c(2)));
  EXPECT_FALSE(F.NonAffine);
  EXPECT_EQ(F.Coeff[0].constant(), 4);
  AffineForm G = affine(op(SymKind::Shl, tx() + n(), c(3)));
  EXPECT_FALSE(G.NonAffine);
  EXPECT_EQ(G.Coeff[0].constant(), 8);
  EXPECT_EQ(G.Base.Terms, toPolynomial(c(8) * n()).Terms);
}

TEST(Affine, UniformNonLinearPartsStayInCoefficients) {
  SymRef Half = op(SymKind::Div, n(), c(2));
  AffineForm F = affine(tx() * Half + op(SymKind::Rem, n(), c(3)));
  EXPECT_FALSE(F.NonAffine);
  ASSERT_EQ(F.Coeff[0].Terms.size(), 1u);
  EXPECT_EQ(F.Coeff[0].Terms.begin()->first,
            std::vector<std::string>{Half->key()});
  EXPECT_EQ(F.Coeff[0].Terms.begin()->second, 1);
  EXPECT_EQ(F.Base.Terms.size(), 1u);
  // A uniform Select or min is one opaque factor too.
  AffineForm G = affine(tx() * op(SymKind::Min, n(), c(32)));
  EXPECT_FALSE(G.NonAffine);
  EXPECT_EQ(G.Coeff[0].Terms.size(), 1u);
}

TEST(Affine, NonAffineThreadDependence) {
  EXPECT_TRUE(affine(op(SymKind::Rem, tx(), c(32))).NonAffine);
  EXPECT_TRUE(affine(op(SymKind::Div, tx(), c(2))).NonAffine);
  EXPECT_TRUE(affine(tx() * tx()).NonAffine);
  EXPECT_TRUE(affine(tx() * ty()).NonAffine);
  EXPECT_TRUE(affine(op(SymKind::Xor, ty(), tx())).NonAffine);
  EXPECT_TRUE(affine(op(SymKind::Shr, tx(), c(1))).NonAffine);
  EXPECT_TRUE(affine(v()).NonAffine);
  EXPECT_TRUE(affine(v() * n()).NonAffine);
  EXPECT_TRUE(affine(op(SymKind::Select, op(SymKind::LT, tx(), n()), n(), m()))
                  .NonAffine);
  // The affine rest is still reported.
  AffineForm F = affine(tx() * c(4) + op(SymKind::Rem, tx(), c(32)) + n());
  EXPECT_TRUE(F.NonAffine);
  EXPECT_EQ(F.Coeff[0].constant(), 4);
  EXPECT_EQ(F.Base.Terms, toPolynomial(n()).Terms);
  EXPECT_FALSE(F.isUniform());
}

TEST(Affine, UniformExpressions) {
  AffineForm F = affine(n() * c(4) + bx() * k());
  EXPECT_TRUE(F.isUniform());
  EXPECT_FALSE(F.NonAffine);
  AffineForm G = affine((tx() + n()) - tx());
  EXPECT_TRUE(G.isUniform());
  EXPECT_EQ(G.Base.Terms, toPolynomial(n()).Terms);
  EXPECT_TRUE(affine(c(7)).isUniform());
  EXPECT_EQ(affine(c(7)).Base.constant(), 7);
}

//===--- Evaluation and substitution --------------------------------------===//

TEST(Evaluate, CSemantics) {
  SymRef A = symUniform(&NDecl, "a"), B = symUniform(&MDecl, "b");
  auto With = [&](SymKind K, int64_t X, int64_t Y) {
    return eval(op(K, A, B), {{"a", X}, {"b", Y}});
  };
  EXPECT_EQ(With(SymKind::Div, -7, 2), -3);
  EXPECT_EQ(With(SymKind::Div, 7, -2), -3);
  EXPECT_EQ(With(SymKind::Rem, -7, 2), -1);
  EXPECT_EQ(With(SymKind::Rem, 7, -2), 1);
  EXPECT_EQ(With(SymKind::Div, 7, 0), std::nullopt);
  EXPECT_EQ(With(SymKind::Rem, 7, 0), std::nullopt);
  EXPECT_EQ(With(SymKind::Div, INT64_MIN, -1), std::nullopt);
  EXPECT_EQ(With(SymKind::Shl, 3, 4), 48);
  EXPECT_EQ(With(SymKind::Shr, -16, 2), -4);
  EXPECT_EQ(With(SymKind::Shl, 1, 64), std::nullopt);
  EXPECT_EQ(With(SymKind::Shl, 1, -1), std::nullopt);
  EXPECT_EQ(With(SymKind::Shr, 1, 64), std::nullopt);
  EXPECT_EQ(With(SymKind::Xor, 6, 3), 5);
  EXPECT_EQ(With(SymKind::And, 6, 3), 2);
  EXPECT_EQ(With(SymKind::Or, 6, 3), 7);
  EXPECT_EQ(With(SymKind::Min, 6, -3), -3);
  EXPECT_EQ(With(SymKind::Max, 6, -3), 6);
  EXPECT_EQ(With(SymKind::LE, 3, 3), 1);
  EXPECT_EQ(With(SymKind::GT, 3, 3), 0);
  EXPECT_EQ(With(SymKind::EQ, 3, 3), 1);
  EXPECT_EQ(With(SymKind::LAnd, 2, 3), 1);
  EXPECT_EQ(With(SymKind::LOr, 0, 0), 0);
  EXPECT_EQ(eval(op(SymKind::Not, A), {{"a", 5}}), 0);
  // The whole of an index: (tx * n + k) * 4.
  EXPECT_EQ(eval((tx() * n() + k()) * c(4),
                 {{"threadIdx.x", 3}, {"n", 10}, {"k", 2}}),
            128);
}

TEST(Evaluate, UnknownLeavesFail) {
  // A Varying leaf fails unless the callback binds it (the warp sampler does
  // so only when it stands in arbitrary data).
  EXPECT_EQ(eval(v(), {}), std::nullopt);
  EXPECT_EQ(eval(tx() + v(), {{"threadIdx.x", 1}}), std::nullopt);
  EXPECT_EQ(eval(tx() + v(), {{"threadIdx.x", 1}, {"data[i]", 1}}), 2);
  // A leaf the callback does not know.
  EXPECT_EQ(eval(tx() + n(), {{"threadIdx.x", 1}}), std::nullopt);
  // Array extents come from the callback too.
  SymRef D = symArrayDim(&ArrayDecl, 1, 32, "tile");
  EXPECT_EQ(D->Value, 32);
  EXPECT_EQ(eval(tx() * D, {{"threadIdx.x", 2}, {"tile", 33}}), 66);
}

TEST(Evaluate, SelectAndLogicalOperatorsShortCircuit) {
  SymRef Cond = op(SymKind::LT, tx(), c(16));
  SymRef Sel = op(SymKind::Select, Cond, tx() * c(2), v());
  EXPECT_EQ(eval(Sel, {{"threadIdx.x", 3}}), 6);
  EXPECT_EQ(eval(Sel, {{"threadIdx.x", 20}}), std::nullopt);
  SymRef Sel2 = op(SymKind::Select, Cond, v(), n());
  EXPECT_EQ(eval(Sel2, {{"threadIdx.x", 20}, {"n", 9}}), 9);
  // The unused arm may also divide by zero.
  SymRef Safe = op(SymKind::Select, op(SymKind::NE, n(), c(0)),
                   op(SymKind::Div, c(100), n()), c(-1));
  EXPECT_EQ(eval(Safe, {{"n", 0}}), -1);
  EXPECT_EQ(eval(Safe, {{"n", 4}}), 25);

  EXPECT_EQ(eval(op(SymKind::LAnd, Cond, v()), {{"threadIdx.x", 20}}), 0);
  EXPECT_EQ(eval(op(SymKind::LAnd, Cond, v()), {{"threadIdx.x", 3}}),
            std::nullopt);
  EXPECT_EQ(eval(op(SymKind::LOr, Cond, v()), {{"threadIdx.x", 3}}), 1);
  EXPECT_EQ(eval(op(SymKind::LOr, Cond, v()), {{"threadIdx.x", 20}}),
            std::nullopt);
  // The result of && and || is 0 or 1.
  EXPECT_EQ(eval(op(SymKind::LAnd, n(), m()), {{"n", 5}, {"m", 7}}), 1);
}

TEST(Substitute, ReplacesLeavesAndRefolds) {
  SymRef E = (tx() * n() + k()) * c(4);
  SymRef Bound = substitute(E, [](const SymNode &L) -> SymRef {
    if (L.Kind == SymKind::ThreadIdx)
      return symConst(3);
    if (L.Kind == SymKind::Uniform)
      return symConst(10);
    if (L.Kind == SymKind::LoopIter)
      return symConst(2);
    return nullptr;
  });
  ASSERT_TRUE(Bound->isConst());
  EXPECT_EQ(Bound->Value, 128);

  // Partial: the loop counter becomes `k + 1`, the rest stays.
  SymRef Next = substitute(E, [](const SymNode &L) -> SymRef {
    if (L.Kind == SymKind::LoopIter)
      return symLoopIter(&LoopStmt, "k") + symConst(1);
    return nullptr;
  });
  EXPECT_EQ(Next->key(), ((tx() * n() + (k() + c(1))) * c(4))->key());
  EXPECT_EQ(eval(Next, {{"threadIdx.x", 3}, {"n", 10}, {"k", 2}}), 132);

  // Substitution can make a thread-dependent expression uniform.
  SymRef NoThread = substitute(E, [](const SymNode &L) -> SymRef {
    return L.Kind == SymKind::ThreadIdx ? symConst(0) : nullptr;
  });
  EXPECT_FALSE(NoThread->threadDependent());
  EXPECT_EQ(NoThread->key(), (k() * c(4))->key());
}

TEST(Substitute, UnchangedTreesAreShared) {
  SymRef E = (tx() * n() + k()) * c(4);
  SymRef Same =
      substitute(E, [](const SymNode &) -> SymRef { return nullptr; });
  EXPECT_EQ(Same, E);
  SymRef Other = substitute(E, [](const SymNode &L) -> SymRef {
    return L.Kind == SymKind::BlockIdx ? symConst(0) : nullptr;
  });
  EXPECT_EQ(Other, E);
}

} // namespace
} // namespace cudalint
