//===--- ModifiedVars.h - the variables a statement writes ------*- C++ -*-===//
//
// One answer, for every analysis, to "which variables can this statement
// change, and where": the kernel model asks it of a loop to find induction
// variables and what the loop leaves behind; the pointer accesses of
// missing-restrict ask it whether an address stays put in a loop or between
// two accesses.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_MODIFIEDVARS_H
#define CUDALINT_ANALYSIS_MODIFIEDVARS_H

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace cudalint {

/// Variables a statement writes: assignments, increments, address taken,
/// passed by non-const reference, inline-assembly outputs (a member of a
/// local, `d.x = 1`, writes the local). With hidden writes counted, also
/// the writes a reader of values cannot see happen: every argument of a call
/// whose callee is unknown (an unresolved call in a template's pattern, a
/// call through a pointer) and a variable bound to a non-const reference.
class ModifiedVars : public clang::RecursiveASTVisitor<ModifiedVars> {
public:
  /// The kernel model follows a reference by its value and an unknown call
  /// by its result, so it leaves hidden writes out; an analysis that must
  /// not take a variable as unchanged counts them.
  explicit ModifiedVars(bool CountHiddenWrites = false)
      : CountHiddenWrites(CountHiddenWrites) {}

  llvm::DenseMap<const clang::VarDecl *, unsigned> Count;
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Last;
  /// Every write, in order.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::Expr *, 2>>
      All;
  /// Where each write names its variable (the `x` of `++x`), in order.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::DeclRefExpr *, 2>>
      Names;
  /// Variables declared inside the statement: new on every pass through it.
  llvm::DenseSet<const clang::VarDecl *> Declared;

  /// The variable \p E writes when it is assigned, or null.
  static const clang::VarDecl *var(const clang::Expr *E);

  bool VisitBinaryOperator(clang::BinaryOperator *BO);
  bool VisitUnaryOperator(clang::UnaryOperator *UO);
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *CE);
  bool VisitCallExpr(clang::CallExpr *CE);
  bool VisitGCCAsmStmt(clang::GCCAsmStmt *S);
  bool VisitVarDecl(clang::VarDecl *V);

private:
  void add(const clang::Expr *Target, const clang::Expr *By);
  const bool CountHiddenWrites;
};

/// The writes of a loop's parts: its initialisation, condition, increment
/// and body (hidden writes left out, as ModifiedVars' default).
ModifiedVars writesOfLoop(const clang::Stmt *Loop);

/// The variables whose value may differ from one pass through \p S to the
/// next: those it writes (hidden writes counted) and those it declares.
llvm::DenseSet<const clang::ValueDecl *>
variablesChangedIn(const clang::Stmt *S);

/// Every declaration an expression refers to, the other side of what it
/// writes.
class ReferencedDecls : public clang::RecursiveASTVisitor<ReferencedDecls> {
public:
  llvm::SmallVector<const clang::ValueDecl *, 4> Decls;
  /// A call whose result can differ between two evaluations with the same
  /// variables (an atomic, a helper reading memory): not constexpr.
  bool CallsOpaque = false;
  bool VisitDeclRefExpr(clang::DeclRefExpr *Ref) {
    Decls.push_back(Ref->getDecl());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *Call) {
    const clang::FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->isConstexpr())
      CallsOpaque = true;
    return true;
  }
};

} // namespace cudalint

#endif
