//===--- DivergentBranchCheck.h - cudalint
//---------------------------------------===//

#ifndef CUDALINT_DIVERGENTBRANCHCHECK_H
#define CUDALINT_DIVERGENTBRANCHCHECK_H

#include "analysis/CudaAST.h"
#include "analysis/KernelModel.h"
#include "analysis/Warp.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Flags branches on which the lanes of most warps disagree, where both ways
/// cost something, and rewrites the interleaved tree reduction into
/// sequential addressing.
///
/// For the user-facing documentation see docs/checks/divergent-branch.md.
class DivergentBranchCheck : public clang::tidy::ClangTidyCheck {
public:
  DivergentBranchCheck(llvm::StringRef Name,
                       clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override { KernelModel::resetCache(); }
  void onEndOfTranslationUnit() override {
    Reported.clear();
    Uses.reset();
    KernelModel::resetCache();
  }
  bool isLanguageVersionSupported(
      const clang::LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }

private:
  /// Block shape assumed where no launch site says.
  std::string AssumedBlockDim;
  std::unique_ptr<KernelUseIndex> Uses;
  std::set<unsigned> Reported;
};

} // namespace cudalint

#endif
