//===--- MissingRestrictCheck.h - cudalint --------------------------------===//

#ifndef CUDALINT_MISSINGRESTRICTCHECK_H
#define CUDALINT_MISSINGRESTRICTCHECK_H

#include "KernelCheck.h"

#include <memory>

namespace cudalint {

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
  /// Also report read-only pointers that are not `const T *__restrict__`
  /// when nothing forces a reload (measured gain on H100: none).
  const bool ReadOnlyPointers;
};

} // namespace cudalint

#endif
