//===--- DivergentBranchFix.cpp - sequential addressing for a reduction ---===//

#include "DivergentBranchFix.h"
#include "analysis/CudaAST.h"
#include "analysis/ThreadStridedLoops.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace cudalint {

namespace {

bool isPowerOfTwo(int64_t V) { return V > 0 && (V & (V - 1)) == 0; }

// True when every shape fixes blockDim.x and \p Pred holds for it.
template <typename PredT>
bool everyBlockX(llvm::ArrayRef<BlockShape> Shapes, PredT Pred) {
  return llvm::all_of(Shapes,
                      [&](const BlockShape &S) { return S.X && Pred(*S.X); });
}

// The four edits: `s = B / 2`, `s > 0`, `s >>= 1`, `tid < s`; none when a
// part of the loop is written by a macro.
void buildEdits(const InterleavedReduction &R, SequentialAddressing &Fix,
                const ASTContext &Ctx) {
  const auto *LoopCond =
      cast<BinaryOperator>(R.Loop->getCond()->IgnoreParenImpCasts());
  CharSourceRange InitR = fileRange(R.Init->getSourceRange(), Ctx),
                  CondR = fileRange(LoopCond->getSourceRange(), Ctx),
                  IncR = fileRange(R.Loop->getInc()->getSourceRange(), Ctx),
                  IfR = fileRange(R.If->getCond()->getSourceRange(), Ctx);
  if (Fix.BoundText.empty() || !InitR.isValid() || !CondR.isValid() ||
      !IncR.isValid() || !IfR.isValid())
    return;
  bool SimpleBound = llvm::all_of(Fix.BoundText, [](char Ch) {
    return isalnum(static_cast<unsigned char>(Ch)) || Ch == '_' || Ch == '.';
  });
  Fix.Half = (SimpleBound ? Fix.BoundText : "(" + Fix.BoundText + ")") + " / 2";
  const std::string &S = Fix.StrideName;
  Fix.Edits = {FixItHint::CreateReplacement(InitR, Fix.Half),
               FixItHint::CreateReplacement(CondR, S + " > 0"),
               FixItHint::CreateReplacement(IncR, S + " >>= 1"),
               FixItHint::CreateReplacement(IfR, Fix.TidText + " < " + S)};
}

// Why sequential addressing would leave another value where the program
// reads one, or empty. A bound known not to be a power of two drops
// elements. Interleaved and sequential addressing leave the same value only
// in element 0: anything else read after the loop differs. Through a
// pointer (`T *sdata = SharedMemory<T>()`), other names can read the other
// elements: only an array is followed.
std::string whyRewriteIsWrong(const InterleavedReduction &R,
                              const std::string &BoundText,
                              llvm::ArrayRef<BlockShape> Shapes, bool Nested,
                              const FunctionDecl &F, ASTContext &Ctx) {
  std::optional<int64_t> BoundValue = integerConstant(R.Bound, Ctx);
  bool KnownNotPow2 =
      BoundValue
          ? !isPowerOfTwo(*BoundValue)
          : R.BoundIsBlockDimX &&
                everyBlockX(Shapes, [](int64_t X) { return !isPowerOfTwo(X); });
  if (KnownNotPow2)
    return "'" + BoundText +
           "' is not a power of two, so the halving loop would skip elements";
  bool IsArray = R.Array->getType()->isArrayType();
  if (!IsArray)
    return "'" + R.Array->getName().str() +
           "' is a pointer, so cudalint cannot see whether elements other "
           "than the first are read after the loop (they hold other partial "
           "sums after the rewrite)";
  if (Nested || !onlyFirstElementReadAfter(R.Loop, R.Array, &F, Ctx))
    return "elements other than '" + R.Array->getName().str() +
           "[0]' are read after the loop (or the loop is nested), and they "
           "hold other partial sums after the rewrite";
  return "";
}

// Why --fix does not apply the rewrite by itself, or empty: the result is
// the same only for a power-of-two bound, and, for a sum, in integers (a
// min or max does not depend on the order).
std::string whyNotApplied(const InterleavedReduction &R,
                          const std::string &BoundText,
                          llvm::ArrayRef<BlockShape> Shapes,
                          const ASTContext &Ctx) {
  std::optional<int64_t> BoundValue = integerConstant(R.Bound, Ctx);
  bool Pow2 = BoundValue
                  ? isPowerOfTwo(*BoundValue)
                  : R.BoundIsBlockDimX && everyBlockX(Shapes, [](int64_t X) {
                      return isPowerOfTwo(X);
                    });
  if (!Pow2)
    return BoundValue ? "'" + BoundText + "' is not a power of two"
           : R.BoundIsBlockDimX
               ? "blockDim.x is not known to be a power of two (the "
                 "launches in this file do not all fix it to one)"
               : "'" + BoundText + "' is not known to be a power of two";
  if (R.Combine == InterleavedReduction::Sum && !R.Element->isIntegerType())
    return "the elements are floating point and the sum is taken in a "
           "different order, so the last bits can change";
  return "";
}

} // namespace

bool compactedWorkListFits(const BranchCondition &C, const ASTContext &Ctx) {
  return llvm::all_of(C.Loops, [&](const Stmt *Loop) {
    return isThreadStridedLoop(Loop, Ctx, [](const ParmVarDecl *) {
      return static_cast<const Expr *>(nullptr);
    });
  });
}

SequentialAddressing sequentialAddressing(const InterleavedReduction &R,
                                          llvm::ArrayRef<BlockShape> Shapes,
                                          bool Nested, const FunctionDecl &F,
                                          ASTContext &Ctx) {
  SequentialAddressing Fix;
  Fix.BoundText = exactSourceText(R.Bound->getSourceRange(), Ctx);
  Fix.TidText = R.Tid ? R.Tid->getName().str() : "threadIdx.x";
  Fix.StrideName = R.Stride->getName().str();
  buildEdits(R, Fix, Ctx);
  if (Fix.Edits.empty())
    return Fix;
  Fix.NotFixable = whyRewriteIsWrong(R, Fix.BoundText, Shapes, Nested, F, Ctx);
  if (!Fix.NotFixable.empty())
    Fix.Edits.clear();
  Fix.NotApplied = whyNotApplied(R, Fix.BoundText, Shapes, Ctx);
  Fix.OrderFree = R.Combine == InterleavedReduction::MinMax;
  return Fix;
}

} // namespace cudalint
