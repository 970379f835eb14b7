//===--- ThreadStridedLoops.h - loops that spread over threads --*- C++ -*-===//
//
// A grid-, block- or warp-stride loop hands each thread its own iterations
// (`for (i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x *
// gridDim.x)`): no iteration of a thread touches what an earlier one of that
// thread did, so a store in one cannot hold back a load in the next.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_THREADSTRIDEDLOOPS_H
#define CUDALINT_ANALYSIS_THREADSTRIDEDLOOPS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace cudalint {

/// The argument that a parameter of a helper being walked is bound to at
/// its call, or null (a kernel's parameter).
using ArgumentOfParam =
    llvm::function_ref<const clang::Expr *(const clang::ParmVarDecl *)>;

/// True when \p Loop spreads its iterations over threads: a counter that its
/// condition tests steps by a count of threads (`blockDim.x * gridDim.x`,
/// `warpSize`, 32 or more, a cooperative group's `size()`) and starts at a
/// thread- or block-dependent value, or is offset by one wherever the body
/// uses it (`for (i = 0; i < n; i += blockDim.x) a[i + tid] = ...`), or whose
/// bound divides an extent by a count of threads and every use of which is
/// scaled by one (`for (i = 0; i < C / (32 * 8); ++i) a[lane * 8 + i * 32 *
/// 8]`: a warp-stride loop written with a unit step). Values
/// are followed through the initialisers of locals and, inside a helper,
/// through \p ArgumentOf.
bool isThreadStridedLoop(const clang::Stmt *Loop, const clang::ASTContext &Ctx,
                         ArgumentOfParam ArgumentOf);

/// True when \p E depends on a thread's place in the grid (`threadIdx`,
/// `blockIdx`, a group's `thread_rank()`), directly or through the locals
/// and, inside a helper, the arguments it is computed from.
bool dependsOnThreadIndex(const clang::Expr *E, const clang::ASTContext &Ctx,
                          ArgumentOfParam ArgumentOf);

} // namespace cudalint

#endif
