//===--- NaiveGemmRewrite.h - a naive GEMM's launch as cuBLAS ---*- C++ -*-===//
//
// What the naive-gemm check offers in place of a kernel's launch: which
// kernel parameters are the arguments of one cuBLAS GEMM (decided from the
// product's addresses, guards and loops, or why none can be), and the text
// of the call and of the helper it calls.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_NAIVEGEMMREWRITE_H
#define CUDALINT_NAIVEGEMMREWRITE_H

#include "analysis/CudaAST.h"
#include "analysis/MatrixProduct.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <set>
#include <string>
#include <vector>

namespace cudalint {

/// The kernel parameters that become the arguments of row-major
/// C = alpha * A * B + beta * C.
struct CublasCall {
  std::string Type; ///< "float" or "double".
  const clang::ParmVarDecl *M = nullptr, *N = nullptr, *K = nullptr;
  const clang::ParmVarDecl *A = nullptr, *Lda = nullptr;
  const clang::ParmVarDecl *B = nullptr, *Ldb = nullptr;
  const clang::ParmVarDecl *C = nullptr, *Ldc = nullptr;
  /// The scales, when the kernel takes them as parameters...
  const clang::ParmVarDecl *Alpha = nullptr, *Beta = nullptr;
  /// ...else the literals for a result stored unscaled.
  std::string AlphaText, BetaText;
};

struct CublasPlan {
  CublasCall Call;
  /// Why no call is offered; empty when one is.
  std::string WhyNot;
};

/// The cuBLAS call that computes \p P, when every role is known.
CublasPlan planCublasCall(const MatrixProduct &P,
                          const MatrixProductFinder &Finder, bool HasLaunches);

/// The compute type the call asks for: for float, TF32 tensor cores where
/// \p Tf32 (every target has them), else full FP32.
std::string cublasComputeType(const std::string &Type, bool Tf32);

/// The launches of a kernel replaced by the call.
struct LaunchRewrites {
  llvm::SmallVector<clang::FixItHint, 4> Edits;
  /// The launches replaced.
  llvm::SmallVector<clang::SourceLocation, 4> Rewritten;
  /// Launches left alone: an argument has side effects, or the launch is
  /// written by a macro.
  llvm::SmallVector<clang::SourceLocation, 4> Kept;
  /// The arguments of the first launch replaced, in the order of
  /// `cudalintGemm`: M, N, K, alpha, A, lda, B, ldb, beta, C, ldc.
  std::vector<std::string> FirstArgs;
};

/// Replaces each of \p Launches with a call of `cudalintGemm` in the
/// compute type \p Compute (cublasComputeType), and inserts
/// the helper in each file of this translation unit not in \p HelperAdded
/// (and adds it there) unless the translation unit declares it.
LaunchRewrites rewriteLaunches(const CublasCall &Call,
                               const std::string &Compute,
                               llvm::ArrayRef<LaunchSite> Launches,
                               clang::ASTContext &Ctx,
                               std::set<unsigned> &HelperAdded);

} // namespace cudalint

#endif
