//===--- DivergentBranchFix.h - sequential addressing for a reduction -----===//
//
// The rewrite of an interleaved tree reduction into sequential addressing
// (`for (s = B / 2; s > 0; s >>= 1) if (tid < s)`), and the reasons it is
// not applied when it is not: it would compute something else, it sums in
// another order, or the loop is written by a macro. Beside it, where the
// other remedies of divergent-branch fit the code: a wrong remedy is worse
// than none, so each is offered only where the analysis shows it fits.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DIVERGENTBRANCHFIX_H
#define CUDALINT_DIVERGENTBRANCHFIX_H

#include "analysis/KernelModel.h"
#include "analysis/Reduction.h"
#include "analysis/Warp.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace cudalint {

struct SequentialAddressing {
  std::string TidText;    ///< `tid`, or `threadIdx.x`
  std::string StrideName; ///< `s`
  std::string BoundText;  ///< `B` as written; empty: written by a macro.
  std::string Half;       ///< `B / 2`, what `s` starts from.
  /// The four edits (start, condition, step of the loop, and the `if`);
  /// empty when the loop cannot be rewritten in place or NotFixable says
  /// the rewrite is wrong.
  llvm::SmallVector<clang::FixItHint, 4> Edits;
  /// Why the rewrite would compute something else; empty when it does not.
  std::string NotFixable;
  /// Why the rewrite is left to a note rather than applied by --fix (the
  /// same sum only for a power-of-two bound, or in another order); empty
  /// when --fix applies it.
  std::string NotApplied;
  /// The combination is a min or max, whose result does not depend on the
  /// order the elements are combined in.
  bool OrderFree = false;
};

/// Whether gathering the lanes that take the branch \p C into a compacted
/// work list (one pass lists the items that need the arm, a second runs
/// them with every lane busy: the 1.87x of flagged_refine) fits: the branch
/// decides whether a thread's whole item runs, with no loop around it but
/// ones that hand each thread items of its own (a grid-stride loop). Inside
/// a per-thread loop over parts of an item (the cells next to a particle,
/// the neighbours of a node), what a lane skips is a part of its item, which
/// no list of items gathers.
bool compactedWorkListFits(const BranchCondition &C,
                           const clang::ASTContext &Ctx);

/// The rewrite of \p R in \p F (\p Nested: the reduction loop sits in
/// another loop) for the block shapes \p Shapes the kernel runs with.
SequentialAddressing sequentialAddressing(const InterleavedReduction &R,
                                          llvm::ArrayRef<BlockShape> Shapes,
                                          bool Nested,
                                          const clang::FunctionDecl &F,
                                          clang::ASTContext &Ctx);

} // namespace cudalint

#endif
