//===--- ModelRecords.cpp - the fields of local records ----------------===//
//
// A local record keeps one value per field where the walk can tell it:
// `int2 p = {threadIdx.x, blockIdx.x}`, `int4 q = make_int4(...)`, a record
// built field by field (`Tile t; t.p = ...; t.ld = ...; return t;`), or
// one loaded whole from memory (`int2 r = rows[i]`: `r.x` is the element
// `rows[i].x`). Copies, arguments and returns carry the fields with the
// value; a field the walk does not know is a function of the whole record.
//
//===----------------------------------------------------------------------===//

#include "CudaAST.h"
#include "ModelBuilder.h"

#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cudalint {

using Value = model::Value;
using Loc = model::Loc;
using model::FieldValue;
using model::FieldValues;

namespace {
// The fields of a record type a value can list: a plain record (no bases,
// not a union) whose definition is in view.
const RecordDecl *recordWithFields(QualType T) {
  const auto *RD = T.isNull() ? nullptr : T->getAsRecordDecl();
  if (!RD || RD->isUnion() || RD->isInvalidDecl() || RD->isDependentType() ||
      !RD->getDefinition())
    return nullptr;
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    if (CRD->getNumBases() != 0 || CRD->isPolymorphic())
      return nullptr;
  return RD;
}

const FieldValue *find(const FieldValues &Fs, const FieldDecl *FD) {
  for (const FieldValue &F : Fs)
    if (F.Field == FD)
      return &F;
  return nullptr;
}

// `make_int2`, `make_float4`, `make_uchar3`, ...: the vector types' makers.
bool isVectorMaker(StringRef Name) {
  if (!Name.consume_front("make_") || Name.empty())
    return false;
  char Width = Name.back();
  if (Width < '1' || Width > '4')
    return false;
  Name = Name.drop_back();
  Name.consume_front("u");
  return Name == "char" || Name == "short" || Name == "int" || Name == "long" ||
         Name == "longlong" || Name == "float" || Name == "double";
}
} // namespace

// Whether \p E is arithmetic the sampler can always evaluate: sums and
// products of leaves, divided, reduced or shifted by constants.
bool model::plainArithmetic(const SymNode &E) {
  if (E.isLeaf())
    return E.Kind != SymKind::Varying;
  switch (E.Kind) {
  case SymKind::Add:
  case SymKind::Sub:
  case SymKind::Mul:
    return llvm::all_of(E.Ops,
                        [](const SymRef &O) { return plainArithmetic(*O); });
  case SymKind::Div:
  case SymKind::Rem:
  case SymKind::Shl:
  case SymKind::Shr:
    return E.Ops[1]->isConst() && plainArithmetic(*E.Ops[0]);
  default:
    return false;
  }
}

// The value of field \p Path of \p Record, if the walk knows it.
std::optional<Value>
ModelBuilder::knownField(const Value &Record,
                         llvm::ArrayRef<const FieldDecl *> Path) const {
  if (Path.empty() || !Record.Fields)
    return std::nullopt;
  const FieldValue *F = find(*Record.Fields, Path.front());
  if (!F)
    return std::nullopt;
  if (Path.size() == 1)
    return F->Val;
  return knownField(F->Val, Path.drop_front());
}

// \p Record with field \p Path set to \p Field (forgotten where nullopt); an
// empty path forgets every field.
Value ModelBuilder::withField(Value Record,
                              llvm::ArrayRef<const FieldDecl *> Path,
                              std::optional<Value> Field) const {
  if (Path.empty()) {
    Record.Fields.reset();
    return Record;
  }
  FieldValues Fs = Record.Fields ? *Record.Fields : FieldValues();
  auto It = llvm::find_if(
      Fs, [&](const FieldValue &F) { return F.Field == Path.front(); });
  std::optional<Value> Inner = Field;
  if (Path.size() > 1)
    Inner = It == Fs.end() && !Field
                ? std::nullopt
                : std::optional(withField(It == Fs.end() ? Value() : It->Val,
                                          Path.drop_front(), Field));
  if (It != Fs.end())
    Fs.erase(It);
  if (Inner)
    Fs.push_back({Path.front(), *Inner});
  Record.Fields = Fs.empty() ? nullptr : std::make_shared<FieldValues>(Fs);
  return Record;
}

// \p Record, whose summary S is recomputed from its fields where every field
// of \p T is known: threads whose fields agree hold the same record.
Value ModelBuilder::summarised(Value Record, QualType T, const Expr *E) {
  const RecordDecl *RD = recordWithFields(T);
  if (!RD || !Record.Fields)
    return Record;
  llvm::SmallVector<SymRef, 4> Parts;
  bool Dep = false;
  for (const FieldDecl *FD : RD->fields()) {
    const FieldValue *F = find(*Record.Fields, FD);
    if (!F || !F->Val.S ||
        (F->Val.Kind != Value::Scalar && F->Val.Kind != Value::Ptr))
      return Record;
    Parts.push_back(F->Val.S);
    Dep |= F->Val.threadDependent();
  }
  Value Whole = Dep ? Value::scalar(symData(inContext(E), sourceText(E, Ctx),
                                            RD->getName(), Parts))
                    : opaque(inContext(E), sourceText(E, Ctx), false);
  Whole.Fields = Record.Fields;
  return Whole;
}

// A record built from \p Elements in field order (an initialiser list, the
// arguments of `make_int2`), or an opaque value where \p T has no plain
// fields or the counts differ.
Value ModelBuilder::recordOfElements(const Expr *E, QualType T,
                                     llvm::ArrayRef<const Expr *> Elements) {
  llvm::SmallVector<Value, 4> Values;
  bool Dep = false;
  for (const Expr *El : Elements) {
    Values.push_back(rvalue(El));
    Dep |= Values.back().threadDependent();
  }
  const RecordDecl *RD = recordWithFields(T);
  if (!RD || static_cast<size_t>(std::distance(
                 RD->field_begin(), RD->field_end())) != Values.size())
    return opaqueExpr(E, Dep);
  Value Record = opaque(inContext(E), sourceText(E, Ctx), Dep);
  auto FieldIt = RD->field_begin();
  for (const Value &V : Values) {
    if (V.Kind == Value::Scalar || V.Kind == Value::Ptr)
      Record = withField(std::move(Record), {*FieldIt}, V);
    ++FieldIt;
  }
  return summarised(std::move(Record), T, E);
}

// A record loaded whole from memory at \p L (\p Whole: the value of the
// load): each scalar field is the element at its own offset, read as a
// thread-dependent load of it would be. Loads the same for every thread are
// left whole (their fields are uniform already).
Value ModelBuilder::withLoadedFields(Value Whole, const Loc &L, const Expr *E) {
  const RecordDecl *RD = recordWithFields(L.Type);
  if (!RD || !L.Off || !L.Off->threadDependent() || L.Space == MemSpace::Local)
    return Whole;
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(RD);
  for (const FieldDecl *FD : RD->fields()) {
    QualType FT = FD->getType();
    if (FD->isBitField() || !(FT->isArithmeticType() || recordWithFields(FT)))
      continue;
    Loc FL = L;
    FL.Off = L.Off + symConst(Layout.getFieldOffset(FD->getFieldIndex()) / 8);
    FL.Type = FT;
    Value V = loadFrom(FL, E, /*Record=*/false);
    if (V.Kind == Value::Scalar)
      Whole = withField(std::move(Whole), {FD}, V);
  }
  return Whole;
}

// `make_int2(threadIdx.x, blockIdx.x)`: a vector whose fields are the
// arguments.
std::optional<Value> ModelBuilder::vectorMake(const CallExpr *CE) {
  if (!isVectorMaker(calleeName(CE)))
    return std::nullopt;
  llvm::SmallVector<const Expr *, 4> Args(CE->arguments());
  return recordOfElements(CE, CE->getType(), Args);
}

//===--- Local arrays read after their initialiser -----------------------===//

namespace {
// Whether every use of the local array \p V reads an element of it (`b[k]`,
// `m[r][c]`): nothing writes it or lets it escape after its initialiser.
bool onlyElementsRead(const VarDecl *V, ASTContext &Ctx) {
  const auto *F =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return false;
  auto ReadsElement = [&](const DeclRefExpr *R) {
    const Expr *At = R;
    while (true) {
      auto Parents = Ctx.getParents(*At);
      if (Parents.size() != 1)
        return false;
      const auto *P = Parents[0].get<Expr>();
      if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P)) {
        if (Cast->getCastKind() == CK_LValueToRValue)
          return At != R; // an element read, not the array
        if (Cast->getCastKind() != CK_ArrayToPointerDecay)
          return false;
      } else if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(P)) {
        if (AS->getBase()->IgnoreParenImpCasts() != At->IgnoreParenImpCasts())
          return false;
      } else if (!isa_and_nonnull<ParenExpr>(P)) {
        return false;
      }
      At = P;
    }
  };
  return llvm::all_of(referencesTo(V, F->getBody(), Ctx), ReadsElement);
}
} // namespace

// `float b[4] = {v.x, v.y, v.z, v.w};` on an array only read afterwards:
// its elements are remembered by offset (see arrayElement). False, with
// nothing walked, for any other array.
bool ModelBuilder::initialisedArray(const VarDecl *V) {
  const auto *IL = dyn_cast_or_null<InitListExpr>(
      V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr);
  if (!IL || !V->hasLocalStorage() || V->hasAttr<CUDASharedAttr>() ||
      !V->getType()->isConstantArrayType() || !onlyElementsRead(V, Ctx))
    return false;
  llvm::DenseMap<int64_t, Value> Elements;
  arrayElements(IL, V->getType(), 0, Elements);
  ArrayInits[V] = std::move(Elements);
  return true;
}

// The elements \p Init gives an object of type \p T at byte \p Offset.
void ModelBuilder::arrayElements(const Expr *Init, QualType T, int64_t Offset,
                                 llvm::DenseMap<int64_t, Value> &Elements) {
  const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
  const auto *AT = Ctx.getAsConstantArrayType(T);
  if (!IL || !AT) {
    Elements[Offset] = rvalue(Init);
    return;
  }
  int64_t Size = Ctx.getTypeSizeInChars(AT->getElementType()).getQuantity();
  for (unsigned I = 0; I < IL->getNumInits(); ++I)
    arrayElements(IL->getInit(I), AT->getElementType(), Offset + I * Size,
                  Elements);
}

// The value of an element of a remembered local array at a constant offset.
std::optional<Value> ModelBuilder::arrayElement(const Loc &L) const {
  const auto *V = dyn_cast_or_null<VarDecl>(L.Root);
  auto It = V ? ArrayInits.find(V) : ArrayInits.end();
  if (It == ArrayInits.end() || !L.Off || !L.Off->isConst())
    return std::nullopt;
  auto El = It->second.find(L.Off->Value);
  if (El == It->second.end() || El->second.Kind == Value::None)
    return std::nullopt;
  return El->second;
}

// The value field \p L holds after `field op= RHS` (or `field = RHS`), if
// the walk can tell.
std::optional<Value>
ModelBuilder::fieldAfterAssignment(const Value &Old, const Loc &L, SymKind Op,
                                   bool Compound, const Value &RHS) {
  if (!Compound)
    return RHS;
  std::optional<Value> Before = knownField(Old, L.Path);
  if (!Before || Before->Kind != Value::Scalar || RHS.Kind != Value::Scalar)
    return std::nullopt;
  return Value::scalar(symOp(Op, Before->S, RHS.S));
}

} // namespace cudalint
