//===--- ModelStatements.cpp - statements, branches and guards ------------===//
//
// The statement walk of ModelBuilder: blocks, declarations, `if` and
// `switch` (whose paths are walked apart and joined), returns and jumps.
// Loops are in ModelLoops.cpp.
//
//===----------------------------------------------------------------------===//

#include "CudaAST.h"
#include "ModelBuilder.h"

#include "clang/AST/Attr.h"

using namespace clang;

namespace cudalint {
using namespace model;

// Walks a statement; true when it always jumps away (return, break,
// continue) so that nothing after it in the block runs.
bool ModelBuilder::stmt(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S)) {
    rvalue(E);
    return false;
  }
  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    return compoundStmt(cast<CompoundStmt>(S));
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        declare(V);
    return false;
  case Stmt::IfStmtClass:
    return ifStmt(cast<IfStmt>(S));
  case Stmt::ForStmtClass:
  case Stmt::WhileStmtClass:
  case Stmt::DoStmtClass:
  case Stmt::CXXForRangeStmtClass:
    loopStmt(S);
    return false;
  case Stmt::SwitchStmtClass:
    switchStmt(cast<SwitchStmt>(S));
    return false;
  case Stmt::ReturnStmtClass:
    return returnStmt(cast<ReturnStmt>(S));
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass:
  case Stmt::GotoStmtClass:
    return true;
  case Stmt::GCCAsmStmtClass:
    asmStmt(cast<GCCAsmStmt>(S));
    return false;
  default:
    for (const Stmt *C : S->children())
      stmt(C);
    return false;
  }
}

// The statements of a block up to the first that always jumps away; the
// guards of early exits inside it end with it.
bool ModelBuilder::compoundStmt(const CompoundStmt *CS) {
  size_t Depth = Guards.size();
  bool Leaves = false;
  for (const Stmt *C : CS->body())
    if (stmt(C)) {
      Leaves = true;
      break;
    }
  Guards.resize(Depth);
  return Leaves;
}

// `for`, `while`, `do` and range-`for`, as the one shape loop() walks.
void ModelBuilder::loopStmt(const Stmt *S) {
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    stmt(F->getInit());
    loop({F, F->getCond(), F->getInc(), F->getBody(),
          F->getConditionVariable()});
    return;
  }
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    loop({W, W->getCond(), nullptr, W->getBody(), W->getConditionVariable()});
    return;
  }
  if (const auto *D = dyn_cast<DoStmt>(S)) {
    loop({D, D->getCond(), nullptr, D->getBody(), nullptr});
    return;
  }
  const auto *F = cast<CXXForRangeStmt>(S);
  stmt(F->getRangeStmt());
  stmt(F->getBeginStmt());
  stmt(F->getEndStmt());
  setVar(F->getLoopVariable(), opaque(F, F->getLoopVariable()->getName(), true),
         F->getLoopVariable()->getLocation());
  loop({F, nullptr, nullptr, F->getBody(), nullptr});
}

// A return of an inlined helper hands its value to the call.
bool ModelBuilder::returnStmt(const ReturnStmt *R) {
  Value V;
  if (R->getRetValue())
    V = rvalue(R->getRetValue());
  if (!Frames.empty()) {
    Frames.back().Returns.push_back(V);
    Frames.back().ReturnUnderThreadGuard |= guardsThreadDependent();
  }
  return true;
}

// Inline assembly: its outputs become unknown per thread.
void ModelBuilder::asmStmt(const GCCAsmStmt *A) {
  for (unsigned I = 0; I < A->getNumInputs(); ++I)
    rvalue(A->getInputExpr(I));
  for (unsigned I = 0; I < A->getNumOutputs(); ++I)
    if (const VarDecl *V = ModifiedVars::var(A->getOutputExpr(I)))
      setVar(V, opaque(A, V->getName(), true), A->getAsmLoc());
}

void ModelBuilder::declare(const VarDecl *V) {
  if (Recorder)
    Recorder->declared(V);
  rememberAtomicRef(V);
  if (V->hasAttr<CUDASharedAttr>() || V->isStaticLocal() ||
      V->getType()->isArrayType()) {
    if (initialisedArray(V))
      return;
    if (const Expr *Init = V->getInit())
      rvalue(Init);
    return;
  }
  if (!V->hasInit()) {
    VarValues.erase(V); // Uninitialised: the first assignment defines it.
    return;
  }
  if (bindsMemoryReference(V))
    return;
  InitOf.push_back(V);
  Value Val = initValue(V->getInit(), V->getType());
  InitOf.pop_back();
  if (Recorder)
    Recorder->initialised(V, Val);
  setVar(V, Val, V->getLocation());
}

// `Cell &c = cells[i];`: binding reads nothing; the uses of `c` are
// accesses of the memory it is bound to (declLvalue). A reference to a
// local keeps following its initializer's value.
bool ModelBuilder::bindsMemoryReference(const VarDecl *V) {
  if (!V->getType()->isReferenceType() || !V->getInit())
    return false;
  const Expr *Init = V->getInit()->IgnoreImplicit();
  if (isa<MaterializeTemporaryExpr>(Init) || Init->isPRValue())
    return false; // `const float &v = a + b;` binds a temporary.
  std::optional<Loc> L = lvalue(Init);
  if (!L)
    return false;
  if (L->Kind != Loc::Memory) {
    Value Val = loadFrom(*L, Init);
    if (Recorder)
      Recorder->initialised(V, Val);
    setVar(V, Val, V->getLocation());
    return true;
  }
  Referees[V] = *L;
  return true;
}

ModelBuilder::Value ModelBuilder::initValue(const Expr *Init, QualType T) {
  if (T->isReferenceType()) {
    Init = Init->IgnoreImplicit();
    // `int &r = x;` `const float &v = p[i];`: follow the referee's value.
    if (std::optional<Loc> L = lvalue(Init))
      return loadFrom(*L, Init);
    return opaqueExpr(Init, true);
  }
  return rvalue(Init);
}

bool ModelBuilder::ifStmt(const IfStmt *If) {
  stmt(If->getInit());
  if (const VarDecl *CV = If->getConditionVariable())
    declare(CV);
  SymRef Cond = branchCondition(If, If->getCond());
  Env Before = VarValues;
  Guards.push_back({Cond, true, If});
  bool ThenLeaves = stmt(If->getThen());
  Guards.pop_back();
  Env AfterThen = std::move(VarValues);
  VarValues = std::move(Before);
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
    VarValues = std::move(AfterThen);
    Guards.push_back({Cond, true, If, /*Exit=*/true});
  } else {
    join(AfterThen, If, Cond);
  }
  return false;
}

// VarValues := the join of VarValues and Other at statement S, chosen by Cond.
void ModelBuilder::join(const Env &Other, const Stmt *S, const SymRef &Cond) {
  for (auto &[V, OV] : Other) {
    auto It = VarValues.find(V);
    if (It == VarValues.end()) {
      VarValues[V] = OV; // Assigned on one path only (the other left it unset).
      continue;
    }
    if (It->second.sameAs(OV))
      continue;
    It->second = merged(It->second, OV, static_cast<const Stmt *>(inContext(S)),
                        V, Cond);
    // Written on one path of a per-thread branch: the dry runs of a loop
    // must see it turn per-thread (`stack[top++]` under a test on data).
    observe(V, It->second);
  }
}

ModelBuilder::Value ModelBuilder::merged(const Value &A, const Value &B,
                                         const Stmt *S, const VarDecl *V,
                                         const SymRef &Cond) {
  bool Dep =
      Cond->threadDependent() || A.threadDependent() || B.threadDependent();
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
  if (Dep && A.Kind == Value::Scalar && B.Kind == Value::Scalar)
    // Threads that agree on the condition and on both values agree.
    R.S = symData(S, V->getName(), V->getName(), {Cond, A.S, B.S});
  R.Def = A.Def;
  return R;
}

void ModelBuilder::condition(const Stmt *S, const Expr *CondE,
                             const SymRef &Cond) {
  if (!Recorder || !CondE)
    return;
  BranchCondition B{S, CondE, Cond, {}, {}, {}};
  B.Loops.assign(Loops.begin(), Loops.end());
  B.Guards.assign(Guards.begin(), Guards.end());
  B.CallStack.assign(Calls.begin(), Calls.end());
  Recorder->branch(std::move(B));
}

// The value of the condition \p CondE of branch \p S, recorded.
SymRef ModelBuilder::branchCondition(const Stmt *S, const Expr *CondE) {
  Value C = rvalue(CondE);
  // `if constexpr` is decided at compile time: the same for every thread,
  // even where a template analysed as written leaves its value unknown.
  if (const auto *If = dyn_cast<IfStmt>(S);
      If && If->isConstexpr() && C.threadDependent())
    C = opaqueExpr(CondE, false);
  SymRef Cond = C.Kind == Value::Scalar ? C.S : symVarying(S, "condition");
  condition(S, CondE, Cond);
  return Cond;
}

void ModelBuilder::switchStmt(const SwitchStmt *Sw) {
  stmt(Sw->getInit());
  if (const VarDecl *CV = Sw->getConditionVariable())
    declare(CV);
  SymRef Cond = branchCondition(Sw, Sw->getCond());
  Env Before = VarValues;
  if (const auto *Body = dyn_cast_or_null<CompoundStmt>(Sw->getBody())) {
    caseBodies(Sw, Body, Cond);
  } else {
    // Which case runs is unknown per lane: walk the body once.
    Guards.push_back(
        {symOp(SymKind::NE, Cond, symVarying(Sw, "case")), true, Sw});
    stmt(Sw->getBody());
    Guards.pop_back();
  }
  // Merge what the cases changed with what was there before.
  Env After = std::move(VarValues);
  VarValues = std::move(Before);
  join(After, Sw, Cond);
}

namespace {

// `Cond == K` for `case K:`; an unknown match for a case whose value is
// not a constant (a GNU range `case 1 ... 3:` among them).
SymRef caseMatch(const SwitchCase *C, const SymRef &Cond, ASTContext &Ctx) {
  const auto *Case = dyn_cast<CaseStmt>(C);
  if (Case && !Case->caseStmtIsGNURange())
    if (std::optional<llvm::APSInt> K =
            Case->getLHS()->getIntegerConstantExpr(Ctx))
      return symOp(SymKind::EQ, Cond, symConst(K->getExtValue()));
  return symOp(SymKind::EQ, Cond, symVarying(C, "case"));
}

// `default:` runs where the selector matches none of the cases.
SymRef defaultMatch(const SwitchStmt *Sw, const SymRef &Cond, ASTContext &Ctx) {
  SymRef None;
  for (const SwitchCase *C = Sw->getSwitchCaseList(); C;
       C = C->getNextSwitchCase()) {
    if (isa<DefaultStmt>(C))
      continue;
    SymRef Other = symOp(SymKind::Not, caseMatch(C, Cond, Ctx));
    None = None ? symOp(SymKind::LAnd, None, Other) : Other;
  }
  return None ? None : symConst(1);
}

} // namespace

// Each statement of a switch's body runs under the cases that reach it: a
// selector with several values, not a condition that holds or not (lanes
// in cases 2 and 3 disagree). After `case 2: case 3:` the guard is `Cond ==
// 2 || Cond == 3`, a case that falls through adds its own, `default:` is
// none of the others; statements no label reaches keep the guard of the
// case before them.
void ModelBuilder::caseBodies(const SwitchStmt *Sw, const CompoundStmt *Body,
                              const SymRef &Cond) {
  SymRef Reaching;
  bool FallsIn = false;
  for (const Stmt *S : Body->body()) {
    SymRef Labels;
    while (const auto *C = dyn_cast<SwitchCase>(S)) {
      SymRef Match = isa<DefaultStmt>(C) ? defaultMatch(Sw, Cond, Ctx)
                                         : caseMatch(C, Cond, Ctx);
      Labels = Labels ? symOp(SymKind::LOr, Labels, Match) : Match;
      S = C->getSubStmt();
    }
    if (Labels)
      Reaching =
          FallsIn && Reaching ? symOp(SymKind::LOr, Reaching, Labels) : Labels;
    SymRef Guard =
        Reaching ? Reaching : symOp(SymKind::NE, Cond, symVarying(Sw, "case"));
    Guards.push_back({Guard, true, Sw});
    stmt(S);
    Guards.pop_back();
    FallsIn = !endsCase(S);
  }
}

} // namespace cudalint
