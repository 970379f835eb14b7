//===--- DivergentBranchCheck.h - cudalint
//---------------------------------------===//

#ifndef CUDALINT_DIVERGENTBRANCHCHECK_H
#define CUDALINT_DIVERGENTBRANCHCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <optional>
#include <set>

namespace cudalint {

struct InterleavedReduction;
struct SequentialAddressing;
struct BranchWays;

/// A branch whose 'then' arm runs a loop (or a heavy helper) on one thread
/// of the block, the same in every block: warp \p Warp, lane \p Lane.
struct SoleThreadArm {
  const BranchCondition *C = nullptr;
  unsigned Warp = 0, Lane = 0;
  unsigned Warps = 0; ///< The fewest warps a sampled block has.
};

/// A divergent branch's text: the warning line, then the notes that say why
/// it costs and what to do; a note may be empty.
struct BranchText {
  std::string Warning, Why, Remedy;
};

/// Flags branches on which the lanes of most warps disagree, where both ways
/// cost something, and rewrites the interleaved tree reduction into
/// sequential addressing.
///
/// For the user-facing documentation see docs/checks/divergent-branch.md.
class DivergentBranchCheck : public BlockShapeCheck {
public:
  using BlockShapeCheck::BlockShapeCheck;

private:
  void checkKernel(const KernelView &Kernel, FindingSink &Sink) override;
  /// The warning for a divergent branch \p C, its notes (with why it is
  /// only a remark, if it is), and where it runs.
  void reportBranch(clang::SourceLocation Loc, const BranchCondition &C,
                    const BranchText &Text, const std::string &WhyRemark,
                    clang::DiagnosticIDs::Level Level, clang::ASTContext &Ctx,
                    FindingSink &Sink);
  /// The warning for a loop condition \p C whose lanes compute trip counts
  /// that spread within their warps (wastefulLaneTrips); false when there
  /// is none.
  bool reportLaneTrips(clang::SourceLocation Loc, const BranchCondition &C,
                       const BranchWays &Ways,
                       llvm::ArrayRef<WarpSampler> Samplers,
                       clang::ASTContext &Ctx, FindingSink &Sink);
  /// \p C as a single-thread role (`if (tx == 1) { loop }`), or nullopt.
  std::optional<SoleThreadArm>
  soleThreadArm(const BranchCondition &C, const KernelModel &M,
                llvm::ArrayRef<WarpSampler> Samplers,
                const clang::ASTContext &Ctx) const;
  /// A warning for each role of \p Arms (in source order) that another lane
  /// of its warp runs before it: the warp runs them one after the other.
  void reportSerialRoles(llvm::ArrayRef<SoleThreadArm> Arms,
                         clang::ASTContext &Ctx, FindingSink &Sink);
  /// The warning for an interleaved tree step \p C, with its rewrite to
  /// sequential addressing when it is the reduction \p Red and --fix may
  /// apply it.
  void reportReduction(clang::SourceLocation Loc, const BranchCondition &C,
                       const std::optional<InterleavedReduction> &Red,
                       llvm::ArrayRef<BlockShape> Shapes,
                       const clang::FunctionDecl &F, clang::ASTContext &Ctx,
                       FindingSink &Sink);
  /// The note on the rewrite: applied, left to --fix-notes and why, or not
  /// offered and why.
  void noteSequentialAddressing(clang::SourceLocation Loc,
                                clang::SourceLocation LoopLoc,
                                const SequentialAddressing &Fix,
                                FindingSink &Sink);
};

} // namespace cudalint

#endif
