//===--- PointerAccesses.cpp ----------------------------------------------===//

#include "analysis/PointerAccesses.h"
#include "analysis/CudaAST.h"
#include "analysis/CudaNames.h"
#include "analysis/InlinedHelpers.h"
#include "analysis/LaneExchange.h"
#include "analysis/ModifiedVars.h"
#include "analysis/TemplateStandIn.h"
#include "analysis/ThreadStridedLoops.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cudalint {

using ParamSet = llvm::SmallPtrSet<const ParmVarDecl *, 2>;

class PointerAccessCollector
    : public RecursiveASTVisitor<PointerAccessCollector> {
public:
  PointerAccessCollector(const FunctionDecl &Kernel, const SourceManager &SM,
                         llvm::ArrayRef<TemplateStandIn> StandIns,
                         PointerAccesses &Out)
      : SM(SM), Ctx(Kernel.getASTContext()), StandIns(StandIns), Out(Out) {
    for (const ParmVarDecl *P : Kernel.parameters())
      if (P->getType()->isPointerType())
        Params.insert(P);
  }

  void run(Stmt *Body) {
    // Two passes over the derivations reach chains declared out of order
    // (a pointer advanced at the bottom of a loop and used at its top).
    for (int Pass = 0; Pass < 2; ++Pass)
      collectDerivations(Body);
    ModifiedVars Mods(/*CountHiddenWrites=*/true);
    Mods.TraverseStmt(Body);
    for (const auto &[Var, Names] : Mods.Names)
      for (const DeclRefExpr *Name : Names)
        Out.Modifications[Var].push_back(
            SM.getFileOffset(SM.getExpansionLoc(Name->getBeginLoc())));
    TraverseStmt(Body);
  }

#define CUDALINT_TRAVERSE_LOOP(CLASS, NAME)                                    \
  bool NAME(CLASS *S) {                                                        \
    if (runsOnce(S))                                                           \
      return traverseBlockOnce(cast<DoStmt>(S));                               \
    if (isThreadStridedLoop(                                                   \
            S, Ctx, [&](const ParmVarDecl *P) { return argumentOf(P); }))      \
      Out.ThreadStrided.insert(S);                                             \
    if (cudalint::exchangesAcrossLanes(S))                                     \
      Out.Exchanging.insert(S);                                                \
    LoopStack.push_back(S);                                                    \
    JumpTargets.push_back(S);                                                  \
    bool Result = traverseLoopParts(S);                                        \
    JumpTargets.pop_back();                                                    \
    LoopStack.pop_back();                                                      \
    return Result;                                                             \
  }
  CUDALINT_TRAVERSE_LOOP(ForStmt, traverseForLoop)
  CUDALINT_TRAVERSE_LOOP(WhileStmt, TraverseWhileStmt)
  CUDALINT_TRAVERSE_LOOP(DoStmt, TraverseDoStmt)
  CUDALINT_TRAVERSE_LOOP(CXXForRangeStmt, TraverseCXXForRangeStmt)
#undef CUDALINT_TRAVERSE_LOOP
  bool traverseLoopParts(WhileStmt *S) {
    return RecursiveASTVisitor::TraverseWhileStmt(S);
  }
  bool traverseLoopParts(DoStmt *S) {
    return RecursiveASTVisitor::TraverseDoStmt(S);
  }
  bool traverseLoopParts(CXXForRangeStmt *S) {
    return RecursiveASTVisitor::TraverseCXXForRangeStmt(S);
  }
  // A `for`'s initialisation runs once, before the loop: a load there
  // (`for (e = first[v]; ...)`) is no load of every trip.
  bool TraverseForStmt(ForStmt *S) {
    TraverseStmt(S->getInit());
    return traverseForLoop(S);
  }
  bool traverseLoopParts(ForStmt *S) {
    TraverseStmt(S->getConditionVariableDeclStmt());
    TraverseStmt(S->getCond());
    TraverseStmt(S->getInc());
    return TraverseStmt(S->getBody());
  }

  // `do { ... } while (0)` (a macro's body) runs once: not a loop whose
  // iterations reload anything. Code in it may be skipped by a `break`, so
  // a barrier there counts as conditional.
  bool runsOnce(const Stmt *S) const {
    const auto *Do = dyn_cast<DoStmt>(S);
    bool Repeats = true;
    return Do && !Do->getCond()->isValueDependent() &&
           Do->getCond()->EvaluateAsBooleanCondition(Repeats, Ctx) && !Repeats;
  }
  bool traverseBlockOnce(DoStmt *S) {
    BranchDepths.push_back(LoopStack.size());
    JumpTargets.push_back(S);
    TraverseStmt(S->getBody());
    JumpTargets.pop_back();
    BranchDepths.pop_back();
    return true;
  }

  // A `break` or `continue` that leaves a loop's body before its end may
  // skip the barriers after it (one that leaves a switch or a
  // `do { } while (0)` lands inside the body again); a `goto` may go anywhere.
  bool VisitBreakStmt(BreakStmt *) {
    if (!JumpTargets.empty())
      markLeftEarly(JumpTargets.back());
    return true;
  }
  bool VisitContinueStmt(ContinueStmt *) {
    for (const Stmt *Target : llvm::reverse(JumpTargets))
      if (!isa<SwitchStmt>(Target)) {
        markLeftEarly(Target);
        break;
      }
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) {
    Out.LeftEarly.insert(LoopStack.begin(), LoopStack.end());
    return true;
  }
  void markLeftEarly(const Stmt *Target) {
    if (llvm::is_contained(LoopStack, Target))
      Out.LeftEarly.insert(Target);
  }
  bool TraverseIfStmt(IfStmt *S) {
    if (S->getInit())
      TraverseStmt(S->getInit());
    if (S->getConditionVariableDeclStmt())
      TraverseStmt(S->getConditionVariableDeclStmt());
    TraverseStmt(S->getCond());
    // An arm the condition rules out is compiled out: a template flag's
    // (`if (WriteProbs)` in an instance, or under a stand-in), a constant's.
    std::optional<bool> Known = knownCondition(S->getCond());
    if (Known != false)
      traverseArm(S, 0, S->getThen());
    if (Known != true)
      traverseArm(S, 1, S->getElse());
    return true;
  }
  std::optional<bool> knownCondition(const Expr *Cond) const {
    if (!Cond)
      return std::nullopt;
    if (!Cond->isValueDependent()) {
      bool Value = false;
      if (Cond->EvaluateAsBooleanCondition(Value, Ctx))
        return Value;
      return std::nullopt;
    }
    std::optional<bool> Agreed;
    for (const TemplateStandIn &S : StandIns) {
      std::optional<int64_t> V = standInValue(Cond, &S, Ctx);
      if (!V || (Agreed && *Agreed != (*V != 0)))
        return std::nullopt;
      Agreed = *V != 0;
    }
    return Agreed;
  }
  // Different case labels of a switch count as different arms (a
  // fall-through is taken as not intended to reach the next case's loads).
  bool TraverseSwitchStmt(SwitchStmt *S) {
    if (S->getInit())
      TraverseStmt(S->getInit());
    TraverseStmt(S->getCond());
    const auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
    if (!Body)
      return TraverseStmt(S->getBody());
    int Arm = 0;
    Branches.push_back({S, Arm});
    BranchDepths.push_back(LoopStack.size());
    JumpTargets.push_back(S);
    for (Stmt *Child : Body->body()) {
      if (isa<SwitchCase>(Child))
        Branches.back().second = ++Arm;
      TraverseStmt(Child);
    }
    JumpTargets.pop_back();
    BranchDepths.pop_back();
    Branches.pop_back();
    return true;
  }
  bool TraverseConditionalOperator(ConditionalOperator *S) {
    TraverseStmt(S->getCond());
    traverseArm(S, 0, S->getTrueExpr());
    traverseArm(S, 1, S->getFalseExpr());
    return true;
  }
  void traverseArm(const Stmt *Owner, int Arm, Stmt *Body) {
    if (!Body)
      return;
    const Stmt *Last = Body;
    if (const auto *Block = dyn_cast<CompoundStmt>(Body))
      Last = Block->body_empty() ? nullptr : Block->body_back();
    bool Returns = Last && isa<ReturnStmt>(Last);
    Branches.push_back({Owner, Arm});
    BranchDepths.push_back(LoopStack.size());
    if (Returns)
      ReturningArms.push_back({Owner, Arm});
    TraverseStmt(Body);
    if (Returns)
      ReturningArms.pop_back();
    BranchDepths.pop_back();
    Branches.pop_back();
  }

  // Overriding without the DataRecursionQueue parameter makes the visitor
  // traverse a loop's children before returning, which keeps LoopStack right.

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl()))
      if (Params.count(P)) {
        Out.Used.insert(P);
        ++Out.RefCount[P];
      }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    recordAccess(BO->getLHS(), /*Load=*/BO->isCompoundAssignmentOp(),
                 /*Store=*/true, BO);
    // A pointer derived from a parameter stored anywhere but a local
    // pointer variable leaves our sight.
    if (BO->getOpcode() == BO_Assign &&
        BO->getRHS()->getType()->isPointerType()) {
      const auto *LHSRef =
          dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
      const auto *LocalVar =
          LHSRef ? dyn_cast<VarDecl>(LHSRef->getDecl()) : nullptr;
      if (!LocalVar || !LocalVar->hasLocalStorage() ||
          !LocalVar->getType()->getPointeeType().isConstQualified())
        markEscaped(rootParams(BO->getRHS()));
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      recordAccess(UO->getSubExpr(), true, true, UO);
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      recordAccess(Cast->getSubExpr(), true, false, Cast);
    return true;
  }

  // Class-typed elements are read and written through their copy
  // constructor and assignment operator, not through a plain load. A
  // libcu++ `atomic_ref` made on an element is an atomic access of it.
  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    if (Construct->getNumArgs() == 0 || !Construct->getConstructor())
      return true;
    bool IsRef = false;
    if (libcuxxAtomicValue(Construct->getType(), IsRef) && IsRef &&
        !libcuxxAtomicValue(Construct->getArg(0)->getType(), IsRef))
      recordAccess(Construct->getArg(0), true, true, Construct,
                   /*Atomic=*/true);
    else if (Construct->getNumArgs() == 1 &&
             Construct->getConstructor()->isCopyOrMoveConstructor())
      recordAccess(Construct->getArg(0), true, false, Construct);
    return true;
  }
  // `(float)x[i]` on a `__nv_bfloat16 *x`: a conversion operator reads the
  // element it is applied to.
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    if (isa_and_nonnull<CXXConversionDecl>(Call->getMethodDecl()))
      recordAccess(Call->getImplicitObjectArgument(), true, false, Call);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (!Call->isAssignmentOp() || Call->getNumArgs() != 2)
      return true;
    recordAccess(Call->getArg(0), Call->getOperator() != OO_Equal,
                 /*Store=*/true, Call);
    recordAccess(Call->getArg(1), true, false, Call);
    return true;
  }

  bool VisitExplicitCastExpr(ExplicitCastExpr *Cast) {
    if (Cast->getSubExpr()->getType()->isPointerType())
      markEscaped(rootParams(Cast->getSubExpr()));
    return true;
  }

  // A template analysed as written reads an element of dependent type
  // without an lvalue-to-rvalue conversion: as an operand of a dependent
  // operator or call, or as an initializer.
  bool VisitExpr(Expr *E) {
    if (!E->isTypeDependent() ||
        !(isa<BinaryOperator>(E) || isa<UnaryOperator>(E) || isa<CallExpr>(E) ||
          isa<CXXUnresolvedConstructExpr>(E) ||
          isa<AbstractConditionalOperator>(E) || isa<ParenListExpr>(E) ||
          isa<InitListExpr>(E)))
      return true;
    for (const Stmt *C : E->children())
      if (const auto *Op = dyn_cast_or_null<Expr>(C))
        if (!writtenOrAddressed(E, Op))
          recordDependentRead(Op, E);
    return true;
  }

  // \p Op is what \p E assigns, steps or takes the address of (recorded
  // elsewhere), or the function it calls.
  static bool writtenOrAddressed(const Expr *E, const Expr *Op) {
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return BO->isAssignmentOp() && BO->getLHS() == Op;
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf;
    if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E))
      return Call->getCallee() == Op ||
             (Call->isAssignmentOp() && Call->getArg(0) == Op);
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return Call->getCallee() == Op;
    return false;
  }

  void recordDependentRead(const Expr *Op, const Expr *Whole) {
    const Expr *X = Op->IgnoreParens();
    const auto *UO = dyn_cast<UnaryOperator>(X);
    if (X->isTypeDependent() &&
        (isa<ArraySubscriptExpr>(X) || (UO && UO->getOpcode() == UO_Deref)))
      recordAccess(X, /*Load=*/true, /*Store=*/false, Whole);
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && VD->getInit()->isTypeDependent())
      recordDependentRead(VD->getInit(), VD->getInit());
    if (!VD->getType()->isPointerType() || !VD->getInit())
      return true;
    if (!VD->getType()->getPointeeType().isConstQualified())
      markEscaped(rootParams(VD->getInit()));
    else
      consumeParamRef(VD->getInit()); // `const T *row = in + k;` reads only.
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    std::optional<AtomicCall> Atomic = cudaAtomic(Call);
    bool IsAtomic = Atomic && !Atomic->Libcuxx;
    std::optional<CachedAccessKind> Cached = cudaCachedAccess(Call);
    bool IsCachedLoad = Cached == CachedAccessKind::Load;
    bool IsCachedStore = Cached == CachedAccessKind::Store;
    if (reachesMemoryOrdering(Call))
      Out.Fenced.insert(LoopStack.begin(), LoopStack.end());
    // In a helper, a `return` before it may skip it: its call is judged
    // where the kernel makes it.
    if (Frames.empty() && alwaysOrdersMemory(Call))
      Out.Orderings.push_back(
          {SM.getFileOffset(SM.getExpansionLoc(Call->getBeginLoc())),
           llvm::SmallVector<const Stmt *, 2>(LoopStack.begin(),
                                              LoopStack.end()),
           BranchDepths.empty() ? 0u : *llvm::max_element(BranchDepths)});
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      if (!Arg->getType()->isPointerType())
        continue;
      ParamSet Roots = rootParams(Arg);
      if (Roots.empty())
        continue;
      if (I == 0 && (IsAtomic || IsCachedLoad || IsCachedStore)) {
        for (const ParmVarDecl *P : Roots)
          addAccess(P, Call, IsAtomic || IsCachedLoad,
                    IsAtomic || IsCachedStore, Call, IsAtomic);
        continue;
      }
      markEscaped(Roots);
    }
    if (!IsAtomic && !IsCachedLoad && !IsCachedStore)
      inlineHelper(Call, Callee);
    return true;
  }

private:
  // A `__device__` helper the kernel calls, inlined into the walk.
  struct HelperFrame {
    const FunctionDecl *Callee;
    const CallExpr *Call;
    size_t LoopDepth; ///< Loops around the call.
    llvm::DenseMap<const ParmVarDecl *, const Expr *> ArgOf;
  };

  // A `__device__` helper that receives a kernel pointer: its loads and
  // stores are the kernel's, made inside the loops around the call.
  void inlineHelper(const CallExpr *Call, const FunctionDecl *Callee) {
    llvm::SmallVector<const FunctionDecl *, 4> Walked;
    for (const HelperFrame &F : Frames)
      Walked.push_back(F.Callee);
    // A method that uses `this` reads members this walk does not follow.
    const FunctionDecl *Def = helperToInline(Call, Callee, Walked, SM);
    if (!Def || bindsThis(Call, Def))
      return;
    llvm::DenseMap<const ValueDecl *, ParamSet> Saved = Derived;
    llvm::SmallPtrSet<const ValueDecl *, 8> SavedRestrict = RestrictBased;
    HelperFrame Frame{Def, Call, LoopStack.size(),
                      llvm::DenseMap<const ParmVarDecl *, const Expr *>()};
    bool PassesPointer = false;
    for (unsigned I = 0; argumentOfParam(Call, Def, I) < Call->getNumArgs() &&
                         I < Def->getNumParams();
         ++I) {
      const ParmVarDecl *HelperParam = Def->getParamDecl(I);
      const Expr *Arg = Call->getArg(argumentOfParam(Call, Def, I));
      Frame.ArgOf[HelperParam] = Arg;
      ParamSet Roots = HelperParam->getType()->isPointerType() ? rootParams(Arg)
                                                               : ParamSet();
      PassesPointer |= !Roots.empty();
      if (!Roots.empty() && (HelperParam->getType().isRestrictQualified() ||
                             basedOnRestrict(Arg)))
        RestrictBased.insert(HelperParam);
      Derived[HelperParam] = std::move(Roots);
    }
    if (PassesPointer) {
      Frames.push_back(std::move(Frame));
      for (int Pass = 0; Pass < 2; ++Pass)
        collectDerivations(Def->getBody());
      TraverseStmt(Def->getBody());
      Frames.pop_back();
    }
    Derived = std::move(Saved);
    RestrictBased = std::move(SavedRestrict);
  }

  // The argument a parameter of a helper being walked is bound to.
  const Expr *argumentOf(const ParmVarDecl *P) const {
    for (const HelperFrame &F : Frames)
      if (const Expr *Arg = F.ArgOf.lookup(P))
        return Arg;
    return nullptr;
  }

  // The parameters a pointer expression may point into.
  ParamSet rootParams(const Expr *E) {
    ParamSet Result;
    E = stripNoOps(E);
    if (!E)
      return Result;
    if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(E)) {
      for (const ParmVarDecl *P : rootParams(Cond->getTrueExpr()))
        Result.insert(P);
      for (const ParmVarDecl *P : rootParams(Cond->getFalseExpr()))
        Result.insert(P);
      return Result;
    }
    const ValueDecl *Base = pointerBase(E);
    if (!Base)
      return Result;
    if (const auto *P = dyn_cast<ParmVarDecl>(Base); P && Params.count(P)) {
      Result.insert(P);
      return Result;
    }
    // A local pointer derived from a parameter, or a helper's parameter
    // bound to one (see inlineHelper).
    auto It = Derived.find(Base);
    if (It != Derived.end())
      Result = It->second;
    return Result;
  }

  // Whether the pointer \p E is based on a `__restrict__` local (`const
  // float *__restrict__ src = src_ptr;`, a helper's restricted parameter):
  // the compiler keeps its accesses apart from every other pointer's, as
  // if the kernel's parameter were restricted.
  bool basedOnRestrict(const Expr *E) const {
    E = stripNoOps(E);
    if (!E)
      return false;
    if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(E))
      return basedOnRestrict(Cond->getTrueExpr()) &&
             basedOnRestrict(Cond->getFalseExpr());
    const ValueDecl *Base = pointerBase(E);
    return Base && RestrictBased.count(Base) && !NotRestrictBased.count(Base);
  }

  void collectDerivations(Stmt *Body) {
    struct Walker : RecursiveASTVisitor<Walker> {
      PointerAccessCollector &C;
      explicit Walker(PointerAccessCollector &C) : C(C) {}
      bool VisitVarDecl(VarDecl *VD) {
        if (VD->getType()->isPointerType() && VD->getInit()) {
          for (const ParmVarDecl *P : C.rootParams(VD->getInit()))
            C.Derived[VD].insert(P);
          if (VD->getType().isRestrictQualified() ||
              C.basedOnRestrict(VD->getInit()))
            C.RestrictBased.insert(VD);
        }
        return true;
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (!BO->isAssignmentOp() || !BO->getType()->isPointerType())
          return true;
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
          if (isa<VarDecl>(Ref->getDecl()) &&
              !isa<ParmVarDecl>(Ref->getDecl())) {
            for (const ParmVarDecl *P : C.rootParams(BO->getRHS()))
              C.Derived[Ref->getDecl()].insert(P);
            // A plain pointer set from elsewhere too is not based on the
            // restricted one alone.
            if (!Ref->getType().isRestrictQualified() &&
                !C.basedOnRestrict(BO->getRHS()))
              C.NotRestrictBased.insert(Ref->getDecl());
          }
        return true;
      }
    } W(*this);
    W.TraverseStmt(Body);
  }

  // `p[i]`, `*p`, `p->f`, `p[i].f`: the pointer expression being
  // dereferenced, or null if \p E is not a dereference.
  static const Expr *dereferencedPointer(const Expr *E) {
    E = E->IgnoreParens();
    while (const auto *Member = dyn_cast<MemberExpr>(E)) {
      if (Member->isArrow())
        return Member->getBase();
      E = Member->getBase()->IgnoreParens();
    }
    if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
      return Sub->getBase()->getType()->isPointerType() ? Sub->getBase()
                                                        : nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_Deref)
        return UO->getSubExpr();
    return nullptr;
  }

  void recordAccess(const Expr *Target, bool Load, bool Store,
                    const Expr *Whole, bool Atomic = false) {
    const Expr *Ptr = dereferencedPointer(Target);
    if (!Ptr)
      return;
    bool Restricted = basedOnRestrict(Ptr);
    for (const ParmVarDecl *P : rootParams(Ptr)) {
      addAccess(P, Target->IgnoreParens(), Load, Store, Whole, Atomic);
      Out.Accesses.back().ThroughRestrict = Restricted;
    }
  }

  void addAccess(const ParmVarDecl *P, const Expr *Access, bool Load,
                 bool Store, const Expr *Whole, bool Atomic = false) {
    PointerAccess A;
    A.Param = P;
    A.Expr = Access;
    A.IsLoad = Load;
    A.IsStore = Store;
    A.IsAtomic = Atomic;
    A.Type = accessedType(Access);
    // Inside a helper, the access happens where the kernel calls it.
    SourceLocation At = !Frames.empty() ? Frames.front().Call->getBeginLoc()
                        : Store         ? Whole->getEndLoc()
                                        : Access->getBeginLoc();
    A.Order = SM.getFileOffset(SM.getExpansionLoc(At));
    Access->Profile(A.Address, Ctx, /*Canonical=*/true);
    A.Loops.assign(LoopStack.begin(), LoopStack.end());
    A.Branches.assign(Branches.begin(), Branches.end());
    A.ByOneThread = llvm::any_of(Branches, [&](const auto &Arm) {
      return picksOneThread(
          Arm.first, Arm.second, Ctx,
          [&](const ParmVarDecl *P) { return argumentOf(P); });
    });
    A.ReturningArms.assign(ReturningArms.begin(), ReturningArms.end());
    for (const HelperFrame &F : Frames)
      A.CallStack.push_back(F.Call);
    ReferencedDecls Refs;
    Refs.TraverseStmt(const_cast<Expr *>(Access));
    A.AddressVars = std::move(Refs.Decls);
    if (Load && !Store && Frames.empty())
      consumeRead(Access);
    // `dst[atomicAdd(count, 1)]` moves on every iteration though no
    // variable of its address does.
    for (size_t Depth = 0; Depth < LoopStack.size() && !Refs.CallsOpaque;
         ++Depth)
      if (isInvariantIn(A.AddressVars, Depth))
        A.InvariantIn.insert(LoopStack[Depth]);
    if (Store)
      Out.Stored.insert(P);
    Out.Accesses.push_back(std::move(A));
  }

  // The object an access reads or writes: an intrinsic's (`atomicAdd(p,
  // v)`, `__ldg(p)`) is what its pointer argument points to.
  static QualType accessedType(const Expr *Access) {
    if (const auto *Call = dyn_cast<CallExpr>(Access))
      if (Call->getNumArgs() > 0 && Call->getArg(0)->getType()->isPointerType())
        return Call->getArg(0)->getType()->getPointeeType();
    return Access->getType();
  }

  // Whether none of \p Vars changes in the loop LoopStack[Depth]. Inside a
  // helper called from that loop, a helper parameter stands for its argument
  // and a helper local is new on every call.
  bool isInvariantIn(llvm::ArrayRef<const ValueDecl *> Vars, size_t Depth) {
    llvm::SmallVector<const ValueDecl *, 8> Seen(Vars.begin(), Vars.end());
    for (const HelperFrame &F : llvm::reverse(Frames)) {
      if (F.LoopDepth <= Depth)
        break;
      llvm::SmallVector<const ValueDecl *, 8> Outer;
      for (const ValueDecl *V : Seen) {
        if (V->getDeclContext() != F.Callee) {
          Outer.push_back(V);
          continue;
        }
        const auto *HelperParam = dyn_cast<ParmVarDecl>(V);
        if (!HelperParam || !F.ArgOf.count(HelperParam))
          return false;
        ReferencedDecls Refs;
        Refs.TraverseStmt(const_cast<Expr *>(F.ArgOf.lookup(HelperParam)));
        Outer.append(Refs.Decls.begin(), Refs.Decls.end());
      }
      Seen = std::move(Outer);
    }
    const llvm::DenseSet<const ValueDecl *> &Changed =
        modifiedIn(LoopStack[Depth]);
    return llvm::none_of(Seen,
                         [&](const ValueDecl *D) { return Changed.count(D); });
  }

  const llvm::DenseSet<const ValueDecl *> &modifiedIn(const Stmt *Loop) {
    auto It = Modified.find(Loop);
    if (It != Modified.end())
      return It->second;
    return Modified[Loop] = variablesChangedIn(Loop);
  }

  // Marks the parameter reference at the base of a plain load (`p[i]`,
  // `*(p + k)`, `p->f`, `__ldg(&p[i])`) as accounted for.
  void consumeRead(const Expr *Access) {
    const Expr *Ptr = dereferencedPointer(Access);
    if (!Ptr) {
      // A cached-load intrinsic: its argument is the address itself.
      if (const auto *Call = dyn_cast<CallExpr>(Access))
        if (Call->getNumArgs() > 0)
          Ptr = Call->getArg(0);
    }
    consumeParamRef(Ptr);
  }
  void consumeParamRef(const Expr *Ptr) {
    while (Ptr) {
      Ptr = stripNoOps(Ptr);
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Ptr)) {
        const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
        if (P && Params.count(P) && Consumed.insert(Ref).second)
          ++Out.ReadRefs[P];
        return;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(Ptr)) {
        if (!BO->isAdditiveOp())
          return;
        Ptr = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                       : BO->getRHS();
        continue;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(Ptr)) {
        const auto *Sub =
            UO->getOpcode() == UO_AddrOf
                ? dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())
                : nullptr;
        Ptr = Sub ? Sub->getBase() : nullptr;
        continue;
      }
      return;
    }
  }

  void markEscaped(const ParamSet &Roots) {
    for (const ParmVarDecl *P : Roots)
      Out.Escaped.insert(P);
  }

  const SourceManager &SM;
  const ASTContext &Ctx;
  llvm::ArrayRef<TemplateStandIn> StandIns;
  PointerAccesses &Out;
  llvm::SmallPtrSet<const ParmVarDecl *, 8> Params;
  llvm::DenseMap<const ValueDecl *, ParamSet> Derived;
  /// Pointers based on a `__restrict__` one (see basedOnRestrict), and those
  /// also assigned from elsewhere.
  llvm::SmallPtrSet<const ValueDecl *, 8> RestrictBased, NotRestrictBased;
  llvm::SmallVector<const Stmt *, 4> LoopStack;
  llvm::SmallVector<std::pair<const Stmt *, int>, 4> Branches;
  /// For each of Branches (and each `do { } while (0)`), the loops around it.
  llvm::SmallVector<unsigned, 4> BranchDepths;
  /// The loops, switches and `do { } while (0)` a `break` or `continue` may
  /// leave, innermost last.
  llvm::SmallVector<const Stmt *, 4> JumpTargets;
  llvm::SmallVector<std::pair<const Stmt *, int>, 4> ReturningArms;
  llvm::DenseSet<const DeclRefExpr *> Consumed;
  llvm::DenseMap<const Stmt *, llvm::DenseSet<const ValueDecl *>> Modified;
  llvm::SmallVector<HelperFrame, 2> Frames;
};

bool PointerAccess::isExclusiveWith(const PointerAccess &Other) const {
  for (const auto &[Stmt, Arm] : Branches)
    for (const auto &[OtherStmt, OtherArm] : Other.Branches)
      if (Stmt == OtherStmt && Arm != OtherArm)
        return true;
  return false;
}

bool PointerAccess::mayBeFollowedBy(const PointerAccess &Later) const {
  if (isExclusiveWith(Later))
    return false;
  for (const auto &Arm : ReturningArms)
    if (!llvm::is_contained(Later.Branches, Arm))
      return false;
  return true;
}

bool PointerAccesses::barrierBetween(const PointerAccess &Store,
                                     const PointerAccess &Load,
                                     const Stmt *Loop) const {
  const auto *At = llvm::find(Store.Loops, Loop);
  if (At == Store.Loops.end() || LeftEarly.count(Loop))
    return false;
  size_t Depth = At - Store.Loops.begin();
  // Within one trip the load follows the store when it comes later in the
  // body; otherwise it runs on the next trip, past the end of the body.
  bool SameTrip = Load.Order > Store.Order;
  return llvm::any_of(Orderings, [&](const Ordering &B) {
    bool InBody =
        B.Loops.size() == Depth + 1 &&
        llvm::equal(B.Loops,
                    llvm::ArrayRef(Store.Loops).take_front(Depth + 1)) &&
        B.BranchDepth <= Depth;
    bool After = B.Order > Store.Order, Before = B.Order < Load.Order;
    return InBody && (SameTrip ? After && Before : After || Before);
  });
}

bool PointerAccesses::isOnlyAtomic(const ParmVarDecl *P) const {
  bool Any = false;
  for (const PointerAccess &A : Accesses) {
    if (A.Param != P)
      continue;
    if (!A.IsAtomic)
      return false;
    Any = true;
  }
  return Any;
}

bool PointerAccesses::addressChangesBetween(const PointerAccess &A,
                                            unsigned From, unsigned To) const {
  for (const ValueDecl *Var : A.AddressVars) {
    if (!isa<VarDecl>(Var))
      continue;
    auto It = Modifications.find(Var);
    if (It == Modifications.end())
      continue;
    for (unsigned Offset : It->second)
      if (Offset > From && Offset < To)
        return true;
  }
  return false;
}

PointerAccesses::PointerAccesses(const FunctionDecl &Kernel,
                                 const SourceManager &SM,
                                 llvm::ArrayRef<TemplateStandIn> StandIns) {
  if (Stmt *Body = Kernel.getBody())
    PointerAccessCollector(Kernel, SM, StandIns, *this).run(Body);
}

} // namespace cudalint
