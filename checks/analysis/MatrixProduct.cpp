//===--- MatrixProduct.cpp - matrix products computed by a kernel ---------===//

#include "MatrixProduct.h"
#include "AddressTerms.h"
#include "CudaAST.h"
#include "LaunchValues.h"
#include "StridedContraction.h"
#include "TemplateStandIn.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLExtras.h"

#include <array>
#include <functional>

using namespace clang;

namespace cudalint {

static bool namesTensorCoreLibrary(const std::string &Name) {
  return Name.find("wmma::") != std::string::npos ||
         Name.find("cutlass::") != std::string::npos ||
         Name.find("cute::") != std::string::npos;
}

bool usesTensorCores(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *A = dyn_cast<GCCAsmStmt>(S)) {
    StringRef T = A->getAsmString()->getString();
    if (T.contains("mma") || T.contains("wgmma"))
      return true;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (namesTensorCoreLibrary(
                V->getType().getCanonicalType().getAsString()))
          return true;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee())
      if (namesTensorCoreLibrary(FD->getQualifiedNameAsString()))
        return true;
  for (const Stmt *C : S->children())
    if (usesTensorCores(C))
      return true;
  return false;
}

// The field type of a vector record (`float4`, `double2`, `__half2`): every
// field of one builtin type.
static std::optional<std::pair<QualType, unsigned>> vectorLanes(QualType T) {
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD || !RD->getDefinition())
    return std::nullopt;
  QualType Field;
  unsigned N = 0;
  for (const FieldDecl *F : RD->fields()) {
    QualType FT = F->getType().getCanonicalType().getUnqualifiedType();
    if (!FT->isBuiltinType() && !FT->isRecordType())
      return std::nullopt;
    if (N++ && FT != Field)
      return std::nullopt;
    Field = FT;
  }
  if (N < 2 || N > 4)
    return std::nullopt;
  return std::make_pair(Field, N);
}

bool MatrixProduct::registerBlocked() const {
  if (!tiled() || !Acc.Acc)
    return false;
  QualType T =
      concreteType(Acc.Acc->getType(), StandIn, Acc.Acc->getASTContext());
  uint64_t Elements = 1;
  while (const auto *CAT = dyn_cast<ConstantArrayType>(T.getTypePtr())) {
    Elements *= CAT->getSize().getZExtValue();
    T = CAT->getElementType();
  }
  return Elements >= 16;
}

unsigned scalarBytes(const MemAccess &A) {
  if (auto V = vectorLanes(A.Type.getCanonicalType()))
    return A.Width / V->second;
  return A.Width;
}

std::string elementName(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (auto V = vectorLanes(T); V && !V->first->isRecordType())
    T = V->first;
  if (T->isSpecificBuiltinType(BuiltinType::Float))
    return "float";
  if (T->isSpecificBuiltinType(BuiltinType::Double))
    return "double";
  std::string N = T.getAsString();
  if (N.find("half") != std::string::npos)
    return "half";
  if (N.find("bfloat16") != std::string::npos)
    return "bfloat16";
  return N;
}

std::string productTypeName(const MatrixProduct &P) {
  std::string Element = elementName(P.a().Load->Type);
  return P.Acc.Complex ? "complex " + Element : Element;
}

unsigned productElementBytes(const MatrixProduct &P, const MemAccess &A) {
  return P.Acc.Complex ? A.Width : scalarBytes(A);
}

//===----------------------------------------------------------------------===//
// Recognising a product
//===----------------------------------------------------------------------===//

namespace {

void collectAccumulations(const Stmt *S, const Stmt *Body,
                          const TemplateStandIn *StandIn,
                          std::vector<ProductCandidate> &Out) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S))
    if (accumulation(E, StandIn)) {
      Out.push_back({E, Body});
      return;
    }
  for (const Stmt *C : S->children())
    collectAccumulations(C, Body, StandIn, Out);
}

// The loops around \p S, innermost first.
llvm::SmallVector<const Stmt *, 4> enclosingLoops(const Stmt *S,
                                                  ASTContext &Ctx) {
  llvm::SmallVector<const Stmt *, 4> Loops;
  for (const Stmt *Cur = S;;) {
    auto P = Ctx.getParents(*Cur);
    if (P.empty())
      break;
    const Stmt *PS = P[0].get<Stmt>();
    if (!PS)
      break;
    if (isLoopStmt(PS))
      Loops.push_back(PS);
    Cur = PS;
  }
  return Loops;
}

// The one integer parameter of \p Kernel that the condition of \p Loop
// reads (`k < K`, `t < (K + TILE - 1) / TILE`); null when it reads none or
// several.
const ParmVarDecl *boundParameter(const Stmt *Loop,
                                  const FunctionDecl &Kernel) {
  const Expr *Cond = nullptr;
  if (const auto *Fo = dyn_cast<ForStmt>(Loop))
    Cond = Fo->getCond();
  else if (const auto *Wh = dyn_cast<WhileStmt>(Loop))
    Cond = Wh->getCond();
  else if (const auto *Do = dyn_cast<DoStmt>(Loop))
    Cond = Do->getCond();
  const ParmVarDecl *Found = nullptr;
  bool Several = false;
  std::function<void(const Stmt *)> Visit = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        if (P->getDeclContext() == &Kernel && P->getType()->isIntegerType()) {
          Several |= Found && Found != P;
          Found = P;
        }
    for (const Stmt *C : S->children())
      Visit(C);
  };
  Visit(Cond);
  return Several ? nullptr : Found;
}

// The operands follow different thread coordinates, and each some of its
// own. Coordinates both follow are a batch (a sample, a head: llm.c's
// attention computes `Q K^T` per head from one flat thread index), each
// product of which is one matrix product.
bool followDifferentCoordinates(MatrixProduct &P) {
  Polynomial PX = toPolynomial(P.X.Load->Offset),
             PY = toPolynomial(P.Y.Load->Offset);
  std::set<std::string> X = threadAtoms(PX), Y = threadAtoms(PY);
  P.BatchAtoms.clear();
  for (const std::string &K : X)
    if (Y.count(K))
      P.BatchAtoms.insert(K);
  for (const std::string &K : P.BatchAtoms) {
    X.erase(K);
    Y.erase(K);
  }
  // One block per row (`row = blockIdx.x`, the columns over the threads):
  // an operand without a thread coordinate of its own follows the block
  // coordinates the other does not.
  if (X.empty() != Y.empty()) {
    bool XBlock = X.empty();
    const Polynomial &Own = XBlock ? PX : PY, &Other = XBlock ? PY : PX;
    for (const auto &[K, L] : Own.Leaves)
      if (L->Kind == SymKind::BlockIdx && !Other.Leaves.count(K))
        (XBlock ? X : Y).insert(K);
  }
  // None of its own: a matrix-vector product, a reduction, or a dot
  // product along one coordinate.
  if (X.empty() || Y.empty())
    return false;
  P.X.Atoms = std::move(X);
  P.Y.Atoms = std::move(Y);
  return true;
}

bool returnsVariable(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    if (R->getRetValue() &&
        localVariableOf(peelConversions(R->getRetValue())) == V)
      return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return returnsVariable(C, V); });
}

// Locals assigned from \p Acc (`float4 tmp; tmp.x = alpha * acc[..]`).
void collectCarriers(const Stmt *S, const VarDecl *Acc, ASTContext &Ctx,
                     std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S))
    if (std::optional<BinOp> B = binaryOperation(E); B && B->Op == BO_Assign)
      if (const VarDecl *L = localVariableOf(B->L))
        if (!referencesTo(Acc, B->R, Ctx).empty())
          Out.insert(L);
  for (const Stmt *C : S->children())
    collectCarriers(C, Acc, Ctx, Out);
}

// Whether the thread coordinate \p Leaf is known once the leaves \p Out of
// the output's address are: one of them, or a quotient or remainder of a
// value made of them (`idx / T`, `(idx / T) % T`, `idx % T` of a flat index
// `idx`).
bool determinedBy(const SymNode &Leaf, const std::set<std::string> &Out,
                  unsigned Depth = 0) {
  if (Out.count(Leaf.key()))
    return true;
  bool Splits = Leaf.Kind == SymKind::Div || Leaf.Kind == SymKind::Rem ||
                Leaf.Kind == SymKind::Shr || Leaf.Kind == SymKind::And;
  if (!Splits || Leaf.Ops.empty() || Depth > 4)
    return false;
  Polynomial Whole = toPolynomial(Leaf.Ops[0]);
  bool Any = false;
  for (const auto &[K, L] : Whole.Leaves) {
    // What tells threads and blocks apart must be in the output's address.
    if (!L->threadDependent() && L->Kind != SymKind::BlockIdx)
      continue;
    if (!determinedBy(*L, Out, Depth + 1))
      return false;
    Any = true;
  }
  return Any;
}

// The address of \p A holds every coordinate of both operands, and of the
// batch they share.
bool holdsBothCoordinates(const MemAccess &A, const MatrixProduct &P) {
  std::set<std::string> Out;
  for (const auto &[K, L] : toPolynomial(A.Offset).Leaves)
    Out.insert(K);
  Polynomial PX = toPolynomial(P.X.Load->Offset),
             PY = toPolynomial(P.Y.Load->Offset);
  auto Held = [&](const std::string &K) {
    const Polynomial &From = PX.Leaves.count(K) ? PX : PY;
    auto It = From.Leaves.find(K);
    return It != From.Leaves.end() && determinedBy(*It->second, Out);
  };
  return llvm::all_of(P.X.Atoms, Held) && llvm::all_of(P.Y.Atoms, Held) &&
         llvm::all_of(P.BatchAtoms, Held);
}

// How far the output moves per step of the coordinates \p Atoms: the
// largest constant coefficient; none when one is not a positive constant.
std::optional<int64_t> outputStride(const Polynomial &Output,
                                    const std::set<std::string> &Atoms) {
  int64_t Most = 0;
  for (const std::string &K : Atoms) {
    std::optional<Polynomial> C = coefficientOf(Output, K);
    if (!C || !C->constant() || *C->constant() <= 0)
      return std::nullopt;
    Most = std::max(Most, *C->constant());
  }
  return Most;
}

// The column coordinates move the output by a constant; the row
// coordinates by a row length ('N', 'ldc'), or by a larger constant when
// the sizes are constants.
bool followsColumns(const Polynomial &Output, const std::set<std::string> &Own,
                    const std::set<std::string> &Other) {
  std::optional<int64_t> S = outputStride(Output, Own),
                         T = outputStride(Output, Other);
  return S && (!T || *S < *T);
}

// Rows and columns: the column coordinate has the smaller stride in the
// output (one element in a row-major matrix).
void assignRoles(MatrixProduct &P) {
  Polynomial Output = toPolynomial(P.Store->Offset);
  P.XIsColumn = followsColumns(Output, P.X.Atoms, P.Y.Atoms);
  P.ColumnsKnown = followsColumns(Output, P.b().Atoms, P.a().Atoms);
}

bool callsFunctionWithBody(const Stmt *S, const Stmt *Body) {
  if (!S)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *D = CE->getDirectCallee())
      if (const FunctionDecl *Def = D->getDefinition())
        if (Def->getBody() == Body)
          return true;
  for (const Stmt *C : S->children())
    if (callsFunctionWithBody(C, Body))
      return true;
  return false;
}

} // namespace

MatrixProductFinder::MatrixProductFinder(const KernelModel &Model,
                                         const FunctionDecl &Kernel,
                                         ASTContext &Ctx)
    : Model(Model), Kernel(Kernel), Ctx(Ctx), Bodies{Kernel.getBody()} {
  for (const MemAccess &A : Model.accesses()) {
    ByExpr.emplace(A.E->IgnoreParens(), &A);
    for (const CallExpr *C : A.CallStack)
      if (const FunctionDecl *D = C->getDirectCallee())
        if (const FunctionDecl *Def = D->getDefinition())
          if (llvm::find(Bodies, Def->getBody()) == Bodies.end())
            Bodies.push_back(Def->getBody());
  }
}

std::vector<ProductCandidate> MatrixProductFinder::candidates() const {
  std::vector<ProductCandidate> Candidates;
  for (const Stmt *B : Bodies)
    collectAccumulations(B, B, Model.standIn(), Candidates);
  return Candidates;
}

std::optional<MatrixProduct>
MatrixProductFinder::recognise(const ProductCandidate &C) {
  MatrixProduct P{C.S, C.Owner, *accumulation(C.S, Model.standIn())};
  P.StandIn = Model.standIn();
  // Into a register array the kernel passed to a helper by pointer.
  if (P.Acc.Into && !P.Acc.Acc)
    if (const VarDecl *R = registerOf(P.Acc.Into)) {
      P.Acc.Acc = R;
      P.Acc.Into = nullptr;
    }
  if (!resolveOperands(P) || !findKLoop(P) || !followDifferentCoordinates(P) ||
      !findStore(P))
    return std::nullopt;
  assignRoles(P);
  locateGlobalCopy(P.X);
  locateGlobalCopy(P.Y);
  findDepth(P);
  return P;
}

const MemAccess *MatrixProductFinder::loadOf(const Expr *E) const {
  auto It = ByExpr.find(E->IgnoreParens());
  if (It != ByExpr.end() && It->second->IsLoad && !It->second->IsAtomic &&
      It->second->Space != MemSpace::Local)
    return It->second;
  return nullptr;
}

bool MatrixProductFinder::callsBody(const Stmt *S, const Stmt *Body) const {
  return callsFunctionWithBody(S, Body);
}

// The loads the two factors read, each a plain per-thread address.
bool MatrixProductFinder::resolveOperands(MatrixProduct &P) {
  P.X.Load = operandLoad(P.Acc.X, &P.X.Centred);
  P.Y.Load = operandLoad(P.Acc.Y, &P.Y.Centred);
  if (P.Acc.Factors.size() > 2) {
    // `alpha * A[..] * B[..]`: the two factors that are per-thread loads.
    llvm::SmallVector<const MemAccess *, 2> Loads;
    for (const Expr *Fa : P.Acc.Factors)
      if (const MemAccess *L = operandLoad(Fa))
        if (L->Offset->threadDependent())
          Loads.push_back(L);
    if (Loads.size() != 2)
      return false;
    P.X.Load = Loads[0];
    P.Y.Load = Loads[1];
  }
  return P.X.Load && P.Y.Load && !P.X.Load->Offset->hasVarying() &&
         !P.Y.Load->Offset->hasVarying();
}

// The k loop: the innermost loop around the statement in which both
// factors move.
bool MatrixProductFinder::findKLoop(MatrixProduct &P) const {
  Polynomial PX = toPolynomial(P.X.Load->Offset),
             PY = toPolynomial(P.Y.Load->Offset);
  llvm::SmallVector<const Stmt *, 4> Inner;
  for (const Stmt *L : enclosingLoops(P.S, Ctx)) {
    Inner.push_back(L);
    std::optional<std::string> KX = loopLeafKey(PX, L), KY = loopLeafKey(PY, L);
    if (!KX || !KY)
      continue;
    std::optional<Polynomial> CX = coefficientOf(PX, *KX),
                              CY = coefficientOf(PY, *KY);
    if (!CX || !CY || CX->isZero() || CY->isZero())
      continue;
    if (splitsCounter(*P.X.Load->Offset, Inner) ||
        splitsCounter(*P.Y.Load->Offset, Inner) ||
        filteredByCounter(P.S, L, Inner))
      return false;
    P.X.KStride = *CX;
    P.Y.KStride = *CY;
    P.KLoop = L;
    return true;
  }
  return false;
}

// A tiled product's k loop runs over one tile: its depth is that times the
// trips of the loop over the tiles around it, the loop that moves both
// global copies.
void MatrixProductFinder::findDepth(MatrixProduct &P) const {
  const Stmt *DepthLoop = P.KLoop;
  if (P.tiled()) {
    llvm::SmallVector<const Stmt *, 4> Loops = enclosingLoops(P.KLoop, Ctx);
    DepthLoop = Loops.empty() ? nullptr : Loops.front();
    for (const ProductOperand *O : {&P.X, &P.Y})
      if (DepthLoop && O->ViaShared &&
          (!O->Global ||
           !loopLeafKey(toPolynomial(O->Global->Offset), DepthLoop)))
        DepthLoop = nullptr;
  }
  if (!DepthLoop)
    return;
  std::optional<int64_t> Trips = Model.tripCount(DepthLoop);
  if (Trips && P.tiled())
    if (std::optional<int64_t> PerTile = Model.tripCount(P.KLoop))
      P.ConstantDepth = *Trips * *PerTile;
  if (Trips && !P.tiled())
    P.ConstantDepth = Trips;
  if (!P.ConstantDepth)
    P.DepthParameter = boundParameter(DepthLoop, Kernel);
}

// The store of the accumulator, after the k loop, at both coordinates;
// possibly through a local it is packed into (`float4 tmp; tmp.x =
// alpha * acc[..] ...; C4[..] = tmp;`).
bool MatrixProductFinder::findStore(MatrixProduct &P) const {
  P.Returns = returnsAccumulator(P);
  if (P.Acc.Into)
    P.Store = inPlaceStore(P);
  else if (P.Acc.Acc)
    P.Store = storeOfAccumulator(P);
  return P.Store != nullptr;
}

// A helper that returns the accumulator (`return acc;`).
bool MatrixProductFinder::returnsAccumulator(const MatrixProduct &P) const {
  return P.Owner != Kernel.getBody() && P.Acc.Acc &&
         returnsVariable(P.Owner, P.Acc.Acc);
}

std::set<const VarDecl *>
MatrixProductFinder::carriersOf(const MatrixProduct &P) const {
  std::set<const VarDecl *> Carriers = {P.Acc.Acc};
  for (const Stmt *Body : Bodies)
    collectCarriers(Body, P.Acc.Acc, Ctx, Carriers);
  return Carriers;
}

// Accumulated in place: the store is the statement itself.
const MemAccess *
MatrixProductFinder::inPlaceStore(const MatrixProduct &P) const {
  for (const MemAccess &A : Model.accesses())
    if (A.IsStore && !A.IsAtomic && A.Space == MemSpace::Global &&
        A.E->IgnoreParens() == P.Acc.Into->IgnoreParens() &&
        !A.Offset->hasVarying())
      return holdsBothCoordinates(A, P) &&
                     !loopLeafKey(toPolynomial(A.Offset), P.KLoop)
                 ? &A
                 : nullptr;
  return nullptr;
}

const MemAccess *
MatrixProductFinder::storeOfAccumulator(MatrixProduct &P) const {
  std::set<const VarDecl *> Carriers = carriersOf(P);
  auto Carries = [&](const Expr *E) {
    return llvm::any_of(Carriers,
                        [&](const VarDecl *V) {
                          return V && !referencesTo(V, E, Ctx).empty();
                        }) ||
           (P.Returns && callsBody(E, P.Owner));
  };
  for (const MemAccess &A : Model.accesses()) {
    if (!A.IsStore || A.IsAtomic || A.Space != MemSpace::Global ||
        llvm::is_contained(A.Loops, P.KLoop) || A.Offset->hasVarying())
      continue;
    std::optional<BinOp> B = enclosingOperation(A.E);
    // `C[..] = acc`, `C[..] += acc`, `C[..] -= acc` (an update by -1).
    if (!B ||
        (B->Op != BO_Assign && B->Op != BO_AddAssign &&
         B->Op != BO_SubAssign) ||
        !Carries(B->R) || !holdsBothCoordinates(A, P))
      continue;
    P.StoredValue = B->Op == BO_Assign ? B->R : nullptr;
    P.Subtracted = B->Op == BO_SubAssign;
    return &A;
  }
  return nullptr;
}

void MatrixProductFinder::locateGlobalCopy(ProductOperand &O) const {
  O.ViaShared = O.Load->Space == MemSpace::Shared;
  O.Global = O.Load->Space == MemSpace::Global ? O.Load
             : O.ViaShared                     ? globalFilling(O.Load->Root)
                                               : nullptr;
}

// What a factor of the product reads: a load, or a register filled from
// one.
// A helper or a lambda that only returns a load (`auto A = [&](int r, int
// c) { return a[r * lda + c]; };`, `__device__ float at(...)`): the load,
// as the model inlined it at \p CE.
const MemAccess *MatrixProductFinder::returnedLoad(const CallExpr *CE) const {
  const Expr *Sole = soleReturnValue(CE->getDirectCallee());
  if (!Sole)
    return nullptr;
  const Expr *Returned = peelConversions(Sole)->IgnoreParens();
  for (const MemAccess &A : Model.accesses())
    if (A.IsLoad && !A.IsStore && !A.IsAtomic && A.Space != MemSpace::Local &&
        A.E->IgnoreParens() == Returned && llvm::is_contained(A.CallStack, CE))
      return &A;
  return nullptr;
}

const MemAccess *MatrixProductFinder::operandLoad(const Expr *E,
                                                  bool *Centred) {
  E = peelConversions(E);
  if (const MemAccess *A = loadOf(E))
    return A;
  // A centred operand, `X[..] - mu[i]`: the load moves with k.
  if (std::optional<BinOp> B = binaryOperation(E);
      Centred && B && B->Op == BO_Sub)
    if (const MemAccess *A = operandLoad(B->L)) {
      *Centred = true;
      return A;
    }
  if (const auto *CE = dyn_cast<CallExpr>(E->IgnoreParens()))
    if (const MemAccess *A = returnedLoad(CE))
      return A;
  const VarDecl *V = registerOf(E);
  if (!V)
    return nullptr;
  if (!FilledBy) {
    FilledBy.emplace();
    for (const MemAccess &A : Model.accesses())
      if (A.IsLoad && !A.IsStore)
        if (const VarDecl *T = targetOf(A.E))
          FilledBy->emplace(T, &A);
  }
  auto It = FilledBy->find(V);
  return It == FilledBy->end() ? nullptr : It->second;
}

// The register array or scalar \p E names: a local variable, or a local
// array reached through a helper's pointer parameter or a vector cast
// (`reinterpret_cast<float4 *>(&r[0])[0]`), as the model resolved it.
const VarDecl *MatrixProductFinder::registerOf(const Expr *E) const {
  if (const VarDecl *V = localVariableOf(E))
    return V;
  auto It = ByExpr.find(E->IgnoreParens());
  if (It == ByExpr.end() || It->second->Space != MemSpace::Local)
    return nullptr;
  const auto *V = dyn_cast_or_null<VarDecl>(It->second->Root);
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) ? V : nullptr;
}

// The variable a load is assigned to (`r[i] = As[..]`, `float a = x[..]`).
const VarDecl *MatrixProductFinder::targetOf(const Expr *Load) const {
  const Expr *Cur = Load;
  for (int Depth = 0; Depth < 6; ++Depth) {
    auto P = Ctx.getParents(*Cur);
    if (P.empty())
      return nullptr;
    if (const auto *V = P[0].get<VarDecl>())
      return V->hasLocalStorage() ? V : nullptr;
    const auto *PE = P[0].get<Expr>();
    if (!PE)
      return nullptr;
    if (std::optional<BinOp> B = binaryOperation(PE);
        B && B->Op == BO_Assign &&
        peelConversions(B->R) == peelConversions(Cur))
      return registerOf(B->L);
    Cur = PE;
  }
  return nullptr;
}

std::optional<BinOp>
MatrixProductFinder::enclosingOperation(const Expr *E) const {
  auto P = Ctx.getParents(*E);
  const auto *PE = P.empty() ? nullptr : P[0].get<Expr>();
  return PE ? binaryOperation(PE) : std::nullopt;
}

// The global load that fills a shared array.
const MemAccess *
MatrixProductFinder::globalFilling(const ValueDecl *Shared) const {
  for (const MemAccess &A : Model.accesses()) {
    if (!A.IsStore || A.Root != Shared)
      continue;
    std::optional<BinOp> B = enclosingOperation(A.E);
    if (!B || B->Op != BO_Assign)
      continue;
    const Expr *R = peelConversions(B->R);
    // `As[ty][tx] = row < M && k < K ? A[..] : 0.0f;`
    if (const auto *CO = dyn_cast<ConditionalOperator>(R)) {
      const Expr *T = peelConversions(CO->getTrueExpr()),
                 *Fa = peelConversions(CO->getFalseExpr());
      if (Fa->isEvaluatable(Ctx))
        R = T;
      else if (T->isEvaluatable(Ctx))
        R = Fa;
    }
    if (const MemAccess *G = loadOf(R))
      if (G->Space == MemSpace::Global)
        return G;
  }
  return nullptr;
}

} // namespace cudalint
