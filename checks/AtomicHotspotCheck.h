//===--- AtomicHotspotCheck.h - cudalint
//---------------------------------------===//

#ifndef CUDALINT_ATOMICHOTSPOTCHECK_H
#define CUDALINT_ATOMICHOTSPOTCHECK_H

#include "KernelCheck.h"
#include "analysis/AddressSharing.h"

#include <memory>
#include <set>

namespace cudalint {

struct AtomicCall;
struct AtomicFinding;

/// Flags global atomics that many lanes aim at one address: an accumulator
/// uniform per warp or per block, an integer update or a compare-and-swap
/// loop on one address, or a small histogram indexed by data.
///
/// For the user-facing documentation see docs/checks/atomic-hotspot.md.
class AtomicHotspotCheck : public BlockShapeCheck {
public:
  using BlockShapeCheck::BlockShapeCheck;

private:
  void checkKernel(const KernelView &Kernel, FindingSink &Sink) override;
  /// The hotspot that \p A is, if it is a global atomic that enough lanes
  /// aim at one address (or a few chosen by data), not yet reported.
  std::optional<AtomicFinding>
  hotspotOf(const MemAccess &A, const KernelModel &M,
            llvm::ArrayRef<WarpSampler> Samplers, LeafRanges Leaves,
            llvm::ArrayRef<LaunchConfig> Launches, clang::ASTContext &Ctx);
  void report(const MemAccess &A, const AtomicFinding &F,
              clang::ASTContext &Ctx, FindingSink &Sink);
  /// The finding for an atomic at one address for the lanes of a warp (or
  /// a block), and what to do about it.
  void reportUniformTarget(clang::SourceLocation Loc, const MemAccess &A,
                           const AtomicFinding &F, clang::ASTContext &Ctx,
                           FindingSink &Sink);
  /// The note suggesting a sum within the warp, with the rewrite when it
  /// is safe to apply.
  void noteWarpSum(clang::SourceLocation Loc, const MemAccess &A,
                   const AtomicFinding &F, clang::ASTContext &Ctx,
                   FindingSink &Sink);
  /// The finding for an atomic into a histogram of \p Bins bins.
  void reportHistogram(clang::SourceLocation Loc, const MemAccess &A,
                       const AtomicCall &Op, int64_t Bins,
                       clang::ASTContext &Ctx, FindingSink &Sink);
};

} // namespace cudalint

#endif
