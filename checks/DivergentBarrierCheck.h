//===--- DivergentBarrierCheck.h - cudalint
//---------------------------------------===//

#ifndef CUDALINT_DIVERGENTBARRIERCHECK_H
#define CUDALINT_DIVERGENTBARRIERCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Flags barriers (`__syncthreads()`, a full-mask `__syncwarp()`, cooperative
/// groups' `sync`) that some threads of their block or warp can miss: a
/// condition, an early exit or a loop trip count that differs between threads.
///
/// For the user-facing documentation see docs/checks/divergent-barrier.md.
class DivergentBarrierCheck : public BlockShapeCheck {
public:
  using BlockShapeCheck::BlockShapeCheck;

private:
  void checkKernel(const clang::FunctionDecl *Kernel,
                   clang::ASTContext &Ctx) override;
};

} // namespace cudalint

#endif
