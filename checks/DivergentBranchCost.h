//===--- DivergentBranchCost.h - what a divergent branch costs ------------===//
//
// divergent-branch's cost model: the work of each way of a branch, the shape
// that says which ways a warp whose lanes disagree runs, and the decision
// whether that disagreement costs enough to report. The thresholds below
// are the model's only numbers. They were set on the lit tests and on real
// code, not derived from a measurement; where a figure of GPU_FACTS.md
// (shared/GPU_FACTS.md) stands behind one, its comment names it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DIVERGENTBRANCHCOST_H
#define CUDALINT_DIVERGENTBRANCHCOST_H

#include "analysis/Divergence.h"
#include "analysis/TripSpread.h"

#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace cudalint {

/// Points of Work::Score from which an arm does real work: nvcc turns
/// shorter arms into predicated instructions or selects, which cost little
/// even when the lanes disagree.
constexpr unsigned RealWorkPoints = 10;
/// Real work for an arm inside a loop and for a loop body: the warp pays on
/// every iteration. The CSR row loop measured 1.46x (one row per thread vs
/// one per warp, H100, GPU_FACTS.md) has a body of 9 points.
constexpr unsigned RealWorkPerIterationPoints = 6;
/// The weight from which a way is heavy. Where the lanes' disagreement is
/// uncertain (stand-in data splits them) or small (a bisection's lanes
/// differ by one trip), only heavy ways are worth a finding; a helper this
/// heavy makes its call heavy.
constexpr unsigned HeavyWeight = 40;
/// What a loop or a heavy helper adds to a way's weight: more than
/// HeavyWeight, so that one alone makes a way heavy (the 2.0x heavy
/// if/else of GPU_FACTS.md, H100, has a loop on each side and little else).
constexpr unsigned LoopOrCallWeight = 50;
static_assert(LoopOrCallWeight >= HeavyWeight,
              "a loop or a heavy helper alone makes a way heavy");
/// The spread of trip counts, in trips, up to which lanes that finish early
/// wait for a heavy body only: a fixed-width list of a few entries scanned
/// to a padding sentinel (a neighbour list, a bin of atoms).
constexpr int64_t MaxShortSpread = 8;
/// The points of Work::Score one call of a math function or intrinsic adds.
constexpr unsigned MathCallPoints = 4;
/// A one-armed data branch whose arm is straight code at least this long,
/// at least half of it math functions (MathCallPoints each), costs like a
/// loop in the arm when the loop around it runs LongArmTrips or more (or an
/// unknown number of) trips: nearly every warp holds a lane that takes it on
/// each trip. Measured (verify/ fixtures, H200): an arm of 14 math functions
/// taken by a quarter of the points, 1.26x from a compacted work list; an
/// arm of 16 loads, 0.66x (the idle lanes fetch nothing, and compacting the
/// points scatters the loads): an arm of loads is not reported.
constexpr unsigned LongArmPoints = HeavyWeight;
constexpr int64_t LongArmTrips = 8;
/// A loop whose lanes compute their own trip counts (a triangle over the
/// lanes, `u <= 4 * lane`) costs when the lanes of a warp spread by more
/// than MaxShortSpread trips and need at most this share of the trips their
/// warps run (a quarter or more of the issue slots idle).
constexpr double MaxLaneTripUtilisation = 0.75;
/// The largest constant trip count of a loop counted as the straight code it
/// unrolls into (its body that many times) rather than as a loop to wait on.
constexpr int64_t MaxUnrolledTrips = 64;

/// What running a piece of code costs, roughly: enough to tell an arm that
/// does real work from `out[w] = s;`.
struct Work {
  unsigned Score = 0;     ///< Arithmetic, memory accesses, assignments.
  bool Loop = false;      ///< Holds a loop.
  bool HeavyCall = false; ///< Calls a device function that is not trivial.
  bool Atomic = false;    ///< Holds an atomic operation.
  /// Calls of math functions and intrinsics (`expf`, `__sinf`), as issued:
  /// a loop unrolled into straight code counts its body that many times.
  unsigned MathCalls = 0;
  /// Holds a loop, directly or in a helper it calls (followed deeper than
  /// the score, up to a depth where an unread helper counts as one): long
  /// because it repeats, not for its straight-line operations.
  bool LoopDeep = false;
  /// Holds a loop or a heavy helper: long whatever its score.
  bool heavy() const { return Loop || HeavyCall; }
  /// More than a few instructions (see RealWorkPoints).
  bool real(unsigned Threshold = RealWorkPoints) const {
    return Score >= Threshold || heavy();
  }
  /// A rough cost, with loops and helpers counted as LoopOrCallWeight.
  unsigned weight() const { return Score + (heavy() ? LoopOrCallWeight : 0); }
  void add(const Work &O) {
    Score += O.Score;
    Loop |= O.Loop;
    HeavyCall |= O.HeavyCall;
    Atomic |= O.Atomic;
    LoopDeep |= O.LoopDeep;
    MathCalls += O.MathCalls;
  }
};

/// The work of \p S: points for its operations, those of the user's
/// functions it calls (three calls deep), and loops with a constant trip
/// count up to MaxUnrolledTrips counted as unrolled. Defined in
/// DivergentBranchCheck.cpp, beside the recognition of atomics it uses.
Work workOf(const clang::Stmt *S, const clang::ASTContext &Ctx,
            const KernelModel &M, unsigned Depth = 0);

/// Which ways a warp whose lanes disagree runs.
enum class BranchShape {
  /// An `if`/`else`, a `?:` or a `switch`: the warp runs both ways, one
  /// after the other.
  TwoWays,
  /// An `if` without `else` whose arm does not leave: the lanes that skip
  /// it idle while the others run it.
  OneArm,
  /// An `if` without `else` whose arm leaves (`return`, `break`,
  /// `continue`), but not a loop around it: the lanes that leave idle while
  /// the others run the code after it.
  EarlyExit,
  /// An early exit that leaves the innermost loop around it (`break`, or a
  /// `return` inside it): the lanes that take it end their trip count there.
  LoopExit,
  /// The condition of a loop: the lanes may run different trip counts.
  LoopCondition,
};

/// What the ways of a branch cost, and what the messages call them.
struct BranchWays {
  BranchShape Shape = BranchShape::TwoWays;
  /// The first way (the 'then' arm, the loop body) and the other (for an
  /// early exit, the code after the `if`).
  Work A, B;
  const char *Exit = "break"; ///< With LoopExit: how, for the message.
  Work LoopBody;              ///< With LoopExit: the body of the loop.
  const char *WhatA = "the 'then' arm", *WhatB = "the 'else' arm";
  /// An early exit, whether or not it leaves a loop.
  bool exits() const {
    return Shape == BranchShape::EarlyExit || Shape == BranchShape::LoopExit;
  }
};

/// What the decision needs to know of a branch besides its ways.
struct BranchFacts {
  /// Runs on every iteration of a loop.
  bool InLoop = false;
  /// With InLoop: the trip count of the innermost loop around the branch,
  /// where it is a constant.
  std::optional<int64_t> EnclosingTrips;
  /// A `?:`: its operands become selects unless they do real work, inside
  /// a loop too.
  bool Select = false;
  /// What splits the lanes is data they read or a state a loop evolves, not
  /// a per-thread value cudalint lost track of (readsData).
  bool SplitByData = false;
  /// With InLoop: the iteration of the innermost loop around the branch
  /// holds a loop (directly or in a helper it calls) outside the branch.
  bool IterationLoopsElsewhere = false;
  /// `a == b` or `a != b` between two per-thread values (`j != i`, skipping
  /// oneself): lanes rarely disagree.
  bool ComparesTwoPerThreadValues = false;
  /// With LoopCondition or LoopExit: the most trips by which the lanes of a
  /// warp can differ, where the loop bounds it (see TripSpread.h): 1 for a
  /// bisection every lane enters alike, a constant cap on the trips.
  std::optional<int64_t> SpreadBound;
  /// With LoopCondition or LoopExit: a retry loop (around an atomic, or
  /// rereading what it writes), whose trip count is contention, not work:
  /// atomic-hotspot's business.
  bool Retries = false;
};

/// Both ways of an `if`/`else`, `switch` or `?:` weigh HeavyWeight or more:
/// a warp whose lanes disagree runs one after the other.
bool bothWaysHeavy(const BranchWays &W);

/// The way whose run idles the lanes that do not take it: the arm of a
/// OneArm `if`, or the one heavy way of two when they are not both heavy;
/// null otherwise.
const Work *idlingWay(const BranchWays &W);

/// Whether the arm \p Arm, straight code without a loop or a heavy helper,
/// is long enough, and repeated by enough trips of the loop around it
/// (\p F), to cost what a loop in the arm would (LongArmPoints).
bool longArmRepeated(const Work &Arm, const BranchFacts &F);

/// How the lanes of a warp share the trips of the loop whose condition is
/// \p C (ways \p W), under the block shape of \p Samplers that wastes least,
/// when that still wastes enough to report (MaxLaneTripUtilisation); nullopt
/// otherwise.
std::optional<LaneTrips>
wastefulLaneTrips(const BranchCondition &C, const BranchWays &W,
                  llvm::ArrayRef<WarpSampler> Samplers);

/// Whether the lanes' disagreement (\p Kind) on a branch with ways \p W
/// costs enough to report.
bool divergenceIsCostly(LaneSplit::KindT Kind, const BranchWays &W,
                        const BranchFacts &F);

/// Whether the two arms of \p Branch do the same work with the roles
/// swapped: the same shape, operators and variables, apart from the
/// direction of comparisons and which variable stands where (the two arms
/// of a bitonic compare-exchange).
bool armsMirrorEachOther(const clang::Stmt *Branch);

} // namespace cudalint

#endif
