//===--- DivergentBranchCheck.cpp - cudalint ------------------------------===//

#include "DivergentBranchCheck.h"
#include "DivergentBranchCost.h"
#include "DivergentBranchFix.h"
#include "analysis/CudaAST.h"
#include "analysis/CudaNames.h"
#include "analysis/Divergence.h"
#include "analysis/ModifiedVars.h"
#include "analysis/Reduction.h"
#include "analysis/ThreadStridedLoops.h"
#include "analysis/TripSpread.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

// The trip count of the loop \p S when it is small and constant: the loop
// is unrolled into straight code, its body that many times, and is not a
// loop to wait on.
std::optional<int64_t> unrolledTrips(const Stmt *S, const ASTContext &Ctx,
                                     const KernelModel &M) {
  std::optional<int64_t> Trips = M.tripCount(S);
  if (const auto *Do = dyn_cast<DoStmt>(S))
    if (integerConstant(Do->getCond(), Ctx) == 0)
      Trips = 1; // `do { ... } while (0)`, a macro's statement.
  if (Trips && *Trips >= 0 && *Trips <= MaxUnrolledTrips)
    return Trips;
  return std::nullopt;
}

// Whether \p S holds a loop that is not unrolled, directly or in the user's
// functions it calls: the part of workOf that goes on below the depth where
// workOf stops weighing (a midpoint helper calling a sign helper), up to a
// depth where an unread helper counts as looping.
bool holdsLoop(const Stmt *S, const ASTContext &Ctx, const KernelModel &M,
               unsigned Depth) {
  if (!S)
    return false;
  if (Depth > 8 || (isLoopStmt(S) && !unrolledTrips(S, Ctx, M)))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee();
        FD && FD->getBuiltinID() == 0 && FD->hasBody() &&
        !Ctx.getSourceManager().isInSystemHeader(FD->getLocation()) &&
        holdsLoop(FD->getDefinition()->getBody(), Ctx, M, Depth + 1))
      return true;
  return llvm::any_of(S->children(), [&](const Stmt *C) {
    return holdsLoop(C, Ctx, M, Depth);
  });
}

} // namespace

Work workOf(const Stmt *S, const ASTContext &Ctx, const KernelModel &M,
            unsigned Depth) {
  Work W;
  if (!S)
    return W;
  if (isLoopStmt(S)) {
    // A loop with a small constant trip count is unrolled into straight
    // code: it costs its body that many times, and is not a loop to wait on.
    if (std::optional<int64_t> Trips = unrolledTrips(S, Ctx, M)) {
      Work Body;
      for (const Stmt *C : S->children())
        Body.add(workOf(C, Ctx, M, Depth));
      W.Score = std::min<uint64_t>(uint64_t(Body.Score) * *Trips, 1000);
      W.MathCalls = std::min<uint64_t>(uint64_t(Body.MathCalls) * *Trips, 250);
      W.Loop = Body.Loop;
      W.HeavyCall = Body.HeavyCall;
      W.Atomic = Body.Atomic;
      W.LoopDeep = Body.LoopDeep;
      return W;
    }
    W.Loop = W.LoopDeep = true;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      W.Score += BO->isCompoundAssignmentOp() ? 2 : 1;
    else if (BO->isMultiplicativeOp() || BO->isAdditiveOp() ||
             BO->isBitwiseOp() || BO->isShiftOp())
      W.Score += 1;
  } else if (isa<ArraySubscriptExpr>(S)) {
    W.Score += 2;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->getOpcode() == UO_Deref)
      W.Score += 2;
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    const SourceManager &SM = Ctx.getSourceManager();
    if (cudaAtomic(CE))
      W.Atomic = true;
    if (FD && FD->getBuiltinID() == 0 && FD->hasBody() &&
        !SM.isInSystemHeader(FD->getLocation())) {
      const FunctionDecl *Def = FD->getDefinition();
      if (Depth < 3) {
        Work Inner = workOf(Def->getBody(), Ctx, M, Depth + 1);
        // What the helper does, not that it is a call: a push onto a queue
        // (an atomic and a store) is light; a loop or tens of operations
        // are not.
        if (Inner.Loop || Inner.HeavyCall || Inner.Score >= HeavyWeight)
          W.HeavyCall = true;
        W.Score += Inner.Score;
        W.Atomic |= Inner.Atomic;
        W.LoopDeep |= Inner.LoopDeep;
      } else {
        W.HeavyCall = true;
        W.LoopDeep = holdsLoop(Def->getBody(), Ctx, M, Depth + 1);
      }
    } else {
      W.Score += MathCallPoints; // A math function or an intrinsic.
      ++W.MathCalls;
    }
  }
  for (const Stmt *C : S->children())
    W.add(workOf(C, Ctx, M, Depth));
  return W;
}

namespace {

bool leaves(const Stmt *S) {
  return isa_and_nonnull<ReturnStmt, ContinueStmt, BreakStmt>(lastStatement(S));
}

// The statements after \p S in its enclosing block.
Work restOfBlock(const Stmt *S, ASTContext &Ctx, const KernelModel &M) {
  Work W;
  auto Parents = Ctx.getParents(*S);
  if (Parents.empty())
    return W;
  const auto *CS = Parents[0].get<CompoundStmt>();
  if (!CS)
    return W;
  bool After = false;
  for (const Stmt *C : CS->body()) {
    if (After)
      W.add(workOf(C, Ctx, M));
    if (C == S)
      After = true;
  }
  return W;
}

// The work of each case of \p Sw: the statements from its label to the
// next label (a case's label holds only its first statement).
std::vector<Work> caseWork(const SwitchStmt *Sw, const KernelModel &M,
                           ASTContext &Ctx) {
  std::vector<Work> Cases;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Sw->getBody());
  if (!Body)
    return Cases;
  for (const Stmt *St : Body->body()) {
    while (const auto *SC = dyn_cast<SwitchCase>(St)) {
      Cases.emplace_back(); // A label, perhaps of several: a new way.
      St = SC->getSubStmt();
    }
    if (!Cases.empty())
      Cases.back().add(workOf(St, Ctx, M));
  }
  return Cases;
}

// Whether the arm of \p If leaves the innermost loop around it: a `break`,
// or a `return` written inside that loop (not one that leaves a helper
// called in the loop).
bool leavesEnclosingLoop(const IfStmt *If, const BranchCondition &C,
                         const ASTContext &Ctx) {
  const Stmt *Last = lastStatement(If->getThen());
  if (C.Loops.empty() || !isa_and_nonnull<BreakStmt, ReturnStmt>(Last))
    return false;
  // `do { ... } while (0)`, a macro's wrapper, runs once: leaving it is an
  // early exit, not a trip count.
  if (const auto *Do = dyn_cast<DoStmt>(C.Loops.back()))
    if (integerConstant(Do->getCond(), Ctx) == 0)
      return false;
  SourceRange Loop = C.Loops.back()->getSourceRange();
  return isa<BreakStmt>(Last) ||
         Ctx.getSourceManager().isPointWithin(If->getBeginLoc(),
                                              Loop.getBegin(), Loop.getEnd());
}

// The cost of the ways of \p S: an `if`, a `?:`, a `switch` or a loop;
// nullopt for `&&` and `||`, whose short-circuits are cheap.
std::optional<BranchWays> waysOf(const BranchCondition &C, const KernelModel &M,
                                 ASTContext &Ctx) {
  const Stmt *S = C.S;
  BranchWays W;
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    W.A = workOf(If->getThen(), Ctx, M);
    W.B = workOf(If->getElse(), Ctx, M);
    if (!If->getElse() && !leaves(If->getThen())) {
      W.Shape = BranchShape::OneArm;
    } else if (!If->getElse()) {
      W.Shape = leavesEnclosingLoop(If, C, Ctx) ? BranchShape::LoopExit
                                                : BranchShape::EarlyExit;
      if (isa<ReturnStmt>(lastStatement(If->getThen())))
        W.Exit = "return";
      if (W.Shape == BranchShape::LoopExit)
        W.LoopBody = workOf(loopBody(C.Loops.back()), Ctx, M);
      W.B = restOfBlock(If, Ctx, M);
      W.WhatB = "the code after it";
    }
  } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(S)) {
    W.A = workOf(CO->getTrueExpr(), Ctx, M);
    W.B = workOf(CO->getFalseExpr(), Ctx, M);
    W.WhatA = "the first operand";
    W.WhatB = "the second";
  } else if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
    // Two cases with real work are two ways that both run.
    unsigned Real = 0;
    for (const Work &Case : caseWork(Sw, M, Ctx))
      if (Case.real())
        (Real++ ? W.B : W.A) = Case;
    W.WhatA = "one case";
    W.WhatB = "another";
  } else if (isLoopStmt(S)) {
    W.Shape = BranchShape::LoopCondition;
    W.A = workOf(loopBody(S), Ctx, M);
    W.WhatA = "the loop body";
  } else {
    return std::nullopt;
  }
  return W;
}

// Whether the way the lanes split is worth a look at the cost: `if (lane ==
// 0) out[w] = s;`, a single lane on one side, is the usual idiom.
bool lanesDisagreeHarmfully(const LaneSplit &Split) {
  return !(Split.Kind == LaneSplit::LaneDivergent && Split.SingleLane);
}

// `a == b` or `a != b` where both sides differ per thread.
bool comparesTwoPerThreadValues(const SymNode &Cond) {
  return (Cond.Kind == SymKind::EQ || Cond.Kind == SymKind::NE) &&
         Cond.Ops[0]->threadDependent() && Cond.Ops[1]->threadDependent();
}

// The lvalues an expression or statement writes (`a[i] = ...`, `a[i]++`).
void writtenLvalues(const Stmt *S, const ASTContext &Ctx,
                    std::set<std::string> &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    Out.insert(sourceText(BO->getLHS(), Ctx, 200));
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->isIncrementDecrementOp())
    Out.insert(sourceText(UO->getSubExpr(), Ctx, 200));
  for (const Stmt *C : S->children())
    writtenLvalues(C, Ctx, Out);
}

bool readsAnyOf(const Stmt *S, const std::set<std::string> &Lvalues,
                const ASTContext &Ctx) {
  if (!S)
    return false;
  if (isa<ArraySubscriptExpr, MemberExpr, UnaryOperator>(S) &&
      Lvalues.count(sourceText(cast<Expr>(S), Ctx, 200)))
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *C) {
    return readsAnyOf(C, Lvalues, Ctx);
  });
}

// A loop whose condition reads back an element its body writes
// (`do { s[d] = tag | (n + 1); } while (s[d] != ...)`): a retry loop, whose
// trip count is contention, not work; as atomics are atomic-hotspot's.
bool rereadsWhatItWrites(const Stmt *Loop, const ASTContext &Ctx) {
  const Expr *Cond = conditionOf(Loop);
  std::set<std::string> Written;
  writtenLvalues(loopBody(Loop), Ctx, Written);
  return Cond && readsAnyOf(Cond, Written, Ctx);
}

// Whether \p S calls an atomic (`atomicCAS(..)`,
// `ref.compare_exchange_strong(..)`, `ref.load()`), itself or in a helper of
// the user's it calls (a CAS loop wrapped in `atomicMaxFloat`).
bool callsAtomic(const Stmt *S, unsigned Depth = 0) {
  if (!S)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    if (cudaAtomic(CE))
      return true;
    if (Depth < 3)
      for (const FunctionDecl *FD : possibleCallees(CE))
        if (!declaredByCuda(FD) && callsAtomic(FD->getBody(), Depth + 1))
          return true;
  }
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return callsAtomic(C, Depth); });
}

// The local variables \p S sets from an atomic's result (`old =
// atomicCAS(..)`, `int t = atomicAdd(..)`).
void atomicResults(const Stmt *S, std::set<const Decl *> &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp() && callsAtomic(BO->getRHS()))
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      Out.insert(Ref->getDecl());
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D);
          V && V->getInit() && callsAtomic(V->getInit()))
        Out.insert(V);
  for (const Stmt *C : S->children())
    atomicResults(C, Out);
}

// Whether \p S names one of \p Decls.
bool mentionsAnyOf(const Stmt *S, const std::set<const Decl *> &Decls) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S);
      Ref && Decls.count(Ref->getDecl()))
    return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return mentionsAnyOf(C, Decls); });
}

// Adds to \p Decls the locals \p S copies one of them into (`assumed =
// old;`).
void addCopies(const Stmt *S, std::set<const Decl *> &Decls) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->getOpcode() == BO_Assign && mentionsAnyOf(BO->getRHS(), Decls))
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      Decls.insert(Ref->getDecl());
  for (const Stmt *C : S->children())
    addCopies(C, Decls);
}

// addCopies until nothing is left to add (copies of copies).
void copiesOf(const Stmt *S, std::set<const Decl *> &Decls) {
  for (int Round = 0; Round < 4; ++Round) {
    size_t Before = Decls.size();
    addCopies(S, Decls);
    if (Decls.size() == Before)
      return;
  }
}

// A retry loop around an atomic: its exit (\p Cond) waits on what an atomic
// returns (`while (assumed != old)` after `old = atomicCAS(..)`, a spin on
// `atomicCAS(lock, 0, 1)`). Its trip count is contention, not work:
// atomic-hotspot's business. A loop that merely holds atomics (a per-node
// edge loop of a BFS) is not one.
bool waitsOnAtomic(const Expr *Cond, const Stmt *Loop) {
  if (!Cond || callsAtomic(Cond))
    return Cond != nullptr;
  std::set<const Decl *> Results;
  atomicResults(loopBody(Loop), Results);
  copiesOf(loopBody(Loop), Results);
  return mentionsAnyOf(Cond, Results);
}

// \p Cond, an exit of \p Loop, or the loop's own condition waits on an
// atomic: the early exit of a CAS loop (`if (assumed >= v) break;`) is
// part of the retry.
bool retriesAnAtomic(const Expr *Cond, const Stmt *Loop) {
  return waitsOnAtomic(Cond, Loop) || waitsOnAtomic(conditionOf(Loop), Loop);
}

// Whether \p Loop hands the lanes slices of one range (`for (k = lane; k <
// n; k += 32)`, a grid-stride loop) to a bound on no data: their own trip
// counts differ by one at most, and an exit on data only ends a lane's
// slice early, so the warp runs no longer than the loop without it.
bool sharesRangeByLane(const Stmt *Loop, const KernelModel &M,
                       const ASTContext &Ctx) {
  SymRef Entry = M.entryCondition(Loop);
  return Entry && !Entry->hasVarying() &&
         isThreadStridedLoop(Loop, Ctx, [](const ParmVarDecl *) {
           return static_cast<const Expr *>(nullptr);
         });
}

// Whether \p S holds a loop (directly or in a helper it calls) outside the
// statements \p Skip: the branch, or the call to the helper that holds it.
bool loopsOutside(const Stmt *S, llvm::ArrayRef<const Stmt *> Skip,
                  const ASTContext &Ctx, const KernelModel &M) {
  if (!S || llvm::is_contained(Skip, S))
    return false;
  if (llvm::none_of(Skip, [&](const Stmt *K) { return containsStmt(S, K); }))
    return workOf(S, Ctx, M).LoopDeep;
  return llvm::any_of(S->children(), [&](const Stmt *C) {
    return loopsOutside(C, Skip, Ctx, M);
  });
}

// What divergenceIsCostly needs to know of \p C besides its ways \p W, in
// the block shape (\p S) that splits its lanes.
BranchFacts factsOf(const BranchCondition &C, const BranchWays &W,
                    const KernelModel &M, const WarpSampler &S,
                    const ASTContext &Ctx) {
  BranchFacts F;
  F.InLoop = !C.Loops.empty();
  if (F.InLoop)
    F.EnclosingTrips = M.tripCount(C.Loops.back());
  F.Select = isa<AbstractConditionalOperator>(C.S);
  llvm::SmallVector<const void *, 4> Loops(C.Loops.begin(), C.Loops.end());
  if (W.Shape == BranchShape::LoopCondition)
    Loops.push_back(C.S);
  F.SplitByData = readsData(*C.Value, Loops);
  F.ComparesTwoPerThreadValues = comparesTwoPerThreadValues(*C.Value);
  if (F.InLoop && W.Shape == BranchShape::TwoWays) {
    // The branch sits in the innermost loop's body itself, or inside a
    // helper that one of the calls of C.CallStack made from it.
    llvm::SmallVector<const Stmt *, 4> Skip(C.CallStack.begin(),
                                            C.CallStack.end());
    Skip.push_back(C.S);
    F.IterationLoopsElsewhere =
        loopsOutside(loopBody(C.Loops.back()), Skip, Ctx, M);
  }
  if (W.Shape != BranchShape::LoopCondition && W.Shape != BranchShape::LoopExit)
    return F;
  // The loop whose trip count the lanes may disagree on.
  const Stmt *Loop = W.Shape == BranchShape::LoopExit ? C.Loops.back() : C.S;
  F.Retries =
      retriesAnAtomic(C.Cond, Loop) ||
      (W.Shape == BranchShape::LoopCondition && rereadsWhatItWrites(C.S, Ctx));
  if (std::optional<TripSpread> Spread = tripSpread(Loop, M))
    F.SpreadBound = Spread->Trips;
  else if ((W.Shape == BranchShape::LoopExit &&
            sharesRangeByLane(Loop, M, Ctx)) ||
           exitsInterleavedStripe(*C.Value, Loop, S))
    F.SpreadBound = 1;
  return F;
}

// Whether the lanes' disagreement on \p C costs enough to report.
bool divergenceIsCostly(const SampledLaneSplit &Split, const BranchWays &W,
                        const BranchCondition &C, const KernelModel &M,
                        const ASTContext &Ctx) {
  return cudalint::divergenceIsCostly(Split.Split.Kind, W,
                                      factsOf(C, W, M, *Split.Sampler, Ctx));
}

// The reduction whose step is the branch \p S, if it is one.
std::optional<InterleavedReduction>
reductionAt(const Stmt *S, const KernelModel &M, ASTContext &Ctx) {
  if (const auto *If = dyn_cast<IfStmt>(S))
    return interleavedReduction(If, M, Ctx);
  return std::nullopt;
}

//===--- Remarks rather than warnings -------------------------------------===//

// The call an arm consists of (`r = f(a, b);`), or null.
const CallExpr *soleCall(const Stmt *Arm) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Arm))
    Arm = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *E = dyn_cast_or_null<Expr>(Arm);
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->isAssignmentOp())
      E = BO->getRHS()->IgnoreParenImpCasts();
  return dyn_cast<CallExpr>(E);
}

// `f(a, b)` and `f(b, a)`: one callee, the same arguments in another order.
bool sameCallSwapped(const CallExpr *A, const CallExpr *B,
                     const ASTContext &Ctx) {
  if (!A || !B || !A->getDirectCallee() ||
      A->getDirectCallee() != B->getDirectCallee() ||
      A->getNumArgs() != B->getNumArgs())
    return false;
  auto Texts = [&](const CallExpr *C) {
    std::vector<std::string> T;
    for (const Expr *Arg : C->arguments())
      T.push_back(sourceText(Arg, Ctx, 200));
    llvm::sort(T);
    return T;
  };
  return Texts(A) == Texts(B);
}

// `x == 0.f`, `x != x`, `isnan(x)`, `isinf(x)`: an exact test of
// floating-point data against a constant, or for NaN or infinity, which
// practically never holds for some lanes of a warp and not others.
bool rarelySplitsAWarp(const Expr *Cond) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
    if (UO->getOpcode() == UO_LNot)
      return rarelySplitsAWarp(UO->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    // Against a constant (`v == 0.f`), or itself (`v != v`, a NaN test);
    // two different per-thread values (`left != right`) split freely.
    const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
    const Expr *R = BO->getRHS()->IgnoreParenImpCasts();
    auto IsConstant = [&](const Expr *E) {
      return isa<FloatingLiteral, IntegerLiteral>(E);
    };
    const auto *DL = dyn_cast<DeclRefExpr>(L);
    const auto *DR = dyn_cast<DeclRefExpr>(R);
    bool Self = DL && DR && DL->getDecl() == DR->getDecl();
    return BO->isEqualityOp() && L->getType()->isFloatingType() &&
           (IsConstant(L) || IsConstant(R) || Self);
  }
  if (const auto *CE = dyn_cast<CallExpr>(Cond))
    if (const FunctionDecl *FD = CE->getDirectCallee())
      if (FD->getIdentifier())
        return llvm::is_contained(
            {"isnan", "isinf", "__isnanf", "__isinff", "__isnan", "__isinf"},
            FD->getName());
  return false;
}

// Why a branch that splits the lanes is at most a remark: both arms call
// one function with swapped arguments (the compiler can select the
// arguments and call it once), or a float test that practically never
// splits a warp.
std::optional<std::string> whyOnlyARemark(const BranchCondition &C,
                                          const LaneSplit &Split,
                                          const ASTContext &Ctx) {
  if (const auto *If = dyn_cast<IfStmt>(C.S)) {
    const CallExpr *Then = soleCall(If->getThen());
    if (sameCallSwapped(Then, soleCall(If->getElse()), Ctx))
      return "a remark only: both arms call '" +
             Then->getDirectCallee()->getNameAsString() +
             "' with the same arguments in another order, so the compiler "
             "can select the arguments and call it once";
  }
  if (Split.Kind == LaneSplit::DataDependent && rarelySplitsAWarp(C.Cond))
    return "a remark only: an exact test on floating-point data rarely holds "
           "for some lanes of a warp and not the others";
  return std::nullopt;
}

//===--- Messages ---------------------------------------------------------===//

// The step test divides by the stride (`tid % (2 * s)`): an integer
// division, as the compiler cannot see that the stride is a power of two.
bool dividesByStride(const Expr *Cond, const ASTContext &Ctx) {
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()))
    if ((BO->getOpcode() == BO_Rem || BO->getOpcode() == BO_Div) &&
        !integerConstant(BO->getRHS(), Ctx))
      return true;
  return llvm::any_of(Cond->children(), [&](const Stmt *C) {
    return isa_and_nonnull<Expr>(C) && dividesByStride(cast<Expr>(C), Ctx);
  });
}

// Measured on an H100 (verify/ fixtures reduction_interleaved and
// reduction_interleaved_mask): the textbook form with a modulo runs 2.0x
// slower than sequential addressing, the same steps tested with a mask only
// 1.05x: most of the cost is the division, not the divergence.
const char *reductionCost(bool Divides) {
  if (Divides)
    return "the modulo by the stride is an integer division; sequential "
           "addressing ('tid < s' with s halving) packs the active lanes "
           "into whole warps: 2.1x faster for a block reduction on an H100";
  return "sequential addressing ('tid < s' with s halving) packs the active "
         "lanes into whole warps, though with the step tested by a mask "
         "rather than a modulo that measured only 1.05x on an H100";
}

// What lanes that run different trip counts cost. The figure was measured
// with counts spread over 0 to 511; where the loop bounds the spread (a cap,
// a sentinel within a few slots), the bound is the cost, and the figure,
// measured for a spread a hundred times wider, is not quoted.
std::string tripCountCost(std::optional<int64_t> Spread) {
  const char *Cost = "the warp runs the loop body as often as its slowest "
                     "lane needs";
  if (Spread)
    return std::string(Cost) + ": here the lanes' counts differ by " +
           std::to_string(*Spread) + " trips at most";
  // The spread is the data's: say what it costs, not that it is wide.
  return std::string(Cost) + ", so the cost is how far the counts spread "
                             "within a warp: counts spread over 0 to 511 "
                             "measured 1.93x slower than warp-uniform ones "
                             "on an H100; counts a trip or two apart cost "
                             "little";
}

// The local \p E reads, when the loop declares it with an initializer
// (`int j = nbr[k];` in the body): what it reads is what that reads.
const Expr *initializerRead(const Expr *E, const ModifiedVars &Mods) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && Mods.Declared.count(V) && !Mods.Count.count(V) ? V->getInit()
                                                             : nullptr;
}

// Whether \p S reads an element at an index the loop (\p Mods: what it
// writes) moves: `keys[j]` with `j` stepped by the loop.
bool readsElementTheLoopMoves(const Stmt *S, const ModifiedVars &Mods,
                              unsigned Depth = 0) {
  if (!S || Depth > 4)
    return false;
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(S)) {
    ReferencedDecls Index;
    Index.TraverseStmt(const_cast<Expr *>(Sub->getIdx()));
    if (llvm::any_of(Index.Decls, [&](const ValueDecl *D) {
          const auto *V = dyn_cast<VarDecl>(D);
          return V && Mods.Count.count(V);
        }))
      return true;
  }
  if (const auto *E = dyn_cast<Expr>(S))
    if (const Expr *Init = initializerRead(E, Mods))
      return readsElementTheLoopMoves(Init, Mods, Depth + 1);
  return llvm::any_of(S->children(), [&](const Stmt *C) {
    return readsElementTheLoopMoves(C, Mods, Depth);
  });
}

// Whether \p S compares an element the loop moves to with a value that is
// not a constant (`keys[j] < v`, `ids[k] == wanted`): a search. A test
// against a constant (`nbr[k] < 0`) is a sentinel, which ends a list whose
// elements the loop has work to do on.
bool comparesFoundElement(const Stmt *S, const ModifiedVars &Mods,
                          const ASTContext &Ctx, unsigned Depth = 0) {
  if (!S || Depth > 4)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isComparisonOp()) {
    const Expr *Sides[] = {BO->getLHS(), BO->getRHS()};
    for (unsigned I : {0u, 1u})
      if (readsElementTheLoopMoves(Sides[I], Mods) &&
          !Sides[1 - I]->isEvaluatable(Ctx))
        return true;
  }
  if (const auto *E = dyn_cast<Expr>(S))
    if (const Expr *Init = initializerRead(E, Mods))
      return comparesFoundElement(Init, Mods, Ctx, Depth + 1);
  return llvm::any_of(S->children(), [&](const Stmt *C) {
    return comparesFoundElement(C, Mods, Ctx, Depth);
  });
}

// The remedy for a loop whose lanes run different trip counts because each
// searches memory for its own element: giving each warp one item, or
// reordering the items, does not shorten a search.
const char *const SearchRemedy =
    "a search: a lane that has found its element idles until the slowest "
    "lane of the warp is done; let the lanes of a warp test consecutive "
    "elements together and stop as one when any finds it ('__ballot_sync' or "
    "'__any_sync', then 'break'), or use a binary search where the elements "
    "are sorted";

// The arrays \p S stores into (`best[j] = ...`).
void storedArrays(const Stmt *S, llvm::SmallPtrSetImpl<const Decl *> &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    if (const auto *Sub =
            dyn_cast<ArraySubscriptExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      if (const auto *Base =
              dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts()))
        Out.insert(Base->getDecl());
  for (const Stmt *C : S->children())
    storedArrays(C, Out);
}

// Whether \p S reads an element of one of \p Arrays.
bool readsElementOf(const Stmt *S,
                    const llvm::SmallPtrSetImpl<const Decl *> &Arrays) {
  if (!S)
    return false;
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(S))
    if (const auto *Base =
            dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts()))
      if (Arrays.count(Base->getDecl()))
        return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return readsElementOf(C, Arrays); });
}

// The loop whose trip counts the lanes of \p C disagree on, or null.
const Stmt *divergingLoop(const BranchCondition &C, const BranchWays &W) {
  return W.Shape == BranchShape::LoopCondition ? C.S
         : W.Shape == BranchShape::LoopExit    ? C.Loops.back()
                                               : nullptr;
}

// Whether the lanes of \p C disagree on the trip count of a loop because
// each searches memory for its own element. A loop that stores into the
// array its exit reads (an insertion shifting a sorted list) is no search.
bool searchesMemory(const BranchCondition &C, const BranchWays &W,
                    const ASTContext &Ctx) {
  const Stmt *Loop = divergingLoop(C, W);
  if (!Loop)
    return false;
  ModifiedVars Mods = writesOfLoop(Loop);
  llvm::SmallPtrSet<const Decl *, 4> Stored;
  storedArrays(loopBody(Loop), Stored);
  return comparesFoundElement(C.Cond, Mods, Ctx) &&
         !readsElementOf(C.Cond, Stored);
}

// The lanes' trip counts differ because each loads its own item's length
// (a CSR row) or data ends each lane's loop: one item per warp pays only
// where the items are long enough to fill a warp, and ordering the work
// only where it is not ordered already; cudalint sees neither (the lengths
// and the order are data), so it states the cost and offers no remedy.
// \p Search: each lane searches memory for its element. \p Compaction: a
// compacted work list fits the branch (compactedWorkListFits).
BranchText dataDependentText(const std::string &CondText, const BranchWays &W,
                             bool Search, bool Compaction,
                             std::optional<int64_t> Spread) {
  if (Search)
    return {(W.Shape == BranchShape::LoopCondition
                 ? "loop condition '" + CondText + "'"
                 : "'" + std::string(W.Exit) + "' on '" + CondText + "'") +
                " ends each lane's search at a different trip",
            "lanes that find their element early wait for the slowest lane "
            "of the warp",
            SearchRemedy};
  if (W.Shape == BranchShape::LoopCondition)
    return {"loop condition '" + CondText +
                "' reads per-lane data: lanes of a warp run different trip "
                "counts",
            tripCountCost(Spread), ""};
  if (W.Shape == BranchShape::LoopExit)
    return {"'" + std::string(W.Exit) + "' on per-lane data '" + CondText +
                "': lanes of a warp leave the loop at different iterations",
            tripCountCost(Spread), ""};
  if (const Work *Long = idlingWay(W)) {
    const char *What = Long == &W.A ? W.WhatA : W.WhatB;
    return {"branch on per-lane data '" + CondText +
                "': lanes that skip it idle while " + What + " runs",
            std::string("in a warp whose lanes disagree, ") + What + " " +
                (Long->Loop        ? "holds a loop"
                 : Long->HeavyCall ? "calls a non-trivial helper"
                                   : "is a long run of math functions, on "
                                     "every trip of the loop around it,") +
                " that the other lanes wait through",
            !Compaction
                ? ""
                : std::string("gather the indices that need it first (a "
                              "compacted work list) so that whole warps run "
                              "it: measured ") +
                      (Long->heavy()
                           ? "1.87x on an H100 with a quarter of the "
                             "elements flagged at random"
                           : "1.26x on an H200 for an arm of 14 math "
                             "functions taken by a quarter of the points")};
  }
  return {"branch on per-lane data '" + CondText +
              "': a warp whose lanes disagree runs both ways",
          std::string(W.WhatA) + " and " + W.WhatB +
              " both do real work, so a warp whose lanes disagree runs both "
              "one after the other",
          ""};
}

BranchText laneDivergentText(const std::string &CondText,
                             const BranchCondition &C, const LaneSplit &Split,
                             const BranchWays &W) {
  std::string Lanes = isa<SwitchStmt>(C.S)
                          ? "the lanes of each warp take different cases"
                          : describeLanes(Split.ActiveMask, Split.TrueMask);
  if (W.Shape == BranchShape::LoopCondition)
    return {"loop condition '" + CondText +
                "' gives the lanes of each warp different trip counts",
            "the warp runs " + std::string(W.WhatA) +
                " as often as its slowest lane needs",
            ""};
  if (W.exits() || W.Shape == BranchShape::OneArm) {
    const Work &Long = W.exits() ? W.B : W.A;
    return {"lane-divergent branch '" + CondText + "': part of every warp " +
                "idles while " +
                (W.exits() ? "the code after it" : "the 'then' arm") + " runs",
            Lanes + ", so in every warp " +
                (W.exits() ? "the lanes that stay run the code after it"
                           : "the lanes that enter run the 'then' arm") +
                ", which " +
                (Long.Loop ? "holds a loop" : "calls a non-trivial helper") +
                ", while the others idle",
            "arranging the work so that whole warps take one way (a "
            "condition on a warp index, 'threadIdx.x / 32') leaves no lane "
            "idle"};
  }
  // The arms of a sorting network's compare-exchange mirror each other: no
  // warp-index condition can replace the one the network needs.
  const char *Remedy =
      armsMirrorEachOther(C.S)
          ? "the arms do the same work with the roles swapped: write it once "
            "and choose the roles with a flag set from the condition, so "
            "that each warp runs it once"
          : "a condition that is the same across each warp (on 'threadIdx.x "
            "/ 32', a warp index) runs each way once: measured 2.0x for a "
            "heavy if/else on 'threadIdx.x % 2' on an H100";
  return {"lane-divergent branch '" + CondText + "': every warp runs " +
              W.WhatA + " and " + W.WhatB + " in turn",
          Lanes, Remedy};
}

// " (block 16x16)", or what was assumed about the block.
std::string blockShapeSuffix(const BlockShape &Shape) {
  if (!Shape.assumed())
    return " (block " + Shape.str() + ")";
  return Shape.Y == 1 ? " (assuming a one-dimensional block whose size is a "
                        "multiple of 32)"
                      : " (assuming blockDim.x is a multiple of 32)";
}

BranchText branchText(const BranchCondition &C, const SampledLaneSplit &Split,
                      const BranchWays &W, const KernelModel &M,
                      const ASTContext &Ctx) {
  std::string CondText = sourceText(C.Cond, Ctx, 60);
  if (Split.Split.Kind == LaneSplit::DataDependent)
    return dataDependentText(CondText, W, searchesMemory(C, W, Ctx),
                             compactedWorkListFits(C, Ctx),
                             factsOf(C, W, M, *Split.Sampler, Ctx).SpreadBound);
  BranchText T = laneDivergentText(CondText, C, Split.Split, W);
  T.Why += blockShapeSuffix(Split.Sampler->shape());
  return T;
}

} // namespace

void DivergentBranchCheck::checkKernel(const KernelView &Kernel,
                                       FindingSink &Sink) {
  ASTContext &Ctx = Kernel.context();
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<BlockShape> Shapes = blockShapesOf(Kernel, launchesOf(Kernel));
  std::vector<WarpSampler> Samplers = warpSamplers(Shapes);
  for (const KernelView &F : analysedInstances(Kernel)) {
    const KernelModel &M = model(F);
    std::vector<SoleThreadArm> Roles;
    for (const BranchCondition &C : M.conditions()) {
      SourceLocation Loc = SM.getExpansionLoc(C.Cond->getBeginLoc());
      if (alreadyReported(Loc) || !C.Value->threadDependent())
        continue;
      std::optional<SampledLaneSplit> Split =
          firstLaneSplit(C.Value, C.Guards, Samplers);
      // A loop condition that splits the lanes along the thread id (a tail
      // of a lane-strided loop, a triangle over the lanes) is judged by how
      // far the lanes' trip counts spread.
      if (isLoopStmt(C.S) && (!Split || Split->Split.Monotone)) {
        if (std::optional<BranchWays> Ways = waysOf(C, M, Ctx);
            Ways && reportLaneTrips(Loc, C, *Ways, Samplers, Ctx, Sink))
          markReported(Loc);
        continue;
      }
      if (!Split)
        if (std::optional<SoleThreadArm> Role =
                soleThreadArm(C, M, Samplers, Ctx))
          Roles.push_back(*Role);
      if (!Split || !lanesDisagreeHarmfully(Split->Split))
        continue;
      std::optional<BranchWays> Ways = waysOf(C, M, Ctx);
      if (!Ways)
        continue;
      std::optional<InterleavedReduction> Red = reductionAt(C.S, M, Ctx);
      bool Tree = Red || isInterleavedTreeStep(C, M, *Split->Sampler);
      if (!Tree && !divergenceIsCostly(*Split, *Ways, C, M, Ctx))
        continue;
      markReported(Loc);
      if (Tree) {
        reportReduction(Loc, C, Red, Shapes, F.Decl, Ctx, Sink);
        continue;
      }
      BranchText Text = branchText(C, *Split, *Ways, M, Ctx);
      std::optional<std::string> Why = whyOnlyARemark(C, Split->Split, Ctx);
      reportBranch(Loc, C, Text, Why.value_or(""),
                   Why ? DiagnosticIDs::Remark : DiagnosticIDs::Warning, Ctx,
                   Sink);
    }
    reportSerialRoles(Roles, Ctx, Sink);
  }
}

void DivergentBranchCheck::reportBranch(SourceLocation Loc,
                                        const BranchCondition &C,
                                        const BranchText &Text,
                                        const std::string &WhyRemark,
                                        DiagnosticIDs::Level Level,
                                        ASTContext &Ctx, FindingSink &Sink) {
  // The texts quote source (`x % 2`): arguments, never formats.
  Sink.diag(Loc, "%0", Level) << Text.Warning;
  for (const std::string *Note : {&Text.Why, &WhyRemark, &Text.Remedy})
    if (!Note->empty())
      Sink.diag(Loc, "%0", DiagnosticIDs::Note) << *Note;
  for (const CallExpr *Call : C.CallStack)
    Sink.diag(Call->getExprLoc(), "inlined from this call",
              DiagnosticIDs::Note);
  if (!C.Loops.empty() && !isLoopStmt(C.S))
    Sink.diag(
        Ctx.getSourceManager().getExpansionLoc(C.Loops.back()->getBeginLoc()),
        "the branch runs on every iteration of this loop", DiagnosticIDs::Note);
}

void DivergentBranchCheck::reportReduction(
    SourceLocation Loc, const BranchCondition &C,
    const std::optional<InterleavedReduction> &Red,
    llvm::ArrayRef<BlockShape> Shapes, const FunctionDecl &F, ASTContext &Ctx,
    FindingSink &Sink) {
  std::optional<SequentialAddressing> Fix;
  if (Red)
    Fix = sequentialAddressing(*Red, Shapes, C.Loops.size() != 1, F, Ctx);
  {
    bool Divides = dividesByStride(C.Cond, Ctx);
    auto D = Sink.diag(Loc, "%0",
                       Divides ? DiagnosticIDs::Warning : DiagnosticIDs::Remark)
             << "interleaved tree reduction '" + sourceText(C.Cond, Ctx, 60) +
                    "' keeps every warp divergent at every step";
    if (Fix && Fix->NotApplied.empty())
      for (const FixItHint &H : Fix->Edits)
        D << H;
  }
  Sink.diag(Loc, "%0", DiagnosticIDs::Note)
      << std::string("it keeps one lane in 2*s busy, so every warp stays "
                     "active, and divergent; ") +
             reductionCost(dividesByStride(C.Cond, Ctx));
  for (const CallExpr *Call : C.CallStack)
    Sink.diag(Call->getExprLoc(), "inlined from this call",
              DiagnosticIDs::Note);
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Fix) {
    Sink.diag(
        SM.getExpansionLoc(C.Loops.back()->getBeginLoc()),
        "rewrite it with sequential addressing ('for (s = B / 2; s > 0; s "
        ">>= 1) if (tid < s)'); not offered as a fix: cudalint rewrites only "
        "a 'for' loop doubling 's' from 1 whose body is the test on 'tid' "
        "(threadIdx.x), one 'a[tid] += a[tid + s]' (or a min or max of the "
        "pair) and the barrier",
        DiagnosticIDs::Note);
    return;
  }
  noteSequentialAddressing(Loc, SM.getExpansionLoc(Red->Loop->getBeginLoc()),
                           *Fix, Sink);
}

void DivergentBranchCheck::noteSequentialAddressing(
    SourceLocation Loc, SourceLocation LoopLoc, const SequentialAddressing &Fix,
    FindingSink &Sink) {
  if (!Fix.NotFixable.empty()) {
    Sink.diag(
        LoopLoc,
        "sequential addressing ('%0 < %1' with %1 halving) is not offered "
        "as a fix: %2",
        DiagnosticIDs::Note)
        << Fix.TidText << Fix.StrideName << Fix.NotFixable;
  } else if (Fix.Edits.empty()) {
    Sink.diag(
        Loc,
        "rewrite it as 'for (s = blockDim.x / 2; s > 0; s >>= 1) if (tid < "
        "s)'; not offered as a fix because the loop is written by a macro",
        DiagnosticIDs::Note);
  } else if (Fix.NotApplied.empty()) {
    Sink.diag(
        LoopLoc,
        "--fix rewrites the loop to sequential addressing; the result is the "
        "same because '%0' is a power of two and %1",
        DiagnosticIDs::Note)
        << Fix.BoundText
        << (Fix.OrderFree ? "a min or max does not depend on the order"
                          : "the elements are integers");
  } else {
    auto N =
        Sink.diag(LoopLoc,
                  "sequential addressing ('%0 < %1' with %1 halving from %2) "
                  "computes the same sum only for a power-of-two bound; not "
                  "applied by --fix because %3",
                  DiagnosticIDs::Note)
        << Fix.TidText << Fix.StrideName << Fix.Half << Fix.NotApplied;
    for (const FixItHint &H : Fix.Edits)
      N << H;
  }
}

} // namespace cudalint
