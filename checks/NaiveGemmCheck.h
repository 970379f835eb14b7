//===--- NaiveGemmCheck.h - cudalint ----------------------------*- C++ -*-===//

#ifndef CUDALINT_NAIVEGEMMCHECK_H
#define CUDALINT_NAIVEGEMMCHECK_H

#include "analysis/CudaAST.h"
#include "analysis/KernelModel.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Flags matrix products computed on CUDA cores: a loop that accumulates
/// `acc += A[..k..] * B[..k..]`, where the two operands follow different
/// thread coordinates and the result is stored at both, and offers (on a
/// note) the equivalent cuBLAS call in place of the kernel's launch.
///
/// For the user-facing documentation see docs/checks/naive-gemm.md.
class NaiveGemmCheck : public clang::tidy::ClangTidyCheck {
public:
  NaiveGemmCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override { KernelModel::resetCache(); }
  void onEndOfTranslationUnit() override {
    Reported.clear();
    HelperAdded.clear();
    Uses.reset();
    KernelModel::resetCache();
  }
  bool isLanguageVersionSupported(
      const clang::LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }

private:
  std::unique_ptr<KernelUseIndex> Uses;
  std::set<unsigned> Reported;
  /// Files of this translation unit whose rewrite already inserts the
  /// helper.
  std::set<unsigned> HelperAdded;
};

} // namespace cudalint

#endif
