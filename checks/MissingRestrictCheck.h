//===--- MissingRestrictCheck.h - cudalint --------------------------------===//

#ifndef CUDALINT_MISSINGRESTRICTCHECK_H
#define CUDALINT_MISSINGRESTRICTCHECK_H

#include "KernelCheck.h"

#include <memory>

namespace cudalint {

struct ForcedReload;

/// Flags kernel pointer parameters without `__restrict__` where a store
/// through one of them forces the compiler to reload through another.
///
/// For the user-facing documentation see docs/checks/missing-restrict.md.
class MissingRestrictCheck : public KernelCheck {
public:
  MissingRestrictCheck(llvm::StringRef Name,
                       clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void checkKernel(const clang::FunctionDecl *Kernel,
                   clang::ASTContext &Ctx) override;
  /// The finding on \p Kernel: a store that forces a reload, with notes
  /// on both accesses.
  void reportForcedReload(const clang::FunctionDecl *Kernel,
                          const ForcedReload &Reload);
  /// The findings on pointers that are only read (ReadOnlyPointers).
  void
  reportReadOnlyPointers(llvm::ArrayRef<const clang::ParmVarDecl *> ReadOnly);
  /// The note that adds `__restrict__` to \p ToMark (and `const` to those
  /// of \p ReadOnly where the kernel's type may change), or says why not.
  void offerRestrictFix(const clang::FunctionDecl *Kernel,
                        llvm::ArrayRef<const clang::ParmVarDecl *> ToMark,
                        llvm::ArrayRef<const clang::ParmVarDecl *> ReadOnly,
                        clang::ASTContext &Ctx);
  /// Also report read-only pointers that are not `const T *__restrict__`
  /// when nothing forces a reload (measured gain on H100: none).
  const bool ReadOnlyPointers;
};

} // namespace cudalint

#endif
