//===--- DivergentBarrierCheck.h - cudalint
//---------------------------------------===//

#ifndef CUDALINT_DIVERGENTBARRIERCHECK_H
#define CUDALINT_DIVERGENTBARRIERCHECK_H

#include "analysis/CudaAST.h"
#include "analysis/KernelModel.h"
#include "analysis/Warp.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Flags barriers (`__syncthreads()`, a full-mask `__syncwarp()`, cooperative
/// groups' `sync`) that some threads of their block or warp can miss: a
/// condition, an early exit or a loop trip count that differs between threads.
///
/// For the user-facing documentation see docs/checks/divergent-barrier.md.
class DivergentBarrierCheck : public clang::tidy::ClangTidyCheck {
public:
  DivergentBarrierCheck(llvm::StringRef Name,
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
