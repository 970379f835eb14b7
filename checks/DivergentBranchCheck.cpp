//===--- DivergentBranchCheck.cpp - cudalint ------------------------------===//

#include "DivergentBranchCheck.h"
#include "analysis/Divergence.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

// What running a piece of code costs, roughly: enough to tell an arm that
// does real work from `out[w] = s;`.
struct Work {
  unsigned Score = 0;     ///< Arithmetic, memory accesses, assignments.
  bool Loop = false;      ///< Holds a loop.
  bool HeavyCall = false; ///< Calls a device function that is not trivial.
  /// More than a few instructions: arms smaller than this become predicated
  /// instructions or selects, which cost little even when lanes disagree.
  bool real(unsigned Threshold = 10) const {
    return Score >= Threshold || Loop || HeavyCall;
  }
  /// A rough cost: loops and helpers count as much as 50 operations.
  unsigned weight() const { return Score + (Loop || HeavyCall ? 50 : 0); }
  void add(const Work &O) {
    Score += O.Score;
    Loop |= O.Loop;
    HeavyCall |= O.HeavyCall;
  }
};

unsigned statementCount(const Stmt *S) {
  if (!S)
    return 0;
  unsigned N = isa<CompoundStmt>(S) ? 0 : 1;
  if (isa<Expr>(S))
    return 1;
  for (const Stmt *C : S->children())
    N += statementCount(C);
  return N;
}

Work workOf(const Stmt *S, const ASTContext &Ctx, const KernelModel &M,
            unsigned Depth = 0) {
  Work W;
  if (!S)
    return W;
  if (isLoopStmt(S)) {
    // A loop with a small constant trip count is unrolled into straight
    // code: it costs its body that many times, and is not a loop to wait on.
    std::optional<int64_t> Trips = M.tripCount(S);
    if (Trips && *Trips >= 0 && *Trips <= 64) {
      Work Body;
      for (const Stmt *C : S->children())
        Body.add(workOf(C, Ctx, M, Depth));
      W.Score = std::min<uint64_t>(uint64_t(Body.Score) * *Trips, 1000);
      W.Loop = Body.Loop;
      W.HeavyCall = Body.HeavyCall;
      return W;
    }
    W.Loop = true;
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
    if (FD && FD->getBuiltinID() == 0 && FD->hasBody() &&
        !SM.isInSystemHeader(FD->getLocation())) {
      const FunctionDecl *Def = FD->getDefinition();
      if (Depth < 3) {
        Work Inner = workOf(Def->getBody(), Ctx, M, Depth + 1);
        if (Inner.Loop || statementCount(Def->getBody()) > 4)
          W.HeavyCall = true;
        W.Score += Inner.Score;
      } else {
        W.HeavyCall = true;
      }
    } else {
      W.Score += 4; // A math function or an intrinsic.
    }
  }
  for (const Stmt *C : S->children())
    W.add(workOf(C, Ctx, M, Depth));
  return W;
}

bool leaves(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<ContinueStmt>(S) || isa<BreakStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && leaves(CS->body_back());
  return false;
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

const VarDecl *varOf(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

// What the model computed for \p E is exactly the built-in \p K's x.
bool isBuiltinX(const Expr *E, SymKind K, const KernelModel &M) {
  SymRef V = M.valueOf(E);
  if (!V)
    V = M.valueOf(E->IgnoreParenImpCasts());
  return V && V->Kind == K && V->Dim == 0;
}

// `2 * s` or `s * 2`
bool isTwice(const Expr *E, const VarDecl *S, const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_Mul) {
    auto IsTwo = [&](const Expr *X) { return integerConstant(X, Ctx) == 2; };
    return (IsTwo(BO->getLHS()) && varOf(BO->getRHS()) == S) ||
           (IsTwo(BO->getRHS()) && varOf(BO->getLHS()) == S);
  }
  if (BO->getOpcode() == BO_Shl)
    return varOf(BO->getLHS()) == S && integerConstant(BO->getRHS(), Ctx) == 1;
  return false;
}

// The interleaved tree reduction in its textbook shape:
//   for (unsigned s = 1; s < B; s *= 2) {
//     if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
//     __syncthreads();
//   }
struct Reduction {
  const ForStmt *Loop = nullptr;
  const IfStmt *If = nullptr;
  const VarDecl *S = nullptr, *Tid = nullptr;
  const Expr *Bound = nullptr;
  const Expr *Init = nullptr;
  const VarDecl *Array = nullptr;
  QualType Element;
};

std::optional<Reduction>
interleavedReduction(const IfStmt *If, const KernelModel &M, ASTContext &Ctx) {
  Reduction R;
  R.If = If;
  if (If->getElse() || If->getInit() || If->getConditionVariable())
    return std::nullopt;
  auto Parents = Ctx.getParents(*If);
  if (Parents.empty())
    return std::nullopt;
  const auto *Body = Parents[0].get<CompoundStmt>();
  if (!Body || Body->size() != 2 || Body->body_front() != If)
    return std::nullopt;
  // `__syncthreads()`, `cg::sync(block)`, `block.sync()`.
  const auto *Sync = dyn_cast<CallExpr>(Body->body_back());
  if (!Sync || llvm::none_of(M.syncs(), [&](const SyncPoint &P) {
        return P.E == Sync && P.Scope == SyncScope::Block;
      }))
    return std::nullopt;
  auto LP = Ctx.getParents(*Body);
  if (LP.empty() || !(R.Loop = LP[0].get<ForStmt>()) ||
      R.Loop->getBody() != Body)
    return std::nullopt;
  // for (T s = 1; s < B; s *= 2)
  const auto *DS = dyn_cast_or_null<DeclStmt>(R.Loop->getInit());
  if (!DS || !DS->isSingleDecl())
    return std::nullopt;
  R.S = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!R.S || !R.S->getInit() || !R.S->getType()->isIntegerType() ||
      integerConstant(R.S->getInit(), Ctx) != 1)
    return std::nullopt;
  R.Init = R.S->getInit();
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      R.Loop->getCond() ? R.Loop->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || Cond->getOpcode() != BO_LT || varOf(Cond->getLHS()) != R.S)
    return std::nullopt;
  R.Bound = Cond->getRHS()->IgnoreParenImpCasts();
  const Expr *Inc = R.Loop->getInc();
  if (!Inc)
    return std::nullopt;
  Inc = Inc->IgnoreParenImpCasts();
  bool Doubling = false;
  if (const auto *BO = dyn_cast<BinaryOperator>(Inc)) {
    if (varOf(BO->getLHS()) == R.S) {
      if (BO->getOpcode() == BO_MulAssign)
        Doubling = integerConstant(BO->getRHS(), Ctx) == 2;
      else if (BO->getOpcode() == BO_ShlAssign)
        Doubling = integerConstant(BO->getRHS(), Ctx) == 1;
      else if (BO->getOpcode() == BO_Assign)
        Doubling = isTwice(BO->getRHS(), R.S, Ctx);
    }
  }
  if (!Doubling)
    return std::nullopt;
  // if (tid % (2 * s) == 0)
  const auto *Eq =
      dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
  if (!Eq || Eq->getOpcode() != BO_EQ ||
      integerConstant(Eq->getRHS(), Ctx) != 0)
    return std::nullopt;
  const auto *Rem =
      dyn_cast<BinaryOperator>(Eq->getLHS()->IgnoreParenImpCasts());
  if (!Rem || Rem->getOpcode() != BO_Rem || !isTwice(Rem->getRHS(), R.S, Ctx))
    return std::nullopt;
  const Expr *TidE = Rem->getLHS()->IgnoreParenImpCasts();
  R.Tid = varOf(TidE);
  if (R.Tid) {
    const LocalVar *L = M.local(R.Tid);
    if (!L || L->Assignments != 0 || L->AddressTaken || !L->Init ||
        L->Init->Kind != SymKind::ThreadIdx || L->Init->Dim != 0)
      return std::nullopt;
  } else if (!isBuiltinX(TidE, SymKind::ThreadIdx, M)) {
    return std::nullopt;
  }
  auto IsTid = [&](const Expr *E) {
    return R.Tid ? varOf(E) == R.Tid : isBuiltinX(E, SymKind::ThreadIdx, M);
  };
  // sdata[tid] += sdata[tid + s];
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
    if (CS->size() != 1)
      return std::nullopt;
    Then = CS->body_front();
  }
  const auto *Add = dyn_cast<CompoundAssignOperator>(Then);
  if (!Add || Add->getOpcode() != BO_AddAssign)
    return std::nullopt;
  const auto *Dst = dyn_cast<ArraySubscriptExpr>(Add->getLHS()->IgnoreParens());
  const auto *Src =
      dyn_cast<ArraySubscriptExpr>(Add->getRHS()->IgnoreParenImpCasts());
  if (!Dst || !Src)
    return std::nullopt;
  const VarDecl *A = varOf(Dst->getBase()), *B = varOf(Src->getBase());
  if (!A || A != B || !IsTid(Dst->getIdx()))
    return std::nullopt;
  const auto *Sum =
      dyn_cast<BinaryOperator>(Src->getIdx()->IgnoreParenImpCasts());
  if (!Sum || Sum->getOpcode() != BO_Add ||
      !((IsTid(Sum->getLHS()) && varOf(Sum->getRHS()) == R.S) ||
        (IsTid(Sum->getRHS()) && varOf(Sum->getLHS()) == R.S)))
    return std::nullopt;
  R.Element = Dst->getType();
  R.Array = A;
  return R;
}

// True when every use of \p Array in \p F after \p Loop reads element 0.
bool onlyFirstElementReadAfter(const ForStmt *Loop, const VarDecl *Array,
                               const FunctionDecl *F, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End = SM.getExpansionLoc(Loop->getEndLoc());
  for (const DeclRefExpr *Ref : referencesTo(Array, F->getBody(), Ctx)) {
    SourceLocation L = SM.getExpansionLoc(Ref->getBeginLoc());
    if (!SM.isBeforeInTranslationUnit(End, L))
      continue;
    const Expr *Cur = Ref;
    auto P = Ctx.getParents(*Cur);
    while (!P.empty() &&
           (P[0].get<ImplicitCastExpr>() || P[0].get<ParenExpr>())) {
      Cur = P[0].get<Expr>();
      P = Ctx.getParents(*Cur);
    }
    const auto *AS = P.empty() ? nullptr : P[0].get<ArraySubscriptExpr>();
    if (!AS || AS->getBase()->IgnoreParenImpCasts() != Ref ||
        integerConstant(AS->getIdx(), Ctx) != 0)
      return false;
  }
  return true;
}

bool isPowerOfTwo(int64_t V) { return V > 0 && (V & (V - 1)) == 0; }

} // namespace

void DivergentBranchCheck::checkKernel(const FunctionDecl *Kernel,
                                       ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<LaunchConfig> Launches = launchesOf(Kernel, Ctx);
  std::optional<BlockShape> Assumed = assumedBlockShape();
  std::vector<BlockShape> Shapes = blockShapes(Launches, Assumed, Kernel);
  std::vector<WarpSampler> Samplers;
  for (const BlockShape &S : Shapes)
    Samplers.emplace_back(S);
  // blockDim.x is a known power of two when every shape says so.
  bool BlockXPow2 = llvm::all_of(
      Shapes, [](const BlockShape &S) { return S.X && isPowerOfTwo(*S.X); });

  for (const FunctionDecl *F : analysedInstances(*Kernel)) {
    const KernelModel &M = KernelModel::get(*F);
    for (const BranchCondition &C : M.conditions()) {
      SourceLocation Loc = SM.getExpansionLoc(C.Cond->getBeginLoc());
      if (alreadyReported(Loc) || !C.Value->threadDependent())
        continue;
      bool IsLoop = isLoopStmt(C.S);

      LaneSplit Split;
      const BlockShape *Shape = nullptr;
      for (size_t I = 0; I < Samplers.size(); ++I) {
        LaneSplit L = laneSplit(C.Value, C.Guards, Samplers[I]);
        if (L.Kind == LaneSplit::LaneDivergent ||
            L.Kind == LaneSplit::DataDependent) {
          Split = L;
          Shape = &Shapes[I];
          break;
        }
      }
      if (Split.Kind == LaneSplit::DataDependent && IsLoop)
        continue; // Per-thread trip counts are the algorithm, not a slip.
      if (Split.Kind != LaneSplit::LaneDivergent &&
          Split.Kind != LaneSplit::DataDependent)
        continue;
      if (Split.Kind == LaneSplit::LaneDivergent && Split.SingleLane)
        continue; // `if (lane == 0) out[w] = s;`: the usual idiom.

      // What the ways cost.
      Work A, B;
      bool EarlyExit = false, OneArmed = false;
      const char *WhatA = "the 'then' arm", *WhatB = "the 'else' arm";
      if (const auto *If = dyn_cast<IfStmt>(C.S)) {
        A = workOf(If->getThen(), Ctx, M);
        B = workOf(If->getElse(), Ctx, M);
        OneArmed = !If->getElse();
        if (!If->getElse() && leaves(If->getThen())) {
          EarlyExit = true;
          B = restOfBlock(If, Ctx, M);
          WhatB = "the code after it";
        }
      } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(C.S)) {
        A = workOf(CO->getTrueExpr(), Ctx, M);
        B = workOf(CO->getFalseExpr(), Ctx, M);
        WhatA = "the first operand";
        WhatB = "the second";
      } else if (const auto *Sw = dyn_cast<SwitchStmt>(C.S)) {
        // Two cases with real work are two ways that both run.
        unsigned Real = 0;
        for (const SwitchCase *SC = Sw->getSwitchCaseList(); SC;
             SC = SC->getNextSwitchCase()) {
          Work W = workOf(SC->getSubStmt(), Ctx, M);
          if (W.real()) {
            (Real++ ? B : A) = W;
          }
        }
        WhatA = "one case";
        WhatB = "another";
      } else if (IsLoop) {
        const Stmt *Body = nullptr;
        if (const auto *Fo = dyn_cast<ForStmt>(C.S))
          Body = Fo->getBody();
        else if (const auto *Wh = dyn_cast<WhileStmt>(C.S))
          Body = Wh->getBody();
        else if (const auto *Do = dyn_cast<DoStmt>(C.S))
          Body = Do->getBody();
        A = workOf(Body, Ctx, M);
        WhatA = "the loop body";
      } else {
        continue; // `&&`, `||`: short-circuits are cheap.
      }
      bool InLoop = !C.Loops.empty();
      bool Costly;
      if (Split.Kind == LaneSplit::DataDependent)
        // Which lanes go where is the data's business; warn only when both
        // ways are expensive: the cheaper of the two is what a warp whose
        // lanes disagree adds.
        Costly = std::min(A.weight(), B.weight()) >= 40;
      else if (IsLoop)
        Costly = A.real(6); // The body runs once per iteration.
      else if (EarlyExit)
        // The lanes that leave only wait; what costs is a loop or a heavy
        // call that the others then run with part of the warp idle.
        Costly = B.Loop || B.HeavyCall;
      else if (OneArmed)
        // Nothing runs one after the other: the other lanes wait while the
        // arm runs. That matters when the arm is long (a loop, a helper).
        Costly = A.Loop || A.HeavyCall;
      else {
        // Two ways that both run, one after the other: the smaller one is
        // what divergence adds.
        unsigned Threshold =
            InLoop && !isa<AbstractConditionalOperator>(C.S) ? 6 : 10;
        Costly = A.real(Threshold) && B.real(Threshold);
      }
      std::optional<Reduction> Red;
      if (const auto *If = dyn_cast<IfStmt>(C.S))
        Red = interleavedReduction(If, M, Ctx);
      if (Red)
        Costly = true;
      if (!Costly)
        continue;
      markReported(Loc);

      std::string CondText = sourceText(C.Cond, Ctx, 60);
      std::string Msg;
      if (Red) {
        Msg = "interleaved tree reduction: '" + CondText +
              "' keeps one lane in 2*s busy, so every warp stays active, "
              "and divergent, at every step; sequential addressing ('tid < "
              "s' with s halving) packs the active lanes into whole warps: "
              "2.1x faster on an H100";
      } else if (Split.Kind == LaneSplit::DataDependent) {
        Msg = "branch on per-thread data '" + CondText +
              "': lanes of a warp can take different ways, and " + WhatA +
              " and " + WhatB +
              " both do real work, so a warp whose lanes disagree runs "
              "both one after the other";
      } else {
        std::string Lanes = describeLanes(Split.ActiveMask, Split.TrueMask);
        if (isa<SwitchStmt>(C.S))
          Lanes = "the lanes of each warp take different cases";
        if (IsLoop)
          Msg = "loop condition '" + CondText +
                "' gives the lanes of each warp different trip counts: the "
                "warp runs " +
                std::string(WhatA) + " as often as its slowest lane needs";
        else if (EarlyExit || OneArmed) {
          const Work &Long = EarlyExit ? B : A;
          Msg = "lane-divergent branch '" + CondText + "': " + Lanes +
                ", so in every warp " +
                (EarlyExit ? "the lanes that stay run the code after it"
                           : "the lanes that enter run the 'then' arm") +
                ", which " +
                (Long.Loop ? "holds a loop" : "calls a non-trivial helper") +
                ", while the others idle; arranging the work so that whole "
                "warps take one way (a condition on a warp index, "
                "'threadIdx.x / 32') leaves no lane idle";
        } else
          Msg = "lane-divergent branch '" + CondText + "': " + Lanes +
                ": every warp runs " + std::string(WhatA) + " and " + WhatB +
                " one after the other; a condition that is the same across "
                "each warp (on 'threadIdx.x / 32', a warp index) runs each "
                "way once: measured 2.0x for a heavy if/else on 'threadIdx.x "
                "% 2' on an H100";
        if (Shape && Shape->assumed())
          Msg += Shape->Y == 1
                     ? " (assuming a one-dimensional block whose size is a "
                       "multiple of 32)"
                     : " (assuming blockDim.x is a multiple of 32)";
        else if (Shape)
          Msg += " (block " + Shape->str() + ")";
      }
      // The rewrite to sequential addressing, when it is one.
      llvm::SmallVector<FixItHint, 4> Edits;
      std::string Why, BoundText, TidText, SName, Half, NotFixable;
      if (Red) {
        BoundText = exactSourceText(Red->Bound->getSourceRange(), Ctx);
        TidText = Red->Tid ? Red->Tid->getName().str() : "threadIdx.x";
        SName = Red->S->getName().str();
        const auto *LoopCond =
            cast<BinaryOperator>(Red->Loop->getCond()->IgnoreParenImpCasts());
        CharSourceRange InitR = fileRange(Red->Init->getSourceRange(), Ctx),
                        CondR = fileRange(LoopCond->getSourceRange(), Ctx),
                        IncR = fileRange(Red->Loop->getInc()->getSourceRange(),
                                         Ctx),
                        IfR = fileRange(Red->If->getCond()->getSourceRange(),
                                        Ctx);
        if (!BoundText.empty() && InitR.isValid() && CondR.isValid() &&
            IncR.isValid() && IfR.isValid()) {
          bool SimpleBound = llvm::all_of(BoundText, [](char Ch) {
            return isalnum(static_cast<unsigned char>(Ch)) || Ch == '_' ||
                   Ch == '.';
          });
          Half = (SimpleBound ? BoundText : "(" + BoundText + ")") + " / 2";
          Edits = {FixItHint::CreateReplacement(InitR, Half),
                   FixItHint::CreateReplacement(CondR, SName + " > 0"),
                   FixItHint::CreateReplacement(IncR, SName + " >>= 1"),
                   FixItHint::CreateReplacement(IfR, TidText + " < " + SName)};
          std::optional<int64_t> BoundValue = integerConstant(Red->Bound, Ctx);
          // Known not to be a power of two: the rewrite would drop elements,
          // so it is only described, never attached.
          bool KnownNotPow2 =
              BoundValue ? !isPowerOfTwo(*BoundValue)
                         : isBuiltinX(Red->Bound, SymKind::BlockDim, M) &&
                               llvm::all_of(Shapes, [](const BlockShape &Sh) {
                                 return Sh.X && !isPowerOfTwo(*Sh.X);
                               });
          // Interleaved and sequential addressing leave the same value only
          // in element 0: anything else read after the loop differs.
          // Through a pointer (`T *sdata = SharedMemory<T>()`), other
          // names can read the other elements: only an array is followed.
          bool IsArray = Red->Array->getType()->isArrayType();
          bool OnlyFirstRead =
              IsArray && C.Loops.size() == 1 &&
              onlyFirstElementReadAfter(Red->Loop, Red->Array, F, Ctx);
          if (KnownNotPow2 || !OnlyFirstRead) {
            Edits.clear();
            NotFixable =
                KnownNotPow2 ? "'" + BoundText +
                                   "' is not a power of two, "
                                   "so the halving loop would skip elements"
                : !IsArray
                    ? "'" + Red->Array->getName().str() +
                          "' is a pointer, so cudalint cannot see whether "
                          "elements other than the first are read after the "
                          "loop (they hold other partial sums after the "
                          "rewrite)"
                    : "elements other than '" + Red->Array->getName().str() +
                          "[0]' are read after the loop (or the loop is "
                          "nested), and they hold other partial sums after "
                          "the rewrite";
          }
          bool Pow2 =
              BoundValue
                  ? isPowerOfTwo(*BoundValue)
                  : isBuiltinX(Red->Bound, SymKind::BlockDim, M) && BlockXPow2;
          if (!Pow2)
            Why = BoundValue ? "'" + BoundText + "' is not a power of two"
                  : isBuiltinX(Red->Bound, SymKind::BlockDim, M)
                      ? "blockDim.x is not known to be a power of two (the "
                        "launches in this file do not all fix it to one)"
                      : "'" + BoundText + "' is not known to be a power of two";
          else if (!Red->Element->isIntegerType())
            Why = "the elements are floating point and the sum is taken in "
                  "a different order, so the last bits can change";
        }
      }
      {
        auto D = diag(Loc, "%0") << Msg;
        if (!Edits.empty() && Why.empty())
          for (const FixItHint &H : Edits)
            D << H;
      }
      for (const CallExpr *Call : C.CallStack)
        diag(Call->getExprLoc(), "inlined from this call", DiagnosticIDs::Note);
      if (!Red) {
        if (!C.Loops.empty() && !IsLoop)
          diag(SM.getExpansionLoc(C.Loops.back()->getBeginLoc()),
               "the branch runs on every iteration of this loop",
               DiagnosticIDs::Note);
        continue;
      }
      if (!NotFixable.empty()) {
        diag(SM.getExpansionLoc(Red->Loop->getBeginLoc()),
             "sequential addressing ('%0 < %1' with %1 halving) is not "
             "offered as a fix: %2",
             DiagnosticIDs::Note)
            << TidText << SName << NotFixable;
      } else if (Edits.empty()) {
        diag(Loc,
             "rewrite it as 'for (s = blockDim.x / 2; s > 0; s >>= 1) if "
             "(tid < s)'; not offered as a fix because the loop is written "
             "by a macro",
             DiagnosticIDs::Note);
      } else if (Why.empty()) {
        diag(SM.getExpansionLoc(Red->Loop->getBeginLoc()),
             "--fix rewrites the loop to sequential addressing; the sum is "
             "the same because '%0' is a power of two and the elements are "
             "integers",
             DiagnosticIDs::Note)
            << BoundText;
      } else {
        auto N = diag(SM.getExpansionLoc(Red->Loop->getBeginLoc()),
                      "sequential addressing ('%0 < %1' with %1 halving from "
                      "%2) computes the same sum only for a power-of-two "
                      "bound; not applied by --fix because %3",
                      DiagnosticIDs::Note)
                 << TidText << SName << Half << Why;
        for (const FixItHint &H : Edits)
          N << H;
      }
    }
  }
}

} // namespace cudalint
