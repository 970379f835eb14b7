//===--- NaiveGemmCheck.h - cudalint ----------------------------*- C++ -*-===//

#ifndef CUDALINT_NAIVEGEMMCHECK_H
#define CUDALINT_NAIVEGEMMCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <set>

namespace cudalint {

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
  void checkKernel(const clang::FunctionDecl *Kernel,
                   clang::ASTContext &Ctx) override;
  void resetTranslationUnitState() override { HelperAdded.clear(); }
  /// Files of this translation unit whose rewrite already inserts the
  /// helper.
  std::set<unsigned> HelperAdded;
};

} // namespace cudalint

#endif
