//===--- KnownMultiples.cpp -----------------------------------------------===//

#include "KnownMultiples.h"
#include "CudaAST.h"
#include "CudaNames.h"
#include "ModifiedVars.h"

#include <numeric>
#include <optional>

using namespace clang;

namespace cudalint {

namespace {

// `V % K` (K > 1) or `V & (K - 1)` (K a power of two): the variable and K.
std::optional<std::pair<const VarDecl *, int64_t>>
remainderOf(const Expr *E, ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO || (BO->getOpcode() != BO_Rem && BO->getOpcode() != BO_And))
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const Expr *K = BO->getRHS();
  if (!V || !V->getType()->isIntegerType() || K->isValueDependent())
    return std::nullopt;
  std::optional<llvm::APSInt> Value = K->getIntegerConstantExpr(Ctx);
  if (!Value || Value->getSignificantBits() > 40)
    return std::nullopt;
  int64_t F = Value->getExtValue();
  if (BO->getOpcode() == BO_Rem)
    return F > 1 ? std::optional(std::pair(V, F)) : std::nullopt;
  if (F > 0 && ((F + 1) & F) == 0)
    return std::pair(V, F + 1);
  return std::nullopt;
}

bool isZero(const Expr *E, ASTContext &Ctx) {
  if (E->isValueDependent())
    return false;
  std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx);
  return V && *V == 0;
}

void addMultiple(KnownMultiples &Out, const VarDecl *V, int64_t F,
                 const Stmt *Where) {
  auto [It, New] = Out.try_emplace(V, KnownMultiple{F, Where});
  if (!New)
    It->second.Factor = std::lcm(It->second.Factor, F);
}

// The multiples that \p E evaluating to \p Holds shows (`C % 256 == 0`
// true, `C % 256 != 0` or `C % 256` false), through `!`, `&&` and `||`.
void collectFacts(const Expr *E, bool Holds, const Stmt *Where, ASTContext &Ctx,
                  KnownMultiples &Out) {
  E = E->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_LNot)
      collectFacts(U->getSubExpr(), !Holds, Where, Ctx, Out);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if ((Op == BO_LAnd && Holds) || (Op == BO_LOr && !Holds)) {
      collectFacts(BO->getLHS(), Holds, Where, Ctx, Out);
      collectFacts(BO->getRHS(), Holds, Where, Ctx, Out);
      return;
    }
    if (Op == BO_EQ || Op == BO_NE) {
      if (Holds != (Op == BO_EQ))
        return;
      const Expr *L = BO->getLHS(), *R = BO->getRHS();
      if (isZero(L, Ctx))
        std::swap(L, R);
      if (!isZero(R, Ctx))
        return;
      if (auto Rem = remainderOf(L, Ctx))
        addMultiple(Out, Rem->first, Rem->second, Where);
      return;
    }
  }
  if (!Holds)
    if (auto Rem = remainderOf(E, Ctx))
      addMultiple(Out, Rem->first, Rem->second, Where);
}

// \p S, or what it ends with, leaves: a return, a throw, `__trap()`, a
// call that does not return, an assembly `trap`.
bool leaves(const Stmt *S) {
  S = lastStatement(S);
  if (const auto *E = dyn_cast_or_null<Expr>(S)) {
    E = E->IgnoreParenCasts();
    if (const auto *Comma = dyn_cast<BinaryOperator>(E);
        Comma && Comma->getOpcode() == BO_Comma)
      return leaves(Comma->getLHS()) || leaves(Comma->getRHS());
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return stopsThread(Call);
    return isa<CXXThrowExpr>(E);
  }
  if (const auto *Asm = dyn_cast_or_null<GCCAsmStmt>(S))
    return Asm->getAsmString()->getString().contains("trap");
  return isa_and_nonnull<ReturnStmt>(S);
}

// The facts one top-level statement establishes for what follows it:
// `if (bad) leave;`, an assert's `ok ? (void)0 : fail()` or `(void)(ok ||
// (fail(), 0))`.
void factsOf(const Stmt *S, ASTContext &Ctx, KnownMultiples &Out) {
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || If->isConsteval())
      return;
    bool ThenLeaves = leaves(If->getThen());
    bool ElseLeaves = If->getElse() && leaves(If->getElse());
    if (ThenLeaves != ElseLeaves)
      collectFacts(If->getCond(), ElseLeaves, S, Ctx, Out);
    return;
  }
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return;
  E = E->IgnoreParenCasts();
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    bool TrueLeaves = leaves(CO->getTrueExpr());
    if (TrueLeaves != leaves(CO->getFalseExpr()))
      collectFacts(CO->getCond(), !TrueLeaves, S, Ctx, Out);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->getOpcode() == BO_LOr && leaves(BO->getRHS()))
      collectFacts(BO->getLHS(), true, S, Ctx, Out);
}

} // namespace

KnownMultiples multiplesCheckedBefore(const FunctionDecl &Fn,
                                      SourceLocation Before, ASTContext &Ctx) {
  KnownMultiples Out;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Fn.getBody());
  if (!Body)
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  Before = SM.getExpansionLoc(Before);
  for (const Stmt *S : Body->body()) {
    if (!SM.isBeforeInTranslationUnit(SM.getExpansionLoc(S->getEndLoc()),
                                      Before))
      break;
    factsOf(S, Ctx, Out);
  }
  // A variable written anywhere in the body may not hold the value checked.
  ModifiedVars Writes(/*CountHiddenWrites=*/true);
  Writes.TraverseStmt(const_cast<CompoundStmt *>(Body));
  for (const auto &[V, Count] : Writes.Count)
    Out.erase(V);
  return Out;
}

KnownMultiples parameterMultiples(const FunctionDecl &Kernel,
                                  SourceLocation Before,
                                  const CUDAKernelCallExpr *Launch,
                                  const FunctionDecl *Caller, ASTContext &Ctx) {
  KnownMultiples Out;
  KnownMultiples InKernel = multiplesCheckedBefore(Kernel, Before, Ctx);
  for (const ParmVarDecl *P : Kernel.parameters())
    if (auto It = InKernel.find(P); It != InKernel.end())
      Out[P] = It->second;
  if (!Launch || !Caller)
    return Out;
  KnownMultiples InCaller =
      multiplesCheckedBefore(*Caller, Launch->getBeginLoc(), Ctx);
  for (const ParmVarDecl *P : Kernel.parameters()) {
    unsigned Index = P->getFunctionScopeIndex();
    if (Index >= Launch->getNumArgs())
      continue;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Launch->getArg(Index)->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    auto It = V ? InCaller.find(V) : InCaller.end();
    if (It != InCaller.end())
      addMultiple(Out, P, It->second.Factor, It->second.Where);
  }
  return Out;
}

SymRef withKnownMultiples(const SymRef &E, const KnownMultiples &Known) {
  if (Known.empty())
    return E;
  return substitute(E, [&](const SymNode &L) -> SymRef {
    if (L.Kind != SymKind::Uniform)
      return nullptr;
    auto It = Known.find(static_cast<const VarDecl *>(L.Id));
    if (It == Known.end())
      return nullptr;
    // A leaf of its own (named by the check, not the variable), so that
    // the values a launch passes for the variable do not bind it.
    SymRef Quotient = symUniform(
        It->second.Where, L.Name + " / " + std::to_string(It->second.Factor));
    const_cast<SymNode &>(*Quotient).IntegerValued = true;
    return symConst(It->second.Factor) * Quotient;
  });
}

} // namespace cudalint
