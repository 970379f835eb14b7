//===--- DivergentBranchCheck.h - cudalint
//---------------------------------------===//

#ifndef CUDALINT_DIVERGENTBRANCHCHECK_H
#define CUDALINT_DIVERGENTBRANCHCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Flags branches on which the lanes of most warps disagree, where both ways
/// cost something, and rewrites the interleaved tree reduction into
/// sequential addressing.
///
/// For the user-facing documentation see docs/checks/divergent-branch.md.
class DivergentBranchCheck : public BlockShapeCheck {
public:
  using BlockShapeCheck::BlockShapeCheck;

private:
  void checkKernel(const clang::FunctionDecl *Kernel,
                   clang::ASTContext &Ctx) override;
};

} // namespace cudalint

#endif
