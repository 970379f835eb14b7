//===--- MissingRestrictCheck.h - cudalint --------------------------------===//

#ifndef CUDALINT_MISSINGRESTRICTCHECK_H
#define CUDALINT_MISSINGRESTRICTCHECK_H

#include "KernelCheck.h"
#include "analysis/PointerAccesses.h"

#include <memory>
#include <optional>

namespace cudalint {

/// A store through one parameter that forces a load through another to be
/// reissued.
struct ForcedReload {
  enum ReloadKind {
    /// In a loop, one of the two addresses does not change: the value the
    /// compiler would keep in a register goes through memory every
    /// iteration (`out[i] += w[k] * in[i + k]`; 1.39x to 3.5x on H100).
    InvariantInLoop,
    /// A loop that one thread walks in sequence loads, in each iteration,
    /// what an earlier iteration may have stored (a column scan, a
    /// recurrence): the loads of the next iterations cannot start early
    /// (5.2x on H100).
    CarriedAcrossIterations,
    /// The same in a walk whose neighbouring lanes are a memory segment or
    /// more apart (a thread copying a row into a column): 1.12x to 1.15x on
    /// an H200, the unsure band, so a remark.
    FarApartWalk,
    /// A loop loads one address on every trip after a store that a test of
    /// data makes only now and then (a flag raised when a neighbour is
    /// new): the load is reissued, but no gain was measured, so a remark
    /// without a figure.
    ReloadAfterRareStore,
    /// Straight-line code (or one iteration) loads an address again after
    /// a store: 1.00x to 1.12x on H100, a remark behind an option.
    StraightLine,
  };
  ReloadKind Kind;
  const PointerAccess *Store;
  const PointerAccess *Load;
  /// For a reload in straight-line code: the load of the same address
  /// before the store, whose value the compiler could otherwise reuse.
  const PointerAccess *FirstLoad;
};

/// What one analysed definition of a kernel does with its pointers, and
/// the reload it forces, if any.
struct KernelReloads {
  llvm::SmallVector<const clang::ParmVarDecl *, 4> Pointers;
  std::unique_ptr<PointerAccesses> Accesses;
  std::optional<ForcedReload> Reload;
};

/// Flags kernel pointer parameters without `__restrict__` where a store
/// through one of them forces the compiler to reload through another.
///
/// For the user-facing documentation see docs/checks/missing-restrict.md.
class MissingRestrictCheck : public KernelCheck {
public:
  MissingRestrictCheck(llvm::StringRef Name,
                       clang::tidy::ClangTidyContext *Context,
                       std::shared_ptr<TranslationUnitAnalysis> Analysis);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void checkKernel(const KernelView &Kernel, FindingSink &Sink) override;
  /// A template's pattern is read as written: which pointers a store can
  /// force reloads through does not depend on the element types.
  bool usesTemplateStandIns() const override { return false; }
  /// The analysed definition of \p Kernel (each instantiation of a
  /// template, the first with a reload winning) and the reload it forces;
  /// none when the kernel has fewer than two pointer parameters.
  std::optional<KernelReloads> findReloads(const KernelView &Kernel) const;
  /// The finding on \p Kernel: a store that forces a reload, with notes
  /// on both accesses (a remark for straight-line code).
  void reportForcedReload(const clang::FunctionDecl *Kernel,
                          const ForcedReload &Reload, FindingSink &Sink);
  /// The findings on pointers that are only read (ReadOnlyPointers).
  /// A note on \p Access, after one on each helper call it is made through.
  void noteAccess(const PointerAccess &Access, const char *Text,
                  FindingSink &Sink);
  void
  reportReadOnlyPointers(llvm::ArrayRef<const clang::ParmVarDecl *> ReadOnly,
                         FindingSink &Sink);
  /// The note that adds `__restrict__` to \p ToMark (and `const` to those
  /// of \p ReadOnly where the kernel's type may change), or says why not.
  void offerRestrictFix(const clang::FunctionDecl *Kernel,
                        llvm::ArrayRef<const clang::ParmVarDecl *> ToMark,
                        llvm::ArrayRef<const clang::ParmVarDecl *> ReadOnly,
                        clang::ASTContext &Ctx, FindingSink &Sink);
  /// Also report read-only pointers that are not `const T *__restrict__`
  /// when nothing forces a reload (measured gain on H100: none).
  const bool ReadOnlyPointers;
  /// Also report, as remarks, loads that straight-line code makes again
  /// after a store through another pointer (measured gain on H100: 1.00x
  /// to 1.12x).
  const bool StraightLineReloads;
};

} // namespace cudalint

#endif
