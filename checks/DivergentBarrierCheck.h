//===--- DivergentBarrierCheck.h - cudalint
//---------------------------------------===//

#ifndef CUDALINT_DIVERGENTBARRIERCHECK_H
#define CUDALINT_DIVERGENTBARRIERCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <set>

namespace cudalint {

struct ThreadSplit;

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
  /// The error at barrier \p P, which the threads split by \p G miss, and
  /// its notes: where the guard is, and what to do instead.
  void reportMissedBarrier(clang::SourceLocation Loc, const SyncPoint &P,
                           const Guard &G, const ThreadSplit &Split,
                           clang::ASTContext &Ctx, FindingSink &Sink);
};

} // namespace cudalint

#endif
