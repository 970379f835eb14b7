//===--- RowWork.cpp - what a thread does along its own row ---------------===//

#include "RowWork.h"
#include "CudaAST.h"
#include "CudaNames.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace cudalint {

namespace {

bool isIterationOf(const SymNode &N, const Stmt *Loop) {
  return N.Kind == SymKind::LoopIter && N.Id == Loop;
}

// The address of \p A moves from one iteration of \p Loop to the next.
bool movesWith(const MemAccess &A, const Stmt *Loop) {
  return readsLoopIteration(*A.Offset, Loop);
}

// The bytes \p A moves by per iteration of \p Loop, when the counter
// appears alone in a term of the address; 0 otherwise.
int64_t stepOf(const MemAccess &A, const Stmt *Loop) {
  Polynomial P = toPolynomial(A.Offset);
  for (const auto &[Mono, C] : P.Terms)
    if (Mono.size() == 1 && isIterationOf(*P.Leaves.at(Mono[0]), Loop))
      return C;
  return 0;
}

bool isGlobalStoreIn(const MemAccess &A, const Stmt *Loop) {
  return A.Space == MemSpace::Global && A.IsStore && !A.IsAtomic &&
         llvm::is_contained(A.Loops, Loop);
}

bool isGlobalLoadIn(const MemAccess &A, const Stmt *Loop) {
  return A.Space == MemSpace::Global && A.IsLoad && !A.IsAtomic &&
         llvm::is_contained(A.Loops, Loop);
}

bool inside(SourceLocation L, const Stmt *S, const SourceManager &SM) {
  return L.isValid() && rangeContains(S->getSourceRange(), L, SM);
}

const VarDecl *localRef(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      if (V->hasLocalStorage() && !isa<ParmVarDecl>(V))
        return V;
  return nullptr;
}

// Whether \p E reads global data: a subscript, a dereference, an arrow, a
// texture fetch, or a local initialised from one of them (followed a few
// levels).
bool readsMemory(const Stmt *E, unsigned Depth = 4) {
  if (!E || Depth == 0)
    return false;
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return true;
  if (const auto *ME = dyn_cast<MemberExpr>(E); ME && ME->isArrow())
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(E); CE && isTextureFetch(CE))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return V->hasLocalStorage() && readsMemory(V->getInit(), Depth - 1);
  return llvm::any_of(E->children(),
                      [&](const Stmt *C) { return readsMemory(C, Depth); });
}

// Whether \p E reads \p V as a value (not as an index of an address: a
// pointer chase `p = next[p]` folds nothing).
bool readsAsValue(const Stmt *E, const VarDecl *V) {
  if (!E)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl() == V;
  if (isa<ArraySubscriptExpr>(E))
    return false;
  return llvm::any_of(E->children(),
                      [&](const Stmt *C) { return readsAsValue(C, V); });
}

// The locals a loop body folds data into from one iteration to the next:
// declared before the body, assigned in it from something read from memory,
// and folded (`s += x`, `m = fmaxf(m, x)`, `if (x > m) m = x;`).
class CarriedLocals : public RecursiveASTVisitor<CarriedLocals> {
  using Base = RecursiveASTVisitor<CarriedLocals>;

public:
  CarriedLocals(const Stmt *Body, const SourceManager &SM)
      : Body(Body), SM(SM) {}
  std::set<const VarDecl *> Found;

  bool TraverseIfStmt(IfStmt *S) {
    Conditions.push_back(S->getCond());
    bool R = Base::TraverseIfStmt(S);
    Conditions.pop_back();
    return R;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      assigned(B->getLHS(), B->getRHS(), B->isCompoundAssignmentOp());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() == 2)
      assigned(C->getArg(0), C->getArg(1), C->getOperator() != OO_Equal);
    return true;
  }

private:
  void assigned(const Expr *LHS, const Expr *RHS, bool Compound) {
    const VarDecl *V = localRef(LHS);
    if (!V || V->getType()->isPointerType() ||
        inside(V->getLocation(), Body, SM))
      return;
    bool Folds = Compound || readsAsValue(RHS, V) ||
                 llvm::any_of(Conditions, [&](const Expr *C) {
                   return readsAsValue(C, V);
                 });
    bool Data =
        readsMemory(RHS) ||
        llvm::any_of(Conditions, [&](const Expr *C) { return readsMemory(C); });
    if (Folds && Data)
      Found.insert(V);
  }
  const Stmt *Body;
  const SourceManager &SM;
  std::vector<const Expr *> Conditions;
};

std::set<const VarDecl *> carriedLocals(const Stmt *Loop,
                                        const SourceManager &SM) {
  const Stmt *Body = loopBody(Loop);
  if (!Body)
    return {};
  CarriedLocals C(Body, SM);
  C.TraverseStmt(const_cast<Stmt *>(Body));
  return C.Found;
}

// The value a store writes and whether it folds into the old one (`+=`,
// `++`); nullopt when the store's assignment cannot be found.
struct StoreSite {
  const Expr *Value = nullptr;
  bool Folds = false;
};

std::optional<StoreSite> storeSite(const MemAccess &S, ASTContext &Ctx) {
  const Expr *E = S.E;
  for (unsigned Up = 0; Up < 3; ++Up) {
    DynTypedNodeList Parents = Ctx.getParents(*E);
    if (Parents.empty())
      return std::nullopt;
    if (const auto *B = Parents[0].get<BinaryOperator>()) {
      if (B->isAssignmentOp() && B->getLHS()->IgnoreParens() == E)
        return StoreSite{B->getRHS(), B->isCompoundAssignmentOp()};
      return std::nullopt;
    }
    if (const auto *C = Parents[0].get<CXXOperatorCallExpr>()) {
      if (C->isAssignmentOp() && C->getNumArgs() == 2 &&
          C->getArg(0)->IgnoreParens() == E)
        return StoreSite{C->getArg(1), C->getOperator() != OO_Equal};
      return std::nullopt;
    }
    if (const auto *U = Parents[0].get<UnaryOperator>()) {
      if (U->isIncrementDecrementOp())
        return StoreSite{nullptr, true};
      return std::nullopt;
    }
    const auto *P = Parents[0].get<ParenExpr>();
    if (!P)
      return std::nullopt;
    E = P;
  }
  return std::nullopt;
}

// Whether \p E reads one of \p Vars, directly or through the initialiser
// of a local (followed a few levels).
bool dependsOn(const Stmt *E, const std::set<const VarDecl *> &Vars,
               unsigned Depth = 4) {
  if (!E || Depth == 0)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return Vars.count(V) ||
             (V->hasLocalStorage() && dependsOn(V->getInit(), Vars, Depth - 1));
  return llvm::any_of(E->children(),
                      [&](const Stmt *C) { return dependsOn(C, Vars, Depth); });
}

// A store that stays put across \p Loop and folds into what is there: an
// accumulation in memory (`w[i] += a[i * n + j] * x[j]`, `t[i] = t[i] +
// ...`).
bool accumulatesOver(const KernelModel &M, const MemAccess &S, const Stmt *Loop,
                     ASTContext &Ctx) {
  if (movesWith(S, Loop))
    return false;
  std::optional<StoreSite> Site = storeSite(S, Ctx);
  if (Site && Site->Folds)
    return true;
  return llvm::any_of(M.accesses(), [&](const MemAccess &L) {
    return isGlobalLoadIn(L, Loop) && L.Root == S.Root &&
           L.Offset->key() == S.Offset->key();
  });
}

// A store along \p Loop next to a load of the same array a whole number of
// steps away: the loop reads what it writes in another iteration (a row
// scanned or substituted in place).
bool updatesInPlace(const KernelModel &M, const MemAccess &S,
                    const Stmt *Loop) {
  int64_t Step = stepOf(S, Loop);
  if (!Step)
    return false;
  return llvm::any_of(M.accesses(), [&](const MemAccess &L) {
    if (!isGlobalLoadIn(L, Loop) || L.Root != S.Root)
      return false;
    std::optional<int64_t> D =
        toPolynomial(symOp(SymKind::Sub, S.Offset, L.Offset)).constant();
    return D && *D != 0 && *D % Step == 0;
  });
}

// The locals folded in the loops some access of \p M sits in: those nested
// in \p Loop, or those outside it (before or after), as \p Nested says.
std::set<const VarDecl *> foldedAround(const KernelModel &M, const Stmt *Loop,
                                       bool Nested, const SourceManager &SM) {
  std::set<const Stmt *> Loops;
  for (const MemAccess &A : M.accesses())
    Loops.insert(A.Loops.begin(), A.Loops.end());
  std::set<const VarDecl *> Folded;
  for (const Stmt *L : Loops)
    if (L != Loop && inside(L->getBeginLoc(), Loop, SM) == Nested) {
      std::set<const VarDecl *> C = carriedLocals(L, SM);
      Folded.insert(C.begin(), C.end());
    }
  return Folded;
}

// Whether \p E is \p Target, contains it, or reads a local initialised
// from it (followed a few levels).
bool flowsFrom(const Stmt *E, const Expr *Target, unsigned Depth = 4) {
  if (!E || Depth == 0)
    return false;
  if (E == Target)
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return V->hasLocalStorage() && flowsFrom(V->getInit(), Target, Depth - 1);
  return llvm::any_of(E->children(), [&](const Stmt *C) {
    return flowsFrom(C, Target, Depth);
  });
}

} // namespace

bool storesLoadedValue(const MemAccess &Store, const MemAccess &Load,
                       ASTContext &Ctx) {
  std::optional<StoreSite> Site = storeSite(Store, Ctx);
  return Site && flowsFrom(Site->Value, Load.E);
}

bool walksAlongLoop(const MemAccess &A, const Stmt *Loop) {
  int64_t Step = stepOf(A, Loop);
  return A.Width && (Step == int64_t(A.Width) || Step == -int64_t(A.Width));
}

bool storesNeedReducedValue(const KernelModel &M, const Stmt *Loop,
                            ASTContext &Ctx) {
  std::set<const VarDecl *> Reduced =
      foldedAround(M, Loop, /*Nested=*/false, Ctx.getSourceManager());
  if (Reduced.empty())
    return false;
  return llvm::any_of(M.accesses(), [&](const MemAccess &S) {
    if (!isGlobalStoreIn(S, Loop))
      return false;
    std::optional<StoreSite> Site = storeSite(S, Ctx);
    return Site && dependsOn(Site->Value, Reduced);
  });
}

RowWork rowWork(const KernelModel &M, const Stmt *Loop, ASTContext &Ctx) {
  std::set<const VarDecl *> Carried =
      carriedLocals(Loop, Ctx.getSourceManager());
  std::set<const VarDecl *> NestedFolds =
      foldedAround(M, Loop, /*Nested=*/true, Ctx.getSourceManager());
  bool MovingStore = false, Accumulates = false, NestedAccumulation = false;
  for (const MemAccess &S : M.accesses()) {
    if (!isGlobalStoreIn(S, Loop))
      continue;
    if (movesWith(S, Loop)) {
      MovingStore = true;
      if (updatesInPlace(M, S, Loop))
        return RowWork::Recurrence;
      std::optional<StoreSite> Site = storeSite(S, Ctx);
      if (Site && dependsOn(Site->Value, Carried))
        return RowWork::Recurrence;
      // Each element a sum over a loop nested in this one (taps of a
      // convolution): not a copy.
      NestedAccumulation |= Site && dependsOn(Site->Value, NestedFolds);
    }
    // An accumulation over this loop reduces the row; one over a loop
    // nested in it makes each stored element a reduction, not a copy.
    for (auto It = llvm::find(S.Loops, Loop); It != S.Loops.end(); ++It)
      if (accumulatesOver(M, S, *It, Ctx))
        (*It == Loop ? Accumulates : NestedAccumulation) = true;
  }
  if (!Carried.empty() || Accumulates)
    return RowWork::Reduction;
  // A copy reads global data along the row (a row stored from registers
  // would need an exchange first).
  bool Reads = llvm::any_of(M.accesses(), [&](const MemAccess &L) {
    return isGlobalLoadIn(L, Loop);
  });
  if (MovingStore && Reads && !NestedAccumulation &&
      !storesNeedReducedValue(M, Loop, Ctx))
    return RowWork::Copy;
  return RowWork::Other;
}

} // namespace cudalint
