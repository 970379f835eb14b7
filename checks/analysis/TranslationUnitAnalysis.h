//===--- TranslationUnitAnalysis.h - the analyses of one translation unit -===//
//
// One object owns every analysis result of the translation unit being
// checked, as the Clang Static Analyzer's AnalysisDeclContextManager does:
// the kernel models (keyed by declaration and template stand-in), the index
// of kernel launches and the compiler errors seen while parsing. The module
// makes one and hands it to each check; each result is built on first use
// and stays valid until the end of the translation unit. Nothing in checks/
// is static or thread-local.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_TRANSLATIONUNITANALYSIS_H
#define CUDALINT_ANALYSIS_TRANSLATIONUNITANALYSIS_H

#include "CudaAST.h"
#include "GpuTargets.h"
#include "KernelModel.h"
#include "KernelView.h"
#include "TemplateStandIn.h"

#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace clang {
class DiagnosticConsumer;
class DiagnosticsEngine;
class Preprocessor;
} // namespace clang

namespace cudalint {

/// The places where the front end reported an error that can break a
/// statement, in one translation unit (see `breaksStatement`).
using CompilerErrors = std::vector<clang::SourceLocation>;

class TranslationUnitAnalysis {
public:
  TranslationUnitAnalysis();
  ~TranslationUnitAnalysis();
  TranslationUnitAnalysis(const TranslationUnitAnalysis &) = delete;
  TranslationUnitAnalysis &operator=(const TranslationUnitAnalysis &) = delete;

  /// Starts recording the errors \p Diags reports while the translation unit
  /// is parsed; called before parsing (from registerPPCallbacks), at most
  /// once per translation unit takes effect.
  void recordCompilerErrors(clang::DiagnosticsEngine &Diags);
  /// Reads the architectures the translation unit is built for
  /// (GpuTargets::of) before parsing, from registerPPCallbacks; \p Option
  /// is the CudaTargets option. Every check reads the same targets.
  void recordTargets(const clang::Preprocessor &PP, llvm::StringRef Option);
  /// The architectures the translation unit is built for.
  const GpuTargets &targets() const { return Targets; }
  /// Forgets every result: at the start and at the end of each translation
  /// unit (the compiler errors, recorded before the start, are kept until
  /// the next recording begins).
  void forgetResults();

  /// The stand-ins to analyse \p Kernel with (templateStandIns), chosen on
  /// first use; every check reads the same ones.
  llvm::ArrayRef<TemplateStandIn> standIns(const clang::FunctionDecl &Kernel);
  /// The model of \p Kernel, built on first use.
  const KernelModel &model(const KernelView &Kernel);
  /// The checks move on to \p Kernel (KernelCheck::check): past a bound,
  /// the models of the other kernels are dropped (no check holds one
  /// between its callbacks; one asked for again is built again, the same),
  /// so that a file of many thousand kernels does not keep them all.
  void moveToKernel(const clang::FunctionDecl &Kernel);
  /// The launch sites and other uses of the kernels of \p Ctx's translation
  /// unit, indexed on first use.
  const KernelUseIndex &uses(clang::ASTContext &Ctx);
  /// Where the front end reported errors that can break a statement.
  llvm::ArrayRef<clang::SourceLocation> compilerErrors() const;
  /// True when \p FD is broken (hasParseErrors) given the errors recorded.
  bool hasParseErrors(const clang::FunctionDecl &FD) const;

private:
  std::map<const clang::FunctionDecl *, std::vector<TemplateStandIn>> StandIns;
  std::map<std::pair<const clang::FunctionDecl *, const TemplateStandIn *>,
           std::unique_ptr<KernelModel>>
      Models;
  std::unique_ptr<KernelUseIndex> Uses;
  GpuTargets Targets = GpuTargets::defaults();
  /// Shared with the forwarding consumer installed in the engine, which may
  /// outlive this translation unit's results.
  std::shared_ptr<CompilerErrors> Errors;
  /// The consumer installed by the last recordCompilerErrors.
  const clang::DiagnosticConsumer *Recorder = nullptr;
};

} // namespace cudalint

#endif
