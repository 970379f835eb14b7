//===--- DivergenceTest.cpp - which lanes and threads take which way ------===//
//
// Conditions on data: with arbitrary data standing in for values that are a
// function of their inputs (symData), the analyses tell data a warp or a
// block shares from data each lane reads for itself.
//
//===----------------------------------------------------------------------===//

#include "analysis/Divergence.h"
#include "analysis/SymExpr.h"
#include "analysis/Warp.h"

#include "gtest/gtest.h"

namespace cudalint {
namespace {

SymRef tx() { return symBuiltin(SymKind::ThreadIdx, 0); }
SymRef c(int64_t V) { return symConst(V); }

// `data[Index]`, a load from a global array named "data".
SymRef load(const SymRef &Index, const void *Site) {
  return symData(Site, "data[...]", "data", {Index * c(4)}, DataOrigin::Memory);
}

int Site1, Site2;

TEST(ArbitraryData, SameInputsSameValue) {
  WarpSampler S(BlockShape{256, 1, 1});
  WhatIf Data;
  Data.ArbitraryData = true;
  SymRef A = load(tx(), &Site1), B = load(tx(), &Site2);
  SymRef Warp = load(symOp(SymKind::Div, tx(), c(32)), &Site1);
  bool LanesDiffer = false;
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    // Two loads of one element agree; without the data mode, no value.
    EXPECT_EQ(S.value(*A, 0, 1, Lane, &Data), S.value(*B, 0, 1, Lane, &Data));
    EXPECT_EQ(S.value(*A, 0, 1, Lane), std::nullopt);
    EXPECT_EQ(S.value(*Warp, 0, 1, Lane, &Data),
              S.value(*Warp, 0, 1, 0, &Data));
    LanesDiffer |=
        S.value(*A, 0, 1, Lane, &Data) != S.value(*A, 0, 1, 0, &Data);
  }
  EXPECT_TRUE(LanesDiffer);
  // Without inputs (a value carried around a loop), still unknown.
  EXPECT_EQ(S.value(*symVarying(&Site1, "acc"), 0, 0, 0, &Data), std::nullopt);
}

TEST(LaneSplit, DataEachLaneReadsIsDataDependent) {
  WarpSampler S(BlockShape{256, 1, 1});
  SymRef Cond = symOp(SymKind::GT, load(tx(), &Site1), c(0));
  EXPECT_EQ(laneSplit(Cond, {}, S).Kind, LaneSplit::DataDependent);
}

TEST(LaneSplit, DataEachWarpSharesIsUniform) {
  WarpSampler S(BlockShape{256, 1, 1});
  SymRef Row = symOp(SymKind::Div, tx(), c(32));
  SymRef Cond = symOp(SymKind::GT, load(Row, &Site1), c(0));
  EXPECT_EQ(laneSplit(Cond, {}, S).Kind, LaneSplit::Uniform);
  // A per-warp bound on the lane (`lane < count[warp]`) is a tail.
  SymRef Lane = symOp(SymKind::Rem, tx(), c(32));
  SymRef Tail = symOp(SymKind::LT, Lane, load(Row, &Site2));
  EXPECT_EQ(laneSplit(Tail, {}, S).Kind, LaneSplit::Boundary);
}

TEST(ThreadSplit, DataSplitsBlocksUnlessShared) {
  WarpSampler S(BlockShape{256, 1, 1});
  SymRef Warp = symOp(SymKind::Div, tx(), c(32));
  SymRef PerLane = symOp(SymKind::NE, load(tx(), &Site1), c(0));
  SymRef PerWarp = symOp(SymKind::NE, load(Warp, &Site1), c(0));
  EXPECT_EQ(threadSplit(PerLane, {}, S, false).Kind,
            ThreadSplit::DataDependent);
  EXPECT_EQ(threadSplit(PerWarp, {}, S, false).Kind,
            ThreadSplit::DataDependent);
  // Within one warp, the per-warp flag agrees.
  EXPECT_EQ(threadSplit(PerWarp, {}, S, true).Kind, ThreadSplit::Never);
  SymRef Unknown = symOp(SymKind::NE, symVarying(&Site2, "acc"), c(0));
  EXPECT_EQ(threadSplit(Unknown, {}, S, false).Kind, ThreadSplit::Unknown);
}

TEST(ReadsData, MemoryLoopStateAndLostIndices) {
  int Loop, Other;
  SymRef Loaded = load(tx(), &Site1);
  EXPECT_TRUE(readsData(*Loaded, {}));
  // A pure call of something loaded is data; of the thread index, not.
  EXPECT_TRUE(readsData(*symData(&Site2, "fabsf(v)", "fabsf", {Loaded}), {}));
  EXPECT_FALSE(readsData(*symData(&Site2, "sinf(t)", "sinf", {tx()}), {}));
  // A loop's evolving state counts inside that loop only.
  SymRef State = symVarying(&Loop, "zr", DataOrigin::LoopState);
  EXPECT_TRUE(readsData(*symOp(SymKind::LT, State, c(4)), {&Loop}));
  EXPECT_FALSE(readsData(*State, {&Other}));
  // An index the model lost (left by an earlier loop) is not data.
  EXPECT_FALSE(readsData(*symVarying(&Other, "i"), {&Other}));
}

} // namespace
} // namespace cudalint
