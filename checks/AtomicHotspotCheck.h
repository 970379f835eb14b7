//===--- AtomicHotspotCheck.h - cudalint
//---------------------------------------===//

#ifndef CUDALINT_ATOMICHOTSPOTCHECK_H
#define CUDALINT_ATOMICHOTSPOTCHECK_H

#include "analysis/CudaAST.h"
#include "analysis/KernelModel.h"
#include "analysis/Warp.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Flags global atomics that many lanes aim at one address: a uniform
/// accumulator, or a small histogram indexed by data.
///
/// For the user-facing documentation see docs/checks/atomic-hotspot.md.
class AtomicHotspotCheck : public clang::tidy::ClangTidyCheck {
public:
  AtomicHotspotCheck(llvm::StringRef Name,
                     clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override { KernelModel::resetCache(); }
  void onEndOfTranslationUnit() override {
    Reported.clear();
    IncludesAdded.clear();
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
  /// Files whose fix-its already add the cooperative-groups includes.
  std::set<unsigned> IncludesAdded;
};

} // namespace cudalint

#endif
