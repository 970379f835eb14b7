//===--- NaiveGemmCheck.h - cudalint ----------------------------*- C++ -*-===//

#ifndef CUDALINT_NAIVEGEMMCHECK_H
#define CUDALINT_NAIVEGEMMCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Which measured size a product's figure comes from (see sizeClassOf).
enum class GemmSizeClass { Unknown, Small, Large };

struct MatrixProduct;
struct LaunchedSize;
class MatrixProductFinder;

/// Flags matrix products computed on CUDA cores: a loop that accumulates
/// `acc += A[..k..] * B[..k..]`, where the two operands follow different
/// thread coordinates and the result is stored at both, and offers (on a
/// note) the equivalent cuBLAS call in place of the kernel's launch.
///
/// For the user-facing documentation see docs/checks/naive-gemm.md.
class NaiveGemmCheck : public KernelCheck {
public:
  using KernelCheck::KernelCheck;

private:
  void checkKernel(const KernelView &Kernel, FindingSink &Sink) override;
  /// The finding at \p Loc, the accumulating statement, with its notes.
  void reportProduct(const MatrixProduct &P, GemmSizeClass Class,
                     clang::SourceLocation Loc, clang::ASTContext &Ctx,
                     FindingSink &Sink);
  /// A product whose launches are too small for any measured figure: a
  /// remark, with no cuBLAS call offered.
  void reportSmallProduct(const MatrixProduct &P, const LaunchedSize &Size,
                          clang::SourceLocation Loc, clang::ASTContext &Ctx,
                          FindingSink &Sink);
  /// The cuBLAS call in place of the kernel's launches, as a note with
  /// fix-its; or a note on why none is offered.
  void offerCublasCall(const MatrixProduct &P,
                       const MatrixProductFinder &Finder,
                       const clang::FunctionDecl *Kernel,
                       clang::SourceLocation Loc, clang::ASTContext &Ctx,
                       FindingSink &Sink);
};

} // namespace cudalint

#endif
