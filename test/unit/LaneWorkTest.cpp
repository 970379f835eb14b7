//===--- LaneWorkTest.cpp - work each lane's index sets
//--------------------===//
//
// The lanes' own trip counts (laneTrips), a bank-conflict degree that changes
// with a loop (varyingBankConflictDegrees) and the one thread a condition
// picks (soleThread), on symbolic expressions.
//
//===----------------------------------------------------------------------===//

#include "analysis/Divergence.h"
#include "analysis/SymExpr.h"
#include "analysis/TripSpread.h"
#include "analysis/Warp.h"

#include "gtest/gtest.h"

namespace cudalint {
namespace {

SymRef tx() { return symBuiltin(SymKind::ThreadIdx, 0); }
SymRef c(int64_t V) { return symConst(V); }

// A stand-in for a loop statement: only its address is used, as a key.
int LoopSite;
const clang::Stmt *loop() {
  return reinterpret_cast<const clang::Stmt *>(&LoopSite);
}
SymRef k() { return symLoopIter(loop(), "k"); }

TEST(LaneTrips, TriangleOverTheLanesWastesHalf) {
  // for (u = 0; u <= 4 * t; ++u) in a block of one warp: 1 to 125 trips.
  WarpSampler S(BlockShape{32, 1, 1});
  SymRef Cond = symOp(SymKind::LE, k(), c(4) * tx());
  std::optional<LaneTrips> T = laneTrips(*Cond, {}, loop(), S);
  ASSERT_TRUE(T);
  EXPECT_EQ(T->Fewest, 1);
  EXPECT_EQ(T->Most, 125);
  EXPECT_NEAR(T->Utilisation, 2016.0 / 4000.0, 1e-9);
}

TEST(LaneTrips, RowsOfManyWarpsNearlyAgree) {
  // for (u = 0; u <= r; ++u), r the thread: warp w runs 32w + 1 .. 32w + 32.
  WarpSampler One(BlockShape{64, 1, 1});
  SymRef Cond = symOp(SymKind::LE, k(), tx());
  std::optional<LaneTrips> T = laneTrips(*Cond, {}, loop(), One);
  ASSERT_TRUE(T);
  EXPECT_EQ(T->Most, 64);
  EXPECT_NEAR(T->Utilisation, 2080.0 / 3072.0, 1e-9);
  WarpSampler Many(BlockShape{1024, 1, 1});
  T = laneTrips(*Cond, {}, loop(), Many);
  ASSERT_TRUE(T);
  EXPECT_GT(T->Utilisation, 0.9);
}

TEST(LaneTrips, StridedLoopsDifferByOneTrip) {
  // for (c = lane; c < 144; c += 32): 5 or 4 trips.
  WarpSampler S(BlockShape{32, 1, 1});
  SymRef Cond = symOp(SymKind::LT, tx() + c(32) * k(), c(144));
  std::optional<LaneTrips> T = laneTrips(*Cond, {}, loop(), S);
  ASSERT_TRUE(T);
  EXPECT_LE(T->Most - T->Fewest, 1);
  EXPECT_GT(T->Utilisation, 0.75);
}

// A float read at \p Offset (bytes) under \p Guards, inside loop().
MemAccess sharedRead(SymRef Offset, llvm::ArrayRef<Guard> Guards) {
  MemAccess A{};
  A.Space = MemSpace::Shared;
  A.Offset = std::move(Offset);
  A.Width = 4;
  A.IsLoad = true;
  A.Loops.push_back(loop());
  A.Guards.append(Guards.begin(), Guards.end());
  return A;
}

TEST(VaryingBankConflictDegrees, TriangularGuardDropsALaneEachStep) {
  // if (t > i) ... s[t][i] on float s[32][32]: 31-way down to 2-way.
  std::vector<WarpSampler> S = warpSamplers({BlockShape{32, 1, 1}});
  MemAccess A = sharedRead(c(128) * tx() + c(4) * k(),
                           {Guard{symOp(SymKind::GT, tx(), k()), true}});
  std::optional<DegreeRange> R = varyingBankConflictDegrees(A, S, loop(), 32);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Least, 2u);
  EXPECT_EQ(R->Worst, 31u);
  // On a padded tile, s[t][i] with rows of 33: every step conflict-free.
  MemAccess P = sharedRead(c(132) * tx() + c(4) * k(),
                           {Guard{symOp(SymKind::GT, tx(), k()), true}});
  R = varyingBankConflictDegrees(P, S, loop(), 32);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Worst, 1u);
}

TEST(VaryingBankConflictDegrees, OneLaneSaysNothing) {
  // if (t == i) s[t][i]: one lane a step, no sample judged.
  std::vector<WarpSampler> S = warpSamplers({BlockShape{32, 1, 1}});
  MemAccess A =
      sharedRead(c(132) * tx(), {Guard{symOp(SymKind::EQ, tx(), k()), true}});
  EXPECT_FALSE(varyingBankConflictDegrees(A, S, loop(), 32));
}

TEST(SoleThread, OneThreadOfEveryBlock) {
  WarpSampler S(BlockShape{64, 1, 1});
  std::optional<std::pair<unsigned, unsigned>> T =
      soleThread(symOp(SymKind::EQ, tx(), c(33)), {}, S);
  ASSERT_TRUE(T);
  EXPECT_EQ(T->first, 1u);
  EXPECT_EQ(T->second, 1u);
  EXPECT_FALSE(soleThread(symOp(SymKind::LT, tx(), c(2)), {}, S));
  EXPECT_FALSE(soleThread(symOp(SymKind::EQ, tx(), c(64)), {}, S));
}

} // namespace
} // namespace cudalint
