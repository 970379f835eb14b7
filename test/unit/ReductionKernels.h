//===--- ReductionKernels.h - interleaved reductions for unit tests -------===//
//
// The textbook interleaved tree reduction with its parts spelled as a test
// asks, and the `if` of a kernel's reduction loop, for the tests of
// Reduction.h and of the sequential-addressing rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_TEST_REDUCTIONKERNELS_H
#define CUDALINT_TEST_REDUCTIONKERNELS_H

#include "KernelTU.h"

#include <string>

namespace cudalint {

/// The parts of a reduction kernel that vary; the defaults are the textbook
/// spelling.
struct ReductionSpelling {
  std::string Element = "float";
  /// What `unsigned tid` holds; no `tid` when empty.
  std::string Tid = "threadIdx.x";
  /// What runs before the loop.
  std::string Before = "sdata[tid] = in[blockIdx.x * blockDim.x + tid];\n"
                       "  __syncthreads();";
  /// The loop's header; when empty, `for (unsigned s = 1; s < Bound; Step)`.
  std::string Loop;
  std::string Bound = "blockDim.x";
  std::string Step = "s *= 2";
  std::string Test = "tid % (2 * s) == 0";
  /// A statement without its `;`, or a block.
  std::string Combine = "sdata[tid] += sdata[tid + s]";
  std::string Barrier = "__syncthreads();";
  /// What runs after the loop.
  std::string After = "if (tid == 0) out[blockIdx.x] = sdata[0];";
};

/// The textbook spelling with the changes \p Change makes to it.
template <typename ChangeT> ReductionSpelling spelled(ChangeT Change) {
  ReductionSpelling S;
  Change(S);
  return S;
}

/// The reduction on threadIdx.x itself, without `tid`, of \p Element.
inline ReductionSpelling onThreadIndex(const std::string &Element) {
  ReductionSpelling S;
  S.Element = Element;
  S.Tid = "";
  S.Before = "sdata[threadIdx.x] = in[threadIdx.x];\n  __syncthreads();";
  S.Test = "threadIdx.x % (2 * s) == 0";
  S.Combine = "sdata[threadIdx.x] += sdata[threadIdx.x + s]";
  S.After = "out[blockIdx.x] = sdata[0];";
  return S;
}

/// `__global__ void <Name>(const T *in, T *out, int n)` reducing through
/// `__shared__ T sdata[256]`.
inline std::string reductionKernel(const std::string &Name,
                                   const ReductionSpelling &S = {}) {
  const std::string &T = S.Element;
  std::string Loop = !S.Loop.empty() ? S.Loop
                                     : "for (unsigned s = 1; s < " + S.Bound +
                                           "; " + S.Step + ")";
  std::string Tid = S.Tid.empty() ? "" : "  unsigned tid = " + S.Tid + ";\n";
  std::string End = S.Combine.back() == '}' ? "\n" : ";\n";
  return "__global__ void " + Name + "(const " + T + " *in, " + T +
         " *out, int n) {\n  __shared__ " + T + " sdata[256];\n" + Tid + "  " +
         S.Before + "\n  " + Loop + " {\n    if (" + S.Test + ")\n      " +
         S.Combine + End + "    " + S.Barrier + "\n  }\n  " + S.After + "\n}\n";
}

/// The first `if` inside a `for` of function \p Function.
inline const IfStmt *ifInLoop(KernelTU &TU, StringRef Function) {
  auto Matches = match(ifStmt(hasAncestor(forStmt()),
                              hasAncestor(functionDecl(hasName(Function))))
                           .bind("if"),
                       TU.ctx());
  return Matches.empty() ? nullptr : Matches[0].getNodeAs<IfStmt>("if");
}

} // namespace cudalint

#endif
