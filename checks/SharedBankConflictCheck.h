//===--- SharedBankConflictCheck.h - cudalint -----------------------------===//

#ifndef CUDALINT_SHAREDBANKCONFLICTCHECK_H
#define CUDALINT_SHAREDBANKCONFLICTCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <set>

namespace cudalint {

struct ArrayShape;
struct BankConflict;
struct BankConflicts;
struct StepConflict;

/// Flags `__shared__` array accesses where lanes of a warp hit the same bank
/// at different addresses, and pads the array where that is safe.
///
/// For the user-facing documentation see docs/checks/shared-bank-conflict.md.
class SharedBankConflictCheck : public BlockShapeCheck {
public:
  SharedBankConflictCheck(llvm::StringRef Name,
                          clang::tidy::ClangTidyContext *Context,
                          std::shared_ptr<TranslationUnitAnalysis> Analysis);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void checkKernel(const KernelView &Kernel, FindingSink &Sink) override;
  /// Adds the conflicts of the kernel instance \p F to \p Conflicts, with
  /// the paddings that remove them.
  void collectConflicts(const KernelView &F,
                        llvm::ArrayRef<WarpSampler> Samplers,
                        BankConflicts &Conflicts, clang::ASTContext &Ctx) const;
  /// The paddings of each conflicting array that every instance passes.
  void collectPaddings(BankConflicts &Conflicts, clang::ASTContext &Ctx) const;
  /// The warning for conflict \p C at the access location \p Raw, with the
  /// padding of its array the first time the array is reported
  /// (\p FixAttached: the declarations already reported).
  /// The degree of \p A at the width it is issued with.
  BankConflict issuedConflict(const KernelModel &M, const MemAccess &A,
                              llvm::ArrayRef<WarpSampler> Samplers,
                              const clang::ASTContext &Ctx) const;
  /// Records \p A when its degree changes with the step of a loop whose
  /// stride doubles; true when \p A is part of such a tree (reported here
  /// or at an earlier access).
  bool collectStepConflict(const KernelModel &M, const MemAccess &A,
                           llvm::ArrayRef<WarpSampler> Samplers,
                           BankConflicts &Conflicts,
                           clang::ASTContext &Ctx) const;
  /// \p A's conflict when its degree changes with the sampled values (see
  /// varyingBankConflictDegrees); Degree 0 when it is none.
  BankConflict varyingConflict(const KernelModel &M, const MemAccess &A,
                               llvm::ArrayRef<WarpSampler> Samplers) const;
  void reportStepConflict(unsigned Raw, const StepConflict &C,
                          clang::ASTContext &Ctx, FindingSink &Sink);
  void reportConflict(unsigned Raw, const BankConflict &C,
                      BankConflicts &Conflicts, std::set<unsigned> &FixAttached,
                      const TemplateStandIn *StandIn, clang::ASTContext &Ctx,
                      FindingSink &Sink);
  /// What a padding must keep, and what the stride model may assume.
  struct PaddingLimits {
    unsigned RowAlignment = 1; ///< Bytes, for the vector accesses.
    int64_t ElementBytes = 0;
    bool LanesInX = true; ///< A warp's lanes differ in threadIdx.x only.
    /// Every access of the array (a change of its layout moves them all).
    std::vector<const MemAccess *> Accesses;
    unsigned ArrayAlignment = 4; ///< Bytes, as declared.
    std::string ElementName;     ///< `float`, `unsigned int`, ...
    /// The padding of the index (row, pad, in elements) that the bank
    /// simulation of every access passes, for an array indexed by hand.
    std::optional<std::pair<int64_t, int64_t>> IndexPad;
    std::string Hazard; ///< Why changing the array's layout is risky.
  };
  /// The note at the declaration of the array of \p C: the padding, applied
  /// (\p Padded) or not (why: \p Hazard), or that none helps.
  void noteRemedy(const BankConflict &C, const ArrayShape *Shape, int64_t Pad,
                  bool Padded, const std::string &Hazard,
                  const PaddingLimits &Limits, FindingSink &Sink);
  /// For an array indexed by hand: the padded stride the bank simulation
  /// passes, or that none does.
  void noteStridePadding(const BankConflict &C, const PaddingLimits &Limits,
                         FindingSink &Sink);
  /// For a conflict no change of stride can fix: a vector access of each
  /// thread's run of adjacent elements, or that nothing simple fits.
  void noteNoStrideChange(const BankConflict &C, const PaddingLimits &Limits,
                          int64_t Stride, FindingSink &Sink);
  /// For a column walk of rows of an even number of elements: the odd row
  /// stride that removes it (oddStrideRemedy); false when none is shown.
  bool noteOddStride(const BankConflict &C, const PaddingLimits &Limits,
                     int64_t Stride, FindingSink &Sink);
  /// Report conflicts of at least this degree.
  unsigned MinDegree;
};

} // namespace cudalint

#endif
