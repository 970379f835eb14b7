//===--- DivergentBarrierCheck.h - cudalint
//---------------------------------------===//

#ifndef CUDALINT_DIVERGENTBARRIERCHECK_H
#define CUDALINT_DIVERGENTBARRIERCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <set>

namespace cudalint {

struct DivergentGuard;

/// Flags barriers (`__syncthreads()`, a full-mask `__syncwarp()`, cooperative
/// groups' `sync`) that some threads of their block or warp can miss: a
/// condition, an early exit or a loop trip count that differs between threads.
///
/// For the user-facing documentation see docs/checks/divergent-barrier.md.
class DivergentBarrierCheck : public BlockShapeCheck {
public:
  using BlockShapeCheck::BlockShapeCheck;

private:
  void checkKernel(const KernelView &Kernel, FindingSink &Sink) override;
  /// A missed barrier is a correctness error, reported without a figure.
  bool quotesMeasuredFigures() const override { return false; }
  /// The finding at barrier \p P, which the threads split by \p D miss
  /// (an error when certain, a warning naming the sizes that decide it),
  /// and its notes: where the guard is, and what to do instead. \p M
  /// models the definition analysed (an instantiation of a template).
  void reportMissedBarrier(clang::SourceLocation Loc, const SyncPoint &P,
                           const DivergentGuard &D, const KernelModel &M,
                           FindingSink &Sink);
};

} // namespace cudalint

#endif
