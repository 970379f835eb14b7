//===--- RowWork.h - what a thread does along its own row -------*- C++ -*-===//
//
// A thread that walks a row of its own in a loop (one row per thread, lanes
// a row apart) can be fixed in different ways depending on what it computes
// along the row: a reduction goes to a warp that combines with shuffles, an
// elementwise copy or conversion lets the lanes take consecutive elements,
// and a recurrence (each element from the one before) has no thread remap at
// all. This file tells them apart from the loop's stores and the locals it
// carries from one iteration to the next.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_ROWWORK_H
#define CUDALINT_ANALYSIS_ROWWORK_H

#include "KernelModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

namespace cudalint {

/// What the iterations of a thread's row loop compute.
enum class RowWork {
  /// Each stored element depends on one the loop computed before it: a
  /// running sum or sliding window stored as it goes (`t += in[j]; out[j] =
  /// t;`), a row scanned or back-substituted in place (`x[j] -= x[j - 1] *
  /// a[j]`).
  Recurrence,
  /// A value accumulated over the row and used after it: a dot product, a
  /// sum, a max, in a local (`s += a[j] * x[j]`) or at an address the loop
  /// does not move (`w[i] += a[i * n + j] * x[j]`).
  Reduction,
  /// Every stored element comes from loaded elements on its own, and the
  /// store moves with the loop: a copy or an elementwise conversion.
  Copy,
  /// None of these (nothing stored along the row, or stored values that a
  /// loop nested inside reduces, or that need a value reduced over the row
  /// first and the loop reduces nothing itself).
  Other,
};

/// What \p Loop computes along the rows of the threads of \p M.
RowWork rowWork(const KernelModel &M, const clang::Stmt *Loop,
                clang::ASTContext &Ctx);

/// True when the stores of \p Loop need a value reduced over a loop of the
/// kernel first (`id` from the `amax` of the run, then `y[j] = x[j] * id`).
bool storesNeedReducedValue(const KernelModel &M, const clang::Stmt *Loop,
                            clang::ASTContext &Ctx);

/// True when the value \p Store writes is the one \p Load reads, directly
/// or through locals (`out[p] = in[i]`, `float v = in[i]; out[p] = v;`).
bool storesLoadedValue(const MemAccess &Store, const MemAccess &Load,
                       clang::ASTContext &Ctx);

/// True when each iteration of \p Loop moves \p A by one element, forwards
/// or backwards (`a[r * n + j]`, `a[r * n + n - 2 - j]`).
bool walksAlongLoop(const MemAccess &A, const clang::Stmt *Loop);

} // namespace cudalint

#endif
