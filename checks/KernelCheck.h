//===--- KernelCheck.h - what every cudalint check shares -------*- C++ -*-===//
//
// The checks all look at one kernel at a time: they match every analysable
// kernel definition, build what they need of the shared analysis, and keep a
// little state per translation unit. That common part lives here once.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_KERNELCHECK_H
#define CUDALINT_KERNELCHECK_H

#include "CapturedFindings.h"
#include "analysis/CudaAST.h"
#include "analysis/KernelModel.h"
#include "analysis/TemplateStandIn.h"
#include "analysis/Warp.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace cudalint {

/// A cudalint check: runs on CUDA only, once per analysable kernel
/// definition (`checkKernel`), with the translation unit's launch sites
/// indexed once and each source location reported at most once. A kernel
/// template with no instantiation in view is checked once per stand-in for
/// its parameters (TemplateStandIn.h), and only what every stand-in finds is
/// reported.
class KernelCheck : public clang::tidy::ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;

  bool isLanguageVersionSupported(
      const clang::LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) final;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) final;
  void onStartOfTranslationUnit() final;
  void onEndOfTranslationUnit() final;

protected:
  /// Analyses one kernel definition that has no parse errors.
  virtual void checkKernel(const clang::FunctionDecl *Kernel,
                           clang::ASTContext &Ctx) = 0;
  /// False for a check that reads a template's pattern itself, without
  /// stand-ins for its parameters.
  virtual bool usesTemplateStandIns() const { return true; }

  /// The launch sites and other uses of the kernels of this translation
  /// unit, indexed on first use (once for all the checks).
  const KernelUseIndex &uses(clang::ASTContext &Ctx);
  /// The launches of \p Kernel visible in this translation unit.
  std::vector<LaunchConfig> launchesOf(const clang::FunctionDecl *Kernel,
                                       clang::ASTContext &Ctx);
  /// True when a finding of this check was already reported at \p Loc.
  bool alreadyReported(clang::SourceLocation Loc) const {
    return Reported.count(Loc.getRawEncoding()) != 0;
  }
  /// Records a finding at \p Loc; false when one was already there.
  bool markReported(clang::SourceLocation Loc) {
    return Reported.insert(Loc.getRawEncoding()).second;
  }
  /// The files (by FileID hash) where this check already made its
  /// once-per-file edit (an #include, a helper) in this translation unit.
  /// Each stand-in round of a template starts from the same set, so that
  /// every round proposes the same edits.
  std::set<unsigned> &filesEditedOnce() { return EditedOnce; }
  /// Reports a diagnostic of this check; held back while a template is
  /// checked under its stand-ins.
  clang::DiagnosticBuilder
  diag(clang::SourceLocation Loc, llvm::StringRef Description,
       clang::DiagnosticIDs::Level Level = clang::DiagnosticIDs::Warning);

private:
  void checkTemplateAsWritten(const clang::FunctionDecl *Kernel,
                              llvm::ArrayRef<TemplateStandIn> StandIns,
                              clang::ASTContext &Ctx);
  void reportAgreed(const CapturedFinding &F, const clang::FunctionDecl *Kernel,
                    llvm::ArrayRef<TemplateStandIn> StandIns);

  std::set<unsigned> Reported;
  std::set<unsigned> EditedOnce;
  /// Set while a template is checked under its stand-ins.
  std::unique_ptr<CapturedFindings> Capture;
};

/// A check that samples the warps of a block, with the `AssumedBlockDim`
/// option for kernels whose launches are not in view.
class BlockShapeCheck : public KernelCheck {
public:
  BlockShapeCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  /// The block shapes to sample for \p Kernel: those of its launches, else
  /// the assumed one, else the defaults of `blockShapes`.
  std::vector<BlockShape>
  blockShapesOf(const clang::FunctionDecl *Kernel,
                llvm::ArrayRef<LaunchConfig> Launches) const;
  /// One sampler per block shape of \p Kernel (`blockShapesOf` its
  /// launches).
  std::vector<WarpSampler> warpSamplersOf(const clang::FunctionDecl *Kernel,
                                          clang::ASTContext &Ctx);
  /// The `AssumedBlockDim` option, parsed; none when unset or malformed.
  std::optional<BlockShape> assumedBlockShape() const {
    return parseBlockShape(AssumedBlockDim);
  }

  /// Block shape assumed where no launch site says (`16,16`); empty: the
  /// defaults.
  const std::string AssumedBlockDim;
};

} // namespace cudalint

#endif
