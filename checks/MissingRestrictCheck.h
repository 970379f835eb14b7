//===--- MissingRestrictCheck.h - cudalint --------------------------------===//

#ifndef CUDALINT_MISSINGRESTRICTCHECK_H
#define CUDALINT_MISSINGRESTRICTCHECK_H

#include "analysis/CudaAST.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <memory>

namespace cudalint {

/// Flags kernel pointer parameters without `__restrict__` where a store
/// through one of them forces the compiler to reload through another.
///
/// For the user-facing documentation see docs/checks/missing-restrict.md.
class MissingRestrictCheck : public clang::tidy::ClangTidyCheck {
public:
  MissingRestrictCheck(llvm::StringRef Name,
                       clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override { Uses.reset(); }
  bool isLanguageVersionSupported(
      const clang::LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }

private:
  /// Also report read-only pointers that are not `const T *__restrict__`
  /// when nothing forces a reload (measured gain on H100: none).
  const bool ReadOnlyPointers;
  std::unique_ptr<KernelUseIndex> Uses;
};

} // namespace cudalint

#endif
