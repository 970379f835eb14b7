//===--- TripSpread.h - how far lanes' trip counts can spread -------------===//
//
// Lanes of a warp that run a loop a different number of times wait for the
// slowest. How much that costs depends on how far their trip counts can
// spread, not on whether the exit test reads data: a loop capped by a
// constant (a fixed-width list scanned to a padding sentinel) spreads at most
// by its cap, and a bisection, whose interval halves on every trip whichever
// way it goes, by one trip where every lane starts from an interval of the
// same width.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_TRIPSPREAD_H
#define CUDALINT_ANALYSIS_TRIPSPREAD_H

#include "KernelModel.h"
#include "Warp.h"

#include <cstdint>
#include <optional>

namespace cudalint {

/// A bound on how many more trips one lane of a warp can run than another.
struct TripSpread {
  enum KindT {
    Bisection, ///< The interval halves every trip: one trip at most.
    Capped,    ///< A constant caps the trips.
  } Kind;
  int64_t Trips;
};

/// The bound \p Loop itself puts on the spread of its lanes' trip counts, or
/// nullopt when nothing bounds it.
std::optional<TripSpread> tripSpread(const clang::Stmt *Loop,
                                     const KernelModel &M);

/// True when every write in \p Loop to the two variables its condition
/// compares sets one of them to their midpoint, give or take one (`mid = lo
/// + (hi - lo) / 2; if (..) lo = mid + 1; else hi = mid;`, `(lo + hi) >> 1`,
/// `0.5f * (lo + hi)`), however the midpoint is spelt: the interval halves
/// on every trip.
bool halvesInterval(const clang::Stmt *Loop);

/// True when every per-lane value \p Exit (a condition that leaves \p Loop)
/// reads lies in a slot the lanes of a warp interleave in one stripe per
/// trip: at `k * T + t` for trip `k`, where `t` differs between the lanes
/// by less than |T| (`list[i * nthreads + tid]`, lanes reading consecutive
/// slots). Each datum must be tested against a constant (a padding
/// sentinel, `< 0`) and each index against a uniform bound (`i * nthreads +
/// tid >= n`): where the sentinel pads the end of the list, the lanes reach
/// it, or the bound, within one trip of each other.
bool exitsInterleavedStripe(const SymNode &Exit, const clang::Stmt *Loop,
                            const WarpSampler &S);

/// How the lanes of a block share the trips of a loop whose condition each
/// computes for itself (`u <= 4 * lane`): what the warps run against what
/// the lanes need.
struct LaneTrips {
  int64_t Fewest = 0, Most = 0; ///< Of one lane, over the block.
  /// The lanes' trips over the trips their warps run (each warp runs as many
  /// as its slowest lane): 1 when the lanes of each warp agree.
  double Utilisation = 1;
};

/// The trips each lane runs of \p Loop, whose condition is \p Cond
/// (evaluated with the loop's iteration counter held), over the blocks of
/// \p S's samples, counted up to \p MaxTrips; the sample whose warps waste
/// least is the one returned. nullopt when a lane's condition cannot be
/// computed or no lane enters the loop. A condition that turns false and
/// true again is taken to end at a transition found by bisection.
std::optional<LaneTrips> laneTrips(const SymNode &Cond,
                                   llvm::ArrayRef<Guard> Guards,
                                   const clang::Stmt *Loop,
                                   const WarpSampler &S,
                                   int64_t MaxTrips = 1024);

} // namespace cudalint

#endif
