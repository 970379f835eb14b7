//===--- AddressSharing.h - how many threads aim at one address -*- C++ -*-===//
//
// What decides the cost of an atomic is how many lanes of a warp and how many
// warps of a block update one address, not whether its index is a constant.
// This is the one answer the checks ask for: evaluated lane by lane with the
// WarpSampler over the block shapes of the kernel's launches, and, for an
// address chosen by data, the number of elements the data can choose among,
// by interval arithmetic over the symbolic offset (masks, remainders, clamps).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_ADDRESSSHARING_H
#define CUDALINT_ANALYSIS_ADDRESSSHARING_H

#include "KernelModel.h"
#include "Warp.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <utility>

namespace cudalint {

/// How the threads of a block share the address of one access.
enum class SharingKind {
  Unknown,       ///< Some lane's address cannot be computed.
  PerLane,       ///< Every active lane has its own address.
  LaneGroups,    ///< Groups of lanes in a warp share one (16x16 rows).
  PerWarp,       ///< One address per warp, different between warps.
  PerBlock,      ///< One address for every warp of a block.
  PerGrid,       ///< One address for every thread of the grid.
  DataBounded,   ///< Chosen by data among a known number of elements.
  DataUnbounded, ///< Chosen by data, in a range cudalint cannot bound.
};

struct AddressSharing {
  SharingKind Kind = SharingKind::Unknown;
  /// The most active lanes of one warp that aim at one address; for an
  /// address chosen by data, the active lanes.
  unsigned LanesPerAddress = 0;
  /// The most warps of one block that aim at one address.
  unsigned WarpsPerAddress = 0;
  /// DataBounded: how many elements the data can choose among.
  std::optional<int64_t> Elements;

  /// One address for all the lanes of a warp: PerWarp, PerBlock or PerGrid.
  bool warpUniform() const {
    return Kind == SharingKind::PerWarp || Kind == SharingKind::PerBlock ||
           Kind == SharingKind::PerGrid;
  }
};

/// An inclusive range of integers.
using IntRange = std::pair<int64_t, int64_t>;

/// The values a uniform leaf (a parameter, a `__constant__` scalar) can take
/// where the caller knows them, e.g. from the constants every launch passes.
using LeafRanges =
    llvm::function_ref<std::optional<IntRange>(const SymNode &Leaf)>;

/// The values \p E can take, by interval arithmetic; nullopt when a bound is
/// not known. A remainder by a positive bound is taken as non-negative: an
/// index below zero would be out of the array.
std::optional<IntRange> valueRange(const SymNode &E,
                                   LeafRanges Leaves = nullptr);

/// The offsets an index into an array or a pointer parameter \p E can
/// reach: valueRange, with an unknown lower end taken as 0 (an offset below
/// the start would be out of the array; `bins[min(bin, 63)]` reaches 64).
std::optional<IntRange> indexRange(const SymNode &E,
                                   LeafRanges Leaves = nullptr);

/// How the lanes and warps share the address of \p A: the most contended
/// answer over \p Samplers (one per block shape; one launch shape that makes
/// the lanes contend is enough), the median over each sampler's samples.
AddressSharing addressSharing(const MemAccess &A,
                              llvm::ArrayRef<WarpSampler> Samplers,
                              LeafRanges Leaves = nullptr);

} // namespace cudalint

#endif
