//===--- HostBuffers.h - buffer sizes the host side gives -------*- C++ -*-===//
//
// A kernel that indexes a pointer parameter with data (`bins[data[i]]`) says
// nothing of how many elements lie behind it; the host code of the same file
// often does: the buffer a launch passes is allocated (`cudaMalloc(&d_bins,
// 64 * sizeof(int))`) or cleared (`cudaMemset(d_bins, 0, 64 * sizeof(int))`)
// with a constant size in the function that launches it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_HOSTBUFFERS_H
#define CUDALINT_ANALYSIS_HOSTBUFFERS_H

#include "Warp.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <cstdint>
#include <optional>

namespace cudalint {

/// The elements of \p Element type behind parameter \p P in every launch of
/// \p Launches: the largest constant size with which the function making a
/// launch allocates or clears the variable it passes (cudaMalloc,
/// cudaMallocManaged, cudaMallocAsync, cudaMemset, cudaMemsetAsync). nullopt
/// when there is no launch, or one passes something else or a buffer whose
/// size is not a constant there.
std::optional<int64_t>
launchedBufferElements(const clang::ParmVarDecl &P,
                       llvm::ArrayRef<LaunchConfig> Launches,
                       clang::QualType Element, const clang::ASTContext &Ctx);

} // namespace cudalint

#endif
