//===--- SharedTile.h - how a kernel's lanes walk a shared array -*- C++
//-*-===//
//
// The lane strides of shared-memory accesses, and whether an array is a tile
// transposed through shared memory (written by rows, read by columns, or the
// other way round): the pattern whose padding was measured, so that a
// measured figure is quoted only for the pattern it was measured on.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_SHAREDTILE_H
#define CUDALINT_ANALYSIS_SHAREDTILE_H

#include "ExecutionWeight.h"
#include "KernelModel.h"
#include "Warp.h"

#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

namespace cudalint {

/// The shared arrays of \p M, each with its accesses (atomics aside).
std::map<const clang::VarDecl *, std::vector<const MemAccess *>>
sharedArrayAccesses(const KernelModel &M);

/// The lane stride of an access in bytes, when it is a constant once the
/// array extents are known.
std::optional<int64_t> laneStrideBytes(const MemAccess &A);

/// The lanes' distance in bytes when it is all that separates their
/// addresses in a warp of one row (threadIdx.y and z uniform): a positive
/// constant coefficient of threadIdx.x.
std::optional<int64_t> pureLaneStride(const MemAccess &A);

/// Whether one of \p Accesses (of \p A's array) moves data the other way
/// from \p A (stores where \p A loads, loads where it stores) with
/// neighbouring lanes on neighbouring elements. With \p A walking a column,
/// the array is a tile transposed through shared memory.
bool movedTheOtherWayByRows(const MemAccess &A,
                            llvm::ArrayRef<const MemAccess *> Accesses);

/// True when the shared accesses \p G of one array, each issuing
/// \p Degrees[i] transactions where one would do, together waste a
/// negligible share of the kernel's work (ExecutionWeights::negligible) and
/// something else runs more often than the most frequent of them.
bool negligibleConflicts(const ExecutionWeights &Weights,
                         llvm::ArrayRef<const MemAccess *> G,
                         llvm::ArrayRef<unsigned> Degrees);

// How the accesses of an array use the lane stride of one of them.
struct StrideUse {
  /// Every access has that lane stride: a change of stride, made in every
  /// index, keeps what they read and write.
  bool All = true;
  /// The constant offsets in bytes, from the one access, of the accesses
  /// with that stride that differ from it only by a constant.
  std::set<int64_t> Offsets;
};

/// How the accesses \p Accesses of an array use the lane stride \p Stride
/// of \p A.
StrideUse strideUse(const MemAccess &A, int64_t Stride,
                    llvm::ArrayRef<const MemAccess *> Accesses);

/// The first offset of a run of adjacent \p Width-byte elements that covers
/// each thread's \p Stride bytes (`a[2 * i]` and `a[2 * i + 1]`), or
/// nullopt when the accesses leave a gap.
std::optional<int64_t> adjacentRun(const StrideUse &Use, int64_t Stride,
                                   unsigned Width);

/// A lane stride made odd: rows of Elements + 1 elements instead of
/// Elements, for an access whose lanes walk a column of rows of an even
/// number of elements.
struct OddStride {
  int64_t Elements = 0;
  /// Accesses of the array whose lanes cudalint cannot follow (an index
  /// carried through a loop), which the new stride may change either way.
  std::vector<const MemAccess *> Unfollowed;
  /// The access the new stride gives the worst conflict it did not have
  /// (a contiguous fill that now crosses a row), and its degree then.
  const MemAccess *Worsened = nullptr;
  unsigned AddedDegree = 0;
};

/// The odd stride that removes the conflict of \p A (lanes \p Stride bytes
/// apart, elements of A's width) in the bank simulation under \p Samplers,
/// weighing each access of \p Accesses by how often it runs: no access keeps
/// a conflict of \p MinDegree ways, what it adds costs under a quarter of
/// what it saves, and the accesses it adds a conflict to or cannot simulate
/// run at most a quarter as often as \p A. nullopt otherwise.
std::optional<OddStride>
oddStrideRemedy(const MemAccess &A, int64_t Stride,
                llvm::ArrayRef<const MemAccess *> Accesses,
                llvm::ArrayRef<WarpSampler> Samplers,
                const ExecutionWeights &Weights, unsigned MinDegree);

} // namespace cudalint

#endif
