//===--- StridedContraction.cpp - sums that skip or split k ---------------===//

#include "StridedContraction.h"
#include "CudaAST.h"
#include "ModifiedVars.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cudalint {

bool splitsCounter(const SymNode &E, ArrayRef<const Stmt *> Loops) {
  bool Splits = E.Kind == SymKind::Div || E.Kind == SymKind::Rem ||
                E.Kind == SymKind::Shr || E.Kind == SymKind::And;
  if (Splits && anyLeaf(E, [&](const SymNode &L) {
        return L.Kind == SymKind::LoopIter && llvm::is_contained(Loops, L.Id);
      }))
    return true;
  return llvm::any_of(
      E.Ops, [&](const SymRef &Op) { return Op && splitsCounter(*Op, Loops); });
}

namespace {

// What \p E reads and whether it reads memory (a subscript, a dereference,
// a call): a test of data is not a fixed stride.
bool readsOnlyVariables(const Stmt *E,
                        llvm::DenseSet<const ValueDecl *> &Refs) {
  if (!E)
    return true;
  if (isa<ArraySubscriptExpr>(E) || isa<CallExpr>(E))
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    Refs.insert(DRE->getDecl());
  return llvm::all_of(E->children(), [&](const Stmt *C) {
    return readsOnlyVariables(C, Refs);
  });
}

// Whether \p E tests a remainder (`%`, or a mask `&`) of a value the loops
// change without reading memory: the counter, or an index computed from it
// in the body (`(t + p - k * d) % s != 0`).
bool testsRemainderOfCounter(const Expr *E, ArrayRef<const Stmt *> Loops) {
  if (!E)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts()))
    if (BO->getOpcode() == BO_Rem || BO->getOpcode() == BO_And) {
      llvm::DenseSet<const ValueDecl *> Refs;
      if (readsOnlyVariables(BO, Refs) &&
          llvm::any_of(Loops, [&](const Stmt *L) {
            llvm::DenseSet<const ValueDecl *> Changed = variablesChangedIn(L);
            return llvm::any_of(
                Refs, [&](const ValueDecl *D) { return Changed.contains(D); });
          }))
        return true;
    }
  return llvm::any_of(E->children(), [&](const Stmt *C) {
    return testsRemainderOfCounter(dyn_cast_or_null<Expr>(C), Loops);
  });
}

// `continue`, or a block that ends in it: the rest of the iteration is
// skipped.
bool skipsIteration(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return !CS->body_empty() && skipsIteration(CS->body_back());
  return isa_and_nonnull<ContinueStmt>(S);
}

} // namespace

bool filteredByCounter(const Stmt *S, const Stmt *KLoop,
                       ArrayRef<const Stmt *> Loops) {
  if (!KLoop)
    return false;
  if (const auto *If = dyn_cast<IfStmt>(KLoop))
    if (testsRemainderOfCounter(If->getCond(), Loops) &&
        (containsStmt(If, S) || skipsIteration(If->getThen())))
      return true;
  return llvm::any_of(KLoop->children(), [&](const Stmt *C) {
    return filteredByCounter(S, C, Loops);
  });
}

} // namespace cudalint
