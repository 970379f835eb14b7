//===--- ThreadStridedLoops.cpp -------------------------------------------===//

#include "analysis/ThreadStridedLoops.h"
#include "analysis/CudaAST.h"
#include "analysis/ModifiedVars.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cudalint {

namespace {

// The built-in values (and cooperative-groups methods) that name a
// thread's place in the grid, and those that count threads.
struct Builtins {
  llvm::ArrayRef<StringRef> Vars, Methods;
};
const StringRef IndexVars[] = {"threadIdx", "blockIdx"};
const StringRef IndexMethods[] = {"thread_rank", "thread_index", "block_rank",
                                  "block_index", "meta_group_rank"};
const StringRef CountVars[] = {"blockDim", "gridDim", "warpSize"};
const StringRef CountMethods[] = {"size",       "num_threads",
                                  "num_blocks", "dim_threads",
                                  "dim_blocks", "meta_group_size"};
const Builtins ThreadIndex{IndexVars, IndexMethods};
const Builtins ThreadCount{CountVars, CountMethods};

// Whether \p E, past parentheses and implicit casts, names \p V.
bool namesDecl(const Expr *E, const ValueDecl *V) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == V;
}

// The questions isThreadStridedLoop asks of one loop's counters.
class StrideFinder {
public:
  StrideFinder(const ASTContext &Ctx, ArgumentOfParam ArgumentOf)
      : Ctx(Ctx), ArgumentOf(ArgumentOf) {}

  bool threadDependent(const Expr *E) const {
    return dependsOn(E, ThreadIndex, 0);
  }

  bool spreadsOverThreads(const Stmt *Loop) const {
    const Expr *Cond = conditionOf(Loop);
    if (!Cond)
      return false;
    llvm::DenseSet<const ValueDecl *> Changed = variablesChangedIn(Loop);
    ReferencedDecls CondVars;
    CondVars.TraverseStmt(const_cast<Expr *>(Cond));
    for (const ValueDecl *V : CondVars.Decls)
      if (Changed.count(V) &&
          ((stepsOverThreads(V, Loop) &&
            (dependsOn(initialValue(V, Loop), ThreadIndex, 0) ||
             offsetByThreadWhereUsed(V, Loop))) ||
           (dividesByThreadCount(Cond, 0) &&
            scaledByThreadCountWhereUsed(V, Loop))))
        return true;
    return false;
  }

private:
  // A count of threads, or a constant of at least a warp.
  bool isThreadCount(const Expr *E) const {
    std::optional<int64_t> C = integerConstant(E, Ctx);
    return C ? *C >= 32 : dependsOn(E, ThreadCount, 0);
  }

  // \p E divides by a count of threads (`C / (warpSize * 8)`), directly or
  // through the locals it reads: an extent shared out over a group.
  bool dividesByThreadCount(const Expr *E, int Depth) const {
    if (!E || Depth > 6)
      return false;
    struct Finder : RecursiveASTVisitor<Finder> {
      const StrideFinder &C;
      int Depth;
      bool Found = false;
      Finder(const StrideFinder &C, int Depth) : C(C), Depth(Depth) {}
      bool VisitBinaryOperator(BinaryOperator *BO) {
        Found |= BO->getOpcode() == BO_Div && C.isThreadCount(BO->getRHS());
        return !Found;
      }
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        Found |= C.dividesByThreadCount(C.valueOf(Ref->getDecl()), Depth + 1);
        return !Found;
      }
    } F(*this, Depth);
    F.TraverseStmt(const_cast<Expr *>(E));
    return F.Found;
  }

  // Every use of \p V in the body of \p Loop is multiplied by a count of
  // threads (`i * C_per_iteration` with `C_per_iteration = warpSize * 8`):
  // each iteration moves a thread past the whole group's elements, as a
  // warp-stride loop does.
  bool scaledByThreadCountWhereUsed(const ValueDecl *V,
                                    const Stmt *Loop) const {
    return everyUseIs(V, Loop, BO_Mul,
                      [&](const Expr *E) { return isThreadCount(E); });
  }

  // Every use of \p V in the body of \p Loop is `V + t` (or `t + V`) with t
  // thread-dependent: each thread's iterations are its own addresses.
  bool offsetByThreadWhereUsed(const ValueDecl *V, const Stmt *Loop) const {
    return everyUseIs(V, Loop, BO_Add, [&](const Expr *E) {
      return dependsOn(E, ThreadIndex, 0);
    });
  }

  // Every use of \p V in the body of \p Loop is an operand of \p Op whose
  // other operand \p Other accepts.
  bool everyUseIs(const ValueDecl *V, const Stmt *Loop, BinaryOperatorKind Op,
                  llvm::function_ref<bool(const Expr *)> Other) const {
    struct Uses : RecursiveASTVisitor<Uses> {
      const ValueDecl *V;
      BinaryOperatorKind Op;
      llvm::function_ref<bool(const Expr *)> Other;
      unsigned All = 0, Matching = 0;
      Uses(const ValueDecl *V, BinaryOperatorKind Op,
           llvm::function_ref<bool(const Expr *)> Other)
          : V(V), Op(Op), Other(Other) {}
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        All += Ref->getDecl() == V;
        return true;
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (BO->getOpcode() == Op &&
            ((namesDecl(BO->getLHS(), V) && Other(BO->getRHS())) ||
             (namesDecl(BO->getRHS(), V) && Other(BO->getLHS()))))
          ++Matching;
        return true;
      }
    } U(V, Op, Other);
    const Stmt *Body = loopBody(Loop);
    if (!Body)
      return false;
    U.TraverseStmt(const_cast<Stmt *>(Body));
    return U.All > 0 && U.All == U.Matching;
  }

  // The value \p V holds when \p Loop starts.
  const Expr *initialValue(const ValueDecl *V, const Stmt *Loop) const {
    if (const auto *For = dyn_cast<ForStmt>(Loop))
      if (const auto *Init = dyn_cast_or_null<BinaryOperator>(For->getInit()))
        if (Init->getOpcode() == BO_Assign)
          if (const auto *Ref =
                  dyn_cast<DeclRefExpr>(Init->getLHS()->IgnoreParenImpCasts());
              Ref && Ref->getDecl() == V)
            return Init->getRHS();
    return valueOf(V);
  }

  // A variable's initialiser, or the argument a helper's parameter is bound
  // to.
  const Expr *valueOf(const ValueDecl *V) const {
    if (const auto *P = dyn_cast<ParmVarDecl>(V))
      return ArgumentOf(P);
    const auto *Var = dyn_cast<VarDecl>(V);
    return Var && Var->hasLocalStorage() ? Var->getInit() : nullptr;
  }

  // Whether \p E uses one of \p Names, directly or through locals (and
  // helper parameters) computed from one.
  bool dependsOn(const Expr *E, const Builtins &Names, int Depth) const {
    if (!E || Depth > 6)
      return false;
    struct Finder : RecursiveASTVisitor<Finder> {
      const Builtins &Names;
      llvm::SmallVector<const ValueDecl *, 4> Vars;
      bool Found = false;
      explicit Finder(const Builtins &Names) : Names(Names) {}
      static bool named(const NamedDecl *D, llvm::ArrayRef<StringRef> List) {
        return D && D->getDeclName().isIdentifier() &&
               llvm::is_contained(List, D->getName());
      }
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (named(Ref->getDecl(), Names.Vars))
          Found = true;
        else
          Vars.push_back(Ref->getDecl());
        return true;
      }
      // `warp.thread_rank()`: a member call, or a static method called
      // through an object (thread_block_tile's).
      bool VisitCallExpr(CallExpr *Call) {
        Found |= named(dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee()),
                       Names.Methods);
        return true;
      }
    } F(Names);
    F.TraverseStmt(const_cast<Expr *>(E));
    return F.Found || llvm::any_of(F.Vars, [&](const ValueDecl *V) {
             return dependsOn(valueOf(V), Names, Depth + 1);
           });
  }

  // True when \p Start is a thread index reduced modulo \p Step (`lane =
  // tid % W` for a step of `W`): the loop spreads over a group of `W`
  // threads, a warp of the program's own size.
  bool residueOfStep(const Expr *Start, const Expr *Step, int Depth) const {
    const auto *StepRef = dyn_cast<DeclRefExpr>(Step->IgnoreParenImpCasts());
    if (!Start || !StepRef || Depth > 6)
      return false;
    struct Finder : RecursiveASTVisitor<Finder> {
      const StrideFinder &C;
      const Expr *Step;
      const ValueDecl *Group;
      int Depth;
      bool Found = false;
      Finder(const StrideFinder &C, const Expr *Step, const ValueDecl *Group,
             int Depth)
          : C(C), Step(Step), Group(Group), Depth(Depth) {}
      bool VisitBinaryOperator(BinaryOperator *BO) {
        Found |= BO->getOpcode() == BO_Rem && namesDecl(BO->getRHS(), Group) &&
                 C.dependsOn(BO->getLHS(), ThreadIndex, 0);
        return !Found;
      }
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (Ref->getDecl() != Group)
          Found |= C.residueOfStep(C.valueOf(Ref->getDecl()), Step, Depth + 1);
        return !Found;
      }
    } F(*this, Step, StepRef->getDecl(), Depth);
    F.TraverseStmt(const_cast<Expr *>(Start));
    return F.Found;
  }

  // True when every change of \p V in \p Loop adds or subtracts a count of
  // threads (`i += blockDim.x * gridDim.x`, `c += 32`, `i += W` from `tid %
  // W`): a stride over the threads, not a walk of one thread.
  bool stepsOverThreads(const ValueDecl *V, const Stmt *Loop) const {
    struct Steps : RecursiveASTVisitor<Steps> {
      const StrideFinder &C;
      const ValueDecl *V;
      const Expr *Start;
      bool OverThreads = true, Any = false;
      Steps(const StrideFinder &C, const ValueDecl *V, const Expr *Start)
          : C(C), V(V), Start(Start) {}
      bool names(const Expr *E) const { return namesDecl(E, V); }
      bool VisitUnaryOperator(UnaryOperator *UO) {
        if (UO->isIncrementDecrementOp() && names(UO->getSubExpr()))
          Any = true, OverThreads = false;
        return true;
      }
      // Passed by reference (advanced by a helper): a step we cannot
      // see, taken as a stride rather than risk a false finding.
      bool VisitCallExpr(CallExpr *Call) {
        Any |= llvm::any_of(Call->arguments(),
                            [&](const Expr *Arg) { return names(Arg); });
        return true;
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (!BO->isAssignmentOp() || !names(BO->getLHS()))
          return true;
        Any = true;
        std::optional<int64_t> Step = integerConstant(BO->getRHS(), C.Ctx);
        OverThreads &= (BO->getOpcode() == BO_AddAssign ||
                        BO->getOpcode() == BO_SubAssign) &&
                       (Step ? *Step >= 32 || *Step <= -32
                             : C.dependsOn(BO->getRHS(), ThreadCount, 0) ||
                                   C.residueOfStep(Start, BO->getRHS(), 0));
        return true;
      }
    } S(*this, V, initialValue(V, Loop));
    if (const auto *For = dyn_cast<ForStmt>(Loop)) {
      S.TraverseStmt(const_cast<Expr *>(For->getInc()));
      S.TraverseStmt(const_cast<Stmt *>(For->getBody()));
    } else {
      S.TraverseStmt(const_cast<Stmt *>(Loop));
    }
    return S.Any && S.OverThreads;
  }

  const ASTContext &Ctx;
  ArgumentOfParam ArgumentOf;
};

} // namespace

bool dependsOnThreadIndex(const Expr *E, const ASTContext &Ctx,
                          ArgumentOfParam ArgumentOf) {
  return StrideFinder(Ctx, ArgumentOf).threadDependent(E);
}

bool isThreadStridedLoop(const Stmt *Loop, const ASTContext &Ctx,
                         ArgumentOfParam ArgumentOf) {
  return StrideFinder(Ctx, ArgumentOf).spreadsOverThreads(Loop);
}

} // namespace cudalint
