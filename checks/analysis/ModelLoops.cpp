//===--- ModelLoops.cpp - loops, induction variables, trip counts ---------===//
//
// A loop is walked once, with every variable it writes replaced by what it
// holds in an arbitrary iteration: an induction variable stepped by a
// loop-invariant amount becomes `init + k * step` (or `init << k * shift`),
// where `k` is the iteration counter, the same for every lane of a warp;
// any other variable becomes an opaque symbol, thread-dependent when some
// write in the loop makes it so (found by up to two dry runs of the body).
//
//===----------------------------------------------------------------------===//

#include "CudaAST.h"
#include "CudaNames.h"
#include "ModelBuilder.h"
#include "RingCounter.h"

#include "clang/AST/ParentMapContext.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace cudalint {
using namespace model;

namespace {

// Steps `V += e`, `V -= e`, `++V`, `V = V + e`: the step, when that is the
// only write to V in the loop.
std::optional<std::pair<const Expr *, int>> inductionStep(const VarDecl *V,
                                                          const Expr *W) {
  if (const auto *UO = dyn_cast<UnaryOperator>(W))
    if (UO->isIncrementDecrementOp())
      return std::make_pair(nullptr, UO->isIncrementOp() ? 1 : -1);
  const auto *BO = dyn_cast<BinaryOperator>(W);
  if (!BO)
    return std::nullopt;
  if (BO->getOpcode() == BO_AddAssign)
    return std::make_pair(BO->getRHS(), 1);
  if (BO->getOpcode() == BO_SubAssign)
    return std::make_pair(BO->getRHS(), -1);
  if (BO->getOpcode() != BO_Assign)
    return std::nullopt;
  const auto *Sum =
      dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
    return std::nullopt;
  if (ModifiedVars::var(Sum->getLHS()) == V)
    return std::make_pair(Sum->getRHS(), Sum->getOpcode() == BO_Add ? 1 : -1);
  if (Sum->getOpcode() == BO_Add && ModifiedVars::var(Sum->getRHS()) == V)
    return std::make_pair(Sum->getLHS(), 1);
  return std::nullopt;
}

// An array element, a dereference or a member through a pointer.
bool readsMemory(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ArraySubscriptExpr>(S))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->getOpcode() == UO_Deref)
      return true;
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    if (ME->isArrow())
      return true;
  return llvm::any_of(S->children(), readsMemory);
}

// A read of the clock (`clock()`, `clock64()`): a loop that reads it waits
// for time to pass, and its state is a time, not data.
bool readsClock(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee())
      if (FD->getIdentifier() &&
          llvm::is_contained({"clock", "clock64", "__globaltimer"},
                             FD->getName()))
        return true;
  return llvm::any_of(S->children(), readsClock);
}

bool containsReturn(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (containsReturn(C))
      return true;
  return false;
}

// Whether the body of loop \p L has a jump that can skip the rest of an
// iteration (nested loops' own break/continue do not count).
bool jumpsOut(const Stmt *S, const Stmt *L) {
  for (const Stmt *C : S->children()) {
    if (!C)
      continue;
    if (isa<ReturnStmt>(C) || isa<GotoStmt>(C))
      return true;
    if (isa<ContinueStmt>(C) || isa<BreakStmt>(C))
      return true;
    bool Nested = isa<ForStmt>(C) || isa<WhileStmt>(C) || isa<DoStmt>(C) ||
                  isa<CXXForRangeStmt>(C) || isa<SwitchStmt>(C);
    if (Nested) {
      // Only returns inside nested loops leave this one.
      if (containsReturn(C))
        return true;
      continue;
    }
    if (jumpsOut(C, L))
      return true;
  }
  return false;
}

bool refersToAny(const Stmt *S,
                 const llvm::DenseMap<const VarDecl *, unsigned> &Vs) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (Vs.count(V))
        return true;
  if (isa<PseudoObjectExpr>(S))
    return false; // threadIdx.x and friends: the same every iteration.
  if (isa<CallExpr>(S) && !isa<CXXOperatorCallExpr>(S) &&
      !isGroupQuery(cast<CallExpr>(S)))
    return true; // A call may return something new each iteration.
  for (const Stmt *C : S->children())
    if (refersToAny(C, Vs))
      return true;
  return false;
}

// The variables written in the loop's body, condition and increment.
ModifiedVars writtenIn(const LoopShape &S) {
  ModifiedVars Mods;
  Mods.TraverseStmt(const_cast<Stmt *>(S.Body));
  if (S.Cond)
    Mods.TraverseStmt(const_cast<Expr *>(S.Cond));
  if (S.Inc)
    Mods.TraverseStmt(const_cast<Expr *>(S.Inc));
  return Mods;
}

} // namespace

void ModelBuilder::loop(const LoopShape &S) {
  recordEntryCondition(S);
  ModifiedVars Mods = writtenIn(S);
  LoopVars Vars = loopCarriedVars(S, Mods);
  settleLoopDependence(S, Vars);
  recordTripCount(S, Vars);
  assumeLoopValues(S.L, Vars);
  if (Dry)
    for (const VarDecl *V : Vars.Others)
      if (Vars.Dep.lookup(V))
        Dry->Seen.ThreadDependent[V] = true;

  size_t GuardDepth = Guards.size();
  bool TripDep = body(S);
  Guards.resize(GuardDepth);
  valuesAfterLoop(S.Body, Mods, TripDep);
  settleWarpButterflies(S, Mods);
}

// Sorts the variables the loop writes into induction variables and others;
// the others start out thread-dependent when their value before the loop is.
LoopVars ModelBuilder::loopCarriedVars(const LoopShape &S,
                                       const ModifiedVars &Mods) {
  LoopVars Vars;
  for (auto &[V, N] : Mods.Count) {
    if (!VarValues.count(V) &&
        (!V->hasLocalStorage() || !isIntLike(V->getType())))
      continue;
    if (std::optional<Value> Ind = inductiveValue(V, N, S, Mods))
      Vars.Inductive[V] = *Ind;
    else if (std::optional<Value> Ring = ringValue(V, S, Mods))
      Vars.Inductive[V] = *Ring;
    else
      Vars.Others.push_back(V);
  }
  bool WaitsForTime = readsClock(S.Body);
  for (const VarDecl *V : Vars.Others) {
    auto It = VarValues.find(V);
    Vars.Dep[V] = It != VarValues.end() && It->second.threadDependent();
    Vars.Origin[V] = WaitsForTime ? DataOrigin::None : loopStateOrigin(V, Mods);
  }
  return Vars;
}

// Whether a variable the loop carries is data: it starts from data, it is
// stepped by something read from memory (`sum += a[j]`), or the loop
// updates it other than by a step or a reset to a value from outside the
// loop (`zr = zr * zr - zi * zi + cr`: an evolving state, LoopState). A
// counter stepped or reset (`wtx += N; ... wtx = tx;`) is not, unless a
// dry run sees data written to it (see settleLoopDependence).
DataOrigin ModelBuilder::loopStateOrigin(const VarDecl *V,
                                         const ModifiedVars &Mods) {
  auto It = VarValues.find(V);
  if (It != VarValues.end() && It->second.Kind == Value::Scalar &&
      readsData(*It->second.S, {}))
    return DataOrigin::Memory;
  DataOrigin Origin = DataOrigin::None;
  for (const Expr *W : Mods.All.lookup(V)) {
    if (std::optional<std::pair<const Expr *, int>> Step =
            inductionStep(V, W)) {
      if (Step->first && readsMemory(Step->first))
        Origin = DataOrigin::Memory;
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(W);
    bool Reset = BO && BO->getOpcode() == BO_Assign &&
                 !refersToAny(BO->getRHS(), Mods.Count) &&
                 !readsMemory(BO->getRHS());
    if (!Reset)
      return DataOrigin::LoopState;
  }
  return Origin;
}

// The value of \p V (written \p Writes times in the loop) in iteration `k`,
// when it is an induction variable.
std::optional<ModelBuilder::Value>
ModelBuilder::inductiveValue(const VarDecl *V, unsigned Writes,
                             const LoopShape &S, const ModifiedVars &Mods) {
  auto It = VarValues.find(V);
  if (Writes != 1 || It == VarValues.end())
    return std::nullopt;
  const Expr *W = Mods.Last.lookup(V);
  std::optional<std::pair<const Expr *, int>> Step;
  if (It->second.Kind == Value::Scalar || It->second.Kind == Value::Ptr)
    Step = inductionStep(V, W);
  if (Step && Step->first && refersToAny(Step->first, Mods.Count))
    Step.reset();
  if (Step && !unconditionalIn(W, S.L, S.Inc))
    Step.reset();
  if (Step)
    return arithmeticInduction(V, *Step, S.L);
  if (It->second.Kind == Value::Scalar)
    return geometricInduction(V, It->second, W, S);
  return std::nullopt;
}

// A counter stepped around a ring (`j = (j + 1) % n`, `if (++j == n) j =
// 0;`): (init + k * step) % n, which holds while init is on the ring, as
// it is whenever the loop waits for the counter to come back to a value.
std::optional<ModelBuilder::Value>
ModelBuilder::ringValue(const VarDecl *V, const LoopShape &S,
                        const ModifiedVars &Mods) {
  auto It = VarValues.find(V);
  if (It == VarValues.end() || It->second.Kind != Value::Scalar ||
      jumpsOut(S.L, S.L))
    return std::nullopt;
  std::optional<RingStep> R = ringStep(V, S.Body, S.Inc, Mods.Count);
  if (!R)
    return std::nullopt;
  SymRef Size = symConst(R->Size);
  if (R->SizeRead) {
    Value SV = valueOnly(R->SizeRead);
    if (SV.Kind != Value::Scalar || SV.S->threadDependent())
      return std::nullopt;
    Size = SV.S;
  }
  SymRef Step = R->Back ? Size - symConst(R->Step) : symConst(R->Step);
  SymRef K = symLoopIter(S.L, "k_" + V->getName().str());
  Value Ring = It->second;
  Ring.S = symOp(SymKind::Rem, Ring.S + K * Step, Size);
  return Ring;
}

// `i += step`: init + k * step, the step scaled to bytes for a pointer.
std::optional<ModelBuilder::Value> ModelBuilder::arithmeticInduction(
    const VarDecl *V, std::pair<const Expr *, int> Step, const Stmt *L) {
  SymRef StepV = symConst(Step.second);
  if (Step.first) {
    Value SV = valueOnly(Step.first);
    if (SV.Kind != Value::Scalar)
      return std::nullopt;
    StepV = Step.second < 0 ? symConst(0) - SV.S : SV.S;
  }
  Value Init = VarValues.find(V)->second;
  SymRef K = symLoopIter(L, "k_" + V->getName().str());
  if (Init.Kind == Value::Ptr)
    StepV = StepV * sizeOf(Init.Pointee, Init.Root);
  Init.S = Init.S + K * StepV;
  return Init;
}

// `s *= 2`, `s >>= 1`: init << (k * shift), init >> (k * shift).
std::optional<ModelBuilder::Value>
ModelBuilder::geometricInduction(const VarDecl *V, Value Init, const Expr *W,
                                 const LoopShape &S) {
  std::optional<std::pair<bool, int64_t>> G = geometricStep(V, W);
  if (!G || !unconditionalIn(W, S.L, S.Inc))
    return std::nullopt;
  SymRef K = symLoopIter(S.L, "k_" + V->getName().str());
  Init.S = symOp(G->first ? SymKind::Shl : SymKind::Shr, Init.S,
                 K * symConst(G->second));
  return Init;
}

// Geometric steps of V by a constant power of two: `V *= 2`, `V <<= 1`,
// `V = V * 4`, `V += V`, `V /= 2`, `V >>= 1`, `V = V / 2`. Returns (grows,
// shift).
std::optional<std::pair<bool, int64_t>>
ModelBuilder::geometricStep(const VarDecl *V, const Expr *W) {
  const auto *BO = dyn_cast<BinaryOperator>(W);
  if (!BO)
    return std::nullopt;
  BinaryOperatorKind Op;
  const Expr *Amount;
  switch (BO->getOpcode()) {
  case BO_MulAssign:
    Op = BO_Mul;
    Amount = BO->getRHS();
    break;
  case BO_DivAssign:
    Op = BO_Div;
    Amount = BO->getRHS();
    break;
  case BO_ShlAssign:
    Op = BO_Shl;
    Amount = BO->getRHS();
    break;
  case BO_ShrAssign:
    Op = BO_Shr;
    Amount = BO->getRHS();
    break;
  case BO_AddAssign: // `V += V`
    if (ModifiedVars::var(BO->getRHS()) != V)
      return std::nullopt;
    return std::make_pair(true, int64_t(1));
  case BO_Assign: {
    const auto *R =
        dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!R)
      return std::nullopt;
    Op = R->getOpcode();
    if (Op == BO_Add && ModifiedVars::var(R->getLHS()) == V &&
        ModifiedVars::var(R->getRHS()) == V)
      return std::make_pair(true, int64_t(1)); // `V = V + V`
    if (ModifiedVars::var(R->getLHS()) == V)
      Amount = R->getRHS();
    else if (Op == BO_Mul && ModifiedVars::var(R->getRHS()) == V)
      Amount = R->getLHS(); // `V = 2 * V`
    else
      return std::nullopt;
    if (Op != BO_Mul && Op != BO_Div && Op != BO_Shl && Op != BO_Shr)
      return std::nullopt;
    break;
  }
  default:
    return std::nullopt;
  }
  std::optional<int64_t> C = constant(Amount);
  if (!C || *C <= 0)
    return std::nullopt;
  if (Op == BO_Shl || Op == BO_Shr)
    return *C < 31 ? std::optional(std::make_pair(Op == BO_Shl, *C))
                   : std::nullopt;
  if (*C < 2 || (*C & (*C - 1)) != 0)
    return std::nullopt;
  return std::make_pair(Op == BO_Mul, int64_t(llvm::Log2_64(*C)));
}

// True when \p W runs exactly once per iteration of loop \p L: it is the
// increment, or sits in the body outside any branch, and the body has no
// `continue`, `break` or `return` that could skip it.
bool ModelBuilder::unconditionalIn(const Stmt *W, const Stmt *L,
                                   const Expr *Inc) {
  if (Inc && (W == Inc || isa<Expr>(W) && Inc->IgnoreParens() == W))
    return true;
  const Stmt *Cur = W;
  while (true) {
    auto Parents = Ctx.getParents(*Cur);
    if (Parents.empty())
      return false;
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      return false;
    if (P == L)
      break;
    if (isa<IfStmt>(P) || isa<SwitchStmt>(P) ||
        isa<AbstractConditionalOperator>(P) || isa<ForStmt>(P) ||
        isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<CXXForRangeStmt>(P))
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      if (BO->isLogicalOp())
        return false;
    Cur = P;
  }
  return !jumpsOut(L, L);
}

// Other variables written in the loop are uniform unless some write (with
// every such variable assumed uniform) is thread-dependent: iterate dry runs
// of the body until no more of them turn thread-dependent (at most twice,
// and not inside more than two loops' dry runs).
void ModelBuilder::settleLoopDependence(const LoopShape &S, LoopVars &Vars) {
  if (Vars.Others.empty())
    return;
  if (Dry && Dry->Depth >= 2) {
    for (const VarDecl *V : Vars.Others)
      Vars.Dep[V] = true;
    return;
  }
  for (int Iter = 0; Iter < 2; ++Iter) {
    ObservedWrites Seen = dryRunIteration(S, Vars);
    for (auto &[V, D] : Seen.Data)
      if (D && Vars.Origin.lookup(V) == DataOrigin::None)
        Vars.Origin[V] = DataOrigin::Memory;
    bool Changed = false;
    for (const VarDecl *V : Vars.Others)
      if (Seen.ThreadDependent.lookup(V) && !Vars.Dep[V]) {
        Vars.Dep[V] = true;
        Changed = true;
      }
    if (Dry)
      for (auto &[V, D] : Seen.ThreadDependent)
        if (D)
          Dry->Seen.ThreadDependent[V] = true;
    if (!Changed)
      break;
  }
}

// Walks one iteration without recording anything; returns which variables
// were assigned a thread-dependent value, and which a value made from data.
ObservedWrites ModelBuilder::dryRunIteration(const LoopShape &S,
                                             const LoopVars &Vars) {
  DryRun Run(*this);
  assumeLoopValues(S.L, Vars);
  body(S);
  return std::move(Run.Seen);
}

ModelBuilder::DryRun::DryRun(ModelBuilder &B)
    : Depth(B.Dry ? B.Dry->Depth + 1 : 1), B(B), Outer(B.Dry),
      OuterRecorder(B.Recorder), SavedEnv(B.VarValues),
      GuardDepth(B.Guards.size()) {
  B.Dry = this;
  B.Recorder = nullptr;
}

ModelBuilder::DryRun::~DryRun() {
  B.Guards.resize(GuardDepth);
  B.Recorder = OuterRecorder;
  B.Dry = Outer;
  B.VarValues = std::move(SavedEnv);
}

ModelBuilder::Value ModelBuilder::valueOnly(const Expr *E) {
  llvm::SaveAndRestore<ModelRecorder *> NoRecorder(Recorder, nullptr);
  return rvalue(E);
}

// VarValues := what the loop's variables hold in iteration `k`.
void ModelBuilder::assumeLoopValues(const Stmt *L, const LoopVars &Vars) {
  for (auto &[V, Val] : Vars.Inductive)
    VarValues[V] = Val;
  for (const VarDecl *V : Vars.Others) {
    auto It = VarValues.find(V);
    bool Ptr = It != VarValues.end() && It->second.Kind == Value::Ptr;
    bool Dep = Vars.Dep.lookup(V);
    Value Val = opaque(L, V->getName(), Dep, Vars.Origin.lookup(V));
    if (Ptr) {
      Value P = It->second;
      P.S = Val.S;
      if (Dep)
        P.Root = nullptr;
      Val = P;
    }
    Val.Def = V->getLocation();
    VarValues[V] = Val;
  }
}

// The condition of a `for` or `while` loop as the loop is entered, with the
// values its variables hold before the first iteration.
void ModelBuilder::recordEntryCondition(const LoopShape &S) {
  if (!Recorder || !S.Cond || isa<DoStmt>(S.L) || S.CondVar)
    return;
  // A condition that writes (`i++ < n`) must not change the walk's state.
  std::optional<Env> Saved;
  if (S.Cond->HasSideEffects(Ctx))
    Saved = VarValues;
  Value C = valueOnly(S.Cond);
  if (Saved)
    VarValues = std::move(*Saved);
  if (C.Kind == Value::Scalar)
    Recorder->entryCondition(S.L, C.S);
}

// The trips a comparison `i < 8` (or `i <= 7`) of a loop allows, when \p
// Cmp is one on an induction variable that starts at a constant and steps
// by a positive constant.
std::optional<int64_t> ModelBuilder::constantTrips(const Expr *Cmp,
                                                   const LoopShape &S,
                                                   const LoopVars &Vars,
                                                   bool FromLowestStart) {
  const auto *BO = dyn_cast<BinaryOperator>(Cmp->IgnoreParenImpCasts());
  if (!BO || (BO->getOpcode() != BO_LT && BO->getOpcode() != BO_LE))
    return std::nullopt;
  const VarDecl *IV = ModifiedVars::var(BO->getLHS());
  auto It = IV ? Vars.Inductive.find(IV) : Vars.Inductive.end();
  if (It == Vars.Inductive.end())
    return std::nullopt;
  Polynomial P = toPolynomial(It->second.S);
  SymRef K = symLoopIter(S.L, "k_" + IV->getName().str());
  std::optional<int64_t> Init = P.Terms.count({}) ? P.Terms[{}] : int64_t(0);
  int64_t Step = P.Terms.count({K->key()}) ? P.Terms[{K->key()}] : 0;
  std::optional<int64_t> Bound = constant(BO->getRHS());
  // A start that adds thread or block indices (`k = threadIdx.x`) is never
  // below its constant part: the trips from there bound every lane's.
  auto AddsIndices = [&](const std::vector<std::string> &Mono, int64_t C) {
    return FromLowestStart && C > 0 && llvm::all_of(Mono, [&](auto &Key) {
             SymKind L = P.Leaves.at(Key)->Kind;
             return L == SymKind::ThreadIdx || L == SymKind::BlockIdx ||
                    L == SymKind::BlockDim || L == SymKind::GridDim;
           });
  };
  bool OnlyInitAndStep = llvm::all_of(P.Terms, [&](auto &T) {
    return T.first.empty() || (T.first.size() == 1 && T.first[0] == K->key()) ||
           AddsIndices(T.first, T.second);
  });
  if (!OnlyInitAndStep || Step <= 0 || !Bound)
    return std::nullopt;
  int64_t Last = *Bound - (BO->getOpcode() == BO_LT ? 1 : 0);
  return Last >= *Init ? (Last - *Init) / Step + 1 : 0;
}

// A constant trip count: `for (int i = 0; i < 8; ++i)`; and a constant cap
// on the trips, from the count or from a conjunct of the condition (`k < 8
// && list[k] >= 0`), also where the counter starts at a thread index (`k =
// threadIdx.x; k < 8; k += 8`: one trip at most).
void ModelBuilder::recordTripCount(const LoopShape &S, const LoopVars &Vars) {
  if (!Recorder || !S.Cond)
    return;
  if (std::optional<int64_t> N = constantTrips(S.Cond, S, Vars)) {
    if (*N > 0)
      Recorder->tripCount(S.L, *N);
    Recorder->tripCap(S.L, *N);
    return;
  }
  llvm::SmallVector<const Expr *, 4> Conjuncts{S.Cond};
  std::optional<int64_t> Cap;
  while (!Conjuncts.empty()) {
    const Expr *C = Conjuncts.pop_back_val()->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(C);
        BO && BO->getOpcode() == BO_LAnd) {
      Conjuncts.push_back(BO->getLHS());
      Conjuncts.push_back(BO->getRHS());
    } else if (std::optional<int64_t> N = constantTrips(C, S, Vars, true)) {
      Cap = std::min(Cap.value_or(*N), *N);
    }
  }
  if (Cap)
    Recorder->tripCap(S.L, *Cap);
}

// After the loop: each written variable holds its value at exit, which
// differs between lanes when the trip count does.
void ModelBuilder::valuesAfterLoop(const Stmt *Body, const ModifiedVars &Mods,
                                   bool TripDep) {
  for (auto &[V, N] : Mods.Count) {
    auto It = VarValues.find(V);
    if (It == VarValues.end())
      continue;
    bool D = TripDep || It->second.threadDependent();
    bool Data =
        D && It->second.Kind == Value::Scalar && readsData(*It->second.S, {});
    Value Val = opaque(Body, V->getName(), D,
                       Data ? DataOrigin::Memory : DataOrigin::None);
    if (It->second.Kind == Value::Ptr) {
      Value P = It->second;
      P.S = Val.S;
      Val = P;
    }
    Val.Def = It->second.Def;
    VarValues[V] = Val;
  }
}

// Walks one iteration; true when the trip count may differ between the
// lanes of a warp (a thread-dependent condition).
bool ModelBuilder::body(const LoopShape &S) {
  Loops.push_back(S.L);
  bool TripDep = false;
  auto EvalCond = [&](bool AsGuard) {
    SymRef CS = branchCondition(S.L, S.Cond);
    TripDep |= CS->threadDependent();
    LoopConditions[S.L] = CS;
    if (AsGuard)
      Guards.push_back({CS, true, S.L});
  };
  bool DoWhile = isa<DoStmt>(S.L);
  if (S.CondVar)
    declare(S.CondVar);
  if (S.Cond && !DoWhile)
    EvalCond(true);
  stmt(S.Body);
  if (S.Inc)
    rvalue(S.Inc);
  if (S.Cond && DoWhile)
    EvalCond(false);
  Loops.pop_back();
  return TripDep;
}

//===--- Warp butterflies -------------------------------------------------===//

// `for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(~0u, v, o);`: after
// stages whose lane masks span all five bits of the lane index, every lane of
// the warp holds the same value. Each stage makes lanes i and i ^ o agree on
// `v_i op v_(i^o)`, the same on both sides for a commutative op, so the lanes
// that agree grow from a coset of the masks' span to the next; with the span
// whole, the warp agrees (bit for bit: no lane adds in another order). The
// result is uniform, as a full-mask vote is.
void ModelBuilder::settleWarpButterflies(const LoopShape &S,
                                         const ModifiedVars &Mods) {
  for (const auto &[V, Writes] : Mods.All) {
    auto It = VarValues.find(V);
    if (Writes.size() != 1 || It == VarValues.end() ||
        It->second.Kind != Value::Scalar || !It->second.threadDependent())
      continue;
    const CallExpr *Shfl = butterflyStage(V, Writes.front());
    if (!Shfl || !unconditionalIn(Writes.front(), S.L, S.Inc) ||
        !spansWarp(Shfl, S))
      continue;
    Value Uniform = opaque(S.L, V->getName(), false);
    Uniform.Def = It->second.Def;
    It->second = Uniform;
  }
}

// The full-warp xor shuffle of \p V that write \p W combines with V by a
// commutative operation (`v += shfl`, `v = fmaxf(v, shfl)`), or null.
const CallExpr *ModelBuilder::butterflyStage(const VarDecl *V,
                                             const Expr *W) const {
  auto IsV = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  auto ShuffleOfV = [&](const Expr *E) -> const CallExpr * {
    const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
    if (!CE || !XorLaneMasks.count(CE))
      return nullptr;
    std::optional<WarpIntrinsic> Wi = cudaWarpIntrinsic(CE);
    unsigned ValIdx = Wi && Wi->TakesMask ? 1 : 0;
    return CE->getNumArgs() > ValIdx && IsV(CE->getArg(ValIdx)) ? CE : nullptr;
  };
  auto Commutative = [](BinaryOperatorKind K) {
    return K == BO_Add || K == BO_Mul || K == BO_And || K == BO_Or ||
           K == BO_Xor;
  };
  auto OneSideEach = [&](const Expr *A, const Expr *B) -> const CallExpr * {
    if (IsV(A))
      return ShuffleOfV(B);
    return IsV(B) ? ShuffleOfV(A) : nullptr;
  };
  const auto *BO = dyn_cast<BinaryOperator>(W);
  if (!BO)
    return nullptr;
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(BO))
    return Commutative(
               BinaryOperator::getOpForCompoundAssignment(CA->getOpcode()))
               ? ShuffleOfV(CA->getRHS())
               : nullptr;
  if (BO->getOpcode() != BO_Assign)
    return nullptr;
  const Expr *R = BO->getRHS()->IgnoreParenImpCasts();
  if (const auto *Op = dyn_cast<BinaryOperator>(R))
    return Commutative(Op->getOpcode())
               ? OneSideEach(Op->getLHS(), Op->getRHS())
               : nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(R)) {
    StringRef N = calleeName(CE);
    bool MinMax = N == "max" || N == "min" || N == "fmaxf" || N == "fminf" ||
                  N == "fmax" || N == "fmin" || N == "umax" || N == "umin";
    if (MinMax && CE->getNumArgs() == 2)
      return OneSideEach(CE->getArg(0), CE->getArg(1));
  }
  return nullptr;
}

// Whether the lane masks \p Shfl takes over the trips of loop \p S span
// every bit of a lane index: the loop is run trip by trip, its condition and
// the masks computed from the trip's number (a loop of at most 64 trips whose
// condition depends on nothing else).
bool ModelBuilder::spansWarp(const CallExpr *Shfl, const LoopShape &S) {
  SymRef Mask = XorLaneMasks.lookup(Shfl);
  SymRef Cond = LoopConditions.lookup(S.L);
  if (!Mask || !Cond || isa<DoStmt>(S.L))
    return false;
  // A basis of the span over GF(2), by leading bit.
  uint32_t Basis[5] = {0, 0, 0, 0, 0};
  for (int64_t K = 0;; ++K) {
    auto Trip = [&](const SymNode &Leaf) -> std::optional<int64_t> {
      if (Leaf.Kind == SymKind::LoopIter && Leaf.Id == S.L)
        return K;
      return std::nullopt;
    };
    std::optional<int64_t> Runs = evaluate(*Cond, Trip);
    if (!Runs || (*Runs && K == 64))
      return false;
    if (!*Runs)
      break;
    std::optional<int64_t> O = evaluate(*Mask, Trip);
    if (!O || *O < 0 || *O > 31)
      return false;
    uint32_t X = static_cast<uint32_t>(*O);
    for (int Bit = 4; Bit >= 0 && X; --Bit) {
      if (!(X >> Bit & 1))
        continue;
      if (!Basis[Bit]) {
        Basis[Bit] = X;
        break;
      }
      X ^= Basis[Bit];
    }
  }
  return llvm::all_of(Basis, [](uint32_t B) { return B != 0; });
}

} // namespace cudalint
