//===--- LaneExchange.cpp -------------------------------------------------===//

#include "analysis/LaneExchange.h"
#include "analysis/CudaNames.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cudalint {

namespace {

// How deep calls are followed: far enough for cooperative groups' `reduce`
// to reach its shuffles through the headers' dispatch layers.
constexpr unsigned MaxCallDepth = 6;

// Asks \p InCall about each call of a statement until one is found.
class CallWalker : public RecursiveASTVisitor<CallWalker> {
public:
  explicit CallWalker(llvm::function_ref<bool(const CallExpr *)> InCall)
      : InCall(InCall) {}
  bool VisitCallExpr(CallExpr *Call) {
    Found = InCall(Call);
    return !Found;
  }
  bool Found = false;

private:
  llvm::function_ref<bool(const CallExpr *)> InCall;
};

// Finds the first call in a body (followed into its callees) that \p Hit
// accepts.
template <typename Pred> class CallSearch {
public:
  explicit CallSearch(Pred Hit) : Hit(Hit) {}

  bool inStmt(const Stmt *S, unsigned Depth) {
    if (!S)
      return false;
    // Named, so that it outlives the walker's reference to it.
    auto InCall = [&](const CallExpr *Call) { return inCall(Call, Depth); };
    CallWalker W(InCall);
    W.TraverseStmt(const_cast<Stmt *>(S));
    return W.Found;
  }

  bool inCall(const CallExpr *Call, unsigned Depth) {
    if (Hit(Call))
      return true;
    const FunctionDecl *Callee = Call->getDirectCallee();
    const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
    if (!Def || !Def->hasBody() || Depth >= MaxCallDepth ||
        !Visited.insert(Def).second)
      return false;
    return inStmt(Def->getBody(), Depth + 1);
  }

private:
  Pred Hit;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Visited;
};

bool exchangesDirectly(const CallExpr *Call) {
  if (ordersMemory(Call))
    return true;
  std::optional<WarpIntrinsic> W = cudaWarpIntrinsic(Call);
  return W && W->Kind != WarpIntrinsicKind::ActiveMask;
}

// The conjuncts of \p E that must all hold (`a && b`).
void conjuncts(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_LAnd) {
    conjuncts(BO->getLHS(), Out);
    conjuncts(BO->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

// True when \p Test (`x == c`, `!x`, or with \p Negated `x != c`) holds for
// a single value of a thread-dependent \p x.
bool singlesOutThread(const Expr *Test, bool Negated, const ASTContext &Ctx,
                      ArgumentOfParam ArgumentOf) {
  Test = Test->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Test);
      UO && UO->getOpcode() == UO_LNot)
    return !Negated && dependsOnThreadIndex(UO->getSubExpr(), Ctx, ArgumentOf);
  const auto *BO = dyn_cast<BinaryOperator>(Test);
  if (!BO || BO->getOpcode() != (Negated ? BO_NE : BO_EQ))
    return false;
  bool LHS = dependsOnThreadIndex(BO->getLHS(), Ctx, ArgumentOf);
  bool RHS = dependsOnThreadIndex(BO->getRHS(), Ctx, ArgumentOf);
  return LHS != RHS;
}

// Whether \p S holds a `return` (or is one).
bool containsReturn(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S))
    return true;
  return llvm::any_of(S->children(),
                      [](const Stmt *C) { return containsReturn(C); });
}

} // namespace

bool reachesMemoryOrdering(const CallExpr *Call) {
  auto Hit = [](const CallExpr *C) { return ordersMemory(C); };
  return CallSearch<decltype(Hit)>(Hit).inCall(Call, 0);
}

bool alwaysOrdersMemory(const CallExpr *Call, unsigned Depth) {
  if (ordersMemory(Call))
    return true;
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Depth >= MaxCallDepth)
    return false;
  for (const Stmt *S : Body->body()) {
    if (const auto *E = dyn_cast<Expr>(S))
      if (const auto *Inner = dyn_cast<CallExpr>(E->IgnoreImplicit()))
        if (alwaysOrdersMemory(Inner, Depth + 1))
          return true;
    if (containsReturn(S))
      return false;
  }
  return false;
}

bool exchangesAcrossLanes(const Stmt *S) {
  return CallSearch<decltype(&exchangesDirectly)>(&exchangesDirectly)
      .inStmt(S, 0);
}

bool picksOneThread(const Stmt *Branch, int Arm, const ASTContext &Ctx,
                    ArgumentOfParam ArgumentOf) {
  const Expr *Cond = nullptr;
  if (const auto *If = dyn_cast<IfStmt>(Branch))
    Cond = If->getCond();
  else if (const auto *CO = dyn_cast<ConditionalOperator>(Branch))
    Cond = CO->getCond();
  if (!Cond)
    return false;
  if (Arm == 1)
    return singlesOutThread(Cond, /*Negated=*/true, Ctx, ArgumentOf);
  llvm::SmallVector<const Expr *, 2> Tests;
  conjuncts(Cond, Tests);
  return llvm::any_of(Tests, [&](const Expr *T) {
    return singlesOutThread(T, /*Negated=*/false, Ctx, ArgumentOf);
  });
}

} // namespace cudalint
