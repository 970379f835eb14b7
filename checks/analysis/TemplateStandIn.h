//===--- TemplateStandIn.h - template kernels with no instantiation -------===//
//
// A kernel template with no instantiation clang could build (a header's, a
// .cu whose launches live elsewhere, or one whose instantiations failed to
// compile) is analysed as written: its pattern, with each template
// parameter standing for an argument, one set at a time. Where the template
// is used, the stand-ins are the arguments of its uses, also of launches
// that spell them but did not compile (SpelledLaunches.h). Where it is not,
// and the file has no compiler errors (which could hide its uses), a few
// plausible arguments stand in: type parameters for elements of 4, 8
// and 2 bytes (float, double, half); integral non-type parameters for their
// default argument, else 32 and 16 (256 and 128 when they size a
// one-dimensional shared array, a block's worth of elements; 8 and 4 when
// they size a thread's own array); a `static_assert` on the parameters
// removes the stand-ins it rejects. Boolean and enumeration parameters
// stand for their default argument; without one, they and all others stay
// symbolic (a uniform unknown, as a kernel argument is). A
// finding is kept only when every stand-in gives it (see KernelCheck).
//
// The stand-in being analysed travels with the kernel (KernelView.h): the
// kernel model and the checks see the pattern's dependent types and values
// through it, `concreteType` and `standInValue`.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_TEMPLATESTANDIN_H
#define CUDALINT_ANALYSIS_TEMPLATESTANDIN_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// One choice of arguments for the parameters of a kernel template.
struct TemplateStandIn {
  const clang::FunctionTemplateDecl *Template = nullptr;
  /// By parameter index: the type a type parameter stands for.
  std::map<unsigned, clang::QualType> Types;
  /// By parameter index: the value an integral parameter stands for.
  std::map<unsigned, int64_t> Values;
  /// Distinguishes the stand-ins of one template (1, 2, ...).
  unsigned Id = 0;

  /// `T = float, TILE = 32`.
  std::string str() const;
};

/// Appends \p S to \p Out unless a stand-in with the same arguments is
/// there already, numbering it (TemplateStandIn::Id) in turn.
void appendDistinct(std::vector<TemplateStandIn> &Out, TemplateStandIn S);

/// The stand-ins to analyse \p Kernel with: none unless it is the pattern of
/// a kernel template with no analysable instantiation in view (and a valid
/// declaration). Compiler errors elsewhere in the file do not stop them:
/// they hide its uses no more than a use in another file does.
std::vector<TemplateStandIn> templateStandIns(const clang::FunctionDecl &Kernel,
                                              clang::ASTContext &Ctx);

/// `T = char, short, float or double; TILE = 32 or 16`: every stand-in,
/// parameter by parameter.
std::string describeStandIns(llvm::ArrayRef<TemplateStandIn> StandIns);

/// \p T with the types and values of \p S substituted for the template's
/// parameters; \p T itself when it is not dependent; a null type when it
/// cannot be made concrete (`typename T::value_type`) or \p S is null.
clang::QualType concreteType(clang::QualType T, const TemplateStandIn *S,
                             const clang::ASTContext &Ctx);

/// The integer value of \p E under the stand-in \p S (which may be null),
/// when \p E depends on the template's parameters only through what \p S
/// fixes.
std::optional<int64_t> standInValue(const clang::Expr *E,
                                    const TemplateStandIn *S,
                                    const clang::ASTContext &Ctx);

} // namespace cudalint

#endif
