//===--- KernelView.h - one kernel as the analysis reads it ---------------===//
//
// A kernel definition, and for the pattern of a kernel template analysed as
// written, the stand-in its dependent types and values are read through
// (TemplateStandIn.h). Every query that depends on the stand-in takes a
// view, so that what is being analysed is always an explicit parameter.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_KERNELVIEW_H
#define CUDALINT_ANALYSIS_KERNELVIEW_H

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cudalint {

struct TemplateStandIn;

/// A kernel definition read through an optional template stand-in.
struct KernelView {
  /// The definition: an ordinary kernel, an instantiation, or a pattern.
  const clang::FunctionDecl &Decl;
  /// For a pattern analysed as written, the arguments it stands for; null
  /// otherwise.
  const TemplateStandIn *StandIn = nullptr;

  clang::ASTContext &context() const;
};

} // namespace cudalint

#endif
