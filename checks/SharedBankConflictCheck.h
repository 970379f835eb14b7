//===--- SharedBankConflictCheck.h - cudalint -----------------------------===//

#ifndef CUDALINT_SHAREDBANKCONFLICTCHECK_H
#define CUDALINT_SHAREDBANKCONFLICTCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Flags `__shared__` array accesses where lanes of a warp hit the same bank
/// at different addresses, and pads the array where that is safe.
///
/// For the user-facing documentation see docs/checks/shared-bank-conflict.md.
class SharedBankConflictCheck : public BlockShapeCheck {
public:
  SharedBankConflictCheck(llvm::StringRef Name,
                          clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void checkKernel(const clang::FunctionDecl *Kernel,
                   clang::ASTContext &Ctx) override;
  /// Report conflicts of at least this degree.
  unsigned MinDegree;
};

} // namespace cudalint

#endif
