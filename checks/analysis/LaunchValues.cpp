//===--- LaunchValues.cpp -------------------------------------------------===//

#include "LaunchValues.h"
#include "CudaAST.h"
#include "FieldValues.h"

#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace cudalint {

namespace {

// The expression that holds \p E, past parentheses and implicit casts that
// keep its value (\p Skipped: the last of those, or \p E).
const Stmt *holder(const Expr *E, ASTContext &Ctx, const Expr *&Skipped) {
  Skipped = E;
  while (true) {
    auto Parents = Ctx.getParents(*Skipped);
    if (Parents.size() != 1)
      return nullptr;
    const auto *P = Parents[0].get<Stmt>();
    if (!P || !(isa<ParenExpr>(P) ||
                (isa<ImplicitCastExpr>(P) &&
                 cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp)))
      return P;
    Skipped = cast<Expr>(P);
  }
}

bool isRead(const Stmt *Holder) {
  if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Holder))
    return IC->getCastKind() == CK_LValueToRValue;
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Holder))
    return CE->getConstructor()->isCopyOrMoveConstructor();
  return false;
}

// Argument \p Arg of \p Holder, a call that hands a host function to a
// forwarder, bound to a forwarding reference: what the function receives
// is read from it, unless the function's parameter is itself a reference
// it could write through.
bool forwardedAsValue(const Stmt *Holder, const Expr *Arg, ASTContext &Ctx) {
  const auto *Call = dyn_cast_or_null<CallExpr>(Holder);
  std::optional<ForwardedCall> F =
      Call ? forwardedCall(Call, Ctx) : std::nullopt;
  if (!F)
    return false;
  for (unsigned I = F->FirstArg; I < Call->getNumArgs(); ++I) {
    if (Call->getArg(I) != Arg)
      continue;
    unsigned P = I - F->FirstArg;
    if (P >= F->Run->getNumParams())
      return false;
    QualType T = F->Run->getParamDecl(P)->getType();
    return !T->isReferenceType() || T.getNonReferenceType().isConstQualified();
  }
  return false;
}

// Whether the reference \p R only reads its variable (or, through
// `v.x`, the field of it it names).
bool readsOnly(const Expr *R, ASTContext &Ctx) {
  const Expr *Skipped = nullptr;
  const Stmt *H = holder(R, Ctx, Skipped);
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(H);
      ME && !ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()))
    return readsOnly(ME, Ctx);
  return isRead(H) || forwardedAsValue(H, Skipped, Ctx);
}

// A local variable of a function, not a parameter: one whose every write
// is in view.
const VarDecl *localVariable(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || V->isStaticLocal() || !V->getInit())
    return nullptr;
  return V;
}

std::optional<int64_t> valueAt(const Expr *E, const FunctionDecl *Caller,
                               ASTContext &Ctx, unsigned Depth);

// The value of a variable only read after its initialisation.
std::optional<int64_t> initialValue(const VarDecl *V,
                                    const FunctionDecl *Caller, ASTContext &Ctx,
                                    unsigned Depth) {
  for (const DeclRefExpr *R : referencesTo(V, Caller->getBody(), Ctx))
    if (!readsOnly(R, Ctx))
      return std::nullopt;
  return valueAt(V->getInit(), Caller, Ctx, Depth + 1);
}

std::optional<int64_t> arithmetic(const BinaryOperator *BO,
                                  const FunctionDecl *Caller, ASTContext &Ctx,
                                  unsigned Depth) {
  std::optional<int64_t> L = valueAt(BO->getLHS(), Caller, Ctx, Depth + 1);
  std::optional<int64_t> R = valueAt(BO->getRHS(), Caller, Ctx, Depth + 1);
  if (!L || !R)
    return std::nullopt;
  // What a launch size is built from: arithmetic and shifts left.
  BinaryOperatorKind Op = BO->getOpcode();
  if (Op != BO_Add && Op != BO_Sub && Op != BO_Mul && Op != BO_Div &&
      Op != BO_Shl)
    return std::nullopt;
  return integerOperation(Op, *L, *R);
}

// \p E past parentheses and casts to a floating type: the integer a
// `(float)n` converts.
const Expr *underFloatCasts(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
    if (!Cast->getType()->isRealFloatingType())
      break;
    E = Cast->getSubExpr()->IgnoreParenImpCasts();
  }
  return E;
}

// 0, 1, 2 for the field `x`, `y`, `z` of a dim3; 3 for anything else.
unsigned dim3FieldIndex(const ValueDecl *Field) {
  if (!Field->getIdentifier())
    return 3;
  StringRef Name = Field->getName();
  return Name == "x" ? 0 : Name == "y" ? 1 : Name == "z" ? 2 : 3;
}

// `ceil((float)n / (float)b)`, the grid size of a launch rounded up in
// floating point: (n + b - 1) / b for known positive integers.
std::optional<int64_t> ceilingQuotient(const CallExpr *Call,
                                       const FunctionDecl *Caller,
                                       ASTContext &Ctx, unsigned Depth) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Call->getNumArgs() != 1 || !Callee->getIdentifier() ||
      (Callee->getName() != "ceil" && Callee->getName() != "ceilf"))
    return std::nullopt;
  const auto *Div = dyn_cast<BinaryOperator>(underFloatCasts(Call->getArg(0)));
  if (!Div || Div->getOpcode() != BO_Div)
    return std::nullopt;
  const Expr *Num = underFloatCasts(Div->getLHS());
  const Expr *Den = underFloatCasts(Div->getRHS());
  if (!Num->getType()->isIntegerType() || !Den->getType()->isIntegerType())
    return std::nullopt;
  std::optional<int64_t> N = valueAt(Num, Caller, Ctx, Depth + 1);
  std::optional<int64_t> D = valueAt(Den, Caller, Ctx, Depth + 1);

  if (!N || !D || *N < 0 || *D <= 0)
    return std::nullopt;
  return (*N + *D - 1) / *D;
}

std::optional<Dim3Extents> constructed(const CXXConstructExpr *CE,
                                       const FunctionDecl *Caller,
                                       ASTContext &Ctx);
bool onlyRead(const VarDecl *V, const FunctionDecl *Caller, ASTContext &Ctx);

// `block.x` of a local `dim3 block(256, 1);` that is only read: the extent
// its construction gives.
std::optional<int64_t> constructedField(const MemberExpr *ME,
                                        const FunctionDecl *Caller,
                                        ASTContext &Ctx) {
  const VarDecl *V = localVariable(ME->getBase());
  if (!V || !onlyRead(V, Caller, Ctx))
    return std::nullopt;
  unsigned Index = dim3FieldIndex(ME->getMemberDecl());
  const CXXConstructExpr *Ctor =
      V->getInit() ? dim3Source(V->getInit()).Ctor : nullptr;
  if (Index > 2 || !Ctor)
    return std::nullopt;
  std::optional<Dim3Extents> Extents = constructed(Ctor, Caller, Ctx);
  return Extents ? (*Extents)[Index] : std::nullopt;
}

std::optional<int64_t> valueAt(const Expr *E, const FunctionDecl *Caller,
                               ASTContext &Ctx, unsigned Depth) {
  if (Depth > 8 || !E)
    return std::nullopt;
  if (std::optional<int64_t> C = integerConstant(E, Ctx))
    return C;
  if (!Caller || !Caller->getBody())
    return std::nullopt;
  if (const VarDecl *V = localVariable(E))
    return initialValue(V, Caller, Ctx, Depth);
  const Expr *Bare = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(Bare))
    return BO->getType()->isIntegerType() ? arithmetic(BO, Caller, Ctx, Depth)
                                          : std::nullopt;
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Bare))
    return Cast->getType()->isIntegerType()
               ? valueAt(Cast->getSubExpr(), Caller, Ctx, Depth + 1)
               : std::nullopt;
  if (const auto *Call = dyn_cast<CallExpr>(Bare))
    return ceilingQuotient(Call, Caller, Ctx, Depth);
  if (const auto *ME = dyn_cast<MemberExpr>(Bare))
    return constructedField(ME, Caller, Ctx);
  return std::nullopt;
}

// The extents a `dim3` constructor gives (its defaults are 1), each one
// known or not.
std::optional<Dim3Extents> constructed(const CXXConstructExpr *CE,
                                       const FunctionDecl *Caller,
                                       ASTContext &Ctx) {
  Dim3Extents V = {1, 1, 1};
  if (CE->getNumArgs() > 3)
    return std::nullopt;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(I);
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(A))
      A = DA->getExpr();
    V[I] = valueAt(A, Caller, Ctx, 0);
  }
  return V;
}

// The statement of the block \p S is directly in, or null.
const Stmt *enclosingBlock(const Stmt *S, ASTContext &Ctx) {
  auto Parents = Ctx.getParents(*S);
  if (Parents.size() != 1)
    return nullptr;
  const auto *P = Parents[0].get<CompoundStmt>();
  return P;
}

// Applies to \p Extents the assignments `V.x = n;` made before \p Launch as
// statements of the block that declares \p V; false when \p V is written
// any other way, or one of them cannot be followed.
bool applyFieldAssignments(const VarDecl *V, Dim3Extents &Extents,
                           const CUDAKernelCallExpr *Launch,
                           const FunctionDecl *Caller, ASTContext &Ctx) {
  auto DeclParents = Ctx.getParents(*V);
  const auto *DS =
      DeclParents.size() == 1 ? DeclParents[0].get<DeclStmt>() : nullptr;
  const Stmt *Block = DS ? enclosingBlock(DS, Ctx) : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Assigned[3] = {0, 0, 0};
  for (const DeclRefExpr *R : referencesTo(V, Caller->getBody(), Ctx)) {
    const Expr *Skipped = nullptr;
    const Stmt *H = holder(R, Ctx, Skipped);
    if (isRead(H))
      continue;
    const auto *ME = dyn_cast_or_null<MemberExpr>(H);
    if (!ME)
      return false;
    unsigned Index = dim3FieldIndex(ME->getMemberDecl());
    const Stmt *Use = holder(ME, Ctx, Skipped);
    if (isRead(Use))
      continue;
    const auto *BO = dyn_cast_or_null<BinaryOperator>(Use);
    if (Index > 2 || !BO || BO->getOpcode() != BO_Assign ||
        BO->getLHS()->IgnoreParens() != Skipped || !Block ||
        enclosingBlock(BO, Ctx) != Block ||
        !SM.isBeforeInTranslationUnit(BO->getBeginLoc(), Launch->getBeginLoc()))
      return false;
    if (Assigned[Index]++)
      return false;
    Extents[Index] = valueAt(BO->getRHS(), Caller, Ctx, 0);
  }
  return true;
}

// The integer a launch's block argument \p E builds extent \p Dim from
// (`C` in `<<<g, C>>>` or `dim3 block(32, C)`), or null.
const Expr *blockExtentSource(const Expr *E, unsigned Dim) {
  Dim3Source Source = dim3Source(E);
  if (Source.Var)
    return blockExtentSource(Source.Var->getInit(), Dim);
  if (!Source.Ctor || Source.Ctor->getNumArgs() <= Dim ||
      isa<CXXDefaultArgExpr>(Source.Ctor->getArg(Dim)))
    return nullptr;
  return Source.Ctor->getArg(Dim)->IgnoreParenImpCasts();
}

// The variable \p E reads, or null.
const ValueDecl *readVariable(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? DRE->getDecl() : nullptr;
}

// Whether \p Caller only ever reads \p V (a parameter or a local).
bool onlyRead(const VarDecl *V, const FunctionDecl *Caller, ASTContext &Ctx) {
  return llvm::all_of(referencesTo(V, Caller->getBody(), Ctx),
                      [&](const DeclRefExpr *R) { return readsOnly(R, Ctx); });
}

// The right-hand sides of the writes to \p V in \p Caller when each is a
// plain assignment `V = e;` (`if (bs == 1024) bs = 512;`); nullopt when
// one is anything else (`+=`, `++`, its address taken, a reference bound).
std::optional<llvm::SmallVector<const Expr *, 4>>
assignedValues(const VarDecl *V, const FunctionDecl *Caller, ASTContext &Ctx) {
  llvm::SmallVector<const Expr *, 4> Values;
  for (const DeclRefExpr *R : referencesTo(V, Caller->getBody(), Ctx)) {
    if (readsOnly(R, Ctx))
      continue;
    const Expr *Skipped = nullptr;
    const auto *BO = dyn_cast_or_null<BinaryOperator>(holder(R, Ctx, Skipped));
    if (!BO || BO->getOpcode() != BO_Assign ||
        BO->getLHS()->IgnoreParens() != Skipped)
      return std::nullopt;
    Values.push_back(BO->getRHS());
  }
  return Values;
}

bool leavesSwitch(const Stmt *S) {
  return isa_and_nonnull<BreakStmt, ReturnStmt>(S);
}

// The value of the one `case C:` label the statement \p Child of the
// switch body \p Body runs under; nullopt under `default:`, under several
// labels or where the case before falls through.
std::optional<int64_t> labelValue(const CompoundStmt *Body, const Stmt *Child,
                                  ASTContext &Ctx) {
  std::optional<int64_t> Current;
  bool FallsIn = false;
  for (const Stmt *S : Body->body()) {
    const Stmt *Inner = S;
    if (const auto *Label = dyn_cast<SwitchCase>(S)) {
      Inner = Label->getSubStmt();
      const auto *Case = dyn_cast<CaseStmt>(Label);
      Current = std::nullopt;
      if (Case && !FallsIn && !Case->caseStmtIsGNURange() &&
          !isa<SwitchCase>(Inner))
        Current = integerConstant(Case->getLHS(), Ctx);
    }
    if (S == Child)
      return Current;
    FallsIn = !leavesSwitch(Inner);
  }
  return std::nullopt;
}

// What \p E, a variable its function only reads, holds at \p At when \p At
// runs under `case C:` of a `switch` on that variable (`switch (k) { case
// 32: kern<32><<<g, dim3(32, k)>>>(); break; ... }`).
std::optional<int64_t> caseValueAt(const Expr *E, const Stmt *At,
                                   const FunctionDecl *Caller,
                                   ASTContext &Ctx) {
  const auto *V = dyn_cast_or_null<VarDecl>(readVariable(E));
  if (!V || !Caller || !Caller->getBody() || !onlyRead(V, Caller, Ctx))
    return std::nullopt;
  const Stmt *Child = At;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    auto Parents = Ctx.getParents(*Child);
    const Stmt *P = Parents.size() == 1 ? Parents[0].get<Stmt>() : nullptr;
    if (!P)
      return std::nullopt;
    const auto *Body = dyn_cast<CompoundStmt>(P);
    const SwitchStmt *Switch = nullptr;
    if (Body) {
      auto Up = Ctx.getParents(*Body);
      Switch = Up.size() == 1 ? Up[0].get<SwitchStmt>() : nullptr;
    }
    if (Switch && Switch->getBody() == Body &&
        readVariable(Switch->getCond()) == V)
      return labelValue(Body, Child, Ctx);
    Child = P;
  }
  return std::nullopt;
}

// What \p E, an argument or a block extent of \p Launch, holds: a value
// computed in the caller, or the label of the `case` the launch is in.
std::optional<int64_t> valueAtLaunch(const Expr *E,
                                     const CUDAKernelCallExpr *Launch,
                                     const FunctionDecl *Caller,
                                     ASTContext &Ctx) {
  if (std::optional<int64_t> V = valueAt(E, Caller, Ctx, 0))
    return V;
  return caseValueAt(E, Launch, Caller, Ctx);
}

// What \p Arg, passed to a kernel at \p Launch, holds: a constant, or
// blockDim.x (y, z) when it is the launch's x (y, z) extent; null when
// neither.
SymRef argumentAtLaunch(const Expr *Arg, const CUDAKernelCallExpr *Launch,
                        const FunctionDecl *Caller, ASTContext &Ctx) {
  if (std::optional<unsigned> Dim = blockExtentPassed(Arg, Launch, Caller, Ctx))
    return symBuiltin(SymKind::BlockDim, *Dim);
  std::optional<int64_t> Value = valueAtLaunch(Arg, Launch, Caller, Ctx);
  return Value ? symConst(*Value) : nullptr;
}

// Whether the array \p V is only ever read in \p Root: each reference
// subscripted and the element read, or under `sizeof`.
bool arrayOnlyRead(const VarDecl *V, const Stmt *Root, ASTContext &Ctx) {
  for (const DeclRefExpr *R : referencesTo(V, Root, Ctx)) {
    const Expr *Skipped = nullptr;
    const Stmt *H = holder(R, Ctx, Skipped);
    if (isa_and_nonnull<UnaryExprOrTypeTraitExpr>(H))
      continue;
    const auto *Decay = dyn_cast_or_null<ImplicitCastExpr>(H);
    if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
      return false;
    const auto *Subscript =
        dyn_cast_or_null<ArraySubscriptExpr>(holder(Decay, Ctx, Skipped));
    if (!Subscript || Subscript->getBase()->IgnoreParenImpCasts() != R ||
        !isRead(holder(Subscript, Ctx, Skipped)))
      return false;
  }
  return true;
}

// Follows host code back to the values an integer can hold (see
// integerValuesAtLaunch).
class HostValues {
public:
  HostValues(const KernelUseIndex &Uses, ASTContext &Ctx)
      : Uses(Uses), Ctx(Ctx) {}

  std::optional<PossibleValues> of(const Expr *E, const FunctionDecl *Caller,
                                   unsigned Depth, unsigned Wrappers) {
    if (Depth > 12 || !E)
      return std::nullopt;
    if (std::optional<int64_t> C = integerConstant(E, Ctx))
      return PossibleValues{*C};
    if (!Caller || !Caller->getBody())
      return std::nullopt;
    E = E->IgnoreParenImpCasts();
    // `int(n / 4)`, `(unsigned)n`: an integer converted keeps its values.
    if (const auto *EC = dyn_cast<ExplicitCastExpr>(E);
        EC && EC->getType()->isIntegerType() &&
        EC->getSubExpr()->getType()->isIntegerType())
      return of(EC->getSubExpr(), Caller, Depth + 1, Wrappers);
    if (const VarDecl *V = localVariable(E))
      return withAssigned(V, of(V->getInit(), Caller, Depth + 1, Wrappers),
                          Caller, Depth, Wrappers);
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(readVariable(E)))
      return ofParameter(*P, Caller, Depth, Wrappers);
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
      return elements(Subscript, Caller);
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      std::optional<PossibleValues> T =
          of(CO->getTrueExpr(), Caller, Depth + 1, Wrappers);
      std::optional<PossibleValues> F =
          of(CO->getFalseExpr(), Caller, Depth + 1, Wrappers);
      if (!T || !F)
        return std::nullopt;
      T->append(F->begin(), F->end());
      return unique(std::move(*T));
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return arithmetic(BO, Caller, Depth, Wrappers);
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ofField(ME, Depth, Wrappers);
    return std::nullopt;
  }

private:
  static std::optional<PossibleValues> unique(PossibleValues V) {
    llvm::sort(V);
    V.erase(std::unique(V.begin(), V.end()), V.end());
    if (V.empty() || V.size() > 64)
      return std::nullopt;
    return V;
  }

  // \p Initial, the values \p V starts with, and what each assignment to
  // it in \p Caller stores: a variable set again before a launch holds one
  // of them there (a superset where an assignment follows the launch).
  std::optional<PossibleValues>
  withAssigned(const VarDecl *V, std::optional<PossibleValues> Initial,
               const FunctionDecl *Caller, unsigned Depth, unsigned Wrappers) {
    std::optional<llvm::SmallVector<const Expr *, 4>> Assigned =
        Initial ? assignedValues(V, Caller, Ctx) : std::nullopt;
    if (!Assigned)
      return std::nullopt;
    for (const Expr *RHS : *Assigned) {
      std::optional<PossibleValues> More = of(RHS, Caller, Depth + 1, Wrappers);
      if (!More)
        return std::nullopt;
      Initial->append(More->begin(), More->end());
    }
    return unique(std::move(*Initial));
  }

  // A parameter of a wrapper its function only reads, or sets only by
  // plain assignments: what each call of the wrapper passes for it, and
  // what it is set to.
  std::optional<PossibleValues> ofParameter(const ParmVarDecl &P,
                                            const FunctionDecl *Caller,
                                            unsigned Depth, unsigned Wrappers) {
    if (Wrappers >= 3 || P.getDeclContext() != Caller ||
        !P.getType()->isIntegerType() || !assignedValues(&P, Caller, Ctx))
      return std::nullopt;
    std::optional<llvm::ArrayRef<HostCallSite>> Calls = Uses.hostCalls(Caller);
    if (!Calls || Calls->empty())
      return std::nullopt;
    unsigned Index = P.getFunctionScopeIndex();
    PossibleValues All;
    for (const HostCallSite &Site : *Calls) {
      unsigned At = Index + Site.ArgOffset;
      if (At >= Site.Call->getNumArgs())
        return std::nullopt;
      std::optional<PossibleValues> V =
          of(Site.Call->getArg(At), Site.Caller, Depth + 1, Wrappers + 1);
      if (!V)
        return std::nullopt;
      All.append(V->begin(), V->end());
    }
    return withAssigned(&P, unique(std::move(All)), Caller, Depth, Wrappers);
  }

  // `cfg.block`, `obj->m_count`: what every write to the field stores,
  // each read in the function that makes it.
  std::optional<PossibleValues> ofField(const MemberExpr *ME, unsigned Depth,
                                        unsigned Wrappers) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    std::optional<llvm::SmallVector<FieldWrite, 4>> Writes =
        F ? fieldWrites(*F, Ctx) : std::nullopt;
    if (!Writes)
      return std::nullopt;
    PossibleValues All;
    for (const FieldWrite &W : *Writes) {
      std::optional<PossibleValues> V = of(W.Value, W.In, Depth + 1, Wrappers);
      if (!V)
        return std::nullopt;
      All.append(V->begin(), V->end());
    }
    return unique(std::move(All));
  }

  // `sizes[j]` on an array of constants only read: each of its elements.
  std::optional<PossibleValues> elements(const ArraySubscriptExpr *Subscript,
                                         const FunctionDecl *Caller) {
    const auto *V = dyn_cast_or_null<VarDecl>(
        readVariable(Subscript->getBase()->IgnoreParenImpCasts()));
    const auto *Init =
        V ? dyn_cast_or_null<InitListExpr>(V->getInit()) : nullptr;
    if (!Init || !V->getType()->isConstantArrayType())
      return std::nullopt;
    bool Local = V->isLocalVarDecl() && !V->isStaticLocal();
    if (!(Local ? arrayOnlyRead(V, Caller->getBody(), Ctx)
                : V->getType().isConstQualified()))
      return std::nullopt;
    PossibleValues All;
    for (const Expr *Element : Init->inits()) {
      std::optional<int64_t> C = integerConstant(Element, Ctx);
      if (!C)
        return std::nullopt;
      All.push_back(*C);
    }
    return unique(std::move(All));
  }

  std::optional<PossibleValues> arithmetic(const BinaryOperator *BO,
                                           const FunctionDecl *Caller,
                                           unsigned Depth, unsigned Wrappers) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op != BO_Add && Op != BO_Sub && Op != BO_Mul && Op != BO_Div &&
        Op != BO_Shl)
      return std::nullopt;
    std::optional<PossibleValues> L =
        of(BO->getLHS(), Caller, Depth + 1, Wrappers);
    std::optional<PossibleValues> R =
        L ? of(BO->getRHS(), Caller, Depth + 1, Wrappers) : std::nullopt;
    if (!R || L->size() * R->size() > 64)
      return std::nullopt;
    PossibleValues All;
    for (int64_t A : *L)
      for (int64_t B : *R) {
        std::optional<int64_t> V = integerOperation(Op, A, B);
        if (!V)
          return std::nullopt;
        All.push_back(*V);
      }
    return unique(std::move(All));
  }

  const KernelUseIndex &Uses;
  ASTContext &Ctx;
};

// The values \p E, an argument or an extent of \p Launch, can hold; the
// label of the `case` the launch is in as a last resort.
std::optional<PossibleValues> valuesAtLaunch(const Expr *E,
                                             const CUDAKernelCallExpr *Launch,
                                             const FunctionDecl *Caller,
                                             const KernelUseIndex &Uses,
                                             ASTContext &Ctx) {
  if (std::optional<PossibleValues> V =
          HostValues(Uses, Ctx).of(E, Caller, 0, 0))
    return V;
  if (std::optional<int64_t> Case = caseValueAt(E, Launch, Caller, Ctx))
    return PossibleValues{*Case};
  return std::nullopt;
}

} // namespace

std::optional<unsigned> blockExtentPassed(const Expr *Arg,
                                          const CUDAKernelCallExpr *Launch,
                                          const FunctionDecl *Caller,
                                          ASTContext &Ctx) {
  std::optional<int64_t> Value = valueAtLaunch(Arg, Launch, Caller, Ctx);
  const CallExpr *Config = Launch->getConfig();
  const ValueDecl *V = readVariable(Arg);
  for (unsigned Dim = 0; Config && Config->getNumArgs() >= 2 && Dim < 3;
       ++Dim) {
    const Expr *Extent = blockExtentSource(Config->getArg(1), Dim);
    if (!Extent)
      continue;
    std::optional<int64_t> X = valueAtLaunch(Extent, Launch, Caller, Ctx);
    if ((V && V == readVariable(Extent)) || (Value && X && *Value == *X))
      return Dim;
  }
  return std::nullopt;
}

std::optional<PossibleValues> integerValuesAtLaunch(
    const ParmVarDecl &Param, const CUDAKernelCallExpr *Launch,
    const FunctionDecl *Caller, const KernelUseIndex &Uses, ASTContext &Ctx) {
  unsigned Index = Param.getFunctionScopeIndex();
  if (!Launch || !Param.getType()->isIntegerType() ||
      Index >= Launch->getNumArgs())
    return std::nullopt;
  return valuesAtLaunch(Launch->getArg(Index), Launch, Caller, Uses, Ctx);
}

std::array<std::optional<PossibleValues>, 3>
extentValuesAtLaunch(const CUDAKernelCallExpr *Launch, unsigned Arg,
                     const FunctionDecl *Caller, const KernelUseIndex &Uses,
                     ASTContext &Ctx) {
  std::array<std::optional<PossibleValues>, 3> Values;
  const CallExpr *Config = Launch->getConfig();
  if (!Config || Config->getNumArgs() <= Arg)
    return Values;
  const Expr *E = Config->getArg(Arg);
  Dim3Source Source = dim3Source(E);
  // A `dim3` variable built once and never assigned to: its constructor.
  while (Source.Var && Caller && Caller->getBody() &&
         onlyRead(Source.Var, Caller, Ctx))
    Source = dim3Source(Source.Var->getInit());
  std::optional<Dim3Extents> Known =
      dim3ExtentsAtLaunch(E, Launch, Caller, Ctx);
  for (unsigned Dim = 0; Dim < 3; ++Dim) {
    if (Source.Ctor) {
      const Expr *A =
          Dim < Source.Ctor->getNumArgs() ? Source.Ctor->getArg(Dim) : nullptr;
      if (!A || isa<CXXDefaultArgExpr>(A))
        Values[Dim] = PossibleValues{1};
      else
        Values[Dim] = valuesAtLaunch(A, Launch, Caller, Uses, Ctx);
    }
    if (!Values[Dim] && Known && (*Known)[Dim])
      Values[Dim] = PossibleValues{*(*Known)[Dim]};
  }
  return Values;
}

std::optional<int64_t> mostWarpsAtLaunch(const CUDAKernelCallExpr *Launch,
                                         const FunctionDecl *Caller,
                                         const KernelUseIndex &Uses,
                                         ASTContext &Ctx) {
  int64_t Extent[2] = {1, 1}; // Blocks, threads per block.
  for (unsigned Arg = 0; Arg < 2; ++Arg)
    for (const std::optional<PossibleValues> &V :
         extentValuesAtLaunch(Launch, Arg, Caller, Uses, Ctx)) {
      if (!V || V->empty())
        return std::nullopt;
      int64_t Most = *std::max_element(V->begin(), V->end());
      if (Most <= 0)
        return std::nullopt;
      // Past a trillion threads the count only says "large".
      constexpr int64_t Large = int64_t(1) << 40;
      Extent[Arg] = Most > Large / Extent[Arg] ? Large : Extent[Arg] * Most;
    }
  constexpr int64_t Lanes = 32;
  return Extent[0] * ((Extent[1] + Lanes - 1) / Lanes);
}

SymRef bindLaunchArguments(const SymRef &E, const FunctionDecl &Kernel,
                           const CUDAKernelCallExpr *Launch,
                           const FunctionDecl *Caller, ASTContext &Ctx) {
  return substitute(E, [&](const SymNode &Leaf) -> SymRef {
    if (Leaf.Kind != SymKind::Uniform)
      return nullptr;
    for (const ParmVarDecl *P : Kernel.parameters()) {
      unsigned Index = P->getFunctionScopeIndex();
      if (Leaf.Id == P && P->getType()->isIntegerType() &&
          Index < Launch->getNumArgs())
        return argumentAtLaunch(Launch->getArg(Index), Launch, Caller, Ctx);
    }
    return nullptr;
  });
}

std::optional<int64_t> integerArgumentAtLaunch(const ParmVarDecl &Param,
                                               const CUDAKernelCallExpr *Launch,
                                               const FunctionDecl *Caller,
                                               ASTContext &Ctx) {
  unsigned Index = Param.getFunctionScopeIndex();
  if (!Launch || !Param.getType()->isIntegerType() ||
      Index >= Launch->getNumArgs())
    return std::nullopt;
  return valueAt(Launch->getArg(Index), Caller, Ctx, 0);
}

Dim3Source dim3Source(const Expr *E) {
  E = E->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyOrMoveConstructor())
      return dim3Source(CE->getArg(0));
    return {CE, nullptr};
  }
  return {nullptr, localVariable(E)};
}

std::optional<Dim3Extents> dim3ExtentsAtLaunch(const Expr *E,
                                               const CUDAKernelCallExpr *Launch,
                                               const FunctionDecl *Caller,
                                               ASTContext &Ctx) {
  Dim3Source Source = dim3Source(E);
  if (Source.Ctor) {
    std::optional<Dim3Extents> Extents = constructed(Source.Ctor, Caller, Ctx);
    for (unsigned Dim = 0; Extents && Dim < Source.Ctor->getNumArgs(); ++Dim)
      if (!(*Extents)[Dim])
        (*Extents)[Dim] =
            caseValueAt(Source.Ctor->getArg(Dim), Launch, Caller, Ctx);
    return Extents;
  }
  const VarDecl *V = Source.Var;
  if (!V || !Caller || !Caller->getBody())
    return std::nullopt;
  std::optional<Dim3Extents> Extents =
      dim3ExtentsAtLaunch(V->getInit(), Launch, Caller, Ctx);
  if (!Extents || !applyFieldAssignments(V, *Extents, Launch, Caller, Ctx))
    return std::nullopt;
  return Extents;
}

std::optional<std::array<int64_t, 3>>
dim3AtLaunch(const Expr *E, const CUDAKernelCallExpr *Launch,
             const FunctionDecl *Caller, ASTContext &Ctx) {
  std::optional<Dim3Extents> Extents =
      dim3ExtentsAtLaunch(E, Launch, Caller, Ctx);
  if (!Extents || !(*Extents)[0] || !(*Extents)[1] || !(*Extents)[2])
    return std::nullopt;
  return std::array<int64_t, 3>{*(*Extents)[0], *(*Extents)[1], *(*Extents)[2]};
}

} // namespace cudalint
