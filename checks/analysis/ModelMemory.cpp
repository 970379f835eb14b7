//===--- ModelMemory.cpp - lvalues, loads, stores and assignments ---------===//
//
// Where an lvalue lives (a local variable, a member of one, or a byte offset
// from a pointer parameter or an array), what reading it gives, and the
// accesses recorded when it is in memory.
//
//===----------------------------------------------------------------------===//

#include "CudaAST.h"
#include "ModelBuilder.h"
#include "TemplateStandIn.h"

#include "clang/AST/Attr.h"

using namespace clang;

namespace cudalint {
using namespace model;

namespace {

// Casts that leave an lvalue where it is, only changing its type.
bool keepsLocation(const CastExpr *C) {
  return C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueBitCast ||
         C->getCastKind() == CK_UncheckedDerivedToBase ||
         C->getCastKind() == CK_DerivedToBase;
}

// A variable that lives in memory (arrays, `__shared__` and mutable globals)
// rather than one whose value the walk follows.
bool livesInMemory(const VarDecl *V) {
  if (isa<ParmVarDecl>(V))
    return false;
  return V->getType()->isArrayType() || V->hasAttr<CUDASharedAttr>() ||
         (!V->hasLocalStorage() && !V->getType().isConstQualified());
}

Loc localVarLoc(const VarDecl *V) {
  Loc L;
  L.Kind = Loc::LocalVar;
  L.Var = V;
  return L;
}

} // namespace

// The byte size of \p T where it sits inside \p Root: array extents of a
// declared array become ArrayDim symbols so that padding can be tried.
SymRef ModelBuilder::sizeOf(QualType T, const ValueDecl *Root) {
  if (T.isNull())
    return symVarying(Root, "sizeof(unknown)");
  if (QualType C = concreteType(T, M.StandIn, Ctx); !C.isNull())
    T = C;
  T = T.getCanonicalType();
  if (T->isIncompleteType() || T->isDependentType() || !T->isConstantSizeType())
    return symUniform(T.getTypePtr(), "sizeof(" + T.getAsString() + ")");
  int64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
  if (!Root || !T->isConstantArrayType())
    return symConst(Bytes);
  // Find T among the sub-array types of the root's declared type.
  QualType RT = concreteType(Root->getType(), M.StandIn, Ctx);
  if (RT.isNull())
    return symConst(Bytes);
  RT = RT.getCanonicalType();
  llvm::SmallVector<const ConstantArrayType *, 3> Levels;
  while (const auto *CAT = dyn_cast<ConstantArrayType>(RT.getTypePtr())) {
    Levels.push_back(CAT);
    RT = CAT->getElementType().getCanonicalType();
  }
  for (size_t L = 0; L < Levels.size(); ++L) {
    if (QualType(Levels[L], 0) != T)
      continue;
    SymRef Size = symConst(Ctx.getTypeSizeInChars(RT).getQuantity());
    for (size_t I = L; I < Levels.size(); ++I)
      Size = Size * symArrayDim(Root, I, Levels[I]->getSize().getZExtValue(),
                                Root->getName());
    return Size;
  }
  return symConst(Bytes);
}

//===--- Reads and accesses -----------------------------------------------===//

// The value read from \p L. Records the load when \p Record is set.
Value ModelBuilder::loadFrom(const Loc &L, const Expr *E, bool Record) {
  if (L.Kind != Loc::Memory)
    return loadLocal(L, E);
  if (isa_and_nonnull<FieldDecl>(L.Root) && !L.Type.isNull() &&
      L.Type->isPointerType()) {
    // `params.out`, a pointer inside a by-value kernel argument
    // (localMemberLvalue): the same for every thread, read from the
    // argument, not from memory; what it points to is a root of its own.
    Value V;
    V.Kind = Value::Ptr;
    V.Root = L.Root;
    V.Space = MemSpace::Global;
    V.S = symConst(0);
    V.Pointee = L.Type->getPointeeType();
    return V;
  }
  if (Record)
    access(L, E, /*Load=*/true, /*Store=*/false);
  if (std::optional<Value> El = arrayElement(L))
    return *El;
  bool Dep = !L.Root || !L.Off || L.Off->threadDependent();
  QualType T = L.Type;
  if (T.isNull()) // A dependent type read without a stand-in.
    return opaqueExpr(E, Dep);
  if (T->isPointerType()) {
    Value V;
    V.Kind = Value::Ptr;
    V.S = symVarying(E, "loaded pointer");
    V.Pointee = T->getPointeeType();
    // A pointer every thread of a block loads from one address (`const
    // float *A = batch_a[blockIdx.z]`) points into a buffer of its own.
    if (!Dep && L.Space != MemSpace::Local) {
      V.Root = loadedPointerRoot(L, E);
      V.Space = MemSpace::Global;
      V.S = symConst(0);
    }
    return V;
  }
  // An element of memory all threads share: threads that read the same
  // address read the same value. A thread's own (local) memory is not.
  if (Dep && L.Root && L.Off && L.Space != MemSpace::Local) {
    SymRef S = symData(inContext(E), sourceText(E, Ctx), L.Root->getName(),
                       {L.Off}, DataOrigin::Memory);
    const_cast<SymNode &>(*S).IntegerValued = E->getType()->isIntegerType();
    return withLoadedFields(Value::scalar(S), L, E);
  }
  return opaqueExpr(E, Dep);
}

namespace {
// The expression \p E is part of. An element of an initializer list has
// two: the list as written and, in the list's semantic form, the implicit
// conversion that list adds (`Range{r.hi}`): that one is taken.
const Expr *soleParent(const Expr &E, ASTContext &Ctx) {
  const Expr *List = nullptr, *Other = nullptr;
  for (const DynTypedNode &N : Ctx.getParents(E)) {
    const auto *P = N.get<Expr>();
    if (!P)
      return nullptr;
    const Expr *&Slot = isa<InitListExpr>(P) ? List : Other;
    if (Slot && Slot != P)
      return nullptr;
    Slot = P;
  }
  return Other ? Other : List;
}

// Whether \p At, a reference to a record or to a field of it, is the target
// of an assignment the walk follows (assign() keeps the record's value, or
// makes it unknown per thread): `r = f(...)`, `r.y = v`, `r.y += v`, `++r.y`.
bool assignedThere(const Expr *At, const Expr *P) {
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P))
    return Op->isAssignmentOp() && Op->getNumArgs() == 2 && Op->getArg(0) == At;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    return BO->isAssignmentOp() && BO->getLHS() == At;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
    return UO->isIncrementDecrementOp();
  return false;
}

// Whether \p R, a reference to a record, reads it or writes it only in ways
// the walk follows: a field of it (`qr.y`, `a.b.c`) or the whole record
// loaded or copied, a const method called on it, an assignment to it or to
// a field of it.
bool followedUseOfRecord(const DeclRefExpr *R, ASTContext &Ctx) {
  const Expr *At = R;
  while (true) {
    const Expr *P = soleParent(*At, Ctx);
    if (isa_and_nonnull<InitListExpr>(P))
      return true; // An element of an aggregate, copied into it.
    if (assignedThere(At, P))
      return true;
    if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P)) {
      if (IC->getCastKind() == CK_LValueToRValue)
        return true;
      if (IC->getCastKind() != CK_NoOp)
        return false;
    } else if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
      if (const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl()))
        return MD->isConst();
      if (ME->isArrow())
        return false;
    } else if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(P)) {
      return CE->getConstructor()->isCopyOrMoveConstructor();
    } else if (!isa_and_nonnull<ParenExpr>(P)) {
      return false;
    }
    At = P;
  }
}

// Whether the value the walk holds for the local record \p V (or a helper's
// by-value record parameter) is its value: const, or only read and assigned in
// ways the walk follows (a record reassigned whole, `qr = divmod(qr.x, n)`,
// keeps a value the walk knows).
bool recordValueFollowed(const VarDecl *V, ASTContext &Ctx) {
  // A helper's by-value parameter holds its argument's value when inlined.
  bool ByValueParameter =
      isa<ParmVarDecl>(V) && !V->getType()->isReferenceType();
  if ((!V->getInit() && !ByValueParameter) || !V->hasLocalStorage())
    return false;
  if (V->getType().isConstQualified())
    return true;
  const auto *F =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  return F && F->getBody() &&
         llvm::all_of(
             referencesTo(V, F->getBody(), Ctx),
             [&](const DeclRefExpr *R) { return followedUseOfRecord(R, Ctx); });
}
} // namespace

// The value of a local variable or of a member of one: what the walk last
// assigned it, else what its declaration says.
Value ModelBuilder::loadLocal(const Loc &L, const Expr *E) {
  auto It = VarValues.find(L.Var);
  if (L.Kind == Loc::LocalMember) {
    if (It != VarValues.end() && It->second.Kind == Value::Dim3 &&
        L.Member >= 0 && L.Member < 3)
      return Value::scalar(It->second.D[L.Member]);
    if (It != VarValues.end() && It->second.Kind == Value::UniformAgg)
      return opaqueExpr(E, false);
    // `p.x` of `int2 p = {threadIdx.x, blockIdx.x}`: the field's own value.
    // One the same for every thread is kept only where it is plain
    // arithmetic; else (`fast_div_modulo(z, d).x`) it stays a uniform
    // unknown, which samples draw like any other.
    if (It != VarValues.end() && It->second.Fields &&
        recordValueFollowed(L.Var, Ctx))
      if (std::optional<Value> F = knownField(It->second, L.Path))
        if (F->threadDependent() || F->Kind != Value::Scalar ||
            plainArithmetic(*F->S))
          return *F;
    // `uint2 qr = divmod(blockIdx.z, n); ... qr.y`: a record whose value
    // the walk knows, because it is written only by assignments the walk
    // follows.
    if (It != VarValues.end() && It->second.Kind == Value::Scalar &&
        recordValueFollowed(L.Var, Ctx))
      return fieldOfLocalRecord(It->second, E);
    return opaqueExpr(E, true);
  }
  if (It != VarValues.end())
    return It->second;
  if (L.Var->getType().isConstQualified() || L.Var->isConstexpr())
    if (const Expr *Init = L.Var->getInit()) {
      if (L.Var->hasLocalStorage())
        return rvalue(Init);
      if (auto C = constant(Init))
        return Value::scalar(symConst(*C));
    }
  if (!L.Var->hasLocalStorage())
    return opaque(L.Var, L.Var->getName(), false); // a global scalar
  return opaque(L.Var, L.Var->getName(), true);
}

// A field of a local record whose value is \p Record: uniform where the
// record is, else a function of the record's value (threads holding the
// same record read the same field; a record made from data is data).
Value ModelBuilder::fieldOfLocalRecord(const Value &Record, const Expr *E) {
  if (!Record.threadDependent())
    return opaqueExpr(E, false);
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  StringRef Field = ME ? ME->getMemberDecl()->getName() : "field";
  SymRef S = symData(inContext(E), sourceText(E, Ctx), Field, {Record.S});
  const_cast<SymNode &>(*S).IntegerValued = E->getType()->isIntegerType();
  return Value::scalar(S);
}

void ModelBuilder::access(const Loc &L, const Expr *E, bool Load, bool Store,
                          bool Intrinsic, bool Atomic) {
  if (!Recorder || L.Kind != Loc::Memory || !L.Root || !L.Off)
    return;
  QualType Concrete = concreteType(L.Type, M.StandIn, Ctx);
  if (Concrete.isNull())
    return;
  QualType T = Concrete.getCanonicalType();
  if (T->isIncompleteType() || T->isDependentType() || T->isArrayType() ||
      !T->isConstantSizeType())
    return;
  MemAccess A;
  A.E = E;
  A.Root = L.Root;
  A.Space = L.Space;
  A.Offset = L.Off;
  A.Width = Ctx.getTypeSizeInChars(T).getQuantity();
  A.Type = Concrete;
  A.IsLoad = Load;
  A.IsStore = Store;
  A.ViaIntrinsic = Intrinsic;
  A.IsAtomic = Atomic;
  A.Loops.assign(Loops.begin(), Loops.end());
  A.Guards.assign(Guards.begin(), Guards.end());
  A.CallStack.assign(Calls.begin(), Calls.end());
  threadVars(E, A.ThreadVars);
  Recorder->access(std::move(A));
}

void ModelBuilder::threadVars(const Stmt *S,
                              llvm::SmallVectorImpl<VarOrigin> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      auto It = VarValues.find(V);
      if (It != VarValues.end() && It->second.Kind == Value::Scalar &&
          It->second.threadDependent() &&
          llvm::none_of(Out, [&](const VarOrigin &O) { return O.Var == V; }))
        Out.push_back({V, It->second.Def, It->second.S});
    }
  for (const Stmt *C : S->children())
    threadVars(C, Out);
}

//===--- Lvalues ----------------------------------------------------------===//

std::optional<Loc> ModelBuilder::lvalue(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E))
    if (keepsLocation(C)) {
      std::optional<Loc> L = lvalue(C->getSubExpr());
      if (L && L->Kind == Loc::Memory)
        L->Type = C->getType();
      return L;
    }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return lvalue(MT->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return declLvalue(DRE);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return subscriptLvalue(AS);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return unaryLvalue(UO);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return memberLvalue(ME);
  // Not a location; still walked for the accesses inside it.
  if (isa<CallExpr>(E) || isa<AbstractConditionalOperator>(E) ||
      isa<BinaryOperator>(E))
    rvalue(E);
  return std::nullopt;
}

std::optional<Loc> ModelBuilder::declLvalue(const DeclRefExpr *DRE) {
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  if (!V)
    return std::nullopt;
  // A reference bound to memory is that memory; one bound to a local is
  // followed through its initializer's value.
  if (auto It = Referees.find(V); It != Referees.end())
    return It->second;
  if (V->getType()->isReferenceType() || !livesInMemory(V))
    return localVarLoc(V);
  Loc L;
  L.Root = V;
  L.Space = memSpaceOf(V);
  L.Off = symConst(0);
  L.Type = V->getType();
  return L;
}

std::optional<Loc> ModelBuilder::subscriptLvalue(const ArraySubscriptExpr *AS) {
  Value Base = subscriptBase(AS->getBase());
  Value Idx = rvalue(AS->getIdx());
  if (Base.Kind != Value::Ptr)
    return std::nullopt;
  Loc L;
  L.Root = Base.Root;
  L.Space = Base.Space;
  // In a template analysed as written, `a[i]` on a `T *` has no type of its
  // own: the element is what the base points to.
  L.Type = AS->getType()->isDependentType() ? Base.Pointee : AS->getType();
  SymRef I = Idx.Kind == Value::Scalar ? Idx.S : symVarying(AS, "index");
  L.Off = Base.S + I * sizeOf(L.Type, Base.Root);
  return L;
}

// The pointer a subscript indexes. In a template analysed as written, an
// array of dependent type is subscripted without decaying to a pointer
// first (`tile[i][j]` on `T tile[32][32]`): the decay is made here.
ModelBuilder::Value ModelBuilder::subscriptBase(const Expr *Base) {
  const Expr *B = Base->IgnoreParens();
  if (!B->getType()->isDependentType() || !M.StandIn)
    return rvalue(Base);
  std::optional<Loc> L = lvalue(B);
  QualType T = L ? concreteType(L->Type, M.StandIn, Ctx) : QualType();
  if (!L || L->Kind != Loc::Memory || T.isNull() || !T->isArrayType())
    return rvalue(Base);
  Value V;
  V.Kind = Value::Ptr;
  V.Root = L->Root;
  V.Space = L->Space;
  V.S = L->Off;
  V.Pointee = Ctx.getAsArrayType(T)->getElementType();
  return V;
}

// `*p`, and `++x` / `--x`, which are lvalues of x after the step.
std::optional<Loc> ModelBuilder::unaryLvalue(const UnaryOperator *UO) {
  if (UO->getOpcode() == UO_Deref) {
    Value P = rvalue(UO->getSubExpr());
    if (P.Kind != Value::Ptr)
      return std::nullopt;
    Loc L = pointee(P);
    L.Type = UO->getType()->isDependentType() ? P.Pointee : UO->getType();
    return L;
  }
  if (UO->isPrefix() && UO->isIncrementDecrementOp()) {
    rvalue(UO);
    return lvalue(UO->getSubExpr());
  }
  return std::nullopt;
}

std::optional<Loc> ModelBuilder::memberLvalue(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  std::optional<Loc> Base = memberBase(ME);
  if (!Base || !FD)
    return std::nullopt;
  if (Base->Kind != Loc::Memory)
    return localMemberLvalue(*Base, FD);
  const RecordDecl *RD = FD->getParent();
  if (RD->isInvalidDecl() || RD->isDependentType() || !RD->getDefinition())
    return std::nullopt;
  Loc L = *Base;
  L.Off = L.Off ? L.Off + symConst(Ctx.getFieldOffset(FD) / 8) : nullptr;
  L.Type = ME->getType();
  return L;
}

// The object a member access reads from: `p->` points to it, `s.` names it.
std::optional<Loc> ModelBuilder::memberBase(const MemberExpr *ME) {
  if (!ME->isArrow())
    return lvalue(ME->getBase());
  // `data` in a method walked for a call: a member of the call's object.
  if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
      !ThisObjects.empty())
    return ThisObjects.back();
  Value P = rvalue(ME->getBase());
  if (P.Kind != Value::Ptr)
    return std::nullopt;
  return pointee(P);
}

// A member of a local variable (`d.x` of a dim3), or a pointer member of a
// by-value kernel argument, which is a root in global memory of its own.
Loc ModelBuilder::localMemberLvalue(const Loc &Base, const FieldDecl *FD) {
  Loc L;
  L.Kind = Loc::LocalMember;
  L.Var = Base.Var;
  L.Member = dimOfName(FD->getName());
  if (Base.Kind == Loc::LocalVar)
    L.Path = {FD};
  else if (!Base.Path.empty()) {
    L.Path = Base.Path;
    L.Path.push_back(FD);
  }
  // A by-value kernel argument, or a local copy of one.
  if (Base.Kind == Loc::LocalVar)
    if (Value Arg = VarValues.lookup(Base.Var);
        Arg.Kind == Value::UniformAgg && FD->getType()->isPointerType()) {
      // `params.out[i]`: a pointer inside a by-value kernel argument.
      L.Kind = Loc::Memory;
      L.Root = argumentField(Arg.AggId, FD);
      L.Space = MemSpace::Global;
      L.Off = symConst(0);
      L.Type = FD->getType();
      L.Member = -1;
      return L;
    }
  return L;
}

// The root for pointer field \p FD of the by-value kernel argument \p Arg
// (see KernelModel::ArgumentFields): `A.data`.
const FieldDecl *ModelBuilder::argumentField(const void *Arg,
                                             const FieldDecl *FD) {
  const FieldDecl *&Root = M.ArgumentFields[{Arg, FD}];
  if (Root)
    return Root;
  const auto *P = static_cast<const ParmVarDecl *>(Arg);
  std::string Name = (P->getName() + "." + FD->getName()).str();
  Root = FieldDecl::Create(
      Ctx, const_cast<RecordDecl *>(FD->getParent()), FD->getBeginLoc(),
      FD->getLocation(), &Ctx.Idents.get(Name), FD->getType(),
      FD->getTypeSourceInfo(), nullptr, false, ICIS_NoInit);
  return Root;
}

// The root for the pointer \p E loads from \p L, a warp-uniform address:
// one per array and address, named as the load is written.
const ValueDecl *ModelBuilder::loadedPointerRoot(const Loc &L, const Expr *E) {
  const ValueDecl *&Root =
      LoadedPointers[{static_cast<const void *>(L.Root), L.Off->key()}];
  if (Root)
    return Root;
  Root = VarDecl::Create(
      Ctx, const_cast<DeclContext *>(L.Root->getDeclContext()),
      E->getBeginLoc(), E->getBeginLoc(),
      &Ctx.Idents.get(sourceText(E, Ctx, 60)), E->getType(), nullptr, SC_None);
  return Root;
}

//===--- Assignments ------------------------------------------------------===//

Value ModelBuilder::assign(const Expr *Target, const Expr *Whole, SymKind Op,
                           bool Compound, Value RHS) {
  std::optional<Loc> L = lvalue(Target);
  if (!L)
    return opaqueExpr(Whole, true);
  if (L->Kind == Loc::Memory) {
    access(*L, Target, /*Load=*/Compound, /*Store=*/true);
    return RHS;
  }
  const VarDecl *V = L->Var;
  if (Recorder)
    Recorder->assigned(V);
  if (L->Kind == Loc::LocalMember)
    return assignLocalMember(*L, Whole, Op, Compound, RHS);
  Value New = RHS;
  if (Compound)
    New = compoundValue(*L, Target, Whole, Op, RHS);
  setVar(V, New, Whole->getExprLoc());
  return New;
}

// `d.x = e` on a local dim3 changes one coordinate; any other member write
// makes the variable unknown per thread.
Value ModelBuilder::assignLocalMember(const Loc &L, const Expr *Whole,
                                      SymKind Op, bool Compound,
                                      const Value &RHS) {
  const VarDecl *V = L.Var;
  auto It = VarValues.find(V);
  if (It != VarValues.end() && It->second.Kind == Value::Dim3 &&
      L.Member >= 0 && RHS.Kind == Value::Scalar) {
    Value D = It->second;
    D.D[L.Member] = Compound ? symOp(Op, D.D[L.Member], RHS.S) : RHS.S;
    setVar(V, D, Whole->getExprLoc());
    return Value::scalar(D.D[L.Member]);
  }
  // Another field written: the record stays uniform if it was and the
  // value is; otherwise it is unknown per thread, and data if either was.
  // The fields the walk knows are kept, the one written set.
  Value Old = It != VarValues.end() ? It->second : Value();
  bool WasUniform = It != VarValues.end() && !Old.threadDependent();
  bool Dep = !WasUniform || RHS.threadDependent();
  bool Data = (RHS.Kind == Value::Scalar && readsData(*RHS.S, {})) ||
              (Old.Kind == Value::Scalar && readsData(*Old.S, {}));
  std::optional<Value> Field = fieldAfterAssignment(Old, L, Op, Compound, RHS);
  Value New = opaque(Whole, V->getName(), Dep,
                     Data ? DataOrigin::Memory : DataOrigin::None);
  New.Fields = Old.Fields;
  New =
      summarised(withField(std::move(New), L.Path, Field), V->getType(), Whole);
  setVar(V, New, Whole->getExprLoc());
  return Field.value_or(opaqueExpr(Whole, Dep));
}

// The new value of a local after `x op= e`: pointer arithmetic in bytes,
// scalar arithmetic symbolically, anything else opaque.
Value ModelBuilder::compoundValue(const Loc &L, const Expr *Target,
                                  const Expr *Whole, SymKind Op,
                                  const Value &RHS) {
  Value Old = loadFrom(L, Target, false);
  if (Old.Kind == Value::Ptr && RHS.Kind == Value::Scalar &&
      (Op == SymKind::Add || Op == SymKind::Sub)) {
    Value New = Old;
    New.S = symOp(Op, Old.S, RHS.S * sizeOf(Old.Pointee, Old.Root));
    return New;
  }
  if (Old.Kind == Value::Scalar && RHS.Kind == Value::Scalar)
    return Value::scalar(symOp(Op, Old.S, RHS.S));
  return opaque(Whole, L.Var->getName(),
                Old.threadDependent() || RHS.threadDependent());
}

} // namespace cudalint
