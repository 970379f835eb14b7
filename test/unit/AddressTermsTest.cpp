//===--- AddressTermsTest.cpp - the terms of a symbolic address -----------===//
//
// The questions the naive-gemm rewrite asks of an address's polynomial:
// which thread coordinates it follows, how far it moves per loop step or
// per coordinate, and which kernel parameter bounds a coordinate in a
// guard. Pure polynomials first, then addresses and guards of kernels.
//
//===----------------------------------------------------------------------===//

#include "analysis/AddressTerms.h"
#include "KernelTU.h"
#include "analysis/SymExpr.h"

#include "gtest/gtest.h"

#include <optional>
#include <set>
#include <string>

using namespace clang;

namespace cudalint {
namespace {

int NSite, KSite, LoopA, LoopB, TileSite;

SymRef c(int64_t V) { return symConst(V); }
SymRef tx() { return symBuiltin(SymKind::ThreadIdx, 0); }
SymRef ty() { return symBuiltin(SymKind::ThreadIdx, 1); }
SymRef by() { return symBuiltin(SymKind::BlockIdx, 1); }
SymRef bdx() { return symBuiltin(SymKind::BlockDim, 0); }
SymRef bdy() { return symBuiltin(SymKind::BlockDim, 1); }
SymRef n() { return symUniform(&NSite, "n"); }
SymRef k() { return symLoopIter(&LoopA, "k"); }
// The loops the counters belong to; only their identity matters.
const Stmt *loop(int &Site) { return reinterpret_cast<const Stmt *>(&Site); }

std::string coefficient(const SymRef &E, const SymRef &Leaf) {
  std::optional<Polynomial> C = coefficientOf(toPolynomial(E), Leaf->key());
  return C ? C->str() : "squared";
}

TEST(CoefficientOf, TermsHoldingTheLeafOnce) {
  SymRef Row = by() * bdy() + ty();
  SymRef A = c(4) * (Row * n() + k());
  EXPECT_EQ(coefficient(A, k()), "4");
  EXPECT_EQ(coefficient(A, ty()), "4 * n");
  EXPECT_EQ(coefficient(A, n()),
            "4 * blockDim.y * blockIdx.y + 4 * " + ty()->str());
  // Absent: zero; squared: no coefficient.
  EXPECT_EQ(coefficient(A, tx()), "0");
  EXPECT_EQ(coefficient(tx() * tx() + tx(), tx()), "squared");
  EXPECT_EQ(coefficient(tx() * tx() * c(4), tx()), "squared");
}

TEST(LoopLeafKey, OnlyTheCounterOfThatLoop) {
  Polynomial P = toPolynomial(c(4) * (ty() * n() + k()));
  std::optional<std::string> Key = loopLeafKey(P, loop(LoopA));
  ASSERT_TRUE(Key);
  EXPECT_EQ(*Key, k()->key());
  EXPECT_EQ(loopLeafKey(P, loop(LoopB)), std::nullopt);
  EXPECT_EQ(loopLeafKey(toPolynomial(tx() * c(4)), loop(LoopA)), std::nullopt);
}

TEST(ThreadAtoms, ThreadDependentLeavesAndSplitIndices) {
  SymRef Flat = by() * bdx() + tx();
  std::set<std::string> Plain = threadAtoms(toPolynomial(Flat * n() + k()));
  EXPECT_EQ(Plain, std::set<std::string>{tx()->key()});
  // One index split in two: its quotient and remainder are the coordinates,
  // not threadIdx.x itself.
  SymRef Hi = symOp(SymKind::Div, tx(), c(16));
  SymRef Lo = symOp(SymKind::Rem, tx(), c(16));
  std::set<std::string> Split =
      threadAtoms(toPolynomial(Hi * n() * c(4) + Lo * c(4)));
  EXPECT_EQ(Split, (std::set<std::string>{Hi->key(), Lo->key()}));
  // Data read per thread is thread-dependent too; uniform values are not.
  SymRef Data = symVarying(&KSite, "idx", DataOrigin::Memory);
  EXPECT_EQ(threadAtoms(toPolynomial(Data * c(4))),
            std::set<std::string>{Data->key()});
  EXPECT_TRUE(threadAtoms(toPolynomial(by() * n() + k())).empty());
}

TEST(ExtentOf, OneConstantOrOneLeafTimesTheElement) {
  std::optional<Extent> Sixteen = extentOf(toPolynomial(c(64)), 4);
  ASSERT_TRUE(Sixteen);
  EXPECT_EQ(Sixteen->Const, 16);
  EXPECT_EQ(Sixteen->Text, "16");
  EXPECT_EQ(Sixteen->Param, nullptr);

  // A leaf that is not a parameter: named, neither constant nor parameter.
  std::optional<Extent> N = extentOf(toPolynomial(n() * c(4)), 4);
  ASSERT_TRUE(N);
  EXPECT_EQ(N->Const, std::nullopt);
  EXPECT_EQ(N->Text, "n");

  // A declared extent is its value: `float Bs[16][TILE]`.
  SymRef Tile = symArrayDim(&TileSite, 1, 32, "TILE");
  std::optional<Extent> T = extentOf(toPolynomial(Tile * c(8)), 8);
  ASSERT_TRUE(T);
  EXPECT_EQ(T->Const, 32);
  EXPECT_EQ(T->Text, "32");

  // Not a whole number of elements, a scaled leaf, two terms, a product of
  // leaves, no element size: no extent.
  EXPECT_EQ(extentOf(toPolynomial(c(6)), 4), std::nullopt);
  EXPECT_EQ(extentOf(toPolynomial(n() * c(8)), 4), std::nullopt);
  EXPECT_EQ(extentOf(toPolynomial(n() * c(4) + c(4)), 4), std::nullopt);
  EXPECT_EQ(extentOf(toPolynomial(n() * k() * c(4)), 4), std::nullopt);
  EXPECT_EQ(extentOf(toPolynomial(c(64)), 0), std::nullopt);
}

TEST(ScalesACoordinate, BlockIndexTimesTheBlockOrAConstant) {
  std::string By = by()->key();
  // `(blockIdx.y * blockDim.y + threadIdx.y) * n`
  EXPECT_TRUE(
      scalesACoordinate(toPolynomial((by() * bdy() + ty()) * n()), By, 1));
  // `(blockIdx.y * 16 + ty) * n`, in bytes.
  EXPECT_TRUE(scalesACoordinate(
      toPolynomial((by() * c(16) + ty()) * n() * c(4)), By, 1));
  // A batch index: blockIdx.y times a size, not times a coordinate's step.
  EXPECT_FALSE(scalesACoordinate(toPolynomial(by() * n() + ty()), By, 1));
  // The block of another axis.
  EXPECT_FALSE(
      scalesACoordinate(toPolynomial((by() * bdx() + ty()) * n()), By, 1));
  // No thread coordinate at all.
  EXPECT_FALSE(scalesACoordinate(toPolynomial(by() * c(16)), By, 1));
}

//===--- On kernels -------------------------------------------------------===//

std::set<std::string> atom(const SymRef &Leaf) { return {Leaf->key()}; }

TEST(ParametersIn, EveryParameterOfAUniformExpression) {
  KernelTU TU(R"cuda(
__global__ void kern(float *out, int n, int m, int pad) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  out[row * n + m + threadIdx.x] = 0.0f;
}
)cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *St = storeTo(*M, "out");
  ASSERT_TRUE(St);
  std::set<const ParmVarDecl *> Ps;
  parametersIn(*St->Offset, Ps);
  const FunctionDecl *F = TU.function("kern");
  EXPECT_EQ(Ps, (std::set<const ParmVarDecl *>{F->getParamDecl(1),
                                               F->getParamDecl(2)}));
}

TEST(GuardBound, TheParameterACoordinateIsComparedWith) {
  KernelTU TU(R"cuda(
__global__ void kern(float *inside, float *flipped, float *early,
                     float *either, int M, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N)
    inside[row * N + col] = 0.0f;
  if (N > col)
    flipped[col] = 0.0f;
  if (row >= M || col >= N)
    return;
  either[row * N + col] = 0.0f;
}
)cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  const FunctionDecl *F = TU.function("kern");
  const ParmVarDecl *PM = F->getParamDecl(4), *PN = F->getParamDecl(5);
  std::set<std::string> Row = atom(ty()), Col = atom(tx());
  const MemAccess *Inside = storeTo(*M, "inside");
  const MemAccess *Flipped = storeTo(*M, "flipped");
  const MemAccess *Either = storeTo(*M, "either");
  ASSERT_TRUE(Inside && Flipped && Either);
  EXPECT_EQ(guardBound(Inside->Guards, Row), PM);
  EXPECT_EQ(guardBound(Inside->Guards, Col), PN);
  EXPECT_EQ(guardBound(Flipped->Guards, Col), PN);
  EXPECT_EQ(guardBound(Flipped->Guards, Row), nullptr);
  // `if (row >= M || col >= N) return;`: the code runs where it is false.
  EXPECT_EQ(guardBound(Either->Guards, Row), PM);
  EXPECT_EQ(guardBound(Either->Guards, Col), PN);
}

TEST(GuardBound, NoneForConstantsSumsOrThreadDependentBounds) {
  KernelTU TU(R"cuda(
__global__ void kern(float *fixed, float *sum, float *other, float *below,
                     int M, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < 64)
    fixed[row] = 0.0f;
  if (row < M + N)
    sum[row] = 0.0f;
  if (row < (int)threadIdx.x + M)
    other[row] = 0.0f;
  if (row >= M)
    below[row] = 0.0f;
}
)cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  std::set<std::string> Row = atom(ty());
  for (StringRef Root : {"fixed", "sum", "other", "below"}) {
    const MemAccess *St = storeTo(*M, Root);
    ASSERT_TRUE(St) << Root.str();
    EXPECT_EQ(guardBound(St->Guards, Row), nullptr) << Root.str();
  }
}

TEST(ExtentOf, AParameterTimesTheElementIsThatParameter) {
  KernelTU TU(R"cuda(
__global__ void kern(double *out, int ld) {
  out[threadIdx.y * ld + threadIdx.x] = 0.0;
}
)cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *St = storeTo(*M, "out");
  ASSERT_TRUE(St);
  Polynomial P = toPolynomial(St->Offset);
  std::optional<Polynomial> RowStep = coefficientOf(P, ty()->key());
  ASSERT_TRUE(RowStep);
  std::optional<Extent> Ld = extentOf(*RowStep, 8);
  ASSERT_TRUE(Ld);
  EXPECT_EQ(Ld->Param, TU.function("kern")->getParamDecl(1));
  EXPECT_EQ(Ld->Text, "ld");
  EXPECT_EQ(Ld->Const, std::nullopt);
  // Counted in floats, the row step is not a whole number of `ld`s.
  EXPECT_EQ(extentOf(*RowStep, 4), std::nullopt);
}

} // namespace
} // namespace cudalint
