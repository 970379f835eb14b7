//===--- BlockSplit.h - whether a launch lets a guard split a block -------===//
//
// A barrier after `if (i >= n) return;` is undefined behaviour only where
// some block holds threads on both sides of the bound. Once the values a
// launch passes are known (the block's extents, the grid's, the kernel's
// integer arguments), that is decided exactly for the usual guards: a thread
// index against a bound (`tid >= C`: never true when C is at least the
// block's width), a global index (`blockIdx.x * blockDim.x + tid >= n`:
// block-uniform when n is a multiple of the block), a warp index stepping
// over rows (`row = blockIdx.x * warps + warp; row < N; row += gridDim.x *
// warps`: equal trips when N is a multiple of the warps per block).
//
// Each comparison `A op B` is read as D = A - B = U + h(thread), where h
// depends on the thread index alone and U on values that are the same in a
// block (blockIdx, gridDim, loop trips, kernel parameters, data read at a
// block-uniform address). U is known up to a multiple of a step (the gcd of
// its coefficients) and within a range; the threads of a block disagree
// only for a U that places zero between the smallest and the largest h.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_BLOCKSPLIT_H
#define CUDALINT_ANALYSIS_BLOCKSPLIT_H

#include "CudaAST.h"
#include "KernelModel.h"
#include "Warp.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace cudalint {

/// What one launch fixes: the block's and the grid's extents, each known
/// or not.
struct LaunchExtents {
  std::array<std::optional<int64_t>, 3> Block, Grid;
};

/// Whether the threads of one block can disagree on a condition.
enum class BlockSplit {
  Never,    ///< In no block of the grid, at no trip of the loops around it.
  Splits,   ///< In some block, for the values given (nothing left free).
  MaySplit, ///< For some values of what is still free (a size, the grid).
  Unknown,  ///< Not a condition this reading covers.
};

/// Whether \p Cond, its kernel parameters bound (to constants where the
/// launch shows them), splits a block of a launch with \p At. \p Prior: the
/// guards the threads passed to get there (bound likewise), which only
/// narrow who is asked. Where the block's shape is not known, only a
/// condition on threadIdx.x is read, over every x a block can have (0 to
/// 1023): no block size is assumed.
BlockSplit blockSplitAt(const SymRef &Cond, llvm::ArrayRef<Guard> Prior,
                        const LaunchExtents &At);

/// blockSplitAt over every combination of the values the host code lets
/// \p Launch of \p Kernel take (LaunchValues.h: wrappers followed, arrays of
/// sizes read): Never when none splits; Splits only when every value is
/// single and the block splits; MaySplit when some combination may; Unknown
/// when the launch cannot be read.
BlockSplit blockSplitAtLaunch(const SymRef &Cond, llvm::ArrayRef<Guard> Prior,
                              const clang::FunctionDecl &Kernel,
                              const LaunchConfig &Launch,
                              const KernelUseIndex &Uses,
                              clang::ASTContext &Ctx);

/// What a bound must be for \p Cond not to split a block, as the step that
/// each block (or each trip) moves its threads by: "blockDim.x" for a global
/// index, "blockDim.x / 32" for a warp index, "256" for a fixed span; empty
/// when nothing block-uniform moves the threads (`tid >= C`).
std::string blockStep(const SymRef &Cond);

} // namespace cudalint

#endif
