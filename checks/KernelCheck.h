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
#include "FindingSink.h"
#include "analysis/CudaAST.h"
#include "analysis/KernelModel.h"
#include "analysis/KernelView.h"
#include "analysis/TemplateStandIn.h"
#include "analysis/TranslationUnitAnalysis.h"
#include "analysis/Warp.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace cudalint {

/// A cudalint check: runs on CUDA only, once per analysable kernel
/// definition (`checkKernel`), with each source location reported at most
/// once. Every analysis result comes from the TranslationUnitAnalysis that
/// the module hands to all its checks. A kernel template with no
/// instantiation in view is checked once per stand-in for its parameters
/// (TemplateStandIn.h), and only what every stand-in finds is reported.
class KernelCheck : public clang::tidy::ClangTidyCheck {
public:
  KernelCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context,
              std::shared_ptr<TranslationUnitAnalysis> Analysis);

  bool isLanguageVersionSupported(
      const clang::LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) final;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) final;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) final;
  void onStartOfTranslationUnit() final;
  void onEndOfTranslationUnit() final;

protected:
  /// Analyses one kernel definition that has no parse errors (a template's
  /// pattern once per stand-in), reporting into \p Sink.
  virtual void checkKernel(const KernelView &Kernel, FindingSink &Sink) = 0;
  /// False for a check that reads a template's pattern itself, without
  /// stand-ins for its parameters.
  virtual bool usesTemplateStandIns() const { return true; }
  /// False for a check whose findings quote no measured figure: those of
  /// the others get a note when the build targets GPUs other than the
  /// sm_90 ones the figures come from (measuredElsewhereText).
  virtual bool quotesMeasuredFigures() const { return true; }

  /// The architectures this translation unit is built for (GpuTargets.h).
  const GpuTargets &targets() const { return Analysis->targets(); }

  /// The analyses of this translation unit, shared by every check.
  TranslationUnitAnalysis &analysis() { return *Analysis; }
  /// The model of \p Kernel (one for all the checks).
  const KernelModel &model(const KernelView &Kernel) const {
    return Analysis->model(Kernel);
  }
  /// The stand-ins for the parameters of \p Kernel, a template's pattern
  /// with no instantiation (none otherwise): TemplateStandIn.h.
  llvm::ArrayRef<TemplateStandIn>
  standIns(const clang::FunctionDecl &Kernel) const {
    return Analysis->standIns(Kernel);
  }
  /// The launch sites and other uses of the kernels of this translation
  /// unit, indexed on first use (once for all the checks).
  const KernelUseIndex &uses(clang::ASTContext &Ctx) const {
    return Analysis->uses(Ctx);
  }
  /// The launches of \p Kernel visible in this translation unit.
  std::vector<LaunchConfig> launchesOf(const KernelView &Kernel);
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

private:
  /// Findings go through the FindingSink handed to checkKernel.
  using ClangTidyCheck::diag;
  class ReportingSink;
  class MeasuredElsewhereSink;

  /// The note each warning gets (MeasuredElsewhereSink); empty for none.
  std::string figuresCaveat() const;
  bool isDeadInThisProgram(const clang::FunctionDecl &Kernel,
                           clang::ASTContext &Ctx) const;
  void checkTemplateAsWritten(const clang::FunctionDecl &Kernel,
                              llvm::ArrayRef<TemplateStandIn> StandIns,
                              clang::ASTContext &Ctx);
  void reportAgreed(const CapturedFinding &F, const clang::FunctionDecl &Kernel,
                    llvm::ArrayRef<TemplateStandIn> StandIns);

  std::shared_ptr<TranslationUnitAnalysis> Analysis;
  std::set<unsigned> Reported;
  std::set<unsigned> EditedOnce;
  /// The `CheckUnlaunchedKernels` option (global or the check's): also
  /// check kernels that the file defines and its host code never names.
  const bool CheckUnlaunchedKernels;
  /// The `CudaTargets` option (global or the check's): the architectures
  /// of a file whose parse command does not say (GpuTargets.h).
  const std::string CudaTargets;
};

/// A check that samples the warps of a block, with the `AssumedBlockDim`
/// option for kernels whose launches are not in view.
class BlockShapeCheck : public KernelCheck {
public:
  BlockShapeCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context,
                  std::shared_ptr<TranslationUnitAnalysis> Analysis);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  /// The block shapes to sample for \p Kernel: those of its launches, else
  /// the assumed one, else the defaults of `blockShapes`.
  std::vector<BlockShape> blockShapesOf(const KernelView &Kernel,
                                        llvm::ArrayRef<LaunchConfig> Launches);
  /// One sampler per block shape of \p Kernel (`blockShapesOf` its
  /// launches).
  std::vector<WarpSampler> warpSamplersOf(const KernelView &Kernel);
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
