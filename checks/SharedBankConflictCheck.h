//===--- SharedBankConflictCheck.h - cudalint -----------------------------===//

#ifndef CUDALINT_SHAREDBANKCONFLICTCHECK_H
#define CUDALINT_SHAREDBANKCONFLICTCHECK_H

#include "analysis/CudaAST.h"
#include "analysis/Warp.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Flags `__shared__` array accesses where lanes of a warp hit the same bank
/// at different addresses, and pads the array where that is safe.
///
/// For the user-facing documentation see docs/checks/shared-bank-conflict.md.
class SharedBankConflictCheck : public clang::tidy::ClangTidyCheck {
public:
  SharedBankConflictCheck(llvm::StringRef Name,
                          clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override { KernelModel::resetCache(); }
  void onEndOfTranslationUnit() override {
    ReportedLocs.clear();
    Uses.reset();
    KernelModel::resetCache();
  }
  bool isLanguageVersionSupported(
      const clang::LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }

private:
  /// Report conflicts of at least this degree.
  unsigned MinDegree;
  /// Block shape assumed where no launch site says.
  std::string AssumedBlockDim;
  std::unique_ptr<KernelUseIndex> Uses;
  std::set<unsigned> ReportedLocs;
};

} // namespace cudalint

#endif
