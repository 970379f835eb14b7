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

  bool spreadsOverThreads(const Stmt *Loop) const {
    const Expr *Cond = conditionOf(Loop);
    if (!Cond)
      return false;
    llvm::DenseSet<const ValueDecl *> Changed = variablesChangedIn(Loop);
    ReferencedDecls CondVars;
    CondVars.TraverseStmt(const_cast<Expr *>(Cond));
    for (const ValueDecl *V : CondVars.Decls)
      if (Changed.count(V) && stepsOverThreads(V, Loop) &&
          (dependsOn(initialValue(V, Loop), ThreadIndex, 0) ||
           offsetByThreadWhereUsed(V, Loop)))
        return true;
    return false;
  }

private:
  // Every use of \p V in the body of \p Loop is `V + t` (or `t + V`) with t
  // thread-dependent: each thread's iterations are its own addresses.
  bool offsetByThreadWhereUsed(const ValueDecl *V, const Stmt *Loop) const {
    struct Uses : RecursiveASTVisitor<Uses> {
      const StrideFinder &C;
      const ValueDecl *V;
      unsigned All = 0, Offset = 0;
      Uses(const StrideFinder &C, const ValueDecl *V) : C(C), V(V) {}
      bool names(const Expr *E) const { return namesDecl(E, V); }
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        All += Ref->getDecl() == V;
        return true;
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (BO->getOpcode() != BO_Add)
          return true;
        if ((names(BO->getLHS()) &&
             C.dependsOn(BO->getRHS(), ThreadIndex, 0)) ||
            (names(BO->getRHS()) && C.dependsOn(BO->getLHS(), ThreadIndex, 0)))
          ++Offset;
        return true;
      }
    } U(*this, V);
    const Stmt *Body = loopBody(Loop);
    if (!Body)
      return false;
    U.TraverseStmt(const_cast<Stmt *>(Body));
    return U.All > 0 && U.All == U.Offset;
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

  // True when every change of \p V in \p Loop adds or subtracts a count of
  // threads (`i += blockDim.x * gridDim.x`, `c += 32`): a stride over the
  // threads, not a walk of one thread.
  bool stepsOverThreads(const ValueDecl *V, const Stmt *Loop) const {
    struct Steps : RecursiveASTVisitor<Steps> {
      const StrideFinder &C;
      const ValueDecl *V;
      bool OverThreads = true, Any = false;
      Steps(const StrideFinder &C, const ValueDecl *V) : C(C), V(V) {}
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
                             : C.dependsOn(BO->getRHS(), ThreadCount, 0));
        return true;
      }
    } S(*this, V);
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

bool isThreadStridedLoop(const Stmt *Loop, const ASTContext &Ctx,
                         ArgumentOfParam ArgumentOf) {
  return StrideFinder(Ctx, ArgumentOf).spreadsOverThreads(Loop);
}

} // namespace cudalint
