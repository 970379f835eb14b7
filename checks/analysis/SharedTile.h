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

#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <optional>
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

} // namespace cudalint

#endif
