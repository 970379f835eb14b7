//===--- DivergentBranchCost.cpp - what a divergent branch costs ----------===//

#include "DivergentBranchCost.h"
#include "analysis/CudaAST.h"
#include "analysis/ModifiedVars.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

using namespace clang;

namespace cudalint {

namespace {

// Whether \p A and \p B have the same shape, apart from the direction of
// comparisons and which variable stands where.
bool sameUpToRoles(const Stmt *A, const Stmt *B, unsigned Depth = 0) {
  if (!A || !B)
    return A == B;
  if (Depth > 64 || A->getStmtClass() != B->getStmtClass())
    return false;
  if (const auto *BA = dyn_cast<BinaryOperator>(A)) {
    const auto *BB = cast<BinaryOperator>(B);
    if (BA->getOpcode() != BB->getOpcode() &&
        !(BA->isRelationalOp() && BB->isRelationalOp()))
      return false;
  }
  if (const auto *UA = dyn_cast<UnaryOperator>(A))
    if (UA->getOpcode() != cast<UnaryOperator>(B)->getOpcode())
      return false;
  if (const auto *LA = dyn_cast<IntegerLiteral>(A))
    if (LA->getValue() != cast<IntegerLiteral>(B)->getValue())
      return false;
  if (const auto *CA = dyn_cast<CallExpr>(A))
    if (CA->getDirectCallee() != cast<CallExpr>(B)->getDirectCallee())
      return false;
  auto CA = A->children(), CB = B->children();
  if (std::distance(CA.begin(), CA.end()) !=
      std::distance(CB.begin(), CB.end()))
    return false;
  for (auto IA = CA.begin(), IB = CB.begin(); IA != CA.end(); ++IA, ++IB)
    if (!sameUpToRoles(*IA, *IB, Depth + 1))
      return false;
  return true;
}

llvm::SmallPtrSet<const ValueDecl *, 8> referenced(const Stmt *S) {
  ReferencedDecls Refs;
  Refs.TraverseStmt(const_cast<Stmt *>(S));
  return {Refs.Decls.begin(), Refs.Decls.end()};
}

// The one heavy way of two beside a light one; null when neither or both
// are heavy.
const Work *longWay(const BranchWays &W) {
  if (W.A.heavy() == W.B.heavy())
    return nullptr;
  return W.A.heavy() ? &W.A : &W.B;
}

// Whether a loop whose trip count depends on data each lane reads costs
// enough to report: lanes that finish early wait for the slowest, so a body
// that does real work, judged by how far the trip counts can spread. A
// bisection that every lane enters alike differs by one trip at most; a
// short capped loop (a fixed-width list to a sentinel) by a few trips, which
// count for a heavy body only. Retry loops are atomic-hotspot's.
bool dataLoopIsCostly(const BranchWays &W, const BranchFacts &F) {
  const Work &Body = W.Shape == BranchShape::LoopExit ? W.LoopBody : W.A;
  if (F.Retries || (F.SpreadBound && *F.SpreadBound <= 1))
    return false;
  if (F.SpreadBound && *F.SpreadBound <= MaxShortSpread)
    return Body.weight() >= HeavyWeight;
  return Body.real(RealWorkPerIterationPoints);
}

// Whether lanes that read different data cost enough to report by
// disagreeing on a branch of ways \p W.
bool dataSplitIsCostly(const BranchWays &W, const BranchFacts &F) {
  // Two heavy ways: whatever splits the lanes, a warp that splits runs both
  // (an early exit's arm and the code after it are two ways here).
  if ((W.Shape == BranchShape::TwoWays || W.Shape == BranchShape::EarlyExit) &&
      bothWaysHeavy(W))
    return true;
  // Otherwise what splits the lanes must be data they read (or a value a
  // loop carries), not a per-thread value cudalint lost track of (the index
  // left by an earlier loop).
  if (!F.SplitByData)
    return false;
  switch (W.Shape) {
  case BranchShape::EarlyExit:
    // `if (v[i] < 0) return;`: the lanes that leave only wait.
    return false;
  case BranchShape::LoopCondition:
  case BranchShape::LoopExit:
    return dataLoopIsCostly(W, F);
  case BranchShape::TwoWays:
  case BranchShape::OneArm: {
    // A lone arm, or one long way beside a short one: the lanes on the other
    // way idle while it runs. That matters when the way is long (a loop, a
    // heavy helper; straight code runs once, and a guard on data such as
    // `if (index < maxVerts - 3)` around a few stores is the usual idiom),
    // and when lanes often disagree: `j != i` between two per-thread values
    // (skipping oneself) rarely does. A way that pushes onto a queue (an
    // atomic, no loop) is stream compaction: atomic-hotspot's business.
    // A long straight arm repeated by the loop around it costs the same way.
    const Work *Idling = idlingWay(W);
    bool Long = Idling && (Idling->heavy() || (W.Shape == BranchShape::OneArm &&
                                               longArmRepeated(*Idling, F)));
    return Long && !(Idling->Atomic && !Idling->Loop) &&
           !F.ComparesTwoPerThreadValues;
  }
  }
  llvm_unreachable("every branch shape is handled");
}

// Whether lanes that an index splits (most warps split, in a pattern the
// sampler computed) cost enough to report on a branch of ways \p W.
bool laneSplitIsCostly(const BranchWays &W, const BranchFacts &F) {
  switch (W.Shape) {
  case BranchShape::LoopCondition:
    return W.A.real(RealWorkPerIterationPoints); // Paid once per iteration.
  case BranchShape::EarlyExit:
  case BranchShape::LoopExit:
    // The lanes that leave only wait; what costs is a loop or a heavy call
    // that the others then run with part of the warp idle.
    return W.B.heavy();
  case BranchShape::OneArm:
    // Nothing runs one after the other: the other lanes wait while the arm
    // runs. That matters when the arm is long (a loop, a helper).
    return W.A.heavy();
  case BranchShape::TwoWays: {
    // Both run, one after the other: the smaller one is what divergence
    // adds.
    unsigned Threshold =
        F.InLoop && !F.Select ? RealWorkPerIterationPoints : RealWorkPoints;
    return W.A.real(Threshold) && W.B.real(Threshold);
  }
  }
  llvm_unreachable("every branch shape is handled");
}

} // namespace

bool bothWaysHeavy(const BranchWays &W) {
  return std::min(W.A.weight(), W.B.weight()) >= HeavyWeight;
}

const Work *idlingWay(const BranchWays &W) {
  switch (W.Shape) {
  case BranchShape::OneArm:
    return &W.A;
  case BranchShape::TwoWays:
    return bothWaysHeavy(W) ? nullptr : longWay(W);
  default:
    return nullptr;
  }
}

bool longArmRepeated(const Work &Arm, const BranchFacts &F) {
  return F.InLoop && Arm.Score >= LongArmPoints &&
         2 * MathCallPoints * Arm.MathCalls >= Arm.Score &&
         F.EnclosingTrips.value_or(LongArmTrips) >= LongArmTrips;
}

std::optional<LaneTrips>
wastefulLaneTrips(const BranchCondition &C, const BranchWays &W,
                  llvm::ArrayRef<WarpSampler> Samplers) {
  if (W.Shape != BranchShape::LoopCondition ||
      !W.A.real(RealWorkPerIterationPoints) || C.Value->hasVarying())
    return std::nullopt;
  std::optional<LaneTrips> Least;
  for (const WarpSampler &S : Samplers) {
    std::optional<LaneTrips> T = laneTrips(*C.Value, C.Guards, C.S, S);
    if (!T || T->Most - T->Fewest <= MaxShortSpread ||
        T->Utilisation > MaxLaneTripUtilisation)
      return std::nullopt;
    if (!Least || T->Utilisation > Least->Utilisation)
      Least = T;
  }
  return Least;
}

bool divergenceIsCostly(LaneSplit::KindT Kind, const BranchWays &W,
                        const BranchFacts &F) {
  // Two ways of straight-line code (helpers without loops included) in an
  // iteration that also runs a loop: the divergence adds the smaller way's
  // few instructions to an iteration the loop dominates.
  if (W.Shape == BranchShape::TwoWays && F.InLoop &&
      F.IterationLoopsElsewhere && !W.A.LoopDeep && !W.B.LoopDeep)
    return false;
  if (Kind == LaneSplit::DataDependent)
    return dataSplitIsCostly(W, F);
  return laneSplitIsCostly(W, F);
}

bool armsMirrorEachOther(const Stmt *Branch) {
  const auto *If = dyn_cast_or_null<IfStmt>(Branch);
  if (!If || !If->getElse())
    return false;
  return sameUpToRoles(If->getThen(), If->getElse()) &&
         referenced(If->getThen()) == referenced(If->getElse());
}

} // namespace cudalint
