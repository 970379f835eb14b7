//===--- DivergentBranchCostTest.cpp - divergent-branch's cost model ------===//
//
// Each branch shape on both sides of each threshold: the decision is fed
// hand-made work and facts, and workOf's own thresholds (the trip count of
// an unrolled loop, the weight of a heavy helper) are read from small
// kernels.
//
//===----------------------------------------------------------------------===//

#include "DivergentBranchCost.h"
#include "KernelTU.h"

#include "gtest/gtest.h"

#include <string>

namespace cudalint {
namespace {

constexpr LaneSplit::KindT Lanes = LaneSplit::LaneDivergent;
constexpr LaneSplit::KindT Data = LaneSplit::DataDependent;

// A \p T with the flags \p First and \p Rest set:
// `with(&BranchFacts::SplitByData, &BranchFacts::Retries)`.
template <typename T, typename... Flags> T with(bool T::*First, Flags... Rest) {
  T V;
  for (bool T::*Flag : {First, Rest...})
    V.*Flag = true;
  return V;
}

Work points(unsigned Score) {
  Work W;
  W.Score = Score;
  return W;
}

Work loop() { return with(&Work::Loop); }
Work heavyCall() { return with(&Work::HeavyCall); }
BranchFacts inLoop() { return with(&BranchFacts::InLoop); }
BranchFacts onData() { return with(&BranchFacts::SplitByData); }

BranchWays ways(BranchShape Shape, const Work &A, const Work &B = Work()) {
  BranchWays W;
  W.Shape = Shape;
  W.A = A;
  W.B = B;
  return W;
}

// An early exit from a loop whose body is \p Body.
BranchWays loopExit(const Work &Body) {
  BranchWays W = ways(BranchShape::LoopExit, points(1));
  W.LoopBody = Body;
  return W;
}

//===--- Work -------------------------------------------------------------===//

TEST(BranchWork, RealFromRealWorkPoints) {
  EXPECT_TRUE(points(RealWorkPoints).real());
  EXPECT_FALSE(points(RealWorkPoints - 1).real());
  EXPECT_TRUE(loop().real());
  EXPECT_TRUE(heavyCall().real());
}

TEST(BranchWork, LoopOrHelperAloneIsHeavy) {
  EXPECT_EQ(loop().weight(), LoopOrCallWeight);
  EXPECT_EQ(heavyCall().weight(), LoopOrCallWeight);
  EXPECT_EQ(points(7).weight(), 7u);
  // Of two ways that are each one loop and nothing else, both are heavy.
  EXPECT_TRUE(bothWaysHeavy(ways(BranchShape::TwoWays, loop(), heavyCall())));
  EXPECT_FALSE(bothWaysHeavy(
      ways(BranchShape::TwoWays, loop(), points(HeavyWeight - 1))));
}

//===--- Two ways: if/else, ?:, switch ------------------------------------===//

TEST(TwoWaysCost, LanesNeedRealWorkOnBothSides) {
  auto Costly = [](unsigned A, unsigned B) {
    return divergenceIsCostly(
        Lanes, ways(BranchShape::TwoWays, points(A), points(B)), {});
  };
  EXPECT_TRUE(Costly(RealWorkPoints, RealWorkPoints));
  EXPECT_FALSE(Costly(RealWorkPoints, RealWorkPoints - 1));
  EXPECT_FALSE(Costly(RealWorkPoints - 1, 1000));
  EXPECT_TRUE(divergenceIsCostly(
      Lanes, ways(BranchShape::TwoWays, loop(), heavyCall()), {}));
}

TEST(TwoWaysCost, LanesInALoopNeedLess) {
  auto Costly = [](unsigned Score, const BranchFacts &F) {
    return divergenceIsCostly(
        Lanes, ways(BranchShape::TwoWays, points(Score), points(Score)), F);
  };
  EXPECT_TRUE(Costly(RealWorkPerIterationPoints, inLoop()));
  EXPECT_FALSE(Costly(RealWorkPerIterationPoints - 1, inLoop()));
  // Not outside a loop, nor for a `?:` inside one: its operands are selects.
  EXPECT_FALSE(Costly(RealWorkPerIterationPoints, {}));
  BranchFacts Select = with(&BranchFacts::InLoop, &BranchFacts::Select);
  EXPECT_FALSE(Costly(RealWorkPoints - 1, Select));
  EXPECT_TRUE(Costly(RealWorkPoints, Select));
}

TEST(TwoWaysCost, DataNeedsTwoHeavyWays) {
  auto Costly = [](const Work &A, const Work &B) {
    // Whatever splits the lanes: not data they read here.
    return divergenceIsCostly(Data, ways(BranchShape::TwoWays, A, B), {});
  };
  EXPECT_TRUE(Costly(points(HeavyWeight), points(HeavyWeight)));
  EXPECT_FALSE(Costly(points(HeavyWeight), points(HeavyWeight - 1)));
  EXPECT_TRUE(Costly(loop(), heavyCall()));
  EXPECT_FALSE(Costly(loop(), points(HeavyWeight - 1)));
}

TEST(TwoWaysCost, DataWithOneLongWayIdlesTheOtherLanes) {
  BranchWays W = ways(BranchShape::TwoWays, points(2), loop());
  EXPECT_EQ(idlingWay(W), &W.B);
  EXPECT_TRUE(divergenceIsCostly(Data, W, onData()));
  // Not for a value cudalint lost track of, nor for lanes that rarely
  // disagree (`j != i`).
  EXPECT_FALSE(divergenceIsCostly(Data, W, {}));
  BranchFacts SkipsSelf =
      with(&BranchFacts::SplitByData, &BranchFacts::ComparesTwoPerThreadValues);
  EXPECT_FALSE(divergenceIsCostly(Data, W, SkipsSelf));
  // Two short ways: nothing idles.
  EXPECT_FALSE(divergenceIsCostly(
      Data, ways(BranchShape::TwoWays, points(30), points(30)), onData()));
}

TEST(TwoWaysCost, DataWithAQueuePushIsAtomicHotspots) {
  Work Push = with(&Work::HeavyCall, &Work::Atomic);
  EXPECT_FALSE(divergenceIsCostly(
      Data, ways(BranchShape::TwoWays, points(2), Push), onData()));
  Work LoopOfAtomics = with(&Work::Loop, &Work::Atomic);
  EXPECT_TRUE(divergenceIsCostly(
      Data, ways(BranchShape::TwoWays, points(2), LoopOfAtomics), onData()));
}

//===--- One arm: an if without else --------------------------------------===//

TEST(OneArmCost, OnlyAHeavyArmCosts) {
  for (LaneSplit::KindT Kind : {Lanes, Data}) {
    EXPECT_TRUE(
        divergenceIsCostly(Kind, ways(BranchShape::OneArm, loop()), onData()));
    EXPECT_TRUE(divergenceIsCostly(Kind, ways(BranchShape::OneArm, heavyCall()),
                                   onData()));
    EXPECT_FALSE(divergenceIsCostly(
        Kind, ways(BranchShape::OneArm, points(1000)), onData()));
  }
  BranchWays W = ways(BranchShape::OneArm, loop());
  EXPECT_EQ(idlingWay(W), &W.A);
  EXPECT_FALSE(divergenceIsCostly(Data, W, {}));
}

//===--- Early exit: if (...) return; -------------------------------------===//

TEST(EarlyExitCost, LanesCostWhenTheRestIsHeavy) {
  EXPECT_TRUE(divergenceIsCostly(
      Lanes, ways(BranchShape::EarlyExit, points(1), loop()), {}));
  EXPECT_FALSE(divergenceIsCostly(
      Lanes, ways(BranchShape::EarlyExit, loop(), points(1000)), {}));
}

TEST(EarlyExitCost, DataOnlyWhenBothWaysAreHeavy) {
  // The lanes that leave only wait for the others.
  BranchWays W = ways(BranchShape::EarlyExit, points(1), loop());
  EXPECT_EQ(idlingWay(W), nullptr);
  EXPECT_FALSE(divergenceIsCostly(Data, W, onData()));
  EXPECT_TRUE(divergenceIsCostly(
      Data,
      ways(BranchShape::EarlyExit, points(HeavyWeight), points(HeavyWeight)),
      {}));
  EXPECT_FALSE(divergenceIsCostly(
      Data, ways(BranchShape::EarlyExit, points(HeavyWeight - 1), points(1000)),
      {}));
}

//===--- Loop exit: break on data -----------------------------------------===//

TEST(LoopExitCost, LanesCostWhenTheRestIsHeavy) {
  BranchWays W = loopExit(points(1000));
  W.B = heavyCall();
  EXPECT_TRUE(divergenceIsCostly(Lanes, W, {}));
  W.B = points(1000);
  EXPECT_FALSE(divergenceIsCostly(Lanes, W, {}));
}

TEST(LoopExitCost, DataEndsTripCountsOfARealBody) {
  EXPECT_TRUE(divergenceIsCostly(
      Data, loopExit(points(RealWorkPerIterationPoints)), onData()));
  EXPECT_FALSE(divergenceIsCostly(
      Data, loopExit(points(RealWorkPerIterationPoints - 1)), onData()));
  EXPECT_FALSE(divergenceIsCostly(
      Data, loopExit(points(RealWorkPerIterationPoints)), {}));
  BranchFacts Retry = with(&BranchFacts::SplitByData, &BranchFacts::Retries);
  EXPECT_FALSE(divergenceIsCostly(Data, loopExit(loop()), Retry));
}

// Facts of a loop on data whose lanes' trip counts spread by \p Trips at most.
BranchFacts spreadBy(int64_t Trips) {
  BranchFacts F = onData();
  F.SpreadBound = Trips;
  return F;
}

TEST(LoopExitCost, DataInABisectionNeverCosts) {
  EXPECT_FALSE(
      divergenceIsCostly(Data, loopExit(points(HeavyWeight)), spreadBy(1)));
  EXPECT_FALSE(divergenceIsCostly(Data, loopExit(loop()), spreadBy(1)));
}

TEST(LoopExitCost, AShortSpreadNeedsAHeavyBody) {
  BranchFacts Short = spreadBy(MaxShortSpread);
  EXPECT_TRUE(divergenceIsCostly(Data, loopExit(points(HeavyWeight)), Short));
  EXPECT_FALSE(
      divergenceIsCostly(Data, loopExit(points(HeavyWeight - 1)), Short));
  EXPECT_TRUE(divergenceIsCostly(Data, loopExit(points(HeavyWeight - 1)),
                                 spreadBy(MaxShortSpread + 1)));
}

//===--- Loop condition: per-lane trip counts -----------------------------===//

TEST(LoopConditionCost, ABodyOfRealWorkPerIteration) {
  for (LaneSplit::KindT Kind : {Lanes, Data}) {
    EXPECT_TRUE(divergenceIsCostly(
        Kind,
        ways(BranchShape::LoopCondition, points(RealWorkPerIterationPoints)),
        onData()));
    EXPECT_FALSE(
        divergenceIsCostly(Kind,
                           ways(BranchShape::LoopCondition,
                                points(RealWorkPerIterationPoints - 1)),
                           onData()));
  }
  // On data: not on a value cudalint lost track of, nor a retry loop.
  BranchWays W = ways(BranchShape::LoopCondition, loop());
  EXPECT_FALSE(divergenceIsCostly(Data, W, {}));
  BranchFacts Retry = with(&BranchFacts::SplitByData, &BranchFacts::Retries);
  EXPECT_FALSE(divergenceIsCostly(Data, W, Retry));
  EXPECT_TRUE(divergenceIsCostly(Lanes, W, Retry));
}

TEST(LoopConditionCost, DataInABisectionNeverCosts) {
  auto Costly = [&](const Work &Body, int64_t Spread) {
    return divergenceIsCostly(Data, ways(BranchShape::LoopCondition, Body),
                              spreadBy(Spread));
  };
  EXPECT_FALSE(Costly(points(HeavyWeight), 1));
  EXPECT_FALSE(Costly(heavyCall(), 1));
  EXPECT_TRUE(Costly(heavyCall(), MaxShortSpread));
  EXPECT_FALSE(Costly(points(RealWorkPerIterationPoints), MaxShortSpread));
  EXPECT_TRUE(Costly(points(RealWorkPerIterationPoints), MaxShortSpread + 1));
}

//===--- workOf's thresholds, on small kernels ----------------------------===//

// The work of the body of kernel `kern` in \p Code.
Work kernelWork(const std::string &Code) {
  KernelTU TU(Code);
  auto M = TU.model();
  if (!M) {
    ADD_FAILURE() << "the snippet does not compile";
    return Work();
  }
  return workOf(TU.function("kern")->getBody(), TU.ctx(), *M);
}

std::string loopOfTrips(int64_t Trips) {
  return "__global__ void kern(float *out) {\n"
         "  for (int j = 0; j < " +
         std::to_string(Trips) + "; ++j)\n    out[j] = 1.f;\n}\n";
}

TEST(WorkOf, ConstantTripsUpToMaxUnrolledTripsAreStraightCode) {
  // `out[j] = 1.f`: a subscript (2) and an assignment (1).
  Work Unrolled = kernelWork(loopOfTrips(MaxUnrolledTrips));
  EXPECT_FALSE(Unrolled.Loop);
  EXPECT_EQ(Unrolled.Score, 3u * MaxUnrolledTrips);
  EXPECT_TRUE(kernelWork(loopOfTrips(MaxUnrolledTrips + 1)).Loop);
}

// A kernel calling a helper of \p Points points: two for each `x = x + 1;`,
// one for an `x = 1;`.
std::string helperOfPoints(unsigned Points) {
  std::string Code = "__device__ int helper(int x) {\n";
  for (unsigned I = 0; I < Points / 2; ++I)
    Code += "  x = x + 1;\n";
  if (Points % 2)
    Code += "  x = 1;\n";
  return Code + "  return x;\n}\n"
                "__global__ void kern(int v) { helper(v); }\n";
}

TEST(WorkOf, HelperOfHeavyWeightPointsIsHeavy) {
  Work Light = kernelWork(helperOfPoints(HeavyWeight - 1));
  EXPECT_EQ(Light.Score, HeavyWeight - 1);
  EXPECT_FALSE(Light.HeavyCall);
  Work Heavy = kernelWork(helperOfPoints(HeavyWeight));
  EXPECT_EQ(Heavy.Score, HeavyWeight);
  EXPECT_TRUE(Heavy.HeavyCall);
}

TEST(WorkOf, CsrRowBodyIsRealWorkPerIteration) {
  // The row loop of a CSR product, one row per thread: 1.46x slower than a
  // warp per row on an H100. Its body must count as real work.
  KernelTU TU(
      "__global__ void kern(float *y, const float *val, const float *x,\n"
      "                     const int *col, const int *rowptr) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  float sum = 0.f;\n"
      "  for (int j = rowptr[i]; j < rowptr[i + 1]; ++j)\n"
      "    sum += val[j] * x[col[j]];\n"
      "  y[i] = sum;\n"
      "}\n");
  auto M = TU.model();
  ASSERT_NE(M, nullptr);
  auto Loops = match(forStmt().bind("loop"), TU.ctx());
  ASSERT_EQ(Loops.size(), 1u);
  const auto *Loop = Loops[0].getNodeAs<ForStmt>("loop");
  // `+=` 2, `*` 1, three subscripts 2 each.
  Work Body = workOf(Loop->getBody(), TU.ctx(), *M);
  EXPECT_EQ(Body.Score, 9u);
  EXPECT_TRUE(Body.real(RealWorkPerIterationPoints));
}

} // namespace
} // namespace cudalint
