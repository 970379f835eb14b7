//===--- Divergence.h - which threads take which way at a branch ----------===//
//
// Evaluates a branch condition for every lane of every warp of a block (see
// Warp.h for the sampling of block shapes and uniform values) and says how
// the threads split:
//   * per warp, for the performance of a branch: does every warp take one
//     way, does only the warp straddling a bound split (`if (i < n)`), or do
//     most warps split (`if (threadIdx.x % 2)`);
//   * per block, for barriers: can two threads of one block disagree, which
//     is undefined behaviour when a `__syncthreads()` depends on it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_DIVERGENCE_H
#define CUDALINT_ANALYSIS_DIVERGENCE_H

#include "KernelModel.h"
#include "Warp.h"

#include <cstdint>
#include <optional>
#include <string>

namespace cudalint {

/// How the lanes of the warps of a block split on a condition.
struct LaneSplit {
  enum KindT {
    Uniform,       ///< Every warp takes one way, in every sample.
    Boundary,      ///< Monotone in the linear thread id: one warp splits.
    Sparse,        ///< Splits, but only a minority of the warps.
    LaneDivergent, ///< Most warps split, in a quarter of the samples or more.
    DataDependent, ///< Depends on per-thread values cudalint cannot compute.
  } Kind = Uniform;
  /// A divergent warp: its active lanes and those taking the true way.
  uint32_t ActiveMask = 0, TrueMask = 0;
  /// In every divergent warp, one of the two sides is a single lane.
  bool SingleLane = false;
  /// In every sampled block the way taken changes once along the thread
  /// id (a bound inside the block, `lane < 16`, `c < 144`).
  bool Monotone = false;
};

/// Classifies \p Cond for the lanes where \p Guards let the code run.
LaneSplit laneSplit(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
                    const WarpSampler &S);

/// A lane split and the sampler (block shape) that showed it.
struct SampledLaneSplit {
  LaneSplit Split;
  const WarpSampler *Sampler = nullptr;
};

/// The split of \p Cond under the first of \p Samplers in which the lanes
/// of a warp disagree (LaneDivergent or DataDependent); nullopt when they
/// agree, or split only at a boundary, under every one.
std::optional<SampledLaneSplit>
firstLaneSplit(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
               llvm::ArrayRef<WarpSampler> Samplers);

/// The one thread of a block that takes \p Cond under \p Guards (`tx ==
/// 1`), as its warp and lane, when it is the same one thread in every
/// sample of \p S; nullopt otherwise.
std::optional<std::pair<unsigned, unsigned>>
soleThread(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
           const WarpSampler &S);

/// "even and odd lanes take different ways", "lanes 0-15 take the first
/// way and lanes 16-31 the other", "12 of 32 lanes take the first way".
std::string describeLanes(uint32_t ActiveMask, uint32_t TrueMask);

/// Whether the threads of one block (or one warp) can disagree on a
/// condition.
struct ThreadSplit {
  enum KindT {
    Never,         ///< They always agree.
    Witnessed,     ///< They disagree for the sampled sizes.
    ForSomeBound,  ///< A comparison of a per-thread value with a uniform
                   ///< value (`i < n`): they disagree when the bound falls
                   ///< inside a block.
    DataDependent, ///< They disagree when they read different data
                   ///< (`if (v[i] > 0)`).
    Unknown,       ///< Per-thread values cudalint cannot follow.
  } Kind = Never;
  /// For ForSomeBound: the uniform values on the other side (`n`).
  std::string Bound;
};

/// Whether \p Cond can differ between the threads of one block (\p
/// WarpOnly: of one warp) that reach it under \p Guards.
ThreadSplit threadSplit(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
                        const WarpSampler &S, bool WarpOnly);

/// The split of \p Cond under the first of \p Samplers in which threads
/// that should meet are shown to disagree (Witnessed, ForSomeBound or
/// DataDependent);
/// nullopt when none shows it.
std::optional<ThreadSplit>
firstThreadSplit(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
                 llvm::ArrayRef<WarpSampler> Samplers, bool WarpOnly);

/// The number of lanes of a warp that run code under \p Guards, as the
/// largest over the sampled warps; 32 when a guard depends on data, except
/// that a coalesced group's `thread_rank() == k` lets one lane through.
unsigned activeLanes(llvm::ArrayRef<Guard> Guards, const WarpSampler &S);

/// activeLanes, the largest over \p Samplers (one per block shape).
unsigned mostActiveLanes(llvm::ArrayRef<Guard> Guards,
                         llvm::ArrayRef<WarpSampler> Samplers);

} // namespace cudalint

#endif
