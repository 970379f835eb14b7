//===--- StridedContraction.h - sums that skip or split k -------*- C++ -*-===//
//
// A matrix product reads its operands at plain affine steps of the
// contraction's counter and adds every term. A sum whose operand index
// divides the counter (`x[(t + p - k * d) / s]`) or whose terms a
// remainder test of the counter skips (`if ((t - k) % s) continue;`) is
// another shape: a strided or transposed convolution, a decimation. cuBLAS
// does not run it as it stands, and the square-GEMM figures do not give its
// cost.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_STRIDEDCONTRACTION_H
#define CUDALINT_ANALYSIS_STRIDEDCONTRACTION_H

#include "SymExpr.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"

namespace cudalint {

/// Whether \p E takes the counter of one of \p Loops apart: a quotient, a
/// remainder, a shift right or a mask of it.
bool splitsCounter(const SymNode &E, llvm::ArrayRef<const clang::Stmt *> Loops);

/// Whether a remainder test of a value computed from the counters of \p
/// Loops, without reading memory, skips terms of the sum \p S inside \p
/// KLoop: `if (i % s != 0) continue;` before it, or `if (i % s == 0)`
/// around it.
bool filteredByCounter(const clang::Stmt *S, const clang::Stmt *KLoop,
                       llvm::ArrayRef<const clang::Stmt *> Loops);

} // namespace cudalint

#endif
