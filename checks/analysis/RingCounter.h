//===--- RingCounter.h - a loop variable stepped around a ring ------------===//
//
// `j = (j + 1) % n`, `j = j + 1 == n ? 0 : j + 1`, `if (++j == n) j = 0;`,
// `j = (j - 1 + n) % n`: however it is spelt, the variable steps around the
// ring 0 .. n - 1 by a fixed amount every iteration. Recognised by running
// the statements of the loop that write it for every value of the ring, at
// a few sizes, rather than by the spelling: the kernel model then follows it
// as `(start + k * step) % n`, so that a loop that runs until the counter is
// back at a lane's start is seen to run the same trips in every lane.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_RINGCOUNTER_H
#define CUDALINT_ANALYSIS_RINGCOUNTER_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace cudalint {

/// How a ring counter steps.
struct RingStep {
  /// A read of the ring's size (`n`), a variable the loop does not write;
  /// null when the size is the constant Size.
  const clang::Expr *SizeRead = nullptr;
  int64_t Size = 0;
  /// The step: Step forward, or with Back, Step backward.
  int64_t Step = 1;
  bool Back = false;
};

/// How \p V steps around a ring in each iteration of a loop (body \p Body,
/// increment \p Inc; \p Written: every variable the loop writes), or
/// nullopt when the loop's writes to it do not step it around one.
std::optional<RingStep>
ringStep(const clang::VarDecl *V, const clang::Stmt *Body,
         const clang::Expr *Inc,
         const llvm::DenseMap<const clang::VarDecl *, unsigned> &Written);

} // namespace cudalint

#endif
