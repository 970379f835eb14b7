//===--- Reduction.cpp - the interleaved tree reduction -------------------===//

#include "Reduction.h"
#include "CudaAST.h"

#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace cudalint {

namespace {

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

// `s *= 2`, `s <<= 1`, `s = 2 * s`
bool isDoubling(const Expr *Inc, const VarDecl *S, const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(Inc->IgnoreParenImpCasts());
  if (!BO || varOf(BO->getLHS()) != S)
    return false;
  if (BO->getOpcode() == BO_MulAssign)
    return integerConstant(BO->getRHS(), Ctx) == 2;
  if (BO->getOpcode() == BO_ShlAssign)
    return integerConstant(BO->getRHS(), Ctx) == 1;
  if (BO->getOpcode() == BO_Assign)
    return isTwice(BO->getRHS(), S, Ctx);
  return false;
}

// The `for` whose body is \p If followed by a block barrier (`__syncthreads()`,
// `cg::sync(block)`, `block.sync()`) and nothing else.
const ForStmt *stepLoopOf(const IfStmt *If, const KernelModel &M,
                          ASTContext &Ctx) {
  if (If->getElse() || If->getInit() || If->getConditionVariable())
    return nullptr;
  auto Parents = Ctx.getParents(*If);
  if (Parents.empty())
    return nullptr;
  const auto *Body = Parents[0].get<CompoundStmt>();
  if (!Body || Body->size() != 2 || Body->body_front() != If)
    return nullptr;
  const auto *Sync = dyn_cast<CallExpr>(Body->body_back());
  if (!Sync || llvm::none_of(M.syncs(), [&](const SyncPoint &P) {
        return P.E == Sync && P.Scope == SyncScope::Block;
      }))
    return nullptr;
  auto LP = Ctx.getParents(*Body);
  const ForStmt *Loop = LP.empty() ? nullptr : LP[0].get<ForStmt>();
  return Loop && Loop->getBody() == Body ? Loop : nullptr;
}

// for (T s = 1; s < B; s *= 2): sets the stride, its start and the bound.
bool matchDoublingStride(InterleavedReduction &R, const KernelModel &M,
                         ASTContext &Ctx) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(R.Loop->getInit());
  if (!DS || !DS->isSingleDecl())
    return false;
  R.Stride = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!R.Stride || !R.Stride->getInit() ||
      !R.Stride->getType()->isIntegerType() ||
      integerConstant(R.Stride->getInit(), Ctx) != 1)
    return false;
  R.Init = R.Stride->getInit();
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      R.Loop->getCond() ? R.Loop->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || Cond->getOpcode() != BO_LT || varOf(Cond->getLHS()) != R.Stride)
    return false;
  R.Bound = Cond->getRHS()->IgnoreParenImpCasts();
  R.BoundIsBlockDimX = isBuiltinX(R.Bound, SymKind::BlockDim, M);
  return R.Loop->getInc() && isDoubling(R.Loop->getInc(), R.Stride, Ctx);
}

// if (tid % (2 * s) == 0), `tid` a local that holds threadIdx.x and is never
// written, or threadIdx.x itself: sets the thread index.
bool matchStrideTest(InterleavedReduction &R, const KernelModel &M,
                     const ASTContext &Ctx) {
  const auto *Eq =
      dyn_cast<BinaryOperator>(R.If->getCond()->IgnoreParenImpCasts());
  if (!Eq || Eq->getOpcode() != BO_EQ ||
      integerConstant(Eq->getRHS(), Ctx) != 0)
    return false;
  const auto *Rem =
      dyn_cast<BinaryOperator>(Eq->getLHS()->IgnoreParenImpCasts());
  if (!Rem || Rem->getOpcode() != BO_Rem ||
      !isTwice(Rem->getRHS(), R.Stride, Ctx))
    return false;
  const Expr *TidE = Rem->getLHS()->IgnoreParenImpCasts();
  R.Tid = varOf(TidE);
  if (!R.Tid)
    return isBuiltinX(TidE, SymKind::ThreadIdx, M);
  const LocalVar *L = M.local(R.Tid);
  return L && L->Assignments == 0 && !L->AddressTaken && L->Init &&
         L->Init->Kind == SymKind::ThreadIdx && L->Init->Dim == 0;
}

// sdata[tid] += sdata[tid + s]: sets the array and its element type.
bool matchPairwiseAdd(InterleavedReduction &R, const KernelModel &M) {
  auto IsTid = [&](const Expr *E) {
    return R.Tid ? varOf(E) == R.Tid : isBuiltinX(E, SymKind::ThreadIdx, M);
  };
  const Stmt *Then = R.If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
    if (CS->size() != 1)
      return false;
    Then = CS->body_front();
  }
  const auto *Add = dyn_cast<CompoundAssignOperator>(Then);
  if (!Add || Add->getOpcode() != BO_AddAssign)
    return false;
  const auto *Dst = dyn_cast<ArraySubscriptExpr>(Add->getLHS()->IgnoreParens());
  const auto *Src =
      dyn_cast<ArraySubscriptExpr>(Add->getRHS()->IgnoreParenImpCasts());
  if (!Dst || !Src)
    return false;
  const VarDecl *A = varOf(Dst->getBase()), *B = varOf(Src->getBase());
  if (!A || A != B || !IsTid(Dst->getIdx()))
    return false;
  const auto *Sum =
      dyn_cast<BinaryOperator>(Src->getIdx()->IgnoreParenImpCasts());
  if (!Sum || Sum->getOpcode() != BO_Add ||
      !((IsTid(Sum->getLHS()) && varOf(Sum->getRHS()) == R.Stride) ||
        (IsTid(Sum->getRHS()) && varOf(Sum->getLHS()) == R.Stride)))
    return false;
  R.Element = Dst->getType();
  R.Array = A;
  return true;
}

} // namespace

std::optional<InterleavedReduction>
interleavedReduction(const IfStmt *If, const KernelModel &M, ASTContext &Ctx) {
  InterleavedReduction R;
  R.If = If;
  R.Loop = stepLoopOf(If, M, Ctx);
  if (!R.Loop || !matchDoublingStride(R, M, Ctx) ||
      !matchStrideTest(R, M, Ctx) || !matchPairwiseAdd(R, M))
    return std::nullopt;
  return R;
}

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

} // namespace cudalint
