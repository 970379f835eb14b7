//===--- UncoalescedAccessSwap.cpp - the x/y swap remedy's edits --------===//

#include "UncoalescedAccessSwap.h"
#include "analysis/CudaAST.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cudalint {

// `x` for `y` and `y` for `x` in every x/y built-in.
llvm::SmallVector<FixItHint, 8> builtinSwapEdits(const KernelModel &M) {
  llvm::SmallVector<FixItHint, 8> Edits;
  for (const BuiltinUse &U : M.builtinUses())
    if (U.Dim <= 1)
      Edits.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(U.MemberLoc), U.Dim == 0 ? "y" : "x"));
  return Edits;
}

namespace {

// A dim3 variable must not configure anything but launches (and the block
// variable the grid's extents).
bool configuresOnlyLaunches(const VarDecl *Var, const LaunchConfig &L,
                            llvm::ArrayRef<LaunchConfig> Launches,
                            ASTContext &Ctx) {
  // A launch whose function is not known: its variable's other uses are not.
  if (!L.Caller)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const DeclRefExpr *Ref : referencesTo(Var, L.Caller->getBody(), Ctx)) {
    bool InALaunch = llvm::any_of(Launches, [&](const LaunchConfig &O) {
      return rangeContains(O.Call->getConfig()->getSourceRange(),
                           Ref->getBeginLoc(), SM);
    });
    bool InGridArgs =
        Var == L.BlockVar && L.GridCtor &&
        rangeContains(L.GridCtor->getSourceRange(), Ref->getBeginLoc(), SM);
    if (!InALaunch && !InGridArgs)
      return false;
  }
  return true;
}

// `(n + block.x - 1) / block.x` follows the block's swapped extents: the x
// and y members of \p BlockVar swapped in \p S.
std::string swapBlockMembers(std::string S, const VarDecl *BlockVar) {
  if (!BlockVar)
    return S;
  std::string N = BlockVar->getName().str();
  std::string Out;
  for (size_t I = 0; I < S.size();) {
    if (S.compare(I, N.size() + 2, N + ".x") == 0 ||
        S.compare(I, N.size() + 2, N + ".y") == 0) {
      bool Boundary = I == 0 || !(isalnum(S[I - 1]) || S[I - 1] == '_');
      size_t End = I + N.size() + 2;
      bool EndOk = End >= S.size() || !(isalnum(S[End]) || S[End] == '_');
      if (Boundary && EndOk) {
        Out += N + (S[I + N.size() + 1] == 'x' ? ".y" : ".x");
        I = End;
        continue;
      }
    }
    Out += S[I++];
  }
  return Out;
}

// Replacements that swap the first two extents of \p Ctor (the grid's or
// the block's of launch \p L, held in \p Var if any); false when the
// launch cannot be rewritten.
bool swapExtents(const LaunchConfig &L, const CXXConstructExpr *Ctor,
                 const VarDecl *Var, llvm::ArrayRef<LaunchConfig> Launches,
                 ASTContext &Ctx, llvm::SmallVectorImpl<FixItHint> &Edits) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  CharSourceRange R0 = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Ctor->getArg(0)->getSourceRange()), SM,
      LO);
  CharSourceRange R1 = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Ctor->getArg(1)->getSourceRange()), SM,
      LO);
  if (R0.isInvalid() || R1.isInvalid())
    return false;
  if (Var && !configuresOnlyLaunches(Var, L, Launches, Ctx))
    return false;
  std::string T0 = Lexer::getSourceText(R0, SM, LO).str();
  std::string T1 = Lexer::getSourceText(R1, SM, LO).str();
  if (Var == L.GridVar || (!Var && Ctor == L.GridCtor)) {
    T1 = swapBlockMembers(T1, L.BlockVar);
    T0 = swapBlockMembers(T0, L.BlockVar);
  }
  if (T0 == T1)
    return true;
  // The first extent gets T1 and the second T0.
  Edits.push_back(FixItHint::CreateReplacement(R0, T1));
  Edits.push_back(FixItHint::CreateReplacement(R1, T0));
  return true;
}

} // namespace

// The launches with the two extents of the grid and of the block swapped;
// none when one of them cannot be rewritten.
std::optional<llvm::SmallVector<FixItHint, 8>>
swappedLaunchEdits(llvm::ArrayRef<LaunchConfig> Launches, ASTContext &Ctx) {
  llvm::SmallVector<FixItHint, 8> Edits;
  llvm::SmallPtrSet<const CXXConstructExpr *, 4> Done;
  for (const LaunchConfig &L : Launches) {
    if (!L.GridCtor || !L.BlockCtor)
      return std::nullopt;
    for (auto [Ctor, Var] :
         {std::pair(L.GridCtor, L.GridVar), std::pair(L.BlockCtor, L.BlockVar)})
      if (Done.insert(Ctor).second &&
          !swapExtents(L, Ctor, Var, Launches, Ctx, Edits))
        return std::nullopt;
  }
  return Edits;
}

} // namespace cudalint
