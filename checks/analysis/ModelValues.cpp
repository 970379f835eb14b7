//===--- ModelValues.cpp - expressions as symbolic values -----------------===//
//
// The rvalue walk of ModelBuilder: literals and constants, the built-in
// index variables, casts, arithmetic, comparisons, `?:` and constructors.
// Locations (lvalues, loads, stores) are in ModelMemory.cpp, calls in
// ModelCalls.cpp.
//
//===----------------------------------------------------------------------===//

#include "ModelBuilder.h"

#include "CudaAST.h"
#include "TemplateStandIn.h"

#include <cmath>

using namespace clang;

namespace cudalint {
using namespace model;

bool model::isDim3Like(QualType T) {
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  StringRef N = RD->getName();
  return N == "dim3" || N == "uint3" || N == "int3";
}

const MSPropertyRefExpr *model::builtinProperty(const Expr *E) {
  const auto *PO = dyn_cast<PseudoObjectExpr>(E);
  const auto *MP =
      PO ? dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens())
         : nullptr;
  return MP && builtinVarKind(MP->getBaseExpr()) ? MP : nullptr;
}

std::optional<SymKind> model::builtinVarKind(const Expr *Base) {
  Base = Base->IgnoreParenImpCasts();
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(Base))
    if (OV->getSourceExpr())
      Base = OV->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  if (!DRE)
    return std::nullopt;
  const auto *RD = DRE->getType()->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return std::nullopt;
  StringRef N = RD->getName();
  if (N == "__cuda_builtin_threadIdx_t")
    return SymKind::ThreadIdx;
  if (N == "__cuda_builtin_blockIdx_t")
    return SymKind::BlockIdx;
  if (N == "__cuda_builtin_blockDim_t")
    return SymKind::BlockDim;
  if (N == "__cuda_builtin_gridDim_t")
    return SymKind::GridDim;
  return std::nullopt;
}

int model::dimOfName(StringRef N) {
  if (N == "x")
    return 0;
  if (N == "y")
    return 1;
  if (N == "z")
    return 2;
  return -1;
}

SymKind model::opOf(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_AddAssign:
    return SymKind::Add;
  case BO_Sub:
  case BO_SubAssign:
    return SymKind::Sub;
  case BO_Mul:
  case BO_MulAssign:
    return SymKind::Mul;
  case BO_Div:
  case BO_DivAssign:
    return SymKind::Div;
  case BO_Rem:
  case BO_RemAssign:
    return SymKind::Rem;
  case BO_Shl:
  case BO_ShlAssign:
    return SymKind::Shl;
  case BO_Shr:
  case BO_ShrAssign:
    return SymKind::Shr;
  case BO_And:
  case BO_AndAssign:
    return SymKind::And;
  case BO_Or:
  case BO_OrAssign:
    return SymKind::Or;
  case BO_Xor:
  case BO_XorAssign:
    return SymKind::Xor;
  case BO_LT:
    return SymKind::LT;
  case BO_LE:
    return SymKind::LE;
  case BO_GT:
    return SymKind::GT;
  case BO_GE:
    return SymKind::GE;
  case BO_EQ:
    return SymKind::EQ;
  case BO_NE:
    return SymKind::NE;
  case BO_LAnd:
    return SymKind::LAnd;
  case BO_LOr:
    return SymKind::LOr;
  default:
    return SymKind::Varying;
  }
}

//===--- The walk's state -------------------------------------------------===//

namespace {
// Whether \p E is a member of a built-in variable of kind \p K
// (`blockDim.x`).
bool isBuiltin(const Expr *E, SymKind K) {
  const MSPropertyRefExpr *MP = builtinProperty(E->IgnoreParenImpCasts());
  return MP && builtinVarKind(MP->getBaseExpr()) == K;
}

// Whether the kernel uses its integer parameter \p P as a small width: a
// halo taken off the block (`blockDim.x - 2 * halo`). Such a value is a few
// elements, not a size: sampled as one, the block would have no threads
// left for its interior. (A count compared with the thread index,
// `threadIdx.x < n`, is as often a size, and is left alone.)
bool usedAsSmallWidth(const ParmVarDecl *P, const Stmt *Body, ASTContext &Ctx) {
  if (!Body)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(Body)) {
    if (BO->getOpcode() == BO_Sub &&
        isBuiltin(BO->getLHS(), SymKind::BlockDim) &&
        !referencesTo(P, BO->getRHS(), Ctx).empty())
      return true;
  }
  return llvm::any_of(Body->children(), [&](const Stmt *C) {
    return usedAsSmallWidth(P, C, Ctx);
  });
}
} // namespace

Value ModelBuilder::paramValue(const ParmVarDecl *P) {
  QualType T = P->getType();
  if (T->isPointerType()) {
    Value V;
    V.Kind = Value::Ptr;
    V.Root = P;
    V.Space = MemSpace::Global;
    V.S = symConst(0);
    V.Pointee = T->getPointeeType();
    return V;
  }
  if (isDim3Like(T)) {
    Value V;
    V.Kind = Value::Dim3;
    for (unsigned I = 0; I < 3; ++I) {
      V.D[I] = symUniform(P, P->getName().str() + "." + "xyz"[I], I);
      const_cast<SymNode &>(*V.D[I]).FromParameter = true;
    }
    return V;
  }
  if (T->isRecordType()) {
    Value V;
    V.Kind = Value::UniformAgg;
    V.AggId = P;
    return V;
  }
  if (T->isReferenceType())
    return Value::scalar(symVarying(P, P->getName()));
  SymRef S = symUniform(P, P->getName());
  const_cast<SymNode &>(*S).IntegerValued = T->isIntegerType();
  const_cast<SymNode &>(*S).FromParameter = true;
  if (T->isIntegerType())
    if (const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext()))
      const_cast<SymNode &>(*S).SmallWidth =
          usedAsSmallWidth(P, F->getBody(), Ctx);
  return Value::scalar(S);
}

Value ModelBuilder::opaque(const void *Id, StringRef Name, bool ThreadDep,
                           DataOrigin Origin) {
  return Value::scalar(ThreadDep ? symVarying(Id, Name, Origin)
                                 : symUniform(Id, Name));
}

Value ModelBuilder::opaqueExpr(const Expr *E, bool ThreadDep) {
  Value V = opaque(inContext(E), sourceText(E, Ctx), ThreadDep);
  const_cast<SymNode &>(*V.S).IntegerValued = E->getType()->isIntegerType();
  return V;
}

// An identity for a node that differs between inlined calls, so that
// `ld(p, 0)` and `ld(p, 1)` through one helper are different values.
const void *ModelBuilder::inContext(const void *Node) const {
  uintptr_t Id = reinterpret_cast<uintptr_t>(Node);
  for (const CallExpr *C : Calls)
    Id = Id * 31 + reinterpret_cast<uintptr_t>(C);
  return reinterpret_cast<const void *>(Id);
}

bool ModelBuilder::guardsThreadDependent() const {
  for (const Guard &G : Guards)
    if (G.Cond->threadDependent())
      return true;
  return false;
}

void ModelBuilder::setVar(const VarDecl *V, Value Val, SourceLocation Def) {
  Val.Def = Def;
  observe(V, Val);
  VarValues[V] = std::move(Val);
}

// For the dry runs of a loop: \p V was assigned \p Val.
void ModelBuilder::observe(const VarDecl *V, const Value &Val) {
  if (!Dry)
    return;
  if (Val.threadDependent())
    Dry->Seen.ThreadDependent[V] = true;
  if (Val.Kind == Value::Scalar && readsData(*Val.S, {}))
    Dry->Seen.Data[V] = true;
}

//===--- Expressions ------------------------------------------------------===//

Value ModelBuilder::record(const Expr *E, Value V) {
  if (Recorder && V.Kind == Value::Scalar)
    Recorder->value(E, V.S);
  return V;
}

Value ModelBuilder::rvalue(const Expr *E) { return record(E, rvalueImpl(E)); }

std::optional<int64_t> ModelBuilder::constant(const Expr *E) {
  if (E->isValueDependent() || E->isTypeDependent())
    return standInValue(E, M.StandIn, Ctx); // A template analysed as written.
  if (!isIntLike(E->getType()))
    return std::nullopt;
  return integerConstant(E, Ctx);
}

// `frag.num_elements`, `packed.size`: an enumerator or a static data
// member named through an object, the same for every thread; nullopt for
// a field.
std::optional<ModelBuilder::Value>
ModelBuilder::classMemberValue(const MemberExpr *ME) {
  const ValueDecl *D = ME->getMemberDecl();
  if (const auto *Enum = dyn_cast<EnumConstantDecl>(D))
    return Value::scalar(symConst(Enum->getInitVal().getExtValue()));
  const auto *Static = dyn_cast<VarDecl>(D);
  if (!Static)
    return std::nullopt;
  if (std::optional<int64_t> C = constant(ME))
    return Value::scalar(symConst(*C));
  if (const Expr *Init = Static->getAnyInitializer())
    if (std::optional<int64_t> C = constant(Init))
      return Value::scalar(symConst(*C));
  return opaque(Static, Static->getName(), false);
}

// `config(n).width`: a field of a record computed as a value (a call's
// result, a temporary), which has no place in memory to load from. It is
// the same for every thread when the record is.
std::optional<ModelBuilder::Value>
ModelBuilder::fieldOfTemporary(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParens());
  if (!ME || ME->isArrow())
    return std::nullopt;
  const Expr *Base = ME->getBase()->IgnoreParens();
  if (!isa<MaterializeTemporaryExpr>(Base) && !Base->isPRValue())
    return std::nullopt;
  return opaqueExpr(ME, rvalue(Base).threadDependent());
}

Value ModelBuilder::children(const Expr *E) {
  // Evaluates the children for their accesses; the result is opaque,
  // thread-dependent when any child is.
  bool Dep = false;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      Dep |= rvalue(CE).threadDependent();
  return opaqueExpr(E, Dep);
}

// `Span{lo, lo + n}`: a record made of its elements, the same in threads
// whose elements agree, and data where an element is.
Value ModelBuilder::aggregate(const InitListExpr *IL) {
  if (IL->getType()->isRecordType() && !IL->getType()->isUnionType()) {
    llvm::SmallVector<const Expr *, 4> Inits(IL->inits());
    return recordOfElements(IL, IL->getType(), Inits);
  }
  llvm::SmallVector<SymRef, 4> Elements;
  bool Dep = false, AllScalar = true;
  for (const Expr *Init : IL->inits()) {
    Value V = rvalue(Init);
    Dep |= V.threadDependent();
    AllScalar &= V.Kind == Value::Scalar;
    if (V.Kind == Value::Scalar)
      Elements.push_back(V.S);
  }
  if (!Dep || !AllScalar || Elements.empty())
    return opaqueExpr(IL, Dep);
  return Value::scalar(symData(inContext(IL), sourceText(IL, Ctx),
                               IL->getType().getAsString(), Elements));
}

Value ModelBuilder::rvalueImpl(const Expr *E) {
  E = E->IgnoreParens();
  switch (E->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
  case Stmt::UnaryExprOrTypeTraitExprClass:
  case Stmt::SubstNonTypeTemplateParmExprClass:
  case Stmt::ConstantExprClass:
  case Stmt::OffsetOfExprClass:
  case Stmt::DeclRefExprClass:
    if (auto C = constant(E))
      return Value::scalar(symConst(*C));
    break;
  default:
    break;
  }
  if (std::optional<Value> V = builtinMember(E))
    return *V;
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return castExpr(Cast);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return binary(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return unary(UO);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return conditional(CO);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return call(CE);
  if (const auto *CC = dyn_cast<CXXConstructExpr>(E))
    return construct(CC);
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return aggregate(IL);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return rvalue(MT->getSubExpr());
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return rvalue(BT->getSubExpr());
  if (const auto *EC = dyn_cast<ExprWithCleanups>(E))
    return rvalue(EC->getSubExpr());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return rvalue(DA->getExpr());
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return rvalue(DI->getExpr());
  if (const auto *FL = dyn_cast<FloatingLiteral>(E)) {
    // `0.f`, `4.0`: an integral value is that integer, so that tests of
    // data against it can split; other literals are uniform unknowns.
    double D = FL->getValueAsApproximateDouble();
    if (D == static_cast<double>(static_cast<int64_t>(D)) && std::abs(D) < 1e15)
      return Value::scalar(symConst(static_cast<int64_t>(D)));
    return opaqueExpr(E, false);
  }
  if (isa<StringLiteral>(E) || isa<CXXNullPtrLiteralExpr>(E))
    return opaqueExpr(E, false);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // A function, or a variable used as an rvalue of class type.
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (std::optional<Loc> L = lvalue(DRE))
        return loadFrom(*L, DRE, /*Record=*/false);
    return opaqueExpr(E, false);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (std::optional<Value> V = classMemberValue(ME))
      return *V;
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E)) {
    // An lvalue used as a value without an lvalue-to-rvalue conversion:
    // a struct copied (`out[i] = in[j]` with float4) or an element bound
    // to a `const T &`. Either way it is read.
    if (std::optional<Loc> L = lvalue(E))
      return loadFrom(*L, E, /*Record=*/true);
    return opaqueExpr(E, true);
  }
  if (isa<LambdaExpr>(E) || isa<StmtExpr>(E)) {
    M.Incomplete = true;
    return opaqueExpr(E, true);
  }
  return children(E);
}

// `threadIdx.x` and its kin (a property of the built-in variable): the
// built-in symbol, and the use recorded.
std::optional<Value> ModelBuilder::builtinMember(const Expr *E) {
  const MSPropertyRefExpr *MP = builtinProperty(E);
  if (!MP)
    return std::nullopt;
  std::optional<SymKind> K = builtinVarKind(MP->getBaseExpr());
  int D = dimOfName(MP->getPropertyDecl()->getName());
  if (D < 0)
    return std::nullopt;
  if (D > 0 && (*K == SymKind::ThreadIdx || *K == SymKind::BlockDim))
    M.MultiDim = true;
  if (Recorder)
    Recorder->builtinUse(BuiltinUse{E, MP->getMemberLoc(), *K, unsigned(D),
                                    InitOf.empty() ? nullptr : InitOf.back(),
                                    !Inlining.empty()});
  return Value::scalar(symBuiltin(*K, D));
}

Value ModelBuilder::castExpr(const CastExpr *C) {
  const Expr *Sub = C->getSubExpr();
  switch (C->getCastKind()) {
  case CK_LValueToRValue: {
    if (const auto *ME = dyn_cast<MemberExpr>(Sub->IgnoreParens()))
      if (std::optional<Value> V = classMemberValue(ME))
        return *V;
    std::optional<Loc> L = lvalue(Sub);
    if (!L)
      return fieldOfTemporary(Sub).value_or(opaqueExpr(C, true));
    return loadFrom(*L, Sub, /*Record=*/true);
  }
  case CK_ArrayToPointerDecay:
    return arrayDecay(C);
  case CK_IntegralToBoolean: {
    Value V = rvalue(Sub);
    if (V.Kind != Value::Scalar)
      return opaqueExpr(C, V.threadDependent());
    return Value::scalar(symOp(SymKind::NE, V.S, symConst(0)));
  }
  case CK_PointerToBoolean: {
    Value V = rvalue(Sub);
    return opaqueExpr(C, V.threadDependent());
  }
  case CK_BitCast:
  case CK_NoOp:
  case CK_IntegralCast:
  case CK_BooleanToSignedIntegral:
  case CK_IntegralToFloating:
  case CK_FloatingCast:
  case CK_AddressSpaceConversion:
  case CK_NullToPointer:
  case CK_UserDefinedConversion:
  case CK_ConstructorConversion:
  case CK_ToVoid: {
    Value V = rvalue(Sub);
    if (V.Kind == Value::Ptr && C->getType()->isPointerType())
      V.Pointee = C->getType()->getPointeeType();
    else if (V.Kind == Value::Ptr && !C->getType()->isPointerType())
      return opaqueExpr(C, V.threadDependent());
    return V;
  }
  default: {
    Value V = rvalue(Sub);
    if (V.Kind == Value::Ptr && C->getType()->isPointerType()) {
      V.Pointee = C->getType()->getPointeeType();
      return V;
    }
    // `(int)powf(2, k)`: a float that holds an integer exactly.
    if (C->getCastKind() == CK_FloatingToIntegral && V.Kind == Value::Scalar &&
        integerExponentOfTwo(dyn_cast<CallExpr>(Sub->IgnoreParenImpCasts()),
                             Ctx))
      return V;
    // `(int)label[i]`: converted data is still data, a function of what
    // was read.
    if (V.Kind == Value::Scalar && V.S && readsData(*V.S, {}))
      return Value::scalar(symData(inContext(C), sourceText(C, Ctx),
                                   "conversion", {V.S}, DataOrigin::Memory));
    return opaqueExpr(C, V.threadDependent());
  }
  }
}

// An array used as a pointer to its first element.
Value ModelBuilder::arrayDecay(const CastExpr *C) {
  std::optional<Loc> L = lvalue(C->getSubExpr());
  Value V;
  V.Kind = Value::Ptr;
  if (!L || L->Kind != Loc::Memory) {
    V.S = symVarying(C, "pointer");
    return V;
  }
  V.Root = L->Root;
  V.Space = L->Space;
  V.S = L->Off;
  const auto *AT = Ctx.getAsArrayType(L->Type);
  V.Pointee = AT ? AT->getElementType() : C->getType()->getPointeeType();
  return V;
}

Value ModelBuilder::binary(const BinaryOperator *BO) {
  BinaryOperatorKind K = BO->getOpcode();
  if (K == BO_Comma) {
    rvalue(BO->getLHS());
    return rvalue(BO->getRHS());
  }
  if (BO->isAssignmentOp()) {
    Value RHS = rvalue(BO->getRHS());
    return assign(BO->getLHS(), BO, opOf(K), K != BO_Assign, RHS);
  }
  if (K == BO_LAnd || K == BO_LOr)
    return logical(BO);
  Value A = rvalue(BO->getLHS());
  Value B = rvalue(BO->getRHS());
  if (A.Kind == Value::Ptr && B.Kind == Value::Scalar &&
      (K == BO_Add || K == BO_Sub)) {
    Value R = A;
    R.S = symOp(opOf(K), A.S, B.S * sizeOf(A.Pointee, A.Root));
    return R;
  }
  if (B.Kind == Value::Ptr && A.Kind == Value::Scalar && K == BO_Add) {
    Value R = B;
    R.S = B.S + A.S * sizeOf(B.Pointee, B.Root);
    return R;
  }
  if (A.Kind != Value::Scalar || B.Kind != Value::Scalar)
    return opaqueExpr(BO, A.threadDependent() || B.threadDependent());
  SymKind Op = opOf(K);
  if (Op == SymKind::Varying)
    return opaqueExpr(BO, A.threadDependent() || B.threadDependent());
  return Value::scalar(symOp(Op, A.S, B.S));
}

// `a && b`, `a || b`: b is evaluated only where a decides it is.
Value ModelBuilder::logical(const BinaryOperator *BO) {
  BinaryOperatorKind K = BO->getOpcode();
  Value A = rvalue(BO->getLHS());
  SymRef AS = A.Kind == Value::Scalar ? A.S : symVarying(BO, "lhs");
  Guards.push_back({AS, K == BO_LAnd, BO});
  Value B = rvalue(BO->getRHS());
  Guards.pop_back();
  SymRef BS = B.Kind == Value::Scalar ? B.S : symVarying(BO, "rhs");
  return Value::scalar(symOp(opOf(K), AS, BS));
}

Value ModelBuilder::unary(const UnaryOperator *UO) {
  const Expr *Sub = UO->getSubExpr();
  switch (UO->getOpcode()) {
  case UO_Plus:
    return rvalue(Sub);
  case UO_Minus: {
    Value V = rvalue(Sub);
    if (V.Kind != Value::Scalar)
      return opaqueExpr(UO, V.threadDependent());
    return Value::scalar(symConst(0) - V.S);
  }
  case UO_Not: {
    Value V = rvalue(Sub);
    if (V.Kind != Value::Scalar)
      return opaqueExpr(UO, V.threadDependent());
    return Value::scalar(symOp(SymKind::Xor, V.S, symConst(-1)));
  }
  case UO_LNot: {
    Value V = rvalue(Sub);
    if (V.Kind != Value::Scalar)
      return opaqueExpr(UO, V.threadDependent());
    return Value::scalar(symOp(SymKind::Not, V.S));
  }
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    Value Old;
    std::optional<Loc> L = lvalue(Sub);
    if (!L)
      return opaqueExpr(UO, true);
    Old = loadFrom(*L, Sub, false);
    bool Inc = UO->isIncrementOp();
    Value New = assign(Sub, UO, Inc ? SymKind::Add : SymKind::Sub, true,
                       Value::scalar(symConst(1)));
    return UO->isPrefix() ? New : Old;
  }
  case UO_AddrOf:
    return addressOf(UO);
  case UO_Deref: {
    std::optional<Loc> L = lvalue(UO);
    if (!L)
      return opaqueExpr(UO, true);
    return loadFrom(*L, UO, false);
  }
  default:
    return children(UO);
  }
}

// `&x`: a pointer into memory, or a local whose address escapes (it is then
// unknown per thread).
Value ModelBuilder::addressOf(const UnaryOperator *UO) {
  std::optional<Loc> L = lvalue(UO->getSubExpr());
  Value V;
  V.Kind = Value::Ptr;
  if (!L || L->Kind != Loc::Memory) {
    if (L && L->Var) {
      if (Recorder)
        Recorder->addressTaken(L->Var);
      setVar(L->Var, opaque(UO, L->Var->getName(), true), UO->getExprLoc());
    }
    V.S = symVarying(UO, "address");
    return V;
  }
  V.Root = L->Root;
  V.Space = L->Space;
  V.S = L->Off;
  V.Pointee = L->Type;
  return V;
}

Value ModelBuilder::conditional(const AbstractConditionalOperator *CO) {
  SymRef CS = branchCondition(CO, CO->getCond());
  Guards.push_back({CS, true, CO});
  Value A = rvalue(CO->getTrueExpr());
  Guards.back().Taken = false;
  Value B = rvalue(CO->getFalseExpr());
  Guards.pop_back();
  if (A.Kind == Value::Scalar && B.Kind == Value::Scalar)
    return Value::scalar(symOp(SymKind::Select, CS, A.S, B.S));
  if (A.Kind == Value::Ptr && B.Kind == Value::Ptr && A.Root == B.Root &&
      A.Root) {
    Value R = A;
    R.S = symOp(SymKind::Select, CS, A.S, B.S);
    return R;
  }
  bool Dep =
      CS->threadDependent() || A.threadDependent() || B.threadDependent();
  if (A.Kind == Value::Ptr || B.Kind == Value::Ptr) {
    Value R;
    R.Kind = Value::Ptr;
    R.S = symVarying(CO, "pointer");
    return R;
  }
  return opaqueExpr(CO, Dep);
}

Value ModelBuilder::construct(const CXXConstructExpr *CC) {
  QualType T = CC->getType();
  if (isDim3Like(T)) {
    if (CC->getNumArgs() == 1 && isDim3Like(CC->getArg(0)->getType())) {
      const Expr *Arg = CC->getArg(0)->IgnoreImplicit();
      if (std::optional<Loc> L = lvalue(Arg))
        if (L->Kind == Loc::LocalVar)
          return loadFrom(*L, Arg, false);
      return rvalue(CC->getArg(0));
    }
    Value V;
    V.Kind = Value::Dim3;
    for (unsigned I = 0; I < 3; ++I) {
      V.D[I] = symConst(1);
      if (I < CC->getNumArgs() && !isa<CXXDefaultArgExpr>(CC->getArg(I))) {
        Value A = rvalue(CC->getArg(I));
        V.D[I] = A.Kind == Value::Scalar ? A.S : symVarying(CC, "dim");
      }
    }
    return V;
  }
  if (CC->getConstructor()->isCopyOrMoveConstructor() &&
      CC->getNumArgs() >= 1) {
    const Expr *Arg = CC->getArg(0)->IgnoreImplicit();
    if (std::optional<Loc> L = lvalue(Arg))
      return loadFrom(*L, Arg, /*Record=*/true);
    return rvalue(CC->getArg(0));
  }
  Value V = children(CC);
  return V;
}

} // namespace cudalint
