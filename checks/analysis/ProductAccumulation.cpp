//===--- ProductAccumulation.cpp - the statement a product accumulates in -===//
//
// The shapes of the expressions a matrix product is written with: `acc +=
// X * Y` and its spellings (MatrixProduct.h, Accumulation). The product
// itself is recognised in MatrixProduct.cpp.
//
//===----------------------------------------------------------------------===//

#include "CudaAST.h"
#include "MatrixProduct.h"
#include "TemplateStandIn.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

#include <array>

using namespace clang;

namespace cudalint {
//===----------------------------------------------------------------------===//
// The shapes of the expressions a product is written with
//===----------------------------------------------------------------------===//

const Expr *peelConversions(const Expr *E) {
  while (E) {
    E = stripNoOps(E);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      if (isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl())) {
        E = MC->getImplicitObjectArgument();
        continue;
      }
    if (const auto *CE = dyn_cast<CallExpr>(E))
      if (CE->getNumArgs() == 1 && CE->getDirectCallee() &&
          CE->getDirectCallee()->getIdentifier()) {
        StringRef N = CE->getDirectCallee()->getName();
        if (N.contains("2float") || N.contains("2double") || N == "__ldg") {
          E = CE->getArg(0);
          continue;
        }
      }
    if (const auto *CC = dyn_cast<CXXConstructExpr>(E))
      if (CC->getNumArgs() == 1) {
        E = CC->getArg(0);
        continue;
      }
    break;
  }
  return E;
}

const VarDecl *localVariableOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase()->IgnoreParenImpCasts();
    else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase()->IgnoreParenImpCasts(); // `tmp.x` of a float4
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  if (!V || !V->hasLocalStorage() || V->hasAttr<CUDASharedAttr>() ||
      isa<ParmVarDecl>(V))
    return nullptr;
  return V;
}

std::optional<BinOp> binaryOperation(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return BinOp{BO->getOpcode(), BO->getLHS(), BO->getRHS()};
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OC->getNumArgs() != 2)
      return std::nullopt;
    BinaryOperatorKind K;
    switch (OC->getOperator()) {
    case OO_Star:
      K = BO_Mul;
      break;
    case OO_Plus:
      K = BO_Add;
      break;
    case OO_PlusEqual:
      K = BO_AddAssign;
      break;
    case OO_Equal:
      K = BO_Assign;
      break;
    default:
      return std::nullopt;
    }
    return BinOp{K, OC->getArg(0), OC->getArg(1)};
  }
  return std::nullopt;
}

// Floating point: also an element of a template analysed as written whose
// stand-in is, or whose type only an instantiation would tell (`C[i]` on a
// `T *`).
static bool holdsFloats(QualType T, const TemplateStandIn *StandIn,
                        const ASTContext *Ctx) {
  if (!T->isDependentType() || !StandIn)
    return T->isFloatingType();
  QualType C = Ctx ? concreteType(T, StandIn, *Ctx) : QualType();
  if (C.isNull())
    return T->isSpecificBuiltinType(BuiltinType::Dependent);
  return C->isFloatingType();
}

namespace {

// cuComplex.h's complex multiply-add, multiply and add (float and double).
bool isComplexFmaName(StringRef N) { return N == "cuCfmaf" || N == "cuCfma"; }
bool isComplexMultiply(StringRef N) { return N == "cuCmulf" || N == "cuCmul"; }
bool isComplexAdd(StringRef N) { return N == "cuCaddf" || N == "cuCadd"; }

bool isFmaName(StringRef N) {
  return N == "fma" || N == "fmaf" || N.starts_with("__fmaf_") ||
         N.starts_with("__fma_") || N == "__hfma" || N == "std::fma" ||
         isComplexFmaName(N);
}

// A call to one of cuComplex.h's complex arithmetic functions.
bool callsComplexArithmetic(const Expr *E) {
  const auto *CE =
      dyn_cast<CallExpr>(peelConversions(E)->IgnoreParenImpCasts());
  if (!CE)
    return false;
  StringRef N = calleeName(CE);
  return isComplexFmaName(N) || isComplexMultiply(N) || isComplexAdd(N);
}

void collectFactors(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Out) {
  if (std::optional<BinOp> M = binaryOperation(peelConversions(E));
      M && M->Op == BO_Mul) {
    collectFactors(M->L, Out);
    collectFactors(M->R, Out);
    return;
  }
  Out.push_back(E);
}

// `__fmul_rn(X, Y)` and the other rounded multiplies.
bool isRoundedMultiply(StringRef N) {
  return N.starts_with("__fmul_") || N.starts_with("__dmul_") ||
         N == "__hmul" || isComplexMultiply(N);
}

// The two operands of `X * Y` or `__fmul_rn(X, Y)`.
std::optional<std::pair<const Expr *, const Expr *>>
productOperands(const Expr *E) {
  E = peelConversions(E);
  if (std::optional<BinOp> M = binaryOperation(E); M && M->Op == BO_Mul)
    return std::make_pair(M->L, M->R);
  if (const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenImpCasts()))
    if (CE->getNumArgs() == 2 && isRoundedMultiply(calleeName(CE)))
      return std::make_pair(CE->getArg(0), CE->getArg(1));
  return std::nullopt;
}

// The parameter \p E names, as its index in \p FD, or -1.
int parameterIndex(const Expr *E, const FunctionDecl *FD) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P || P->getDeclContext() != FD)
    return -1;
  return int(P->getFunctionScopeIndex());
}

// A helper that only multiplies and adds its parameters (`return fmaf(a,
// b, c);`, `return a * b + c;`): the indices of the two factors and of the
// addend; nullopt for any other function.
std::optional<std::array<int, 3>> multiplyAddRoles(const FunctionDecl *FD) {
  const Expr *Returned = soleReturnValue(FD);
  if (!Returned)
    return std::nullopt;
  const FunctionDecl *Def = FD->getDefinition();
  const Expr *R = peelConversions(Returned);
  std::array<int, 3> Roles{-1, -1, -1};
  if (const auto *CE = dyn_cast<CallExpr>(R->IgnoreParenImpCasts());
      CE && CE->getNumArgs() == 3 && isFmaName(calleeName(CE))) {
    for (unsigned I = 0; I < 3; ++I)
      Roles[I] = parameterIndex(CE->getArg(I), Def);
  } else if (std::optional<BinOp> Sum = binaryOperation(R);
             Sum && Sum->Op == BO_Add) {
    auto P = productOperands(Sum->L);
    const Expr *Addend = Sum->R;
    if (!P) {
      P = productOperands(Sum->R);
      Addend = Sum->L;
    }
    if (!P)
      return std::nullopt;
    Roles = {parameterIndex(P->first, Def), parameterIndex(P->second, Def),
             parameterIndex(Addend, Def)};
  }
  if (llvm::is_contained(Roles, -1))
    return std::nullopt;
  return Roles;
}

// `fmaf(X, Y, Acc)`, or a helper that computes it (`madd(X, Y, Acc)`):
// the two factors.
std::optional<std::pair<const Expr *, const Expr *>>
fmaInto(const Expr *E, const VarDecl *Acc) {
  const auto *CE = dyn_cast<CallExpr>(E);
  if (!CE || CE->getNumArgs() != 3)
    return std::nullopt;
  std::array<int, 3> Roles{0, 1, 2};
  if (!isFmaName(calleeName(CE))) {
    // A helper, or in a template each function the call may resolve to,
    // all with the same roles.
    std::optional<std::array<int, 3>> Helper;
    for (const FunctionDecl *FD : possibleCallees(CE)) {
      std::optional<std::array<int, 3>> R = multiplyAddRoles(FD);
      if (!R || (Helper && *Helper != *R))
        return std::nullopt;
      Helper = R;
    }
    if (!Helper)
      return std::nullopt;
    Roles = *Helper;
  }
  if (localVariableOf(peelConversions(CE->getArg(Roles[2]))) != Acc)
    return std::nullopt;
  return std::make_pair(CE->getArg(Roles[0]), CE->getArg(Roles[1]));
}

} // namespace

namespace {

// `madd(acc, a, b)` calling `void madd(float &acc, float a, float b) {
// acc += a * b; }` (or `acc = fmaf(a, b, acc);`): the accumulation it
// performs on the caller's variable.
std::optional<Accumulation>
accumulationThroughReference(const Expr *S, const TemplateStandIn *StandIn) {
  const auto *CE = dyn_cast<CallExpr>(S->IgnoreParenImpCasts());
  const FunctionDecl *Def = CE && CE->getDirectCallee()
                                ? CE->getDirectCallee()->getDefinition()
                                : nullptr;
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Body->size() != 1 || CE->getNumArgs() != Def->getNumParams())
    return std::nullopt;
  const auto *Inner = dyn_cast<Expr>(Body->body_front());
  std::optional<BinOp> B = Inner ? binaryOperation(Inner) : std::nullopt;
  if (!B || (B->Op != BO_AddAssign && B->Op != BO_Assign))
    return std::nullopt;
  int AccParam = parameterIndex(B->L, Def);
  if (AccParam < 0 ||
      !Def->getParamDecl(AccParam)->getType()->isLValueReferenceType())
    return std::nullopt;
  const Expr *R = peelConversions(B->R);
  std::optional<std::pair<const Expr *, const Expr *>> P;
  if (B->Op == BO_AddAssign) {
    P = productOperands(R);
  } else if (const auto *F = dyn_cast<CallExpr>(R->IgnoreParenImpCasts());
             F && F->getNumArgs() == 3 && F->getDirectCallee() &&
             F->getDirectCallee()->getIdentifier() &&
             isFmaName(F->getDirectCallee()->getName()) &&
             parameterIndex(F->getArg(2), Def) == AccParam) {
    P = std::make_pair(F->getArg(0), F->getArg(1));
  }
  if (!P)
    return std::nullopt;
  int IA = parameterIndex(P->first, Def), IB = parameterIndex(P->second, Def);
  const VarDecl *Acc = localVariableOf(CE->getArg(AccParam));
  if (IA < 0 || IB < 0 || !Acc ||
      !holdsFloats(Acc->getType(), StandIn, &Acc->getASTContext()))
    return std::nullopt;
  return Accumulation{S, Acc, CE->getArg(IA), CE->getArg(IB)};
}

// \p A and \p B read the same element: `C[i * n + j]` twice.
bool sameElement(const Expr *A, const Expr *B) {
  const auto *Sub = dyn_cast<ArraySubscriptExpr>(A->IgnoreParenImpCasts());
  const Expr *Base = Sub ? Sub->getBase()->IgnoreParenImpCasts() : nullptr;
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base);
  if (!DRE)
    return false;
  const ASTContext &Ctx = DRE->getDecl()->getASTContext();
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

// The terms of the sum \p E (`a * b + c * d + e`: three).
void collectTerms(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Out) {
  if (std::optional<BinOp> Sum = binaryOperation(peelConversions(E));
      Sum && Sum->Op == BO_Add) {
    collectTerms(Sum->L, Out);
    collectTerms(Sum->R, Out);
    return;
  }
  if (const auto *CE =
          dyn_cast<CallExpr>(peelConversions(E)->IgnoreParenImpCasts());
      CE && CE->getNumArgs() == 2 && isComplexAdd(calleeName(CE))) {
    collectTerms(CE->getArg(0), Out);
    collectTerms(CE->getArg(1), Out);
    return;
  }
  Out.push_back(E);
}

// The first product among the terms \p Added adds (one, or several as in
// SYR2K's `a * b + c * d`), with its factors.
std::optional<Accumulation> productTerm(const Expr *S,
                                        llvm::ArrayRef<const Expr *> Added) {
  for (const Expr *Term : Added)
    if (auto P = productOperands(Term)) {
      Accumulation R{S, nullptr, P->first, P->second, nullptr, {}};
      collectFactors(Term, R.Factors);
      R.SoleTerm = Added.size() == 1;
      R.Complex = callsComplexArithmetic(Term);
      return R;
    }
  return std::nullopt;
}

// The terms an accumulation `Target op= Value` adds to its target: all of
// Value's with `+=`; with `=`, those besides the one term that reads the
// target back (`acc = acc + a * b`); none when no term does.
llvm::SmallVector<const Expr *, 4>
addedTerms(const BinOp &B, const VarDecl *Acc, const Expr *Into) {
  llvm::SmallVector<const Expr *, 4> Terms, Added;
  collectTerms(B.R, Terms);
  if (B.Op == BO_AddAssign)
    return Terms;
  auto IsTarget = [&](const Expr *E) {
    return Acc ? localVariableOf(peelConversions(E)) == Acc
               : sameElement(E, Into);
  };
  for (const Expr *T : Terms)
    if (!IsTarget(T))
      Added.push_back(T);
  if (Added.size() + 1 != Terms.size())
    Added.clear();
  return Added;
}

// The element \p L of a floating-point array in memory, the target of an
// in-place accumulation (`C[i * n + j] += ...`).
const Expr *memoryTarget(const Expr *L, const TemplateStandIn *StandIn) {
  return isa<ArraySubscriptExpr>(L->IgnoreParenImpCasts()) &&
                 holdsFloats(L->getType(), StandIn, nullptr)
             ? L
             : nullptr;
}

} // namespace

std::optional<Accumulation> accumulation(const Expr *S,
                                         const TemplateStandIn *StandIn) {
  std::optional<BinOp> B = binaryOperation(S);
  if (!B)
    return accumulationThroughReference(S, StandIn);
  if (B->Op != BO_AddAssign && B->Op != BO_Assign)
    return std::nullopt;
  const VarDecl *Acc = localVariableOf(B->L);
  const Expr *Into = Acc ? nullptr : memoryTarget(B->L, StandIn);
  if (!Into &&
      (!Acc ||
       !(holdsFloats(Acc->getType(), StandIn, &Acc->getASTContext()) ||
         Acc->getType()->isArrayType() || Acc->getType()->isRecordType())))
    return std::nullopt;
  const Expr *R = peelConversions(B->R);
  if (B->Op == BO_Assign && Acc)
    if (auto F = fmaInto(R, Acc)) {
      Accumulation A{S, Acc, F->first, F->second};
      A.Complex = callsComplexArithmetic(R);
      return A;
    }
  std::optional<Accumulation> Term = productTerm(S, addedTerms(*B, Acc, Into));
  if (!Term)
    return std::nullopt;
  Term->Acc = Acc;
  Term->Into = Into;
  return Term;
}

} // namespace cudalint
