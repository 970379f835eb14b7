//===--- Reduction.cpp - the interleaved tree reduction -------------------===//

#include "Reduction.h"
#include "CudaAST.h"

#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

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

// `s *= 2`, `s <<= 1`, `s = 2 * s`, `s += s`, `s = s + s`
bool isDoubling(const Expr *Inc, const VarDecl *S, const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(Inc->IgnoreParenImpCasts());
  if (!BO || varOf(BO->getLHS()) != S)
    return false;
  if (BO->getOpcode() == BO_MulAssign)
    return integerConstant(BO->getRHS(), Ctx) == 2;
  if (BO->getOpcode() == BO_ShlAssign)
    return integerConstant(BO->getRHS(), Ctx) == 1;
  if (BO->getOpcode() == BO_AddAssign)
    return varOf(BO->getRHS()) == S;
  if (BO->getOpcode() != BO_Assign)
    return false;
  if (isTwice(BO->getRHS(), S, Ctx))
    return true;
  const auto *Sum =
      dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  return Sum && Sum->getOpcode() == BO_Add && varOf(Sum->getLHS()) == S &&
         varOf(Sum->getRHS()) == S;
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

// The thread index tested by `tid % (2 * s)` or `tid & (2 * s - 1)`, or
// null.
const Expr *strideTestOperand(const Expr *E, const VarDecl *S,
                              const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO)
    return nullptr;
  if (BO->getOpcode() == BO_Rem && isTwice(BO->getRHS(), S, Ctx))
    return BO->getLHS()->IgnoreParenImpCasts();
  if (BO->getOpcode() != BO_And)
    return nullptr;
  const auto *Mask =
      dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (Mask && Mask->getOpcode() == BO_Sub &&
      integerConstant(Mask->getRHS(), Ctx) == 1 &&
      isTwice(Mask->getLHS(), S, Ctx))
    return BO->getLHS()->IgnoreParenImpCasts();
  return nullptr;
}

// if (tid % (2 * s) == 0), `(tid & (2 * s - 1)) == 0`, `0 == ...`, `!(...)`:
// `tid` a local that holds threadIdx.x and is never written, or
// threadIdx.x itself. Sets the thread index.
bool matchStrideTest(InterleavedReduction &R, const KernelModel &M,
                     const ASTContext &Ctx) {
  const Expr *Cond = R.If->getCond()->IgnoreParenImpCasts();
  const Expr *Tested = nullptr;
  if (const auto *Not = dyn_cast<UnaryOperator>(Cond)) {
    if (Not->getOpcode() == UO_LNot)
      Tested = Not->getSubExpr();
  } else if (const auto *Eq = dyn_cast<BinaryOperator>(Cond)) {
    if (Eq->getOpcode() == BO_EQ && integerConstant(Eq->getRHS(), Ctx) == 0)
      Tested = Eq->getLHS();
    else if (Eq->getOpcode() == BO_EQ &&
             integerConstant(Eq->getLHS(), Ctx) == 0)
      Tested = Eq->getRHS();
  }
  const Expr *TidE =
      Tested ? strideTestOperand(Tested, R.Stride, Ctx) : nullptr;
  if (!TidE)
    return false;
  R.Tid = varOf(TidE);
  if (!R.Tid)
    return isBuiltinX(TidE, SymKind::ThreadIdx, M);
  const LocalVar *L = M.local(R.Tid);
  return L && L->Assignments == 0 && !L->AddressTaken && L->Init &&
         L->Init->Kind == SymKind::ThreadIdx && L->Init->Dim == 0;
}

// `a[tid]` (Tid) or `a[tid + s]` (!Tid): the array, or null.
const VarDecl *pairElement(const Expr *E, bool Tid,
                           const InterleavedReduction &R,
                           const KernelModel &M) {
  auto IsTid = [&](const Expr *X) {
    return R.Tid ? varOf(X) == R.Tid : isBuiltinX(X, SymKind::ThreadIdx, M);
  };
  const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
  if (!AS)
    return nullptr;
  const Expr *Idx = AS->getIdx();
  if (Tid)
    return IsTid(Idx) ? varOf(AS->getBase()) : nullptr;
  const auto *Sum = dyn_cast<BinaryOperator>(Idx->IgnoreParenImpCasts());
  if (!Sum || Sum->getOpcode() != BO_Add ||
      !((IsTid(Sum->getLHS()) && varOf(Sum->getRHS()) == R.Stride) ||
        (IsTid(Sum->getRHS()) && varOf(Sum->getLHS()) == R.Stride)))
    return nullptr;
  return varOf(AS->getBase());
}

// `x + y`, `max(x, y)`, `fminf(x, y)`: the two operands and how they are
// combined.
std::optional<std::pair<const Expr *, const Expr *>>
combinedPair(const Expr *E, InterleavedReduction::CombineKind &Kind) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Add)
      return std::nullopt;
    Kind = InterleavedReduction::Sum;
    return std::make_pair(BO->getLHS(), BO->getRHS());
  }
  const auto *CE = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || CE->getNumArgs() != 2 || !FD->getIdentifier())
    return std::nullopt;
  static const llvm::StringRef MinMax[] = {"max",   "min",  "fmaxf",
                                           "fminf", "fmax", "fmin"};
  if (!llvm::is_contained(MinMax, FD->getName()))
    return std::nullopt;
  Kind = InterleavedReduction::MinMax;
  return std::make_pair(CE->getArg(0), CE->getArg(1));
}

// sdata[tid] += sdata[tid + s], sdata[tid] = sdata[tid] + sdata[tid + s],
// sdata[tid] = fmaxf(sdata[tid], sdata[tid + s]): sets the array, its
// element type and the combination.
bool matchPairwiseCombine(InterleavedReduction &R, const KernelModel &M) {
  const Stmt *Then = R.If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
    if (CS->size() != 1)
      return false;
    Then = CS->body_front();
  }
  const auto *Assign = dyn_cast<BinaryOperator>(Then);
  if (!Assign)
    return false;
  const VarDecl *A = pairElement(Assign->getLHS(), true, R, M);
  if (!A)
    return false;
  bool Pair = false;
  if (Assign->getOpcode() == BO_AddAssign) {
    R.Combine = InterleavedReduction::Sum;
    Pair = pairElement(Assign->getRHS(), false, R, M) == A;
  } else if (Assign->getOpcode() == BO_Assign) {
    if (auto Ops = combinedPair(Assign->getRHS(), R.Combine))
      for (int Swap = 0; Swap < 2 && !Pair; ++Swap)
        Pair = pairElement(Swap ? Ops->second : Ops->first, true, R, M) == A &&
               pairElement(Swap ? Ops->first : Ops->second, false, R, M) == A;
  }
  if (!Pair)
    return false;
  R.Element = Assign->getLHS()->getType();
  R.Array = A;
  return true;
}

// One lane in every \p Period of the warp, at the same place in each.
bool evenlySpaced(uint32_t Mask, unsigned Period) {
  uint32_t First = Period >= 32 ? Mask : Mask & ((1u << Period) - 1);
  if (llvm::popcount(First) != 1)
    return false;
  uint32_t Repeated = 0;
  for (unsigned I = 0; I < 32; I += Period)
    Repeated |= First << I;
  return Repeated == Mask;
}

// The lanes of warp 0 of sample 0 for which \p Cond holds in iteration \p K
// of \p Loop; nullopt when some lane cannot be computed.
std::optional<uint32_t> lanesTaking(const SymNode &Cond, const Stmt *Loop,
                                    int64_t K, const WarpSampler &S) {
  WhatIf At;
  At.LoopIters[Loop] = K;
  uint32_t Mask = 0;
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    std::optional<int64_t> V = S.value(Cond, 0, 0, Lane, &At);
    if (!V)
      return std::nullopt;
    if (*V)
      Mask |= 1u << Lane;
  }
  return Mask;
}

bool holdsBlockBarrier(const Stmt *Loop, const KernelModel &M) {
  return llvm::any_of(M.syncs(), [&](const SyncPoint &P) {
    return P.Scope == SyncScope::Block && llvm::is_contained(P.Loops, Loop);
  });
}

} // namespace

bool isInterleavedTreeStep(const BranchCondition &C, const KernelModel &M,
                           const WarpSampler &S) {
  if (!isa<IfStmt>(C.S) || C.Loops.empty() || S.warps(0) < 1)
    return false;
  const Stmt *Loop = C.Loops.back();
  if (!holdsBlockBarrier(Loop, M))
    return false;
  // Three iterations: the lanes let through halve each time, evenly spaced.
  std::optional<unsigned> Prev;
  for (int64_t K = 0; K < 3; ++K) {
    std::optional<uint32_t> Mask = lanesTaking(*C.Value, Loop, K, S);
    if (!Mask)
      return false;
    unsigned N = llvm::popcount(*Mask);
    if (N < 2 || N > 16 || 32 % N != 0 || !evenlySpaced(*Mask, 32 / N) ||
        (Prev && N * 2 != *Prev))
      return false;
    Prev = N;
  }
  return true;
}

std::optional<InterleavedReduction>
interleavedReduction(const IfStmt *If, const KernelModel &M, ASTContext &Ctx) {
  InterleavedReduction R;
  R.If = If;
  R.Loop = stepLoopOf(If, M, Ctx);
  if (!R.Loop || !matchDoublingStride(R, M, Ctx) ||
      !matchStrideTest(R, M, Ctx) || !matchPairwiseCombine(R, M))
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

bool treeValuesReadAfter(const KernelModel &M, const MemAccess &A,
                         const clang::Stmt *TreeLoop) {
  llvm::ArrayRef<MemAccess> All = M.accesses();
  size_t Last = All.size();
  for (size_t I = 0; I < All.size(); ++I)
    if (llvm::is_contained(All[I].Loops, TreeLoop))
      Last = I;
  if (Last == All.size())
    return false;
  return llvm::any_of(All.drop_front(Last + 1), [&](const MemAccess &O) {
    return O.Root == A.Root && O.IsLoad && O.Offset &&
           O.Offset->threadDependent();
  });
}

std::string stridedTreeRemedy(const KernelModel &M, const MemAccess &A,
                              const clang::Stmt *TreeLoop) {
  if (!treeValuesReadAfter(M, A, TreeLoop))
    return "sequential addressing (the active threads on consecutive words, "
           "'a[tid]' and 'a[tid + s]' with s halving) has none: 1.15x faster "
           "for a block reduction on an H100";
  // One word of padding every 32 words: `j + j / 32` for 4-byte elements,
  // `j + j / 64 * 2` for 2-byte ones.
  unsigned Width = std::clamp(A.Width, 1u, 16u);
  int64_t Run = std::max(1u, 128 / Width), Pad = Width < 4 ? 4 / Width : 1;
  std::string Index = "j + j / " + std::to_string(Run);
  if (Pad > 1)
    Index += " * " + std::to_string(Pad);
  std::string Text = "a scan needs its tree's values in place, so only a "
                     "padding of the index fits: '" +
                     Index + "' for its " + std::to_string(Width) +
                     "-byte elements (one word every 32), in every access of "
                     "the array";
  const auto *Array = A.Root ? dyn_cast<clang::VarDecl>(A.Root) : nullptr;
  const auto *CAT =
      Array ? Array->getASTContext().getAsConstantArrayType(Array->getType())
            : nullptr;
  if (!CAT || !A.Root->getIdentifier())
    return Text;
  uint64_t Bytes =
      Array->getASTContext().getTypeSizeInChars(Array->getType()).getQuantity();
  int64_t Elements = int64_t(Bytes / Width);
  int64_t Grown = Elements + (Elements - 1) / Run * Pad;
  return Text + ", which grows '" + A.Root->getName().str() + "' from " +
         std::to_string(Elements) + " to " + std::to_string(Grown) +
         " elements";
}

} // namespace cudalint
