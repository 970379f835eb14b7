//===--- SpelledLaunches.cpp - launches the parse dropped --------------===//

#include "SpelledLaunches.h"
#include "CudaAST.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <optional>

using namespace clang;

namespace cudalint {

namespace {

using Tokens = llvm::SmallVector<Token, 4>;

// The template arguments between the `<` at \p Open and its `>`, split at
// the commas outside brackets, when a `<<<` follows that `>`.
std::optional<llvm::SmallVector<Tokens, 4>>
launchArguments(llvm::ArrayRef<Token> Toks, size_t Open) {
  llvm::SmallVector<Tokens, 4> Args(1);
  int Angles = 1, Parens = 0;
  for (size_t I = Open + 1; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    if (T.isOneOf(tok::l_paren, tok::l_square))
      ++Parens;
    else if (T.isOneOf(tok::r_paren, tok::r_square))
      --Parens;
    else if (Parens == 0 && T.is(tok::less))
      ++Angles;
    else if (Parens == 0 && T.isOneOf(tok::greater, tok::greatergreater))
      Angles -= T.is(tok::greater) ? 1 : 2;
    else if (Parens == 0 && Angles == 1 && T.is(tok::comma)) {
      Args.emplace_back();
      continue;
    }
    if (Angles < 0 || Parens < 0 || T.isOneOf(tok::semi, tok::l_brace))
      return std::nullopt;
    if (Angles == 0) {
      bool Launch = I + 1 < Toks.size() && Toks[I + 1].is(tok::lesslessless);
      return Launch ? std::optional(Args) : std::nullopt;
    }
    Args.back().push_back(T);
  }
  return std::nullopt;
}

std::string spelling(const Tokens &Arg, const ASTContext &Ctx) {
  std::string S;
  for (const Token &T : Arg) {
    if (!S.empty())
      S += ' ';
    S += Lexer::getSpelling(T, Ctx.getSourceManager(), Ctx.getLangOpts());
  }
  return S;
}

// The declaration \p Name refers to at file scope, if it is one.
const NamedDecl *fileScopeDecl(StringRef Name, ASTContext &Ctx) {
  auto Found = Ctx.getTranslationUnitDecl()->lookup(
      DeclarationName(&Ctx.Idents.get(Name)));
  return Found.isSingleResult() ? Found.front() : nullptr;
}

// The type a template argument spells: a builtin type's keywords, or the
// name of a type declared at file scope (`half`, `float4`, a typedef).
std::optional<QualType> spelledType(const Tokens &Arg, ASTContext &Ctx) {
  static const std::pair<const char *, int> Builtins[] = {
      {"float", 0},       {"double", 1},
      {"int", 2},         {"unsigned int", 3},
      {"unsigned", 3},    {"char", 4},
      {"signed char", 5}, {"unsigned char", 6},
      {"short", 7},       {"unsigned short", 8},
      {"long", 9},        {"unsigned long", 10},
      {"long long", 11},  {"unsigned long long", 12},
      {"bool", 13}};
  const QualType Types[] = {Ctx.FloatTy,
                            Ctx.DoubleTy,
                            Ctx.IntTy,
                            Ctx.UnsignedIntTy,
                            Ctx.CharTy,
                            Ctx.SignedCharTy,
                            Ctx.UnsignedCharTy,
                            Ctx.ShortTy,
                            Ctx.UnsignedShortTy,
                            Ctx.LongTy,
                            Ctx.UnsignedLongTy,
                            Ctx.LongLongTy,
                            Ctx.UnsignedLongLongTy,
                            Ctx.BoolTy};
  std::string S = spelling(Arg, Ctx);
  for (const auto &[Name, Index] : Builtins)
    if (S == Name)
      return Types[Index];
  if (Arg.size() != 1 || !Arg[0].is(tok::raw_identifier))
    return std::nullopt;
  if (const auto *TD = dyn_cast_or_null<TypeDecl>(fileScopeDecl(S, Ctx)))
    return Ctx.getTypeDeclType(TD);
  return std::nullopt;
}

// The integer a template argument spells: a literal (signed), a constant
// declared at file scope, an enumerator.
std::optional<int64_t> spelledInteger(const Tokens &Arg, ASTContext &Ctx) {
  bool Negative = !Arg.empty() && Arg[0].is(tok::minus);
  llvm::ArrayRef<Token> Rest = llvm::ArrayRef(Arg).drop_front(Negative);
  if (Rest.size() != 1)
    return std::nullopt;
  std::optional<int64_t> V;
  if (Rest[0].is(tok::numeric_constant)) {
    StringRef Text(Rest[0].getLiteralData(), Rest[0].getLength());
    Text = Text.rtrim("uUlL");
    uint64_t U;
    if (!Text.getAsInteger(0, U))
      V = static_cast<int64_t>(U);
  } else if (Rest[0].is(tok::raw_identifier)) {
    const NamedDecl *D = fileScopeDecl(Rest[0].getRawIdentifier(), Ctx);
    if (const auto *E = dyn_cast_or_null<EnumConstantDecl>(D))
      V = E->getInitVal().getExtValue();
    else if (const auto *Var = dyn_cast_or_null<VarDecl>(D))
      if (Var->getType().isConstQualified() && Var->getInit())
        V = integerConstant(Var->getInit(), Ctx);
  }
  if (V && Negative)
    V = -*V;
  return V;
}

// The stand-in one spelled launch gives, if every parameter is resolved.
std::optional<TemplateStandIn> standInOf(const FunctionTemplateDecl &Template,
                                         llvm::ArrayRef<Tokens> Args,
                                         ASTContext &Ctx) {
  const TemplateParameterList *TPL = Template.getTemplateParameters();
  if (Args.size() > TPL->size() || (Args.size() == 1 && Args[0].empty()))
    return std::nullopt;
  TemplateStandIn S;
  S.Template = &Template;
  for (unsigned I = 0; I < TPL->size(); ++I) {
    const NamedDecl *P = TPL->getParam(I);
    if (const auto *TP = dyn_cast<TemplateTypeParmDecl>(P)) {
      std::optional<QualType> T =
          I < Args.size() ? spelledType(Args[I], Ctx)
          : TP->hasDefaultArgument()
              ? std::optional(
                    TP->getDefaultArgument().getArgument().getAsType())
              : std::nullopt;
      if (!T || T->isNull() || (*T)->isDependentType())
        return std::nullopt;
      S.Types[I] = *T;
      continue;
    }
    const auto *NP = dyn_cast<NonTypeTemplateParmDecl>(P);
    if (!NP || !NP->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    std::optional<int64_t> V;
    if (I < Args.size())
      V = spelledInteger(Args[I], Ctx);
    else if (NP->hasDefaultArgument())
      V = integerConstant(NP->getDefaultArgument().getArgument().getAsExpr(),
                          Ctx);
    if (!V)
      return std::nullopt;
    S.Values[I] = *V;
  }
  return S;
}

} // namespace

std::vector<TemplateStandIn>
standInsFromSpelledLaunches(const FunctionTemplateDecl &Template,
                            ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  std::optional<llvm::MemoryBufferRef> Buf = SM.getBufferOrNone(Main);
  StringRef Name = Template.getName();
  if (!Buf || Name.empty() || !Buf->getBuffer().contains(Name))
    return {};
  Lexer Lex(SM.getLocForStartOfFile(Main), Ctx.getLangOpts(),
            Buf->getBufferStart(), Buf->getBufferStart(), Buf->getBufferEnd());
  std::vector<Token> Toks;
  Token T;
  while (true) {
    Lex.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    Toks.push_back(T);
  }
  std::vector<TemplateStandIn> Out;
  for (size_t I = 0; I + 1 < Toks.size(); ++I) {
    if (!Toks[I].is(tok::raw_identifier) ||
        Toks[I].getRawIdentifier() != Name || !Toks[I + 1].is(tok::less))
      continue;
    auto Args = launchArguments(Toks, I + 1);
    if (!Args)
      continue;
    std::optional<TemplateStandIn> S = standInOf(Template, *Args, Ctx);
    if (!S)
      return {}; // A launch cudalint cannot read: no choice is sure.
    appendDistinct(Out, std::move(*S));
  }
  return Out;
}

} // namespace cudalint
