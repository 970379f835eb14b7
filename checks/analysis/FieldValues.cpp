//===--- FieldValues.cpp --------------------------------------------------===//

#include "FieldValues.h"
#include "CudaAST.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cudalint {

namespace {

// The expression that uses \p E, past parentheses and casts that keep it.
const Stmt *userOf(const Expr *E, ASTContext &Ctx, const Expr *&Used) {
  Used = E;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Used);
    const auto *P = Parents.size() == 1 ? Parents[0].get<Expr>() : nullptr;
    const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P);
    if (!isa_and_nonnull<ParenExpr>(P) &&
        !(Cast && Cast->getCastKind() == CK_NoOp))
      return P;
    Used = P;
  }
}

class FieldWriteCollector : public RecursiveASTVisitor<FieldWriteCollector> {
public:
  FieldWriteCollector(const FieldDecl &F, ASTContext &Ctx)
      : F(F), Record(F.getParent()), Ctx(Ctx) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->getMemberDecl() != &F)
      return true;
    const Expr *Used = nullptr;
    const Stmt *User = userOf(ME, Ctx, Used);
    if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(User);
        Cast && Cast->getCastKind() == CK_LValueToRValue)
      return true;
    const auto *BO = dyn_cast_or_null<BinaryOperator>(User);
    if (BO && BO->getOpcode() == BO_Assign && BO->getLHS() == Used)
      return add(BO->getRHS(), enclosingFunction(*BO, Ctx));
    return fail();
  }

  bool VisitCXXConstructorDecl(CXXConstructorDecl *C) {
    if (C->getParent() != Record || !C->doesThisDeclarationHaveABody())
      return true;
    for (const CXXCtorInitializer *Init : C->inits())
      if (Init->getMember() == &F && Init->isWritten())
        add(Init->getInit(), C);
    return true;
  }

  bool VisitInitListExpr(InitListExpr *ILE) {
    const auto *RT = ILE->getType()->getAs<RecordType>();
    if (!RT || RT->getDecl() != Record || !ILE->isSemanticForm())
      return true;
    unsigned Index = F.getFieldIndex();
    if (Index >= ILE->getNumInits() ||
        isa<ImplicitValueInitExpr>(ILE->getInit(Index)))
      return fail();
    return add(ILE->getInit(Index), enclosingFunction(*ILE, Ctx));
  }

  // The record written through a pointer of another type (`fread(&cfg,
  // ...)`, `memcpy(p, ...)`).
  bool VisitCastExpr(CastExpr *CE) {
    if (CE->getCastKind() == CK_BitCast && pointsToRecord(CE->getSubExpr()))
      return fail();
    return true;
  }

  // A record filled or built by a function whose body is not in view.
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (Callee && Callee->hasBody())
      return true;
    if (isRecord(CE->getType()))
      return fail();
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      const Expr *Obj = MC->getImplicitObjectArgument();
      const auto *M = MC->getMethodDecl();
      if (Obj && (isRecord(Obj->getType()) || pointsToRecord(Obj)) &&
          !(M && M->isConst()))
        return fail();
    }
    for (const Expr *Arg : CE->arguments())
      if (pointsToRecord(Arg) ||
          (Arg->isGLValue() && isRecord(Arg->getType()) &&
           !Arg->getType().isConstQualified()))
        return fail();
    return true;
  }

  std::optional<llvm::SmallVector<FieldWrite, 4>> writes() {
    if (const Expr *Default = F.getInClassInitializer())
      add(Default, nullptr);
    if (Failed || Writes.empty())
      return std::nullopt;
    return Writes;
  }

private:
  bool isRecord(QualType T) const {
    const auto *RT = T->getAs<RecordType>();
    return RT && RT->getDecl() == Record;
  }
  bool pointsToRecord(const Expr *E) const {
    QualType T = E->getType();
    return T->isPointerType() && isRecord(T->getPointeeType());
  }
  bool add(const Expr *Value, const FunctionDecl *In) {
    Writes.push_back({Value, In});
    return true;
  }
  bool fail() {
    Failed = true;
    return false;
  }

  const FieldDecl &F;
  const RecordDecl *Record;
  ASTContext &Ctx;
  llvm::SmallVector<FieldWrite, 4> Writes;
  bool Failed = false;
};

} // namespace

std::optional<llvm::SmallVector<FieldWrite, 4>> fieldWrites(const FieldDecl &F,
                                                            ASTContext &Ctx) {
  if (!F.getType()->isIntegerType() || F.isBitField() ||
      F.getParent()->isUnion())
    return std::nullopt;
  FieldWriteCollector C(F, Ctx);
  C.TraverseAST(Ctx);
  return C.writes();
}

} // namespace cudalint
