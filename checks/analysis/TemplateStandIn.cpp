//===--- TemplateStandIn.cpp - template kernels with no instantiation -----===//

#include "TemplateStandIn.h"
#include "CudaAST.h"
#include "ModelBuilder.h"
#include "SpelledLaunches.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cudalint {

namespace {

// A parameter and the arguments it stands for, in the order they are tried.
struct ParamChoices {
  unsigned Index;
  std::vector<QualType> Types;
  std::vector<int64_t> Values;
  size_t size() const { return Types.empty() ? Values.size() : Types.size(); }
};

// Elements of each width a kernel's data comes in: 4 bytes first, the width
// whose figures a message quotes, then 8 and 2 (a half).
std::vector<QualType> elementStandIns(const ASTContext &Ctx) {
  return {Ctx.FloatTy, Ctx.DoubleTy, Ctx.Float16Ty};
}

std::string spelled(QualType T) {
  if (T->isSpecificBuiltinType(BuiltinType::Float16))
    return "half";
  return T.getAsString();
}

// True when \p E names the non-type parameter \p P.
bool mentions(const Stmt *E, const NonTypeTemplateParmDecl *P) {
  if (!E)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (DRE->getDecl() == P)
      return true;
  return llvm::any_of(E->children(),
                      [&](const Stmt *C) { return mentions(C, P); });
}

// The declarations of kind \p D in a kernel body (its local arrays, its
// `static_assert`s).
template <class D>
void collectLocalDecls(const Stmt *S, std::vector<const D *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *Each : DS->decls())
      if (const auto *Found = dyn_cast<D>(Each))
        Out.push_back(Found);
  for (const Stmt *C : S->children())
    collectLocalDecls(C, Out);
}

// What an integral parameter with no default stands for. The extent of a
// one-dimensional shared array is a block's worth of elements (`__shared__ T
// sm[BLOCK]`: 256 or 128); that of a thread's own array, a few items per
// thread (`int items[ITEMS]`: 8 or 4); any other, a tile's side or a count
// (32 or 16).
std::vector<int64_t> valueStandIns(const NonTypeTemplateParmDecl *P,
                                   const FunctionDecl &Kernel,
                                   const ASTContext &Ctx) {
  std::vector<const VarDecl *> Locals;
  collectLocalDecls(Kernel.getBody(), Locals);
  bool BlockWide = false, PerThread = false, Tile = false;
  for (const VarDecl *V : Locals) {
    unsigned Dims = 0;
    bool Sized = false;
    for (QualType T = V->getType(); const ArrayType *AT = Ctx.getAsArrayType(T);
         T = AT->getElementType()) {
      ++Dims;
      if (const auto *DAT = dyn_cast<DependentSizedArrayType>(AT))
        Sized |= mentions(DAT->getSizeExpr(), P);
    }
    bool Shared = V->hasAttr<CUDASharedAttr>();
    BlockWide |= Sized && Dims == 1 && Shared;
    PerThread |= Sized && Dims == 1 && !Shared;
    Tile |= Sized && Dims > 1;
  }
  if (Tile)
    return {32, 16};
  if (BlockWide)
    return {256, 128};
  if (PerThread)
    return {8, 4};
  return {32, 16};
}

bool isIntegralValueParam(const NonTypeTemplateParmDecl *P) {
  QualType T = P->getType();
  return T->isIntegerType() && !T->isBooleanType() && !T->isEnumeralType();
}

// What each parameter of \p TPL stands for; nullopt when one cannot stand
// for anything (a pack, a template template parameter).
std::optional<std::vector<ParamChoices>>
parameterChoices(const TemplateParameterList &TPL, const FunctionDecl &Kernel,
                 const ASTContext &Ctx) {
  std::vector<ParamChoices> Out;
  for (unsigned I = 0; I < TPL.size(); ++I) {
    const NamedDecl *P = TPL.getParam(I);
    if (P->isParameterPack() || isa<TemplateTemplateParmDecl>(P))
      return std::nullopt;
    ParamChoices C{I, {}, {}};
    if (const auto *TP = dyn_cast<TemplateTypeParmDecl>(P)) {
      if (TP->hasDefaultArgument() && !TP->getDefaultArgument()
                                           .getArgument()
                                           .getAsType()
                                           ->isDependentType())
        C.Types = {TP->getDefaultArgument().getArgument().getAsType()};
      else
        C.Types = elementStandIns(Ctx);
    } else if (const auto *VP = dyn_cast<NonTypeTemplateParmDecl>(P)) {
      std::optional<int64_t> Default;
      if (VP->hasDefaultArgument())
        Default = integerConstant(
            VP->getDefaultArgument().getArgument().getAsExpr(), Ctx);
      // A flag or an enumerator with a default stands for it, as a number
      // does (`template <bool WriteProbs = false>`); without one it stays
      // symbolic, a uniform unknown.
      if (Default)
        C.Values = {*Default};
      else if (isIntegralValueParam(VP))
        C.Values = valueStandIns(VP, Kernel, Ctx);
    }
    if (C.size())
      Out.push_back(std::move(C));
  }
  return Out;
}

// False when a `static_assert` of \p Kernel is known to fail under \p S.
bool admits(const TemplateStandIn &S, const FunctionDecl &Kernel,
            const ASTContext &Ctx) {
  std::vector<const StaticAssertDecl *> Asserts;
  collectLocalDecls(Kernel.getBody(), Asserts);
  return llvm::all_of(Asserts, [&](const StaticAssertDecl *SA) {
    std::optional<int64_t> V = standInValue(SA->getAssertExpr(), &S, Ctx);
    return !V || *V != 0;
  });
}

std::optional<int64_t> typeTraitValue(const UnaryExprOrTypeTraitExpr *U,
                                      const TemplateStandIn *S,
                                      const ASTContext &Ctx) {
  QualType T = U->isArgumentType() ? U->getArgumentType()
                                   : U->getArgumentExpr()->getType();
  T = concreteType(T, S, Ctx);
  if (T.isNull() || T->isDependentType() || T->isIncompleteType() ||
      !T->isConstantSizeType())
    return std::nullopt;
  if (U->getKind() == UETT_SizeOf)
    return Ctx.getTypeSizeInChars(T).getQuantity();
  if (U->getKind() == UETT_AlignOf || U->getKind() == UETT_PreferredAlignOf)
    return Ctx.getTypeAlignInChars(T).getQuantity();
  return std::nullopt;
}

std::optional<int64_t> dependentValue(const Expr *E, const TemplateStandIn *S,
                                      const ASTContext &Ctx) {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E))
    return standInValue(C->getSubExpr(), S, Ctx);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<NonTypeTemplateParmDecl>(DRE->getDecl())) {
      auto It = S->Values.find(P->getIndex());
      if (It != S->Values.end() &&
          P->getDepth() == S->Template->getTemplateParameters()->getDepth())
        return It->second;
      return std::nullopt;
    }
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if ((V->isConstexpr() || V->getType().isConstQualified()) && V->getInit())
        return standInValue(V->getInit(), S, Ctx);
    return std::nullopt;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> A = standInValue(BO->getLHS(), S, Ctx);
    std::optional<int64_t> B = standInValue(BO->getRHS(), S, Ctx);
    SymKind Op = model::opOf(BO->getOpcode());
    if (!A || !B || Op == SymKind::Varying || BO->isAssignmentOp())
      return std::nullopt;
    // The model's own folding of constants.
    SymRef Folded = symOp(Op, symConst(*A), symConst(*B));
    if (!Folded->isConst())
      return std::nullopt;
    return Folded->Value;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    std::optional<int64_t> A = standInValue(UO->getSubExpr(), S, Ctx);
    if (!A)
      return std::nullopt;
    switch (UO->getOpcode()) {
    case UO_Minus:
      return -*A;
    case UO_Plus:
      return *A;
    case UO_Not:
      return ~*A;
    case UO_LNot:
      return !*A;
    default:
      return std::nullopt;
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    std::optional<int64_t> C = standInValue(CO->getCond(), S, Ctx);
    if (!C)
      return std::nullopt;
    return standInValue(*C ? CO->getTrueExpr() : CO->getFalseExpr(), S, Ctx);
  }
  if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(E))
    return typeTraitValue(U, S, Ctx);
  if (const auto *UC = dyn_cast<CXXUnresolvedConstructExpr>(E))
    if (UC->getNumArgs() == 1)
      return standInValue(UC->getArg(0), S, Ctx);
  return std::nullopt;
}

// One stand-in per distinct argument list \p Template is used with, each
// argument as written there; none when an argument is neither a type nor an
// integer.
std::vector<TemplateStandIn>
standInsFromUses(const FunctionTemplateDecl &Template) {
  std::vector<TemplateStandIn> Out;
  for (const FunctionDecl *Spec : Template.specializations()) {
    const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
    if (!Args ||
        Spec->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
      continue;
    TemplateStandIn S;
    S.Template = &Template;
    for (unsigned I = 0; I < Args->size(); ++I) {
      const TemplateArgument &A = Args->get(I);
      if (A.getKind() == TemplateArgument::Type &&
          !A.getAsType()->isDependentType())
        S.Types[I] = A.getAsType();
      else if (A.getKind() == TemplateArgument::Integral)
        S.Values[I] = A.getAsIntegral().getExtValue();
      else
        return {};
    }
    appendDistinct(Out, std::move(S));
  }
  return Out;
}

} // namespace

void appendDistinct(std::vector<TemplateStandIn> &Out, TemplateStandIn S) {
  bool Seen = llvm::any_of(Out, [&](const TemplateStandIn &O) {
    return O.Types == S.Types && O.Values == S.Values;
  });
  if (Seen)
    return;
  S.Id = Out.size() + 1;
  Out.push_back(std::move(S));
}

std::string TemplateStandIn::str() const {
  std::vector<std::string> Parts;
  const TemplateParameterList *TPL = Template->getTemplateParameters();
  for (const auto &[I, T] : Types)
    Parts.push_back(TPL->getParam(I)->getName().str() + " = " + spelled(T));
  for (const auto &[I, V] : Values)
    Parts.push_back(TPL->getParam(I)->getName().str() + " = " +
                    std::to_string(V));
  return llvm::join(Parts, ", ");
}

std::vector<TemplateStandIn> templateStandIns(const FunctionDecl &Kernel,
                                              ASTContext &Ctx) {
  const FunctionTemplateDecl *Template = Kernel.getDescribedFunctionTemplate();
  if (!Template || Kernel.getDeclContext()->isDependentContext())
    return {};
  // A library's kernels (CUB's, Thrust's) are not the user's code.
  if (Ctx.getSourceManager().isInSystemHeader(Kernel.getLocation()))
    return {};
  bool Used = false;
  for (const FunctionDecl *Spec : Template->specializations()) {
    if (Spec->hasBody() && !Spec->isDependentContext())
      return {}; // Analysed through its instantiations.
    Used |= Spec->getTemplateSpecializationKind() != TSK_ExplicitSpecialization;
  }
  // Instantiations clang could not build (errors in their bodies) still say
  // what the template is used with: those arguments, not guesses.
  if (Used)
    return standInsFromUses(*Template);
  // Compiler errors elsewhere in the file hide its uses no more than a use
  // in another file does, and only what every stand-in finds is reported;
  // a kernel with an error of its own is not analysed at all
  // (hasParseErrors), nor a declaration that did not parse.
  if (Kernel.isInvalidDecl())
    return {};
  // A launch that names its arguments but did not compile (`k<float, 33>
  // <<<g, b>>>(p)` with `p` of another type) left no specialization: the
  // arguments it spells, not guesses.
  std::vector<TemplateStandIn> Spelled =
      standInsFromSpelledLaunches(*Template, Ctx);
  if (!Spelled.empty())
    return Spelled;
  std::optional<std::vector<ParamChoices>> Choices =
      parameterChoices(*Template->getTemplateParameters(), Kernel, Ctx);
  if (!Choices)
    return {};
  size_t Count = 1;
  for (const ParamChoices &C : *Choices)
    Count = std::max(Count, C.size());
  // Each parameter takes each of its choices in turn, all of them at once:
  // every width is tried without the product of all combinations.
  std::vector<TemplateStandIn> Out;
  for (size_t K = 0; K < Count; ++K) {
    TemplateStandIn S;
    S.Template = Template;
    for (const ParamChoices &C : *Choices) {
      if (!C.Types.empty())
        S.Types[C.Index] = C.Types[K % C.Types.size()];
      else
        S.Values[C.Index] = C.Values[K % C.Values.size()];
    }
    if (!admits(S, Kernel, Ctx))
      continue;
    S.Id = Out.size() + 1;
    Out.push_back(std::move(S));
  }
  return Out;
}

std::string describeStandIns(llvm::ArrayRef<TemplateStandIn> StandIns) {
  if (StandIns.empty())
    return "";
  std::vector<std::string> Parts;
  const TemplateParameterList *TPL =
      StandIns.front().Template->getTemplateParameters();
  auto Describe = [&](unsigned Index, auto Spell) {
    std::vector<std::string> Seen;
    for (const TemplateStandIn &S : StandIns) {
      std::string Text = Spell(S);
      if (llvm::find(Seen, Text) == Seen.end())
        Seen.push_back(Text);
    }
    std::string List = Seen.back();
    if (Seen.size() > 1)
      List = llvm::join(llvm::ArrayRef(Seen).drop_back(), ", ") + " and " +
             Seen.back();
    Parts.push_back(TPL->getParam(Index)->getName().str() + " = " + List);
  };
  for (const auto &[I, T] : StandIns.front().Types)
    Describe(I, [I = I](const TemplateStandIn &S) {
      return spelled(S.Types.at(I));
    });
  for (const auto &[I, V] : StandIns.front().Values)
    Describe(I, [I = I](const TemplateStandIn &S) {
      return std::to_string(S.Values.at(I));
    });
  return llvm::join(Parts, "; ");
}

QualType concreteType(QualType T, const TemplateStandIn *S,
                      const ASTContext &Ctx) {
  if (T.isNull() || !T->isDependentType())
    return T;
  if (!S)
    return QualType();
  QualType C = T.getCanonicalType();
  Qualifiers Q = C.getLocalQualifiers();
  const Type *Ty = C.getTypePtr();
  QualType Out;
  if (const auto *P = dyn_cast<TemplateTypeParmType>(Ty)) {
    auto It = S->Types.find(P->getIndex());
    if (It == S->Types.end() ||
        P->getDepth() != S->Template->getTemplateParameters()->getDepth())
      return QualType();
    Out = It->second;
  } else if (const auto *PT = dyn_cast<PointerType>(Ty)) {
    QualType E = concreteType(PT->getPointeeType(), S, Ctx);
    if (E.isNull())
      return QualType();
    Out = Ctx.getPointerType(E);
  } else if (const auto *RT = dyn_cast<LValueReferenceType>(Ty)) {
    QualType E = concreteType(RT->getPointeeType(), S, Ctx);
    if (E.isNull())
      return QualType();
    Out = Ctx.getLValueReferenceType(E);
  } else if (const auto *AT = dyn_cast<ArrayType>(Ty)) {
    QualType E = concreteType(AT->getElementType(), S, Ctx);
    if (E.isNull())
      return QualType();
    std::optional<int64_t> N;
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      N = CAT->getSize().getZExtValue();
    else if (const auto *DAT = dyn_cast<DependentSizedArrayType>(AT))
      N = standInValue(DAT->getSizeExpr(), S, Ctx);
    else if (isa<IncompleteArrayType>(AT))
      return Ctx.getIncompleteArrayType(E, ArraySizeModifier::Normal, 0);
    if (!N || *N <= 0)
      return QualType();
    Out = Ctx.getConstantArrayType(E, llvm::APInt(64, *N), nullptr,
                                   ArraySizeModifier::Normal, 0);
  } else {
    return QualType();
  }
  return Ctx.getQualifiedType(Out, Q);
}

std::optional<int64_t> standInValue(const Expr *E, const TemplateStandIn *S,
                                    const ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  if (!E->isValueDependent() && !E->isTypeDependent()) {
    if (!E->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    return integerConstant(E, Ctx);
  }
  if (!S)
    return std::nullopt;
  return dependentValue(E, S, Ctx);
}

} // namespace cudalint
