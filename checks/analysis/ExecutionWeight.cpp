//===--- ExecutionWeight.cpp - how often each part of a kernel runs -------===//

#include "ExecutionWeight.h"

#include "CudaAST.h"
#include "ModifiedVars.h"
#include "TripSpread.h"

#include "clang/AST/Decl.h"

#include <algorithm>

using namespace clang;

namespace cudalint {

namespace {

/// Removing the waste of accesses that do under 5% of a kernel's work saves
/// under 5% of its time: within the run-to-run spread of a measurement (the
/// launch-shape remark already treats 1.03x as noise), so no figure quoted
/// for them could be measured.
constexpr double NegligibleShare = 0.05;

/// A loop that scales its counter every trip runs the logarithm of its
/// range: a tree over a block of up to 1024 threads, a shuffle ladder over a
/// warp, a bisection over a table.
constexpr double LogarithmicLoopTrips = 10;

bool scalesOrShifts(BinaryOperatorKind K) {
  return K == BO_Mul || K == BO_Div || K == BO_Shl || K == BO_Shr ||
         K == BO_MulAssign || K == BO_DivAssign || K == BO_ShlAssign ||
         K == BO_ShrAssign;
}

// Every write of a variable the loop's condition reads multiplies, divides
// or shifts it (`s >>= 1`, `offset /= 2`, `s = s * 2`).
bool scalesItsCounter(const Stmt *Loop, ASTContext &Ctx) {
  const Expr *Cond = conditionOf(Loop);
  if (!Cond)
    return false;
  ModifiedVars Mods = writesOfLoop(Loop);
  for (auto &[V, Writes] : Mods.All) {
    if (referencesTo(V, Cond, Ctx).empty())
      continue;
    bool Scales = llvm::all_of(Writes, [](const Expr *W) {
      const auto *BO = dyn_cast<BinaryOperator>(W->IgnoreParenImpCasts());
      if (!BO)
        return false;
      if (BO->isCompoundAssignmentOp())
        return scalesOrShifts(BO->getOpcode());
      const auto *RHS =
          dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
      return RHS && scalesOrShifts(RHS->getOpcode());
    });
    if (Scales && !Writes.empty())
      return true;
  }
  return false;
}

double loopTrips(const Stmt *Loop, const KernelModel &M) {
  if (std::optional<int64_t> N = M.tripCount(Loop))
    return double(std::max<int64_t>(*N, 1));
  // A constant caps the trips (`k < 8 && ...`): at most that many.
  if (std::optional<int64_t> Cap = M.tripCap(Loop))
    return double(std::max<int64_t>(*Cap, 1));
  if (scalesItsCounter(Loop, M.kernel().getASTContext()) ||
      halvesInterval(Loop))
    return LogarithmicLoopTrips;
  return ExecutionWeights::RuntimeLoopTrips;
}

double weightOfLoops(llvm::ArrayRef<const Stmt *> Loops, const KernelModel &M) {
  double W = 1;
  for (const Stmt *L : Loops)
    W *= loopTrips(L, M);
  return W;
}

bool isParameterOf(const void *Id, const FunctionDecl &Kernel) {
  return llvm::any_of(Kernel.parameters(), [&](const ParmVarDecl *P) {
    return static_cast<const void *>(P) == Id;
  });
}

// Whether the address \p Offset may change from one trip of \p Loop to the
// next: it reads the loop's counter, or a value the analysis cannot show
// fixed (a local the loop updates, data, anything but the kernel's
// parameters, the built-in indices and constants).
bool movesWithLoop(const SymNode &Offset, const Stmt *Loop,
                   const FunctionDecl &Kernel) {
  return anyLeaf(Offset, [&](const SymNode &Leaf) {
    switch (Leaf.Kind) {
    case SymKind::LoopIter:
      return Leaf.Id == Loop;
    case SymKind::Uniform:
      return !isParameterOf(Leaf.Id, Kernel);
    case SymKind::Varying:
      return true;
    default:
      return false;
    }
  });
}

} // namespace

ExecutionWeights::ExecutionWeights(const KernelModel &M) : M(M) {
  for (const MemAccess &A : M.accesses()) {
    double W = of(A);
    Total += W;
    Heaviest = std::max(Heaviest, W);
  }
  for (const BranchCondition &B : M.conditions()) {
    double W = weightOfLoops(B.Loops, M);
    Total += W;
    Heaviest = std::max(Heaviest, W);
  }
}

double ExecutionWeights::of(const MemAccess &A) const {
  llvm::ArrayRef<const Stmt *> Loops = A.Loops;
  // Only the innermost loops: between two trips of an outer one, the inner
  // loop's traffic has come through the L1.
  if (A.IsLoad && !A.IsStore && !A.IsAtomic && A.Offset)
    while (!Loops.empty() &&
           !movesWithLoop(*A.Offset, Loops.back(), M.kernel()))
      Loops = Loops.drop_back();
  return weightOfLoops(Loops, M);
}

bool ExecutionWeights::negligible(llvm::ArrayRef<const MemAccess *> G,
                                  double Waste) const {
  double W = 0;
  for (const MemAccess *A : G)
    W = std::max(W, of(*A));
  if (W >= Heaviest)
    return false;
  // The wasted sectors count as that many more coalesced accesses.
  double Extra = std::max(Waste - 1, 0.0) * W;
  return Extra < NegligibleShare * (Total + Extra);
}

} // namespace cudalint
