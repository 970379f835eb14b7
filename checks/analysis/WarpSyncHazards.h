//===--- WarpSyncHazards.h - warp-synchronous shared-memory code -*- C++
//-*-===//
//
// Since Volta (sm_70) the lanes of a warp are scheduled independently: code
// that lets one lane read a shared-memory slot another lane of its warp
// wrote, with no `__syncwarp()` (or stronger barrier) in between, relied on
// lockstep execution and is a data race. The classic form is the unrolled
// tail of a block reduction (`if (tid < 32) { v[tid] += v[tid + 32];
// v[tid] += v[tid + 16]; ... }`, `volatile` or not); hand-written warp scans
// are another.
//
// This file finds such pairs by running one warp: for every shared store
// and every later shared load of the same array, with no barrier between
// them in program order (or, around a loop, in the rest of the body and the
// start of the next trip), the lanes of a sampled warp are evaluated and a
// pair is kept when one lane's load overlaps another lane's store. Loads
// and stores of one lane (a private slot), atomics, lanes of different
// warps (a block barrier's business) and addresses that cannot be computed
// are never a hazard.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_WARPSYNCHAZARDS_H
#define CUDALINT_ANALYSIS_WARPSYNCHAZARDS_H

#include "KernelModel.h"
#include "Warp.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace cudalint {

/// One lane reads a slot another lane of its warp writes, unsynchronised:
/// after the store (it may miss it) or before it (it may be overwritten).
struct WarpSyncHazard {
  const MemAccess *Write = nullptr; ///< The store one lane makes.
  const MemAccess *Read = nullptr;  ///< The later load by another lane.
  unsigned Writer = 0, Reader = 0;  ///< Two lanes that show it.
  /// The load runs in the trip of \p Loop after the store's.
  bool AcrossTrips = false;
  const clang::Stmt *Loop = nullptr; ///< The innermost loop around both.
  /// Every lane of the warp that reaches the store passes its guards in
  /// every sample (`if (tid < 32)` of a block of 32 or more): a
  /// `__syncwarp()` there names no lane that is elsewhere.
  bool WholeWarp = false;
  /// The load comes first: the other lane's store may overwrite the slot
  /// before it is read (a step `v[t] += v[t + 1]` reads lane t + 1's slot
  /// while that lane stores to it).
  bool LoadFirst = false;
};

/// The assignment that stores to the lvalue \p E (`=`, `op=`, `++`/`--`,
/// an overloaded `=`), through parentheses, implicit casts and member
/// accesses; null when none does.
const clang::Expr *assignmentStoring(const clang::Expr *E,
                                     clang::ASTContext &Ctx);

/// A call that orders the lanes of a warp, reached through \p Stack (the
/// calls of helpers from the kernel's body, outermost first).
struct WarpSeparator {
  llvm::SmallVector<const clang::CallExpr *, 2> Stack;
  const clang::CallExpr *Call = nullptr;
};

/// The hazards of \p M under \p Samplers (one per block shape), at most two
/// per store and load pair (the load after the store, and before it);
/// \p Separators are the calls that order the lanes besides the barriers
/// the model records, each ordering everything before it against everything
/// after it. Empty when the model is incomplete.
std::vector<WarpSyncHazard>
warpSyncHazards(const KernelModel &M, llvm::ArrayRef<WarpSampler> Samplers,
                llvm::ArrayRef<WarpSeparator> Separators,
                clang::ASTContext &Ctx);

/// The calls of \p Body (a kernel's) and of the helpers the model inlines
/// into it (walkInlinedCalls) that order the lanes of a warp: barriers of
/// any scope and mask (`__syncwarp(mask)`, a cooperative group's `sync`),
/// the `_sync` shuffles, votes and reductions (every lane of the mask waits
/// there), cooperative groups' collectives, and calls into code not
/// inlined (a library's) that makes one.
std::vector<WarpSeparator> warpSeparators(const clang::Stmt *Body,
                                          const clang::SourceManager &SM);

/// The guards under which \p S (in the kernel of \p M or a helper it
/// calls) runs, one list per place the model walked it: those of its
/// innermost branch or loop and that branch's own condition, or, with none
/// in its function, those of each call of the function in the kernel.
/// Empty when not known.
std::vector<llvm::SmallVector<Guard, 4>>
guardSetsAt(const clang::Stmt *S, const KernelModel &M, clang::ASTContext &Ctx);

/// One warp of one sample: the lanes that exist and those that pass.
struct LaneMasks {
  uint32_t Existing = 0, Reaching = 0;
};
/// The lanes of the first warps of each sample that pass \p Guards (an
/// early exit does not count: a lane that left may be named in a mask).
std::vector<LaneMasks> lanesReaching(llvm::ArrayRef<Guard> Guards,
                                     llvm::ArrayRef<WarpSampler> Samplers);

} // namespace cudalint

#endif
