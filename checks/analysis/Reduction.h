//===--- Reduction.h - the interleaved tree reduction ---------------------===//
//
// Recognises the textbook interleaved tree reduction, whose `if` keeps one
// lane in 2*s busy at every step, so that every warp stays active and
// divergent; and says whether anything but element 0 of its array is read
// after it, which decides whether sequential addressing computes the same.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_REDUCTION_H
#define CUDALINT_ANALYSIS_REDUCTION_H

#include "KernelModel.h"

#include "clang/AST/Stmt.h"

#include <optional>

namespace cudalint {

/// The interleaved tree reduction in its textbook shape:
///   for (unsigned s = 1; s < B; s *= 2) {
///     if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
///     __syncthreads();
///   }
struct InterleavedReduction {
  const clang::ForStmt *Loop = nullptr;
  const clang::IfStmt *If = nullptr;
  const clang::VarDecl *Stride = nullptr; ///< `s`
  /// `tid`, a local holding threadIdx.x; null when threadIdx.x is written.
  const clang::VarDecl *Tid = nullptr;
  const clang::Expr *Init = nullptr;     ///< The `1` that `s` starts from.
  const clang::Expr *Bound = nullptr;    ///< `B`, without parens and casts.
  bool BoundIsBlockDimX = false;         ///< `B` is blockDim.x.
  const clang::VarDecl *Array = nullptr; ///< `sdata`
  clang::QualType Element;
};

/// The reduction whose step is \p If, if \p If is one.
std::optional<InterleavedReduction>
interleavedReduction(const clang::IfStmt *If, const KernelModel &M,
                     clang::ASTContext &Ctx);

/// True when every use of \p Array in \p F after \p Loop reads element 0.
bool onlyFirstElementReadAfter(const clang::ForStmt *Loop,
                               const clang::VarDecl *Array,
                               const clang::FunctionDecl *F,
                               clang::ASTContext &Ctx);

} // namespace cudalint

#endif
