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
#include "Warp.h"

#include "clang/AST/Stmt.h"

#include <optional>
#include <string>

namespace cudalint {

/// The interleaved tree reduction in the shapes the sequential-addressing
/// rewrite handles:
///   for (unsigned s = 1; s < B; s *= 2) {   // or s <<= 1, s += s
///     if (tid % (2 * s) == 0)               // or (tid & (2 * s - 1)) == 0
///       sdata[tid] += sdata[tid + s];       // or = fmaxf(sdata[tid], ...)
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
  /// How the pair is combined: a sum (`+=`, `a = a + b`), whose result
  /// depends on the order for floating point, or a min or max, whose
  /// result does not.
  enum CombineKind { Sum, MinMax } Combine = Sum;
};

/// True when the branch \p C is the step of an interleaved tree (a
/// reduction, a scan's up-sweep), however it is spelled: it sits in a loop
/// that holds a block barrier, and in iteration k of that loop it lets
/// one thread in 2^(k+j) through, evenly spaced, for a fixed j >= 1 (`tid %
/// (2 * s) == 0`, `(tid & (2 * s - 1)) == 0`, `tid % (s << 1)`, on a
/// linear index of a 2D block, through a helper), as \p S samples it.
bool isInterleavedTreeStep(const BranchCondition &C, const KernelModel &M,
                           const WarpSampler &S);

/// The reduction whose step is \p If, if \p If is one.
std::optional<InterleavedReduction>
interleavedReduction(const clang::IfStmt *If, const KernelModel &M,
                     clang::ASTContext &Ctx);

/// True when every use of \p Array in \p F after \p Loop reads element 0.
bool onlyFirstElementReadAfter(const clang::ForStmt *Loop,
                               const clang::VarDecl *Array,
                               const clang::FunctionDecl *F,
                               clang::ASTContext &Ctx);

/// True when the tree that \p A walks in \p TreeLoop keeps its values in
/// place for later: after that loop, a load of the same array (in the same
/// inlined call) reads a thread-dependent element, as a scan's down-sweep or
/// a thread reading its own prefix does. A reduction reads only its root.
bool treeValuesReadAfter(const KernelModel &M, const MemAccess &A,
                         const clang::Stmt *TreeLoop);

/// The remedy for the conflicts of the strided tree that \p A walks in \p
/// TreeLoop: sequential addressing for a reduction; for a scan, which needs
/// its tree in place, a padding of the index, with the growth of the array
/// it needs.
std::string stridedTreeRemedy(const KernelModel &M, const MemAccess &A,
                              const clang::Stmt *TreeLoop);

} // namespace cudalint

#endif
