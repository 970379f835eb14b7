//===--- LaunchValues.h - what a launch's configuration holds -------------===//
//
// The block a kernel is launched with decides what its lanes do, so the
// launch's `dim3` is read as far as the caller lets it be known: a constant
// expression, a local variable initialised once and only read after
// (`int threads = 256;`), and a `dim3` variable whose extents are assigned
// one by one (`dim3 block; block.x = 512;`, where the default constructor
// alone would say 1x1x1).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_LAUNCHVALUES_H
#define CUDALINT_ANALYSIS_LAUNCHVALUES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"

#include <array>
#include <cstdint>
#include <optional>

namespace cudalint {

/// The value the integer expression \p E has at a launch in \p Caller: a
/// constant expression, a local variable of \p Caller initialised with such
/// a value and never written again, or arithmetic on those; nullopt when
/// any part is not known.
std::optional<int64_t> valueAtLaunch(const clang::Expr *E,
                                     const clang::FunctionDecl *Caller,
                                     clang::ASTContext &Ctx);

/// The x, y and z of the `dim3` argument \p E of \p Launch in \p Caller: a
/// constructor (`dim3(16, 16)`, an integer converted) or a local variable
/// holding one, with the assignments to its fields made before the launch
/// in the block that declares it (`block.x = 512;`); nullopt when an extent
/// is not known or the variable is written some other way.
std::optional<std::array<int64_t, 3>>
dim3AtLaunch(const clang::Expr *E, const clang::CUDAKernelCallExpr *Launch,
             const clang::FunctionDecl *Caller, clang::ASTContext &Ctx);

} // namespace cudalint

#endif
