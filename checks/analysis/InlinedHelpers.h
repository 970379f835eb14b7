//===--- InlinedHelpers.h - which helpers a kernel walk follows -*- C++ -*-===//
//
// The walks over a kernel (the kernel model's, the pointer accesses of
// missing-restrict) read a call of a `__device__` helper as the helper's body
// written at the call, with the call's arguments. Which helpers, and how
// deep, is decided here once for both.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_INLINEDHELPERS_H
#define CUDALINT_ANALYSIS_INLINEDHELPERS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace cudalint {

/// How many helpers deep a walk follows calls (a helper that calls a helper
/// is two deep).
constexpr unsigned MaxInlineDepth = 4;

/// The definition to walk for \p Call of \p Callee: a function of the user's
/// code (a free one, or a member callable as one), not a kernel, not one of
/// \p Active (the helpers being walked, outermost first), and not deeper
/// than MaxInlineDepth; null for any other call.
const clang::FunctionDecl *
helperToInline(const clang::CallExpr *Call, const clang::FunctionDecl *Callee,
               llvm::ArrayRef<const clang::FunctionDecl *> Active,
               const clang::SourceManager &SM);

/// Calls \p Visit on each call in \p Body and in the helpers a walk from it
/// inlines (helperToInline), with the calls that led there (outermost
/// first) and the helper the call would be walked into (null for none); the
/// helper is walked only where \p Visit returns true.
void walkInlinedCalls(
    const clang::Stmt *Body, const clang::SourceManager &SM,
    llvm::function_ref<bool(const clang::CallExpr *Call,
                            llvm::ArrayRef<const clang::CallExpr *> Stack,
                            const clang::FunctionDecl *Helper)>
        Visit);

/// True when \p CE calls a lambda (`A(row, k)` on `auto A = [&](...) {
/// ... }`): argument 0 is the closure, argument I + 1 parameter I, and the
/// body names the enclosing function's variables it captured.
bool isLambdaCall(const clang::CallExpr *CE, const clang::FunctionDecl *Callee);

/// The argument of \p CE that parameter \p I of \p Def takes (a lambda's
/// call has the closure first); past the last argument when none does.
unsigned argumentOfParam(const clang::CallExpr *CE,
                         const clang::FunctionDecl *Def, unsigned I);

/// True when \p CE calls a method whose body uses `this` (`m.at(r, c)` on
/// `float at(int r, int c) const { return data[r * ld + c]; }`): the walk
/// binds `this` to the object it is called on.
bool bindsThis(const clang::CallExpr *CE, const clang::FunctionDecl *Callee);

} // namespace cudalint

#endif
