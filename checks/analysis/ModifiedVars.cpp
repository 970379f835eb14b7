//===--- ModifiedVars.cpp -------------------------------------------------===//

#include "analysis/ModifiedVars.h"

using namespace clang;

namespace cudalint {

// The reference to the variable that \p E names as a whole, or through
// members of it (`d.x`).
static const DeclRefExpr *writtenName(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl>(DRE->getDecl()) ? DRE : nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (!ME->isArrow())
      return writtenName(ME->getBase());
  return nullptr;
}

const VarDecl *ModifiedVars::var(const Expr *E) {
  const DeclRefExpr *Name = writtenName(E);
  return Name ? cast<VarDecl>(Name->getDecl()) : nullptr;
}

void ModifiedVars::add(const Expr *Target, const Expr *By) {
  const DeclRefExpr *Name = writtenName(Target);
  if (!Name)
    return;
  const auto *V = cast<VarDecl>(Name->getDecl());
  ++Count[V];
  Last[V] = By;
  All[V].push_back(By);
  Names[V].push_back(Name);
}

bool ModifiedVars::VisitBinaryOperator(BinaryOperator *BO) {
  if (BO->isAssignmentOp())
    add(BO->getLHS(), BO);
  return true;
}

bool ModifiedVars::VisitUnaryOperator(UnaryOperator *UO) {
  if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
    add(UO->getSubExpr(), UO);
  return true;
}

bool ModifiedVars::VisitCXXOperatorCallExpr(CXXOperatorCallExpr *CE) {
  if (CE->isAssignmentOp() && CE->getNumArgs() > 0)
    add(CE->getArg(0), CE);
  return true;
}

bool ModifiedVars::VisitCallExpr(CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD) {
    if (CountHiddenWrites)
      for (const Expr *Arg : CE->arguments())
        add(Arg, CE);
    return true;
  }
  for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
    QualType T = FD->getParamDecl(I)->getType();
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
      add(CE->getArg(I), CE);
  }
  return true;
}

bool ModifiedVars::VisitGCCAsmStmt(GCCAsmStmt *S) {
  for (unsigned I = 0; I < S->getNumOutputs(); ++I)
    add(S->getOutputExpr(I), S->getOutputExpr(I));
  return true;
}

bool ModifiedVars::VisitVarDecl(VarDecl *V) {
  Declared.insert(V);
  QualType T = V->getType();
  if (CountHiddenWrites && T->isReferenceType() && V->getInit() &&
      !T.getNonReferenceType().isConstQualified())
    add(V->getInit(), V->getInit());
  return true;
}

ModifiedVars writesOfLoop(const Stmt *Loop) {
  ModifiedVars Mods;
  for (const Stmt *Part : Loop->children())
    if (Part)
      Mods.TraverseStmt(const_cast<Stmt *>(Part));
  return Mods;
}

llvm::DenseSet<const ValueDecl *> variablesChangedIn(const Stmt *S) {
  ModifiedVars Finder(/*CountHiddenWrites=*/true);
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  llvm::DenseSet<const ValueDecl *> Changed(Finder.Declared.begin(),
                                            Finder.Declared.end());
  for (const auto &Written : Finder.Count)
    Changed.insert(Written.first);
  return Changed;
}

} // namespace cudalint
