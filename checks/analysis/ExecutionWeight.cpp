//===--- ExecutionWeight.cpp - how often each part of a kernel runs -------===//

#include "ExecutionWeight.h"

#include "CudaAST.h"
#include "CudaNames.h"
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

// The value a leaf of a loop condition over a fixed extent takes at trip \p
// Trip of \p Loop, in thread 0 of a block of \p BlockThreads (thread 0 runs
// the most trips of `i = threadIdx.x; i < n; i += blockDim.x`); nullopt for
// any other leaf.
std::optional<int64_t> fixedExtentLeaf(const SymNode &Leaf, const Stmt *Loop,
                                       int64_t Trip, int64_t BlockThreads) {
  switch (Leaf.Kind) {
  case SymKind::ThreadIdx:
    return 0;
  case SymKind::BlockDim:
    return Leaf.Dim == 0 ? BlockThreads : 1;
  case SymKind::LoopIter:
    if (Leaf.Id == Loop)
      return Trip;
    return std::nullopt;
  case SymKind::ArrayDim:
    return Leaf.Value;
  default:
    return std::nullopt;
  }
}

void conjunctsOf(const SymRef &E, llvm::SmallVectorImpl<SymRef> &Out) {
  if (E->Kind == SymKind::LAnd) {
    for (const SymRef &Op : E->Ops)
      conjunctsOf(Op, Out);
    return;
  }
  Out.push_back(E);
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

ExecutionWeights::ExecutionWeights(const KernelModel &M,
                                   std::optional<int64_t> BlockThreads)
    : M(M), BlockThreads(BlockThreads.value_or(TypicalBlockThreads)) {
  for (const MemAccess &A : M.accesses()) {
    double W = of(A);
    Total += W;
    Heaviest = std::max(Heaviest, W);
  }
  for (const BranchCondition &B : M.conditions()) {
    double W = weightOfLoops(B.Loops);
    Total += W;
    Heaviest = std::max(Heaviest, W);
  }
  llvm::SmallVector<const Stmt *, 4> Loops;
  if (const Stmt *Body = M.kernel().getBody())
    addDeviceRuntimeCalls(Body, Loops);
}

// The device runtime's calls are work the model's accesses and branches do
// not show (`cudaFree(rec[i].buf)` after one load of the pointer).
void ExecutionWeights::addDeviceRuntimeCalls(
    const Stmt *S, llvm::SmallVectorImpl<const Stmt *> &Loops) {
  if (const auto *CE = dyn_cast<CallExpr>(S); CE && isDeviceRuntimeCall(CE)) {
    double W = DeviceRuntimeCallWork * weightOfLoops(Loops);
    Total += W;
    Heaviest = std::max(Heaviest, W);
  }
  bool Loop = isLoopStmt(S);
  if (Loop)
    Loops.push_back(S);
  for (const Stmt *Child : S->children())
    if (Child)
      addDeviceRuntimeCalls(Child, Loops);
  if (Loop)
    Loops.pop_back();
}

// A loop whose condition compares its counter with a constant extent, or a
// constant share of the block's (`j < 2048 / blockDim.x`, `i < 1024` stepped
// by blockDim.x): a thread's part of filling a fixed-size tile. It runs the
// extent over the block's threads, however large the kernel's runtime sizes.
std::optional<double>
ExecutionWeights::shareOfFixedExtent(const Stmt *Loop) const {
  constexpr int64_t MaxTrips = 4096;
  for (const BranchCondition &B : M.conditions()) {
    if (B.S != Loop || !B.Value)
      continue;
    llvm::SmallVector<SymRef, 2> Conjuncts;
    conjunctsOf(B.Value, Conjuncts);
    std::optional<int64_t> Fewest;
    for (const SymRef &C : Conjuncts) {
      if (!C->isComparison() || !readsLoopIteration(*C, Loop))
        continue;
      int64_t Trip = 0;
      for (; Trip < MaxTrips; ++Trip) {
        std::optional<int64_t> Holds = evaluate(*C, [&](const SymNode &L) {
          return fixedExtentLeaf(L, Loop, Trip, BlockThreads);
        });
        if (!Holds || !*Holds)
          break;
      }
      bool Known = evaluate(*C, [&](const SymNode &L) {
                     return fixedExtentLeaf(L, Loop, 0, BlockThreads);
                   }).has_value();
      if (Known && Trip < MaxTrips)
        Fewest = std::min(Fewest.value_or(Trip), Trip);
    }
    if (Fewest)
      return double(std::max<int64_t>(*Fewest, 1));
    return std::nullopt;
  }
  return std::nullopt;
}

double ExecutionWeights::loopTrips(const Stmt *Loop) const {
  auto [It, New] = TripsOf.try_emplace(Loop, 0);
  if (!New)
    return It->second;
  double Trips = RuntimeLoopTrips;
  if (std::optional<int64_t> N = M.tripCount(Loop))
    Trips = double(std::max<int64_t>(*N, 1));
  // A constant caps the trips (`k < 8 && ...`): at most that many.
  else if (std::optional<int64_t> Cap = M.tripCap(Loop))
    Trips = double(std::max<int64_t>(*Cap, 1));
  else if (scalesItsCounter(Loop, M.kernel().getASTContext()) ||
           halvesInterval(Loop))
    Trips = LogarithmicLoopTrips;
  else if (std::optional<double> Share = shareOfFixedExtent(Loop))
    Trips = *Share;
  TripsOf[Loop] = Trips;
  return Trips;
}

double
ExecutionWeights::weightOfLoops(llvm::ArrayRef<const Stmt *> Loops) const {
  double W = 1;
  for (const Stmt *L : Loops)
    W *= loopTrips(L);
  return W;
}

double ExecutionWeights::of(const MemAccess &A) const {
  llvm::ArrayRef<const Stmt *> Loops = A.Loops;
  // Only the innermost loops: between two trips of an outer one, the inner
  // loop's traffic has come through the L1.
  if (A.IsLoad && !A.IsStore && !A.IsAtomic && A.Offset)
    while (!Loops.empty() &&
           !movesWithLoop(*A.Offset, Loops.back(), M.kernel()))
      Loops = Loops.drop_back();
  return weightOfLoops(Loops);
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
