//===--- HostBuffers.h - buffer sizes the host side gives -------*- C++ -*-===//
//
// A kernel that indexes a pointer parameter with data (`bins[data[i]]`) says
// nothing of how many elements lie behind it; the host code of the same file
// often does: the buffer a launch passes is allocated (`cudaMalloc(&d_bins,
// 64 * sizeof(int))`) or cleared (`cudaMemset(d_bins, 0, 64 * sizeof(int))`)
// with a constant size in the function that launches it, or passed to
// another kernel that uses a bounded part of it (an initialising kernel).
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

/// The elements of \p Element type that another kernel uses of the buffer
/// passed as \p P in every launch of \p Launches: the function making each
/// launch passes the same variable to another kernel (an initialising
/// `clear<<<1, 64>>>(d_bins)`), in which every access through that
/// parameter stays below a bound that running its block shows: the
/// address and guards read only thread indices, the block's constant
/// shape, constants and the trips of one loop whose condition ends it.
/// \p ModelOf gives that kernel's model (null when there is none).
/// nullopt when some launch has no such kernel.
std::optional<int64_t> launchedBufferUsedElsewhere(
    const clang::ParmVarDecl &P, llvm::ArrayRef<LaunchConfig> Launches,
    clang::QualType Element, clang::ASTContext &Ctx,
    llvm::function_ref<const KernelModel *(const clang::FunctionDecl &)>
        ModelOf);

} // namespace cudalint

#endif
