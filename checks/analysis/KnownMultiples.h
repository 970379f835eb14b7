//===--- KnownMultiples.h - sizes the code checks before it goes on -------===//
//
// A kernel that cannot handle a size stops on it first: `if (C % 256 != 0)
// { printf(...); __trap(); }`, `if (n % 32) return;`, `assert(C % 256 ==
// 0)`, and its host asserts the same before the launch (`assert(...)`, `if
// (C % 256 != 0) exit(1);`). Past that check, the size is a multiple of
// the constant, which is what decides whether a bound can fall inside a
// block (BlockSplit.h). Only checks made by every path are read: the
// statements of the function's own body, not under a branch or a loop,
// before the point asked about, on a variable nothing writes in that body.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_KNOWNMULTIPLES_H
#define CUDALINT_ANALYSIS_KNOWNMULTIPLES_H

#include "SymExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>

namespace cudalint {

/// What an integer is known to be a multiple of, and the check that says so.
struct KnownMultiple {
  int64_t Factor = 1;
  const clang::Stmt *Where = nullptr;
};
using KnownMultiples = llvm::DenseMap<const clang::VarDecl *, KnownMultiple>;

/// The multiples that the top-level statements of \p Fn's body ending
/// before \p Before establish by leaving (return, `__trap()`, a `noreturn`
/// call such as `exit` or a failed assert) when the variable is not one.
KnownMultiples multiplesCheckedBefore(const clang::FunctionDecl &Fn,
                                      clang::SourceLocation Before,
                                      clang::ASTContext &Ctx);

/// The multiples of \p Kernel's parameters at \p Before: those the kernel
/// checks itself, and, when \p Launch is given, those its caller checks on
/// the variable it passes (`assert(C % 256 == 0); k<<<g, b>>>(C);`).
KnownMultiples parameterMultiples(const clang::FunctionDecl &Kernel,
                                  clang::SourceLocation Before,
                                  const clang::CUDAKernelCallExpr *Launch,
                                  const clang::FunctionDecl *Caller,
                                  clang::ASTContext &Ctx);

/// \p E with each variable of \p Known replaced by its factor times an
/// integer left free, so that BlockSplit sees the lattice it lies on.
SymRef withKnownMultiples(const SymRef &E, const KnownMultiples &Known);

} // namespace cudalint

#endif
