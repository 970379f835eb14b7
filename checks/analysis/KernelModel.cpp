//===--- KernelModel.cpp - what a kernel computes, per thread -------------===//

#include "KernelModel.h"

#include "CudaAST.h"
#include "llvm/Support/MathExtras.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cudalint {

MemSpace memSpaceOf(const ValueDecl *D) {
  if (!D)
    return MemSpace::Unknown;
  if (isa<ParmVarDecl>(D) || isa<FieldDecl>(D))
    return MemSpace::Global; // What a kernel's pointer argument points to.
  if (D->hasAttr<CUDASharedAttr>())
    return MemSpace::Shared;
  if (D->hasAttr<CUDAConstantAttr>())
    return MemSpace::Constant;
  if (const auto *V = dyn_cast<VarDecl>(D)) {
    if (V->hasLocalStorage())
      return MemSpace::Local;
    if (D->hasAttr<CUDADeviceAttr>())
      return MemSpace::Global;
  }
  return MemSpace::Unknown;
}

namespace {

// The identity of the coalesced-group rank leaf.
const char CoalescedRankTag = 0;

// What a value is, as far as the walk can tell.
struct Value {
  enum KindT { None, Scalar, Ptr, Dim3, UniformAgg } Kind = None;
  SymRef S;                        // Scalar; the offset for Ptr
  const ValueDecl *Root = nullptr; // Ptr: null when unknown
  MemSpace Space = MemSpace::Unknown;
  QualType Pointee;
  SymRef D[3];                 // Dim3
  const void *AggId = nullptr; // UniformAgg: the parameter
  SourceLocation Def;          // where a local got this value

  static Value scalar(SymRef S) {
    Value V;
    V.Kind = Scalar;
    V.S = std::move(S);
    return V;
  }
  bool threadDependent() const {
    switch (Kind) {
    case Scalar:
      return S->threadDependent();
    case Ptr:
      return !Root || S->threadDependent();
    case Dim3:
      return D[0]->threadDependent() || D[1]->threadDependent() ||
             D[2]->threadDependent();
    case UniformAgg:
      return false;
    case None:
      return false;
    }
    return true;
  }
  bool sameAs(const Value &O) const {
    if (Kind != O.Kind)
      return false;
    switch (Kind) {
    case Scalar:
      return S->key() == O.S->key();
    case Ptr:
      return Root && Root == O.Root && S->key() == O.S->key() &&
             Pointee == O.Pointee;
    case Dim3:
      for (int I = 0; I < 3; ++I)
        if (D[I]->key() != O.D[I]->key())
          return false;
      return true;
    case UniformAgg:
      return AggId == O.AggId;
    case None:
      return true;
    }
    return false;
  }
};

using Env = llvm::DenseMap<const VarDecl *, Value>;

// A memory location or a local variable, as an lvalue.
struct Loc {
  enum KindT { Memory, LocalVar, LocalMember } Kind = Memory;
  const ValueDecl *Root = nullptr;
  MemSpace Space = MemSpace::Unknown;
  SymRef Off;
  QualType Type;
  const VarDecl *Var = nullptr;
  int Member = -1;
};

bool isIntLike(QualType T) { return T->isIntegralOrEnumerationType(); }

bool isDim3Like(QualType T) {
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  StringRef N = RD->getName();
  return N == "dim3" || N == "uint3" || N == "int3";
}

std::optional<SymKind> builtinVarKind(const Expr *Base) {
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

int dimOfName(StringRef N) {
  if (N == "x")
    return 0;
  if (N == "y")
    return 1;
  if (N == "z")
    return 2;
  return -1;
}

// The record a cooperative_groups object is, or empty.
StringRef cgClassName(QualType T, unsigned *TileSize) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return {};
  const DeclContext *DC = RD->getDeclContext();
  bool InCG = false;
  for (; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getIdentifier() && NS->getName() == "cooperative_groups")
        InCG = true;
  if (!InCG)
    return {};
  if (TileSize) {
    *TileSize = 0;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (Spec->getTemplateArgs().size() > 0 &&
          Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Integral)
        *TileSize = Spec->getTemplateArgs()[0].getAsIntegral().getZExtValue();
  }
  return RD->getName();
}

// Variables a statement writes: assignments, increments, address taken,
// passed by non-const reference, inline-assembly outputs.
class ModifiedVars : public RecursiveASTVisitor<ModifiedVars> {
public:
  llvm::DenseMap<const VarDecl *, unsigned> Count;
  llvm::DenseMap<const VarDecl *, const Expr *> Last;

  static const VarDecl *var(const Expr *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        return V;
    if (const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts()))
      if (!ME->isArrow())
        return var(ME->getBase());
    return nullptr;
  }
  void add(const Expr *Target, const Expr *By) {
    if (const VarDecl *V = var(Target)) {
      ++Count[V];
      Last[V] = By;
    }
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      add(BO->getLHS(), BO);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      add(UO->getSubExpr(), UO);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *CE) {
    if (CE->isAssignmentOp() && CE->getNumArgs() > 0)
      add(CE->getArg(0), CE);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return true;
    for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
      QualType T = FD->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        add(CE->getArg(I), CE);
    }
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    for (unsigned I = 0; I < S->getNumOutputs(); ++I)
      add(S->getOutputExpr(I), S->getOutputExpr(I));
    return true;
  }
  bool VisitDeclStmt(DeclStmt *) { return true; }
};

const unsigned MaxInlineDepth = 4;

} // namespace

class ModelBuilder {
public:
  ModelBuilder(KernelModel &M, ASTContext &Ctx) : M(M), Ctx(Ctx) {}

  void run() {
    const FunctionDecl &K = M.Kernel;
    for (const ParmVarDecl *P : K.parameters())
      E[P] = paramValue(P);
    if (const Stmt *Body = K.getBody())
      stmt(Body);
  }

private:
  KernelModel &M;
  ASTContext &Ctx;
  Env E;
  llvm::SmallVector<const Stmt *, 4> Loops;
  llvm::SmallVector<Guard, 4> Guards;
  llvm::SmallVector<const CallExpr *, 2> Calls;
  llvm::SmallVector<const FunctionDecl *, 2> Inlining;
  llvm::SmallVector<const VarDecl *, 2> InitOf;
  struct Frame {
    llvm::SmallVector<Value, 2> Returns;
    bool ReturnUnderThreadGuard = false;
  };
  llvm::SmallVector<Frame, 2> Frames;
  bool Recording = true;
  unsigned DryDepth = 0;
  // During a dry run over a loop: whether each variable was ever assigned a
  // thread-dependent value.
  llvm::DenseMap<const VarDecl *, bool> *Observed = nullptr;

  //===--- Values ---------------------------------------------------------===//

  Value paramValue(const ParmVarDecl *P) {
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
      for (unsigned I = 0; I < 3; ++I)
        V.D[I] = symUniform(P, P->getName().str() + "." + "xyz"[I], I);
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
    return Value::scalar(symUniform(P, P->getName()));
  }

  Value opaque(const void *Id, StringRef Name, bool ThreadDep) {
    return Value::scalar(ThreadDep ? symVarying(Id, Name)
                                   : symUniform(Id, Name));
  }
  Value opaqueExpr(const Expr *X, bool ThreadDep) {
    return opaque(inContext(X), sourceText(X, Ctx), ThreadDep);
  }
  // An identity for a node that differs between inlined calls, so that
  // `ld(p, 0)` and `ld(p, 1)` through one helper are different values.
  const void *inContext(const void *Node) const {
    uintptr_t Id = reinterpret_cast<uintptr_t>(Node);
    for (const CallExpr *C : Calls)
      Id = Id * 31 + reinterpret_cast<uintptr_t>(C);
    return reinterpret_cast<const void *>(Id);
  }

  bool guardsThreadDependent() const {
    for (const Guard &G : Guards)
      if (G.Cond->threadDependent())
        return true;
    return false;
  }

  void setVar(const VarDecl *V, Value Val, SourceLocation Def) {
    Val.Def = Def;
    if (Observed && Val.threadDependent())
      (*Observed)[V] = true;
    E[V] = std::move(Val);
  }

  LocalVar *local(const VarDecl *V) {
    auto It = M.LocalIndex.find(V);
    return It == M.LocalIndex.end() ? nullptr : &M.Locals[It->second];
  }

  // The byte size of \p T where it sits inside \p Root: array extents of a
  // declared array become ArrayDim symbols so that padding can be tried.
  SymRef sizeOf(QualType T, const ValueDecl *Root) {
    if (T.isNull())
      return symVarying(Root, "sizeof(unknown)");
    T = T.getCanonicalType();
    if (T->isIncompleteType() || T->isDependentType() ||
        !T->isConstantSizeType())
      return symUniform(T.getTypePtr(), "sizeof(" + T.getAsString() + ")");
    int64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
    if (!Root || !T->isConstantArrayType())
      return symConst(Bytes);
    // Find T among the sub-array types of the root's declared type.
    QualType RT = Root->getType().getCanonicalType();
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

  //===--- Statements -----------------------------------------------------===//

  // Walks a statement; true when it always jumps away (return, break,
  // continue) so that nothing after it in the block runs.
  bool stmt(const Stmt *S) {
    if (!S)
      return false;
    if (const auto *X = dyn_cast<Expr>(S)) {
      rvalue(X);
      return false;
    }
    switch (S->getStmtClass()) {
    case Stmt::CompoundStmtClass: {
      size_t Depth = Guards.size();
      bool Leaves = false;
      for (const Stmt *C : cast<CompoundStmt>(S)->body())
        if (stmt(C)) {
          Leaves = true;
          break;
        }
      Guards.resize(Depth);
      return Leaves;
    }
    case Stmt::DeclStmtClass:
      for (const Decl *D : cast<DeclStmt>(S)->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          declare(V);
      return false;
    case Stmt::IfStmtClass:
      return ifStmt(cast<IfStmt>(S));
    case Stmt::ForStmtClass: {
      const auto *F = cast<ForStmt>(S);
      stmt(F->getInit());
      loop(F, F->getCond(), F->getInc(), F->getBody(),
           F->getConditionVariable());
      return false;
    }
    case Stmt::WhileStmtClass: {
      const auto *W = cast<WhileStmt>(S);
      loop(W, W->getCond(), nullptr, W->getBody(), W->getConditionVariable());
      return false;
    }
    case Stmt::DoStmtClass: {
      const auto *D = cast<DoStmt>(S);
      loop(D, D->getCond(), nullptr, D->getBody(), nullptr);
      return false;
    }
    case Stmt::CXXForRangeStmtClass: {
      const auto *F = cast<CXXForRangeStmt>(S);
      stmt(F->getRangeStmt());
      stmt(F->getBeginStmt());
      stmt(F->getEndStmt());
      setVar(F->getLoopVariable(),
             opaque(F, F->getLoopVariable()->getName(), true),
             F->getLoopVariable()->getLocation());
      loop(F, nullptr, nullptr, F->getBody(), nullptr);
      return false;
    }
    case Stmt::SwitchStmtClass:
      switchStmt(cast<SwitchStmt>(S));
      return false;
    case Stmt::ReturnStmtClass: {
      const auto *R = cast<ReturnStmt>(S);
      Value V;
      if (R->getRetValue())
        V = rvalue(R->getRetValue());
      if (!Frames.empty()) {
        Frames.back().Returns.push_back(V);
        Frames.back().ReturnUnderThreadGuard |= guardsThreadDependent();
      }
      return true;
    }
    case Stmt::BreakStmtClass:
    case Stmt::ContinueStmtClass:
    case Stmt::GotoStmtClass:
      return true;
    case Stmt::GCCAsmStmtClass: {
      const auto *A = cast<GCCAsmStmt>(S);
      for (unsigned I = 0; I < A->getNumInputs(); ++I)
        rvalue(A->getInputExpr(I));
      for (unsigned I = 0; I < A->getNumOutputs(); ++I)
        if (const VarDecl *V = ModifiedVars::var(A->getOutputExpr(I)))
          setVar(V, opaque(A, V->getName(), true), A->getAsmLoc());
      return false;
    }
    default:
      for (const Stmt *C : S->children())
        stmt(C);
      return false;
    }
  }

  void declare(const VarDecl *V) {
    if (Recording && !M.LocalIndex.count(V)) {
      M.LocalIndex[V] = M.Locals.size();
      M.Locals.push_back(LocalVar{V, nullptr, 0, false});
    }
    if (V->hasAttr<CUDASharedAttr>() || V->isStaticLocal() ||
        V->getType()->isArrayType()) {
      if (const Expr *Init = V->getInit())
        rvalue(Init);
      return;
    }
    if (!V->hasInit()) {
      E.erase(V); // Uninitialised: the first assignment defines it.
      return;
    }
    InitOf.push_back(V);
    Value Val = initValue(V->getInit(), V->getType());
    InitOf.pop_back();
    if (Recording)
      if (LocalVar *L = local(V))
        L->Init = Val.Kind == Value::Scalar ? Val.S : nullptr;
    setVar(V, Val, V->getLocation());
  }

  Value initValue(const Expr *Init, QualType T) {
    if (T->isReferenceType()) {
      Init = Init->IgnoreImplicit();
      // `int &r = x;` `const float &v = p[i];`: follow the referee's value.
      if (std::optional<Loc> L = lvalue(Init))
        return loadFrom(*L, Init);
      return opaqueExpr(Init, true);
    }
    return rvalue(Init);
  }

  bool ifStmt(const IfStmt *If) {
    stmt(If->getInit());
    if (const VarDecl *CV = If->getConditionVariable())
      declare(CV);
    Value C = rvalue(If->getCond());
    SymRef Cond = C.Kind == Value::Scalar ? C.S : symVarying(If, "condition");
    condition(If, If->getCond(), Cond);
    Env Before = E;
    Guards.push_back({Cond, true, If});
    bool ThenLeaves = stmt(If->getThen());
    Guards.pop_back();
    Env AfterThen = std::move(E);
    E = std::move(Before);
    bool ElseLeaves = false;
    if (If->getElse()) {
      Guards.push_back({Cond, false, If});
      ElseLeaves = stmt(If->getElse());
      Guards.pop_back();
    }
    if (ThenLeaves && ElseLeaves)
      return true;
    if (ThenLeaves) {
      // `if (i >= n) return;`: what follows runs where the condition is false.
      Guards.push_back({Cond, false, If, /*Exit=*/true});
    } else if (ElseLeaves) {
      E = std::move(AfterThen);
      Guards.push_back({Cond, true, If, /*Exit=*/true});
    } else {
      join(AfterThen, If, Cond);
    }
    return false;
  }

  // E := the join of E and Other at statement S, chosen by Cond.
  void join(const Env &Other, const Stmt *S, const SymRef &Cond) {
    for (auto &[V, OV] : Other) {
      auto It = E.find(V);
      if (It == E.end()) {
        E[V] = OV; // Assigned on one path only (the other left it unset).
        continue;
      }
      if (It->second.sameAs(OV))
        continue;
      It->second =
          merged(It->second, OV, static_cast<const Stmt *>(inContext(S)), V,
                 Cond->threadDependent());
    }
  }

  Value merged(const Value &A, const Value &B, const Stmt *S, const VarDecl *V,
               bool CondThreadDep) {
    bool Dep = CondThreadDep || A.threadDependent() || B.threadDependent();
    if (A.Kind == Value::Ptr && B.Kind == Value::Ptr && A.Root == B.Root &&
        A.Root) {
      Value R = A;
      R.S = Dep ? symVarying(S, V->getName()) : symUniform(S, V->getName());
      return R;
    }
    if (A.Kind == Value::Ptr || B.Kind == Value::Ptr) {
      Value R;
      R.Kind = Value::Ptr;
      R.S = symVarying(S, V->getName());
      return R;
    }
    if (A.Kind == Value::Dim3 && B.Kind == Value::Dim3) {
      Value R = A;
      for (unsigned I = 0; I < 3; ++I)
        if (A.D[I]->key() != B.D[I]->key())
          R.D[I] = Dep ? symVarying(S, V->getName().str() + "." + "xyz"[I])
                       : symUniform(S, V->getName().str() + "." + "xyz"[I]);
      return R;
    }
    Value R = opaque(S, V->getName(), Dep);
    R.Def = A.Def;
    return R;
  }

  void condition(const Stmt *S, const Expr *CondE, const SymRef &Cond) {
    if (!Recording || !CondE)
      return;
    BranchCondition B{S, CondE, Cond, {}, {}, {}};
    B.Loops.assign(Loops.begin(), Loops.end());
    B.Guards.assign(Guards.begin(), Guards.end());
    B.CallStack.assign(Calls.begin(), Calls.end());
    M.Conditions.push_back(std::move(B));
  }

  void switchStmt(const SwitchStmt *Sw) {
    stmt(Sw->getInit());
    if (const VarDecl *CV = Sw->getConditionVariable())
      declare(CV);
    Value C = rvalue(Sw->getCond());
    SymRef Cond = C.Kind == Value::Scalar ? C.S : symVarying(Sw, "condition");
    condition(Sw, Sw->getCond(), Cond);
    Env Before = E;
    // Which case runs is unknown per lane: walk the body once and merge
    // what it changed with what was there before.
    Guards.push_back(
        {symOp(SymKind::NE, Cond, symVarying(Sw, "case")), true, Sw});
    stmt(Sw->getBody());
    Guards.pop_back();
    Env After = std::move(E);
    E = std::move(Before);
    join(After, Sw, Cond);
  }

  // Steps `V += e`, `V -= e`, `++V`, `V = V + e`: the step, when that is the
  // only write to V in the loop.
  std::optional<std::pair<const Expr *, int>> inductionStep(const VarDecl *V,
                                                            const Expr *W) {
    if (const auto *UO = dyn_cast<UnaryOperator>(W))
      if (UO->isIncrementDecrementOp())
        return std::make_pair(nullptr, UO->isIncrementOp() ? 1 : -1);
    const auto *BO = dyn_cast<BinaryOperator>(W);
    if (!BO)
      return std::nullopt;
    if (BO->getOpcode() == BO_AddAssign)
      return std::make_pair(BO->getRHS(), 1);
    if (BO->getOpcode() == BO_SubAssign)
      return std::make_pair(BO->getRHS(), -1);
    if (BO->getOpcode() != BO_Assign)
      return std::nullopt;
    const auto *Sum =
        dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
      return std::nullopt;
    if (ModifiedVars::var(Sum->getLHS()) == V)
      return std::make_pair(Sum->getRHS(), Sum->getOpcode() == BO_Add ? 1 : -1);
    if (Sum->getOpcode() == BO_Add && ModifiedVars::var(Sum->getRHS()) == V)
      return std::make_pair(Sum->getLHS(), 1);
    return std::nullopt;
  }

  // Geometric steps of V by a constant power of two: `V *= 2`, `V <<= 1`,
  // `V = V * 4`, `V /= 2`, `V >>= 1`, `V = V / 2`. Returns (grows, shift).
  std::optional<std::pair<bool, int64_t>> geometricStep(const VarDecl *V,
                                                        const Expr *W) {
    const auto *BO = dyn_cast<BinaryOperator>(W);
    if (!BO)
      return std::nullopt;
    BinaryOperatorKind Op;
    const Expr *Amount;
    switch (BO->getOpcode()) {
    case BO_MulAssign:
      Op = BO_Mul;
      Amount = BO->getRHS();
      break;
    case BO_DivAssign:
      Op = BO_Div;
      Amount = BO->getRHS();
      break;
    case BO_ShlAssign:
      Op = BO_Shl;
      Amount = BO->getRHS();
      break;
    case BO_ShrAssign:
      Op = BO_Shr;
      Amount = BO->getRHS();
      break;
    case BO_Assign: {
      const auto *R =
          dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
      if (!R)
        return std::nullopt;
      Op = R->getOpcode();
      if (ModifiedVars::var(R->getLHS()) == V)
        Amount = R->getRHS();
      else if (Op == BO_Mul && ModifiedVars::var(R->getRHS()) == V)
        Amount = R->getLHS(); // `V = 2 * V`
      else
        return std::nullopt;
      if (Op != BO_Mul && Op != BO_Div && Op != BO_Shl && Op != BO_Shr)
        return std::nullopt;
      break;
    }
    default:
      return std::nullopt;
    }
    std::optional<int64_t> C = constant(Amount);
    if (!C || *C <= 0)
      return std::nullopt;
    if (Op == BO_Shl || Op == BO_Shr)
      return *C < 31 ? std::optional(std::make_pair(Op == BO_Shl, *C))
                     : std::nullopt;
    if (*C < 2 || (*C & (*C - 1)) != 0)
      return std::nullopt;
    return std::make_pair(Op == BO_Mul, int64_t(llvm::Log2_64(*C)));
  }

  // True when \p W runs exactly once per iteration of loop \p L: it is the
  // increment, or sits in the body outside any branch, and the body has no
  // `continue`, `break` or `return` that could skip it.
  bool unconditionalIn(const Stmt *W, const Stmt *L, const Expr *Inc) {
    if (Inc && (W == Inc || isa<Expr>(W) && Inc->IgnoreParens() == W))
      return true;
    const Stmt *Cur = W;
    while (true) {
      auto Parents = Ctx.getParents(*Cur);
      if (Parents.empty())
        return false;
      const Stmt *P = Parents[0].get<Stmt>();
      if (!P)
        return false;
      if (P == L)
        break;
      if (isa<IfStmt>(P) || isa<SwitchStmt>(P) ||
          isa<AbstractConditionalOperator>(P) || isa<ForStmt>(P) ||
          isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<CXXForRangeStmt>(P))
        return false;
      if (const auto *BO = dyn_cast<BinaryOperator>(P))
        if (BO->isLogicalOp())
          return false;
      Cur = P;
    }
    return !jumpsOut(L, L);
  }

  // Whether the body of loop \p L has a jump that can skip the rest of an
  // iteration (nested loops' own break/continue do not count).
  static bool jumpsOut(const Stmt *S, const Stmt *L) {
    for (const Stmt *C : S->children()) {
      if (!C)
        continue;
      if (isa<ReturnStmt>(C) || isa<GotoStmt>(C))
        return true;
      if (isa<ContinueStmt>(C) || isa<BreakStmt>(C))
        return true;
      bool Nested = isa<ForStmt>(C) || isa<WhileStmt>(C) || isa<DoStmt>(C) ||
                    isa<CXXForRangeStmt>(C) || isa<SwitchStmt>(C);
      if (Nested) {
        // Only returns inside nested loops leave this one.
        if (containsReturn(C))
          return true;
        continue;
      }
      if (jumpsOut(C, L))
        return true;
    }
    return false;
  }
  static bool containsReturn(const Stmt *S) {
    if (!S)
      return false;
    if (isa<ReturnStmt>(S) || isa<GotoStmt>(S))
      return true;
    for (const Stmt *C : S->children())
      if (containsReturn(C))
        return true;
    return false;
  }

  static bool refersToAny(const Stmt *S,
                          const llvm::DenseMap<const VarDecl *, unsigned> &Vs) {
    if (!S)
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (Vs.count(V))
          return true;
    if (isa<PseudoObjectExpr>(S))
      return false; // threadIdx.x and friends: the same every iteration.
    if (isa<CallExpr>(S) && !isa<CXXOperatorCallExpr>(S))
      return true; // A call may return something new each iteration.
    for (const Stmt *C : S->children())
      if (refersToAny(C, Vs))
        return true;
    return false;
  }

  void loop(const Stmt *L, const Expr *Cond, const Expr *Inc, const Stmt *Body,
            const VarDecl *CondVar) {
    ModifiedVars Mods;
    Mods.TraverseStmt(const_cast<Stmt *>(Body));
    if (Cond)
      Mods.TraverseStmt(const_cast<Expr *>(Cond));
    if (Inc)
      Mods.TraverseStmt(const_cast<Expr *>(Inc));

    // Induction variables: init + k * step.
    llvm::DenseMap<const VarDecl *, Value> Inductive;
    llvm::SmallVector<const VarDecl *, 4> Others;
    for (auto &[V, N] : Mods.Count) {
      auto It = E.find(V);
      if (It == E.end()) {
        if (!V->hasLocalStorage() || !isIntLike(V->getType()))
          continue;
      }
      std::optional<std::pair<const Expr *, int>> Step;
      if (N == 1 && It != E.end() &&
          (It->second.Kind == Value::Scalar || It->second.Kind == Value::Ptr))
        Step = inductionStep(V, Mods.Last[V]);
      if (Step && Step->first && refersToAny(Step->first, Mods.Count))
        Step.reset();
      if (Step && !unconditionalIn(Mods.Last[V], L, Inc))
        Step.reset();
      if (!Step && N == 1 && It != E.end() && It->second.Kind == Value::Scalar)
        if (std::optional<std::pair<bool, int64_t>> G =
                geometricStep(V, Mods.Last[V]))
          if (unconditionalIn(Mods.Last[V], L, Inc)) {
            // `s *= 2`, `s >>= 1`: init << (k * shift), init >> (k * shift).
            Value Init = It->second;
            SymRef K = symLoopIter(L, "k_" + V->getName().str());
            Init.S = symOp(G->first ? SymKind::Shl : SymKind::Shr, Init.S,
                           K * symConst(G->second));
            Inductive[V] = Init;
            continue;
          }
      if (!Step) {
        Others.push_back(V);
        continue;
      }
      SymRef StepV = symConst(Step->second);
      if (Step->first) {
        bool SavedRec = Recording;
        Recording = false;
        Value SV = rvalue(Step->first);
        Recording = SavedRec;
        if (SV.Kind != Value::Scalar) {
          Others.push_back(V);
          continue;
        }
        StepV = Step->second < 0 ? symConst(0) - SV.S : SV.S;
      }
      Value Init = It->second;
      SymRef K = symLoopIter(L, "k_" + V->getName().str());
      if (Init.Kind == Value::Ptr)
        StepV = StepV * sizeOf(Init.Pointee, Init.Root);
      Init.S = Init.S + K * StepV;
      Inductive[V] = Init;
    }

    // Other variables written in the loop: uniform unless some write (with
    // every such variable assumed uniform) is thread-dependent.
    llvm::DenseMap<const VarDecl *, bool> Dep;
    for (const VarDecl *V : Others) {
      auto It = E.find(V);
      Dep[V] = It != E.end() && It->second.threadDependent();
    }
    auto Assume = [&]() {
      for (auto &[V, Val] : Inductive)
        E[V] = Val;
      for (const VarDecl *V : Others) {
        auto It = E.find(V);
        bool Ptr = It != E.end() && It->second.Kind == Value::Ptr;
        Value Val = opaque(L, V->getName(), Dep[V]);
        if (Ptr) {
          Value P = It->second;
          P.S = Val.S;
          if (Dep[V])
            P.Root = nullptr;
          Val = P;
        }
        Val.Def = V->getLocation();
        E[V] = Val;
      }
    };
    if (!Others.empty() && DryDepth < 2) {
      for (int Iter = 0; Iter < 2; ++Iter) {
        Env Saved = E;
        Assume();
        llvm::DenseMap<const VarDecl *, bool> Seen;
        auto *SavedObs = Observed;
        bool SavedRec = Recording;
        Observed = &Seen;
        Recording = false;
        ++DryDepth;
        size_t GuardDepth = Guards.size();
        body(L, Cond, Inc, Body, CondVar);
        Guards.resize(GuardDepth);
        --DryDepth;
        Recording = SavedRec;
        Observed = SavedObs;
        E = std::move(Saved);
        bool Changed = false;
        for (const VarDecl *V : Others)
          if (Seen.lookup(V) && !Dep[V]) {
            Dep[V] = true;
            Changed = true;
          }
        if (SavedObs)
          for (auto &[V, D] : Seen)
            if (D)
              (*SavedObs)[V] = true;
        if (!Changed)
          break;
      }
    } else if (!Others.empty()) {
      for (const VarDecl *V : Others)
        Dep[V] = true;
    }
    // A constant trip count: `for (int i = 0; i < 8; ++i)`.
    if (Recording && Cond)
      if (const auto *BO =
              dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()))
        if (BO->getOpcode() == BO_LT || BO->getOpcode() == BO_LE)
          if (const VarDecl *IV = ModifiedVars::var(BO->getLHS()))
            if (Inductive.count(IV)) {
              Polynomial P = toPolynomial(Inductive[IV].S);
              SymRef K = symLoopIter(L, "k_" + IV->getName().str());
              std::optional<int64_t> Init =
                  P.Terms.count({}) ? P.Terms[{}] : int64_t(0);
              int64_t Step =
                  P.Terms.count({K->key()}) ? P.Terms[{K->key()}] : 0;
              std::optional<int64_t> Bound = constant(BO->getRHS());
              bool OnlyInitAndStep = llvm::all_of(P.Terms, [&](auto &T) {
                return T.first.empty() ||
                       (T.first.size() == 1 && T.first[0] == K->key());
              });
              if (OnlyInitAndStep && Step > 0 && Bound) {
                int64_t Last = *Bound - (BO->getOpcode() == BO_LT ? 1 : 0);
                if (Last >= *Init)
                  M.TripCounts[L] = (Last - *Init) / Step + 1;
              }
            }
    Assume();
    if (Observed)
      for (const VarDecl *V : Others)
        if (Dep[V])
          (*Observed)[V] = true;

    size_t GuardDepth = Guards.size();
    bool TripDep = body(L, Cond, Inc, Body, CondVar);
    Guards.resize(GuardDepth);

    // After the loop: each written variable holds its value at exit, which
    // differs between lanes when the trip count does.
    for (auto &[V, N] : Mods.Count) {
      auto It = E.find(V);
      if (It == E.end())
        continue;
      bool D = TripDep || It->second.threadDependent();
      Value Val = opaque(Body, V->getName(), D);
      if (It->second.Kind == Value::Ptr) {
        Value P = It->second;
        P.S = Val.S;
        Val = P;
      }
      Val.Def = It->second.Def;
      E[V] = Val;
    }
  }

  // Walks one iteration; true when the trip count may differ between the
  // lanes of a warp (a thread-dependent condition).
  bool body(const Stmt *L, const Expr *Cond, const Expr *Inc, const Stmt *Body,
            const VarDecl *CondVar) {
    Loops.push_back(L);
    bool TripDep = false;
    auto EvalCond = [&](bool AsGuard) {
      Value C = rvalue(Cond);
      SymRef CS = C.Kind == Value::Scalar ? C.S : symVarying(L, "condition");
      TripDep |= CS->threadDependent();
      condition(L, Cond, CS);
      if (AsGuard)
        Guards.push_back({CS, true, L});
    };
    bool DoWhile = isa<DoStmt>(L);
    if (CondVar)
      declare(CondVar);
    if (Cond && !DoWhile)
      EvalCond(true);
    stmt(Body);
    if (Inc)
      rvalue(Inc);
    if (Cond && DoWhile)
      EvalCond(false);
    Loops.pop_back();
    return TripDep;
  }

  //===--- Expressions ----------------------------------------------------===//

  Value record(const Expr *X, Value V) {
    if (Recording && V.Kind == Value::Scalar)
      M.Values[X] = V.S;
    return V;
  }

  Value rvalue(const Expr *X) { return record(X, rvalueImpl(X)); }

  std::optional<int64_t> constant(const Expr *X) {
    if (X->isValueDependent() || X->isTypeDependent() ||
        !isIntLike(X->getType()))
      return std::nullopt;
    Expr::EvalResult R;
    if (!X->EvaluateAsInt(R, Ctx) || R.HasSideEffects)
      return std::nullopt;
    return R.Val.getInt().getExtValue();
  }

  Value children(const Expr *X) {
    // Evaluates the children for their accesses; the result is opaque,
    // thread-dependent when any child is.
    bool Dep = false;
    for (const Stmt *C : X->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(C))
        Dep |= rvalue(CE).threadDependent();
    return opaqueExpr(X, Dep);
  }

  Value rvalueImpl(const Expr *X) {
    X = X->IgnoreParens();
    switch (X->getStmtClass()) {
    case Stmt::IntegerLiteralClass:
    case Stmt::CharacterLiteralClass:
    case Stmt::CXXBoolLiteralExprClass:
    case Stmt::UnaryExprOrTypeTraitExprClass:
    case Stmt::SubstNonTypeTemplateParmExprClass:
    case Stmt::ConstantExprClass:
    case Stmt::OffsetOfExprClass:
    case Stmt::DeclRefExprClass:
      if (auto C = constant(X))
        return Value::scalar(symConst(*C));
      break;
    default:
      break;
    }
    if (const auto *PO = dyn_cast<PseudoObjectExpr>(X))
      if (const auto *MP = dyn_cast<MSPropertyRefExpr>(
              PO->getSyntacticForm()->IgnoreParens()))
        if (auto K = builtinVarKind(MP->getBaseExpr())) {
          int D = dimOfName(MP->getPropertyDecl()->getName());
          if (D >= 0) {
            if (D > 0 && (*K == SymKind::ThreadIdx || *K == SymKind::BlockDim))
              M.MultiDim = true;
            if (Recording)
              M.Builtins.push_back(BuiltinUse{
                  X, MP->getMemberLoc(), *K, unsigned(D),
                  InitOf.empty() ? nullptr : InitOf.back(), !Inlining.empty()});
            return Value::scalar(symBuiltin(*K, D));
          }
        }
    if (const auto *Cast = dyn_cast<CastExpr>(X))
      return castExpr(Cast);
    if (const auto *BO = dyn_cast<BinaryOperator>(X))
      return binary(BO);
    if (const auto *UO = dyn_cast<UnaryOperator>(X))
      return unary(UO);
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(X))
      return conditional(CO);
    if (const auto *CE = dyn_cast<CallExpr>(X))
      return call(CE);
    if (const auto *CC = dyn_cast<CXXConstructExpr>(X))
      return construct(CC);
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(X))
      return rvalue(MT->getSubExpr());
    if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(X))
      return rvalue(BT->getSubExpr());
    if (const auto *EC = dyn_cast<ExprWithCleanups>(X))
      return rvalue(EC->getSubExpr());
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(X))
      return rvalue(DA->getExpr());
    if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(X))
      return rvalue(DI->getExpr());
    if (isa<FloatingLiteral>(X) || isa<StringLiteral>(X) ||
        isa<CXXNullPtrLiteralExpr>(X))
      return opaqueExpr(X, false);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
      // A function, or a variable used as an rvalue of class type.
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (std::optional<Loc> L = lvalue(DRE))
          return loadFrom(*L, DRE, /*Record=*/false);
      return opaqueExpr(X, false);
    }
    if (isa<ArraySubscriptExpr>(X) || isa<MemberExpr>(X)) {
      // An lvalue used as a value without an lvalue-to-rvalue conversion:
      // a struct copied (`out[i] = in[j]` with float4) or an element bound
      // to a `const T &`. Either way it is read.
      if (std::optional<Loc> L = lvalue(X))
        return loadFrom(*L, X, /*Record=*/true);
      return opaqueExpr(X, true);
    }
    if (isa<LambdaExpr>(X) || isa<StmtExpr>(X)) {
      M.Incomplete = true;
      return opaqueExpr(X, true);
    }
    return children(X);
  }

  Value castExpr(const CastExpr *C) {
    const Expr *Sub = C->getSubExpr();
    switch (C->getCastKind()) {
    case CK_LValueToRValue: {
      std::optional<Loc> L = lvalue(Sub);
      if (!L)
        return opaqueExpr(C, true);
      return loadFrom(*L, Sub, /*Record=*/true);
    }
    case CK_ArrayToPointerDecay: {
      std::optional<Loc> L = lvalue(Sub);
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
      return opaqueExpr(C, V.threadDependent());
    }
    }
  }

  // The value read from \p L. Records the load when \p Record is set.
  Value loadFrom(const Loc &L, const Expr *X, bool Record = true) {
    if (L.Kind == Loc::LocalVar) {
      auto It = E.find(L.Var);
      if (It != E.end())
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
    if (L.Kind == Loc::LocalMember) {
      auto It = E.find(L.Var);
      if (It != E.end() && It->second.Kind == Value::Dim3 && L.Member >= 0 &&
          L.Member < 3)
        return Value::scalar(It->second.D[L.Member]);
      if (It != E.end() && It->second.Kind == Value::UniformAgg)
        return opaqueExpr(X, false);
      return opaqueExpr(X, true);
    }
    if (Record)
      access(L, X, /*Load=*/true, /*Store=*/false);
    bool Dep = !L.Root || !L.Off || L.Off->threadDependent();
    QualType T = L.Type;
    if (T->isPointerType()) {
      Value V;
      V.Kind = Value::Ptr;
      V.S = symVarying(X, "loaded pointer");
      V.Pointee = T->getPointeeType();
      return V;
    }
    return opaqueExpr(X, Dep);
  }

  void access(const Loc &L, const Expr *X, bool Load, bool Store,
              bool Intrinsic = false, bool Atomic = false) {
    if (!Recording || L.Kind != Loc::Memory || !L.Root || !L.Off)
      return;
    QualType T = L.Type.getCanonicalType();
    if (T->isIncompleteType() || T->isDependentType() || T->isArrayType() ||
        !T->isConstantSizeType())
      return;
    MemAccess A;
    A.E = X;
    A.Root = L.Root;
    A.Space = L.Space;
    A.Offset = L.Off;
    A.Width = Ctx.getTypeSizeInChars(T).getQuantity();
    A.Type = L.Type;
    A.IsLoad = Load;
    A.IsStore = Store;
    A.ViaIntrinsic = Intrinsic;
    A.IsAtomic = Atomic;
    A.Loops.assign(Loops.begin(), Loops.end());
    A.Guards.assign(Guards.begin(), Guards.end());
    A.CallStack.assign(Calls.begin(), Calls.end());
    threadVars(X, A.ThreadVars);
    M.Accesses.push_back(std::move(A));
  }

  void threadVars(const Stmt *S, llvm::SmallVectorImpl<VarOrigin> &Out) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
        auto It = E.find(V);
        if (It != E.end() && It->second.Kind == Value::Scalar &&
            It->second.threadDependent() &&
            llvm::none_of(Out, [&](const VarOrigin &O) { return O.Var == V; }))
          Out.push_back({V, It->second.Def, It->second.S});
      }
    for (const Stmt *C : S->children())
      threadVars(C, Out);
  }

  std::optional<Loc> lvalue(const Expr *X) {
    X = X->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(X))
      if (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueBitCast ||
          C->getCastKind() == CK_UncheckedDerivedToBase ||
          C->getCastKind() == CK_DerivedToBase) {
        std::optional<Loc> L = lvalue(C->getSubExpr());
        if (L && L->Kind == Loc::Memory)
          L->Type = C->getType();
        return L;
      }
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(X))
      return lvalue(MT->getSubExpr());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        return std::nullopt;
      if (V->getType()->isReferenceType()) {
        // A reference is followed through its initializer's value.
        Loc L;
        L.Kind = Loc::LocalVar;
        L.Var = V;
        return L;
      }
      MemSpace Space = memSpaceOf(V);
      bool InMemory =
          V->getType()->isArrayType() || V->hasAttr<CUDASharedAttr>() ||
          (!V->hasLocalStorage() && !V->getType().isConstQualified());
      if (isa<ParmVarDecl>(V))
        InMemory = false;
      if (!InMemory) {
        Loc L;
        L.Kind = Loc::LocalVar;
        L.Var = V;
        return L;
      }
      Loc L;
      L.Root = V;
      L.Space = Space;
      L.Off = symConst(0);
      L.Type = V->getType();
      return L;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X)) {
      Value Base = rvalue(AS->getBase());
      Value Idx = rvalue(AS->getIdx());
      if (Base.Kind != Value::Ptr)
        return std::nullopt;
      Loc L;
      L.Root = Base.Root;
      L.Space = Base.Space;
      L.Type = AS->getType();
      SymRef I = Idx.Kind == Value::Scalar ? Idx.S : symVarying(AS, "index");
      L.Off = Base.S + I * sizeOf(AS->getType(), Base.Root);
      return L;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(X)) {
      if (UO->getOpcode() == UO_Deref) {
        Value P = rvalue(UO->getSubExpr());
        if (P.Kind != Value::Ptr)
          return std::nullopt;
        Loc L;
        L.Root = P.Root;
        L.Space = P.Space;
        L.Off = P.S;
        L.Type = UO->getType();
        return L;
      }
      if (UO->isPrefix() && UO->isIncrementDecrementOp()) {
        rvalue(UO);
        return lvalue(UO->getSubExpr());
      }
      return std::nullopt;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(X)) {
      const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      std::optional<Loc> Base;
      if (ME->isArrow()) {
        Value P = rvalue(ME->getBase());
        if (P.Kind != Value::Ptr)
          return std::nullopt;
        Loc L;
        L.Root = P.Root;
        L.Space = P.Space;
        L.Off = P.S;
        Base = L;
      } else {
        Base = lvalue(ME->getBase());
      }
      if (!Base || !FD)
        return std::nullopt;
      if (Base->Kind != Loc::Memory) {
        Loc L;
        L.Kind = Loc::LocalMember;
        L.Var = Base->Var;
        L.Member = dimOfName(FD->getName());
        if (const auto *PV = dyn_cast_or_null<ParmVarDecl>(Base->Var))
          if (E.lookup(PV).Kind == Value::UniformAgg &&
              FD->getType()->isPointerType()) {
            // `params.out[i]`: a pointer inside a by-value kernel argument.
            L.Kind = Loc::Memory;
            L.Root = FD;
            L.Space = MemSpace::Global;
            L.Off = symConst(0);
            L.Type = FD->getType();
            L.Member = -1;
            return L;
          }
        return L;
      }
      const RecordDecl *RD = FD->getParent();
      if (RD->isInvalidDecl() || RD->isDependentType() || !RD->getDefinition())
        return std::nullopt;
      Loc L = *Base;
      L.Off = L.Off ? L.Off + symConst(Ctx.getFieldOffset(FD) / 8) : nullptr;
      L.Type = ME->getType();
      return L;
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(X)) {
      rvalue(Op);
      return std::nullopt;
    }
    if (isa<CallExpr>(X) || isa<AbstractConditionalOperator>(X) ||
        isa<BinaryOperator>(X)) {
      rvalue(X);
      return std::nullopt;
    }
    return std::nullopt;
  }

  Value assign(const Expr *Target, const Expr *Whole, SymKind Op, bool Compound,
               Value RHS) {
    std::optional<Loc> L = lvalue(Target);
    if (!L)
      return opaqueExpr(Whole, true);
    if (L->Kind == Loc::LocalVar || L->Kind == Loc::LocalMember) {
      const VarDecl *V = L->Var;
      if (Recording)
        if (LocalVar *LV = local(V))
          ++LV->Assignments;
      if (L->Kind == Loc::LocalMember) {
        auto It = E.find(V);
        if (It != E.end() && It->second.Kind == Value::Dim3 && L->Member >= 0 &&
            RHS.Kind == Value::Scalar) {
          Value D = It->second;
          D.D[L->Member] = Compound ? symOp(Op, D.D[L->Member], RHS.S) : RHS.S;
          setVar(V, D, Whole->getExprLoc());
          return Value::scalar(D.D[L->Member]);
        }
        setVar(V, opaque(Whole, V->getName(), true), Whole->getExprLoc());
        return opaqueExpr(Whole, true);
      }
      Value New = RHS;
      if (Compound) {
        Value Old = loadFrom(*L, Target, false);
        if (Old.Kind == Value::Ptr && RHS.Kind == Value::Scalar &&
            (Op == SymKind::Add || Op == SymKind::Sub)) {
          New = Old;
          New.S = symOp(Op, Old.S, RHS.S * sizeOf(Old.Pointee, Old.Root));
        } else if (Old.Kind == Value::Scalar && RHS.Kind == Value::Scalar) {
          New = Value::scalar(symOp(Op, Old.S, RHS.S));
        } else {
          New = opaque(Whole, V->getName(),
                       Old.threadDependent() || RHS.threadDependent());
        }
      }
      setVar(V, New, Whole->getExprLoc());
      return New;
    }
    access(*L, Target, /*Load=*/Compound, /*Store=*/true);
    return RHS;
  }

  static SymKind opOf(BinaryOperatorKind K) {
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

  Value binary(const BinaryOperator *BO) {
    BinaryOperatorKind K = BO->getOpcode();
    if (K == BO_Comma) {
      rvalue(BO->getLHS());
      return rvalue(BO->getRHS());
    }
    if (BO->isAssignmentOp()) {
      Value RHS = rvalue(BO->getRHS());
      return assign(BO->getLHS(), BO, opOf(K), K != BO_Assign, RHS);
    }
    if (K == BO_LAnd || K == BO_LOr) {
      Value A = rvalue(BO->getLHS());
      SymRef AS = A.Kind == Value::Scalar ? A.S : symVarying(BO, "lhs");
      Guards.push_back({AS, K == BO_LAnd, BO});
      Value B = rvalue(BO->getRHS());
      Guards.pop_back();
      SymRef BS = B.Kind == Value::Scalar ? B.S : symVarying(BO, "rhs");
      return Value::scalar(symOp(opOf(K), AS, BS));
    }
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

  Value unary(const UnaryOperator *UO) {
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
    case UO_AddrOf: {
      std::optional<Loc> L = lvalue(Sub);
      Value V;
      V.Kind = Value::Ptr;
      if (!L || L->Kind != Loc::Memory) {
        if (L && L->Var) {
          if (Recording)
            if (LocalVar *LV = local(L->Var))
              LV->AddressTaken = true;
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

  Value conditional(const AbstractConditionalOperator *CO) {
    Value C = rvalue(CO->getCond());
    SymRef CS = C.Kind == Value::Scalar ? C.S : symVarying(CO, "condition");
    condition(CO, CO->getCond(), CS);
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

  Value construct(const CXXConstructExpr *CC) {
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

  Value builtinDim3(SymKind K) {
    if (K == SymKind::ThreadIdx || K == SymKind::BlockDim)
      M.MultiDim = true; // `dim3 t = threadIdx;`, `block.thread_index()`
    Value V;
    V.Kind = Value::Dim3;
    for (unsigned I = 0; I < 3; ++I)
      V.D[I] = symBuiltin(K, I);
    return V;
  }

  SymRef linearThread() {
    return symBuiltin(SymKind::ThreadIdx, 0) +
           symBuiltin(SymKind::BlockDim, 0) *
               (symBuiltin(SymKind::ThreadIdx, 1) +
                symBuiltin(SymKind::BlockDim, 1) *
                    symBuiltin(SymKind::ThreadIdx, 2));
  }
  SymRef blockSize() {
    return symBuiltin(SymKind::BlockDim, 0) * symBuiltin(SymKind::BlockDim, 1) *
           symBuiltin(SymKind::BlockDim, 2);
  }

  // thread_rank() and friends; \p ObjectType is the group's type (for a
  // static member such as CUDA 13's thread_block::thread_rank(), its class).
  std::optional<Value> cooperativeGroups(const CXXMethodDecl *MD,
                                         QualType ObjectType) {
    if (!MD || !MD->getIdentifier())
      return std::nullopt;
    unsigned Tile = 0;
    StringRef Class = cgClassName(ObjectType, &Tile);
    if (Class.empty())
      return std::nullopt;
    StringRef N = MD->getName();
    bool Block = Class == "thread_block";
    bool Grid = Class == "grid_group";
    bool IsTile = Class == "thread_block_tile" && Tile > 0 && Tile <= 32;
    if (Block) {
      if (N == "thread_rank")
        return Value::scalar(linearThread());
      if (N == "thread_index")
        return builtinDim3(SymKind::ThreadIdx);
      if (N == "group_index")
        return builtinDim3(SymKind::BlockIdx);
      if (N == "dim_threads" || N == "group_dim")
        return builtinDim3(SymKind::BlockDim);
      if (N == "size" || N == "num_threads")
        return Value::scalar(blockSize());
    }
    if (Grid) {
      SymRef BlockRank = symBuiltin(SymKind::BlockIdx, 0) +
                         symBuiltin(SymKind::GridDim, 0) *
                             (symBuiltin(SymKind::BlockIdx, 1) +
                              symBuiltin(SymKind::GridDim, 1) *
                                  symBuiltin(SymKind::BlockIdx, 2));
      if (N == "thread_rank")
        return Value::scalar(BlockRank * blockSize() + linearThread());
      if (N == "block_rank")
        return Value::scalar(BlockRank);
      if (N == "block_index")
        return builtinDim3(SymKind::BlockIdx);
    }
    if (Class == "coalesced_group" && N == "thread_rank")
      return Value::scalar(symVarying(&CoalescedRankTag, "coalesced rank"));
    if (IsTile) {
      if (N == "thread_rank")
        return Value::scalar(
            symOp(SymKind::Rem, linearThread(), symConst(Tile)));
      if (N == "meta_group_rank")
        return Value::scalar(
            symOp(SymKind::Div, linearThread(), symConst(Tile)));
      if (N == "size" || N == "num_threads")
        return Value::scalar(symConst(Tile));
    }
    return std::nullopt;
  }

  // Records \p CE when it is a barrier.
  void syncPoint(const CallExpr *CE, const FunctionDecl *FD) {
    if (!Recording || !FD || !FD->getIdentifier())
      return;
    StringRef N = FD->getName();
    std::optional<SyncScope> Scope;
    if (N == "__syncthreads" || N == "__syncthreads_count" ||
        N == "__syncthreads_and" || N == "__syncthreads_or" ||
        N == "__barrier_sync")
      Scope = SyncScope::Block;
    else if (N == "__syncwarp") {
      std::optional<int64_t> Mask =
          CE->getNumArgs() ? constant(CE->getArg(0)) : int64_t(0xffffffff);
      if (Mask && uint32_t(*Mask) == 0xffffffffu)
        Scope = SyncScope::Warp;
    } else if (N == "sync") {
      // `block.sync()`, `cooperative_groups::sync(block)`.
      QualType T;
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
        T = MC->getImplicitObjectArgument()->getType();
      else if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
        T = Ctx.getRecordType(MD->getParent()); // static `block.sync()`
      else if (CE->getNumArgs() == 1)
        T = CE->getArg(0)->getType();
      unsigned Tile = 0;
      StringRef Class = T.isNull() ? StringRef() : cgClassName(T, &Tile);
      if (Class == "thread_block")
        Scope = SyncScope::Block;
      else if (Class == "grid_group")
        Scope = SyncScope::Grid;
      else if (Class == "thread_block_tile" && Tile == 32)
        Scope = SyncScope::Warp;
    }
    if (!Scope)
      return;
    SyncPoint P{CE, *Scope, {}, {}, {}};
    P.Loops.assign(Loops.begin(), Loops.end());
    P.Guards.assign(Guards.begin(), Guards.end());
    P.CallStack.assign(Calls.begin(), Calls.end());
    M.Syncs.push_back(std::move(P));
  }

  Value call(const CallExpr *CE) {
    syncPoint(CE, CE->getDirectCallee());
    // `operator dim3()` on a built-in: blockDim as a dim3.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      if (isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
        if (auto K = builtinVarKind(MC->getImplicitObjectArgument()))
          return builtinDim3(*K);
      if (std::optional<Value> V =
              cooperativeGroups(MC->getMethodDecl(),
                                MC->getImplicitObjectArgument()->getType())) {
        rvalue(MC->getImplicitObjectArgument());
        return *V;
      }
    }
    if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee()))
      if (MD->isStatic()) {
        // `tile.thread_rank()` names a static member of a base class
        // (`__static_size_tile_base<32>`): the object says which group.
        QualType T = Ctx.getRecordType(MD->getParent());
        if (const auto *ME =
                dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
          T = ME->getBase()->getType();
        if (std::optional<Value> V = cooperativeGroups(MD, T))
          return *V;
      }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE)) {
      if (Op->isAssignmentOp() && Op->getNumArgs() == 2) {
        Value RHS = rvalue(Op->getArg(1));
        return assign(Op->getArg(0), Op, SymKind::Add, false, RHS);
      }
    }
    const FunctionDecl *FD = CE->getDirectCallee();
    StringRef Name;
    if (FD && FD->getIdentifier())
      Name = FD->getName();

    auto Args = [&]() {
      llvm::SmallVector<Value, 4> Vs;
      for (const Expr *A : CE->arguments())
        Vs.push_back(rvalue(A));
      return Vs;
    };
    auto PtrArg = [&](unsigned I, bool Load, bool Store, bool Atomic) {
      if (I >= CE->getNumArgs())
        return Value();
      Value P = rvalue(CE->getArg(I));
      if (P.Kind == Value::Ptr) {
        Loc L;
        L.Root = P.Root;
        L.Space = P.Space;
        L.Off = P.S;
        L.Type = P.Pointee;
        access(L, CE, Load, Store, /*Intrinsic=*/true, Atomic);
        if (Load && !Atomic && !Store)
          return loadFrom(L, CE, false);
      }
      return Value();
    };

    if (Name == "min" || Name == "max" || Name == "umin" || Name == "umax" ||
        Name == "llmin" || Name == "llmax" || Name == "ullmin" ||
        Name == "ullmax") {
      auto Vs = Args();
      if (Vs.size() == 2 && Vs[0].Kind == Value::Scalar &&
          Vs[1].Kind == Value::Scalar && isIntLike(CE->getType()))
        return Value::scalar(
            symOp(Name.ends_with("min") ? SymKind::Min : SymKind::Max, Vs[0].S,
                  Vs[1].S));
      return opaqueExpr(CE, llvm::any_of(Vs, [](const Value &V) {
                          return V.threadDependent();
                        }));
    }
    if (Name == "__mul24" || Name == "__umul24") {
      auto Vs = Args();
      if (Vs.size() == 2 && Vs[0].Kind == Value::Scalar &&
          Vs[1].Kind == Value::Scalar)
        return Value::scalar(Vs[0].S * Vs[1].S);
    }
    if (Name.starts_with("__ld") && CE->getNumArgs() == 1) {
      Value V = PtrArg(0, true, false, false);
      if (V.Kind != Value::None)
        return V;
      return opaqueExpr(CE, true);
    }
    if (Name.starts_with("__st") && CE->getNumArgs() == 2 &&
        CE->getArg(0)->getType()->isPointerType()) {
      rvalue(CE->getArg(1));
      PtrArg(0, false, true, false);
      return Value();
    }
    if (Name.starts_with("atomic") && CE->getNumArgs() >= 1 &&
        CE->getArg(0)->getType()->isPointerType()) {
      PtrArg(0, true, true, true);
      for (unsigned I = 1; I < CE->getNumArgs(); ++I)
        rvalue(CE->getArg(I));
      return opaqueExpr(CE, true);
    }
    // The value every thread of the block gets back from the barrier.
    if (Name == "__syncthreads_or" || Name == "__syncthreads_and" ||
        Name == "__syncthreads_count") {
      Args();
      return opaqueExpr(CE, false);
    }
    if (Name.starts_with("__shfl")) {
      auto Vs = Args();
      bool Sync = Name.ends_with("_sync");
      unsigned ValIdx = Sync ? 1 : 0;
      if (Vs.size() > ValIdx + 1) {
        if (!Vs[ValIdx].threadDependent())
          return Vs[ValIdx];
        if (Name.starts_with("__shfl_sync") || Name == "__shfl")
          return opaqueExpr(CE, Vs[ValIdx + 1].threadDependent());
      }
      return opaqueExpr(CE, true);
    }

    if (FD && !isKernel(FD) && Inlining.size() < MaxInlineDepth &&
        !llvm::is_contained(Inlining, FD->getCanonicalDecl()))
      if (const FunctionDecl *Def = FD->getDefinition())
        if (Def->hasBody() && !isa<CXXMethodDecl>(Def) &&
            !Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
          return inlineCall(CE, Def);

    auto Vs = Args();
    bool Dep =
        llvm::any_of(Vs, [](const Value &V) { return V.threadDependent(); });
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      Dep |= rvalue(MC->getImplicitObjectArgument()).threadDependent();
    // A function we cannot see may read anything per thread, except the
    // math and bit-manipulation functions of the CUDA headers and builtins.
    bool Pure =
        FD && (FD->getBuiltinID() != 0 ||
               Ctx.getSourceManager().isInSystemHeader(FD->getLocation()));
    if (Name.contains("lane") || Name.contains("activemask") ||
        Name.contains("ballot") || Name.contains("clock"))
      Pure = false;
    if (CE->getType()->isPointerType()) {
      Value V;
      V.Kind = Value::Ptr;
      V.S = symVarying(CE, "returned pointer");
      return V;
    }
    return opaqueExpr(CE, Dep || !Pure);
  }

  Value inlineCall(const CallExpr *CE, const FunctionDecl *Def) {
    llvm::SmallVector<Value, 4> ArgVals;
    unsigned NumArgs = CE->getNumArgs();
    // Only free functions are inlined: argument I is parameter I.
    for (unsigned I = 0; I < NumArgs; ++I) {
      const Expr *A = CE->getArg(I);
      if (I < Def->getNumParams() &&
          Def->getParamDecl(I)->getType()->isReferenceType()) {
        if (std::optional<Loc> L = lvalue(A)) {
          ArgVals.push_back(loadFrom(*L, A, true));
          continue;
        }
      }
      ArgVals.push_back(rvalue(A));
    }
    Env Saved = std::move(E);
    E.clear();
    for (unsigned I = 0; I < Def->getNumParams(); ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      Value V = I < ArgVals.size() ? ArgVals[I] : paramValue(P);
      if (V.Kind == Value::None && !P->getType()->isRecordType())
        V = opaque(CE, P->getName(), true);
      V.Def = CE->getExprLoc();
      E[P] = V;
    }
    Inlining.push_back(Def->getCanonicalDecl());
    Calls.push_back(CE);
    Frames.emplace_back();
    size_t GuardDepth = Guards.size();
    stmt(Def->getBody());
    Guards.resize(GuardDepth);
    Frame F = Frames.pop_back_val();
    Calls.pop_back();
    Inlining.pop_back();
    E = std::move(Saved);

    // Locals passed by non-const reference may have been written.
    for (unsigned I = 0; I < NumArgs && I < Def->getNumParams(); ++I) {
      QualType T = Def->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        if (const VarDecl *V = ModifiedVars::var(CE->getArg(I)))
          if (V->hasLocalStorage())
            setVar(V, opaque(CE, V->getName(), true), CE->getExprLoc());
    }

    if (F.Returns.empty())
      return Value();
    bool Same = llvm::all_of(
        F.Returns, [&](const Value &V) { return V.sameAs(F.Returns.front()); });
    if (Same && F.Returns.front().Kind != Value::None)
      return F.Returns.front();
    bool Dep = F.ReturnUnderThreadGuard ||
               llvm::any_of(F.Returns,
                            [](const Value &V) { return V.threadDependent(); });
    return opaqueExpr(CE, Dep);
  }
};

bool isCoalescedRank(const SymNode &Leaf) {
  return Leaf.Kind == SymKind::Varying && Leaf.Id == &CoalescedRankTag;
}

KernelModel::KernelModel(const FunctionDecl &Kernel, ASTContext &Ctx)
    : Kernel(Kernel) {
  ModelBuilder(*this, Ctx).run();
}

const LocalVar *KernelModel::local(const VarDecl *V) const {
  auto It = LocalIndex.find(V);
  return It == LocalIndex.end() ? nullptr : &Locals[It->second];
}

namespace {
struct ModelCache {
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<KernelModel>> Models;
};
ModelCache &cache() {
  static thread_local ModelCache C;
  return C;
}
} // namespace

const KernelModel &KernelModel::get(const FunctionDecl &Kernel) {
  std::unique_ptr<KernelModel> &Slot = cache().Models[&Kernel];
  if (!Slot)
    Slot = std::make_unique<KernelModel>(Kernel, Kernel.getASTContext());
  return *Slot;
}

void KernelModel::resetCache() { cache().Models.clear(); }

} // namespace cudalint
