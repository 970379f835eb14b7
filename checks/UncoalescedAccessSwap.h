//===--- UncoalescedAccessSwap.h - the x/y swap remedy's edits -*- C++ -*-===//
//
// uncoalesced-access's remap remedy for a kernel whose lanes walk the
// slow dimension: swap threadIdx.x and threadIdx.y (and blockIdx, blockDim)
// in the kernel, and the two extents of every launch's grid and block.
// These are the edits; UncoalescedAccessCheck decides when they are safe.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_UNCOALESCEDACCESSSWAP_H
#define CUDALINT_UNCOALESCEDACCESSSWAP_H

#include "analysis/KernelModel.h"
#include "analysis/Warp.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace cudalint {

/// `x` for `y` and `y` for `x` in every x/y built-in the kernel reads.
llvm::SmallVector<clang::FixItHint, 8> builtinSwapEdits(const KernelModel &M);

/// The launches with the two extents of the grid and of the block swapped;
/// none when one of them cannot be rewritten.
std::optional<llvm::SmallVector<clang::FixItHint, 8>>
swappedLaunchEdits(llvm::ArrayRef<LaunchConfig> Launches,
                   clang::ASTContext &Ctx);

} // namespace cudalint

#endif
