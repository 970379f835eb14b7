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

#include "CudaAST.h"
#include "SymExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"

#include <array>
#include <cstdint>
#include <optional>

namespace cudalint {

/// One step toward what a launch's `dim3` argument \p E holds, past copies:
/// the constructor that builds it (`dim3(16, 16)`, an integer converted) or
/// the local variable that holds it (initialised, not static); both null
/// when it is neither.
struct Dim3Source {
  const clang::CXXConstructExpr *Ctor = nullptr;
  const clang::VarDecl *Var = nullptr;
};
Dim3Source dim3Source(const clang::Expr *E);

/// The extents of a `dim3`, each known or not (`dim3(1, n)`: x and z).
using Dim3Extents = std::array<std::optional<int64_t>, 3>;

/// What dim3AtLaunch reads, keeping the extents it knows when another is
/// not a constant; nullopt when the variable is written some other way.
std::optional<Dim3Extents>
dim3ExtentsAtLaunch(const clang::Expr *E,
                    const clang::CUDAKernelCallExpr *Launch,
                    const clang::FunctionDecl *Caller, clang::ASTContext &Ctx);

/// The x, y and z of the `dim3` argument \p E of \p Launch in \p Caller: a
/// constructor (`dim3(16, 16)`, an integer converted) or a local variable
/// holding one, with the assignments to its fields made before the launch
/// in the block that declares it (`block.x = 512;`); nullopt when an extent
/// is not known or the variable is written some other way.
std::optional<std::array<int64_t, 3>>
dim3AtLaunch(const clang::Expr *E, const clang::CUDAKernelCallExpr *Launch,
             const clang::FunctionDecl *Caller, clang::ASTContext &Ctx);

/// \p E with each parameter of \p Kernel bound to what \p Launch passes for it,
/// where that is known: a constant (`k<<<g, 128>>>(.., 128)`), or blockDim.x
/// when the argument is the block's x extent itself (`k<<<g, C>>>(.., C)`,
/// the same variable or the same value). Other parameters stay symbols.
SymRef bindLaunchArguments(const SymRef &E, const clang::FunctionDecl &Kernel,
                           const clang::CUDAKernelCallExpr *Launch,
                           const clang::FunctionDecl *Caller,
                           clang::ASTContext &Ctx);

/// What \p Launch passes for the integer parameter \p Param of its kernel
/// when it is known in the caller: a constant expression (a literal, a
/// macro, a `const` global), a local variable initialised once and only
/// read after, or arithmetic of those; nullopt otherwise.
std::optional<int64_t> integerArgumentAtLaunch(
    const clang::ParmVarDecl &Param, const clang::CUDAKernelCallExpr *Launch,
    const clang::FunctionDecl *Caller, clang::ASTContext &Ctx);

/// The values an integer the host passes to a launch can hold, each once,
/// in no order.
using PossibleValues = llvm::SmallVector<int64_t, 8>;

/// What \p Launch passes for the integer parameter \p Param, as far as the
/// host code shows it: what integerArgumentAtLaunch reads, and further a
/// parameter of the launching function followed to every call of it in the
/// translation unit (a wrapper `run(n, bs) { k<<<g, bs>>>(n); }` called
/// with constants; up to three wrappers deep), and an element of a local
/// array of constants that is only read (`int sizes[] = {64, 128};
/// int bs = sizes[j];`: each element). nullopt when some call or some
/// value is not known, or when there are more than 64 values.
std::optional<PossibleValues>
integerValuesAtLaunch(const clang::ParmVarDecl &Param,
                      const clang::CUDAKernelCallExpr *Launch,
                      const clang::FunctionDecl *Caller,
                      const KernelUseIndex &Uses, clang::ASTContext &Ctx);

/// The values each extent of the grid (\p Arg 0) or the block (\p Arg 1)
/// of \p Launch can take, read as integerValuesAtLaunch reads integers; an
/// extent the `dim3` leaves out is 1.
std::array<std::optional<PossibleValues>, 3>
extentValuesAtLaunch(const clang::CUDAKernelCallExpr *Launch, unsigned Arg,
                     const clang::FunctionDecl *Caller,
                     const KernelUseIndex &Uses, clang::ASTContext &Ctx);

/// The most warps \p Launch can run: the grid's blocks times each block's
/// warps, over the values extentValuesAtLaunch reads; nullopt when some
/// extent of the grid or the block is not known.
std::optional<int64_t>
mostWarpsAtLaunch(const clang::CUDAKernelCallExpr *Launch,
                  const clang::FunctionDecl *Caller, const KernelUseIndex &Uses,
                  clang::ASTContext &Ctx);

/// The block extent (0 for x, 1 for y, 2 for z) that \p Launch passes
/// again as its argument \p Arg (`k<<<g, C>>>(.., C)`: the same variable
/// or the same value); nullopt when none.
std::optional<unsigned>
blockExtentPassed(const clang::Expr *Arg,
                  const clang::CUDAKernelCallExpr *Launch,
                  const clang::FunctionDecl *Caller, clang::ASTContext &Ctx);

} // namespace cudalint

#endif
