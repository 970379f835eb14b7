//===--- ImplicitWarpSyncCheck.h - cudalint ---------------------*- C++ -*-===//

#ifndef CUDALINT_IMPLICITWARPSYNCCHECK_H
#define CUDALINT_IMPLICITWARPSYNCCHECK_H

#include "KernelCheck.h"
#include "analysis/WarpSyncHazards.h"

namespace cudalint {

/// Flags warp-synchronous code that independent thread scheduling (sm_70
/// and later) broke: lanes reading shared memory other lanes of their warp
/// wrote with no `__syncwarp()` between, the legacy warp intrinsics without
/// a mask, and `_sync` intrinsics whose mask names lanes that cannot be
/// there.
///
/// For the user-facing documentation see docs/checks/implicit-warp-sync.md.
class ImplicitWarpSyncCheck : public BlockShapeCheck {
public:
  using BlockShapeCheck::BlockShapeCheck;

private:
  void checkKernel(const KernelView &Kernel, FindingSink &Sink) override;
  /// A race is a correctness error, reported without a figure.
  bool quotesMeasuredFigures() const override { return false; }
  /// Error where some target schedules lanes independently (or none is
  /// stated), else a warning: the code breaks once built for sm_70.
  clang::DiagnosticIDs::Level severity() const;

  void reportSequences(llvm::ArrayRef<WarpSyncHazard> Hazards,
                       const KernelModel &M, clang::ASTContext &Ctx,
                       FindingSink &Sink);
  void reportSequence(llvm::ArrayRef<const WarpSyncHazard *> Group,
                      clang::ASTContext &Ctx, FindingSink &Sink);
  void reportLegacyIntrinsics(const clang::Stmt *Body, const KernelModel &M,
                              llvm::ArrayRef<WarpSampler> Samplers,
                              clang::ASTContext &Ctx, FindingSink &Sink);
  void reportLegacyCall(const clang::CallExpr *CE, bool WholeWarp,
                        clang::ASTContext &Ctx, FindingSink &Sink);
  void reportAbsentLanes(const clang::CallExpr *CE, uint32_t Mask,
                         uint32_t Absent, clang::ASTContext &Ctx,
                         FindingSink &Sink);
};

} // namespace cudalint

#endif
