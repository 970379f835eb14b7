//===--- SharedBankConflictCheck.cpp - cudalint ---------------------------===//

#include "SharedBankConflictCheck.h"
#include "analysis/CudaAST.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

constexpr int64_t MaxPad = 32;

struct ArrayShape {
  llvm::SmallVector<int64_t, 3> Extents;
  QualType Element;
};

std::optional<ArrayShape> shapeOf(const VarDecl *V, const ASTContext &Ctx) {
  ArrayShape S;
  QualType T = V->getType().getCanonicalType();
  while (const auto *CAT = dyn_cast<ConstantArrayType>(T.getTypePtr())) {
    S.Extents.push_back(CAT->getSize().getZExtValue());
    T = CAT->getElementType().getCanonicalType();
  }
  if (S.Extents.empty())
    return std::nullopt;
  S.Element = T;
  return S;
}

// `tile[32][32]`
std::string spelled(const VarDecl *V, const ArrayShape &S, int64_t Pad = 0) {
  std::string Out = V->getName().str();
  for (size_t I = 0; I < S.Extents.size(); ++I)
    Out +=
        "[" +
        std::to_string(S.Extents[I] + (I + 1 == S.Extents.size() ? Pad : 0)) +
        "]";
  return Out;
}

// Why padding the array could change what the program computes, or empty
// when every use is a subscript all the way down to an element.
std::string paddingHazard(const VarDecl *V, ASTContext &Ctx) {
  if (V->hasExternalStorage())
    return "it is an 'extern __shared__' array sized at launch";
  if (!V->isLocalVarDecl())
    return "it is declared at file scope, where other kernels may use it "
           "differently";
  // A `__shared__` array in a function is used only in that function (which
  // may be a helper the kernel calls); anything else may be used anywhere.
  const auto *Owner = dyn_cast<FunctionDecl>(V->getDeclContext());
  for (const DeclRefExpr *Ref :
       referencesTo(V, Owner ? Owner->getBody() : nullptr, Ctx)) {
    const Expr *Cur = Ref;
    QualType T = V->getType();
    while (true) {
      auto Parents = Ctx.getParents(*Cur);
      if (Parents.empty())
        return "it is used in a way cudalint cannot follow";
      const Stmt *P = Parents[0].get<Stmt>();
      if (!P)
        return "it is used in a way cudalint cannot follow";
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
        if (IC->getCastKind() != CK_ArrayToPointerDecay)
          return "it is used in a way cudalint cannot follow";
        Cur = IC;
        continue;
      }
      if (isa<ParenExpr>(P)) {
        Cur = cast<Expr>(P);
        continue;
      }
      const auto *AS = dyn_cast<ArraySubscriptExpr>(P);
      if (!AS ||
          AS->getBase()->IgnoreParenImpCasts() != Cur->IgnoreParenImpCasts()) {
        if (isa<UnaryExprOrTypeTraitExpr>(P))
          return "its size is taken with sizeof";
        if (isa<CallExpr>(P))
          return "it is passed to a function";
        if (isa<UnaryOperator>(P) || isa<BinaryOperator>(P) || isa<CastExpr>(P))
          return "it is used through a pointer";
        return "it is used in a way cudalint cannot follow";
      }
      Cur = AS;
      if (!AS->getType()->isArrayType()) {
        // An element: its address must not be taken.
        auto EP = Ctx.getParents(*AS);
        if (!EP.empty())
          if (const auto *UO = EP[0].get<UnaryOperator>())
            if (UO->getOpcode() == UO_AddrOf)
              return "the address of an element is taken";
        break;
      }
    }
  }
  return "";
}

// The edit that pads the innermost extent of \p V by \p Pad, or nullopt when
// the declaration cannot be rewritten (written by a macro, ...).
std::optional<FixItHint> padEdit(const VarDecl *V, int64_t Pad,
                                 const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  TypeSourceInfo *TSI = V->getTypeSourceInfo();
  if (!TSI)
    return std::nullopt;
  TypeLoc TL = TSI->getTypeLoc();
  std::optional<ConstantArrayTypeLoc> Innermost;
  while (true) {
    TL = TL.IgnoreParens();
    if (auto A = TL.getAs<ConstantArrayTypeLoc>()) {
      Innermost = A;
      TL = A.getElementLoc();
      continue;
    }
    break;
  }
  if (!Innermost)
    return std::nullopt;
  SourceLocation L = Innermost->getLBracketLoc(),
                 R = Innermost->getRBracketLoc();
  if (L.isInvalid() || R.isInvalid() || L.isMacroID() || R.isMacroID() ||
      SM.getFileID(L) != SM.getFileID(R))
    return std::nullopt;
  CharSourceRange Inside =
      CharSourceRange::getCharRange(L.getLocWithOffset(1), R);
  StringRef Text = Lexer::getSourceText(Inside, SM, Ctx.getLangOpts()).trim();
  if (Text.empty())
    return std::nullopt;
  bool Simple = llvm::all_of(Text, [](char C) {
    return isalnum(static_cast<unsigned char>(C)) || C == '_';
  });
  std::string New = (Simple ? Text.str() : "(" + Text.str() + ")") + " + " +
                    std::to_string(Pad);
  return FixItHint::CreateReplacement(Inside, New);
}

// The lane stride of an access in bytes, when it is a constant once the
// array extents are known.
std::optional<int64_t> laneStrideBytes(const MemAccess &A) {
  AffineForm F = affine(A.Offset);
  if (F.NonAffine)
    return std::nullopt;
  SymRef C = F.Coeff[0].toSym();
  return evaluate(*C, [](const SymNode &L) -> std::optional<int64_t> {
    if (L.Kind == SymKind::ArrayDim)
      return L.Value;
    return std::nullopt;
  });
}

} // namespace

SharedBankConflictCheck::SharedBankConflictCheck(
    StringRef Name, tidy::ClangTidyContext *Context)
    : BlockShapeCheck(Name, Context),
      MinDegree(
          std::max(2, std::atoi(Options.get("MinDegree", "2").str().c_str()))) {
}

void SharedBankConflictCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MinDegree", std::to_string(MinDegree));
  BlockShapeCheck::storeOptions(Opts);
}

void SharedBankConflictCheck::checkKernel(const FunctionDecl *Kernel,
                                          ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<LaunchConfig> Launches = launchesOf(Kernel, Ctx);
  std::vector<BlockShape> Shapes = blockShapesOf(Kernel, Launches);

  struct Finding {
    unsigned Degree = 0;
    const MemAccess *Access = nullptr;
    const VarDecl *Array = nullptr;
    std::string TypeName;
  };
  std::map<unsigned, Finding> Findings; // by access location
  struct ArrayFix {
    const VarDecl *Array = nullptr; // the first instance's declaration
    const FunctionDecl *Kernel = nullptr;
    std::set<int64_t> Pads; // pads that work in every instance so far
    std::string Hazard;
    bool Seen = false;
  };
  std::map<unsigned, ArrayFix> Fixes; // by declaration location
  std::vector<WarpSampler> Samplers;
  for (const BlockShape &S : Shapes)
    Samplers.emplace_back(S);

  for (const FunctionDecl *F : analysedInstances(*Kernel)) {
    const KernelModel &M = KernelModel::get(*F);
    std::map<const VarDecl *, std::vector<const MemAccess *>> ByArray;
    for (const MemAccess &A : M.accesses())
      if (A.Space == MemSpace::Shared && !A.IsAtomic)
        if (const auto *V = dyn_cast<VarDecl>(A.Root))
          ByArray[V].push_back(&A);

    auto DegreeUnder = [&](const MemAccess &A, const WhatIf *W) {
      std::optional<unsigned> Min;
      for (const WarpSampler &S : Samplers) {
        std::optional<unsigned> D = bankConflictDegree(A, S, W);
        if (!D)
          return std::optional<unsigned>();
        Min = Min ? std::min(*Min, *D) : *D;
      }
      return Min;
    };

    for (auto &[V, List] : ByArray) {
      bool Conflicted = false;
      std::vector<unsigned> Before;
      for (const MemAccess *A : List) {
        std::optional<unsigned> D = DegreeUnder(*A, nullptr);
        Before.push_back(D.value_or(1));
        if (!D || *D < MinDegree)
          continue;
        Conflicted = true;
        Finding &Fd =
            Findings[SM.getExpansionLoc(A->E->getBeginLoc()).getRawEncoding()];
        if (Fd.Degree >= *D)
          continue;
        Fd.Degree = *D;
        Fd.Access = A;
        Fd.Array = V;
        Fd.TypeName =
            A->Type.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
      }
      if (!Conflicted)
        continue;
      ArrayFix &Fix =
          Fixes[SM.getExpansionLoc(V->getLocation()).getRawEncoding()];
      std::optional<ArrayShape> Shape = shapeOf(V, Ctx);
      std::set<int64_t> Works;
      if (Shape && Shape->Extents.size() >= 2 && !V->hasExternalStorage()) {
        unsigned Level = Shape->Extents.size() - 1;
        for (int64_t Pad = 1; Pad <= MaxPad; ++Pad) {
          WhatIf W;
          W.Extents[{V, Level}] = Shape->Extents[Level] + Pad;
          bool Ok = true;
          for (size_t I = 0; I < List.size() && Ok; ++I) {
            std::optional<unsigned> D = DegreeUnder(*List[I], &W);
            Ok = D && *D < MinDegree && *D <= std::max(1u, Before[I]);
          }
          if (Ok)
            Works.insert(Pad);
        }
      }
      if (!Fix.Seen) {
        Fix.Array = V;
        Fix.Kernel = F;
        Fix.Pads = Works;
        Fix.Seen = true;
      } else {
        std::set<int64_t> Both;
        for (int64_t P : Works)
          if (Fix.Pads.count(P))
            Both.insert(P);
        Fix.Pads = Both;
      }
      if (Fix.Hazard.empty())
        Fix.Hazard = paddingHazard(V, Ctx);
    }
  }

  std::set<unsigned> FixAttached;
  for (auto &[Raw, Fd] : Findings) {
    const MemAccess &A = *Fd.Access;
    // A helper inlined into several kernels is reported once.
    if (!markReported(SourceLocation::getFromRawEncoding(Raw)))
      continue;
    const VarDecl *V = Fd.Array;
    std::optional<ArrayShape> Shape = shapeOf(V, Ctx);
    std::string Decl = Shape ? spelled(V, *Shape) : V->getName().str();
    const char *Verb = A.IsLoad && A.IsStore ? "read and write"
                       : A.IsStore           ? "write"
                                             : "read";
    std::string What;
    std::optional<int64_t> Stride = laneStrideBytes(A);
    int64_t RowBytes = 0;
    if (Shape && Shape->Extents.size() >= 2)
      RowBytes = Shape->Extents.back() *
                 Ctx.getTypeSizeInChars(Shape->Element).getQuantity();
    if (Stride && RowBytes && *Stride == RowBytes)
      What = "one column of '" + Decl + "'";
    else if (Stride && *Stride % 4 == 0 && *Stride != 0 &&
             Shapes.front().X.value_or(32) >= 32)
      What =
          llvm::formatv("'{0}' with lanes {1} words apart", Decl, *Stride / 4);
    else
      What = "'" + Decl + "' at addresses in the same bank";
    ArrayFix &Fix =
        Fixes[SM.getExpansionLoc(V->getLocation()).getRawEncoding()];
    int64_t Pad = Fix.Pads.empty() ? 0 : *Fix.Pads.begin();
    std::string Cost;
    if (Pad && A.Width == 4 && Fd.Degree >= 16)
      Cost = "; padding a tile of 4-byte elements read by columns (32-way) "
             "measured 1.73x on H100";
    else if (Pad && A.Width == 8 && Fd.Degree >= 8)
      Cost = "; padding a tile of 8-byte elements read by columns (16-way) "
             "measured 1.09x on H100";
    std::string Msg = llvm::formatv(
        "{0}-way bank conflict: the threads of a warp {1} {2} ({3}), so "
        "each access is split into {0} shared-memory transactions{4}",
        Fd.Degree, Verb, What, Fd.TypeName, Cost);
    if (Shapes.front().assumed() &&
        A.Offset->key().find("threadIdx.y") != std::string::npos)
      Msg += " (assuming blockDim.x is a multiple of 32)";

    std::optional<FixItHint> Edit;
    if (Pad && Fix.Hazard.empty() && Shape) {
      // Static shared memory is limited to 48 KiB per block.
      int64_t Bytes = Ctx.getTypeSizeInChars(Shape->Element).getQuantity();
      for (size_t I = 0; I < Shape->Extents.size(); ++I)
        Bytes *= Shape->Extents[I] + (I + 1 == Shape->Extents.size() ? Pad : 0);
      int64_t Others = 0;
      llvm::SmallPtrSet<const VarDecl *, 4> Counted;
      for (const MemAccess &O : KernelModel::get(*Fix.Kernel).accesses())
        if (const auto *OV = dyn_cast_or_null<VarDecl>(O.Root))
          if (OV != Fix.Array && O.Space == MemSpace::Shared &&
              !OV->hasExternalStorage() && Counted.insert(OV).second &&
              OV->getType()->isConstantSizeType())
            Others += Ctx.getTypeSizeInChars(OV->getType()).getQuantity();
      if (Bytes + Others > 48 * 1024)
        Fix.Hazard = "the padded array would exceed the 48 KiB of static "
                     "shared memory a block may declare";
    }
    if (Pad && Fix.Hazard.empty() && !FixAttached.count(Raw))
      Edit = padEdit(Fix.Array, Pad, Ctx);
    bool First =
        FixAttached
            .insert(SM.getExpansionLoc(V->getLocation()).getRawEncoding())
            .second;
    {
      // Msg quotes source text (a decltype): an argument, never a format.
      auto D = diag(SourceLocation::getFromRawEncoding(Raw), "%0") << Msg;
      if (Edit && First)
        D << *Edit;
    }
    for (const CallExpr *Call : A.CallStack)
      diag(Call->getExprLoc(), "inlined from this call", DiagnosticIDs::Note);
    if (!First)
      continue;
    if (Pad && Shape) {
      if (Edit)
        diag(V->getLocation(),
             "'%0' declared here; padding its rows to '%1' "
             "removes the conflict",
             DiagnosticIDs::Note)
            << V->getName() << spelled(V, *Shape, Pad);
      else
        diag(V->getLocation(),
             "padding the rows of '%0' to '%1' would remove the conflict; "
             "not applied automatically because %2",
             DiagnosticIDs::Note)
            << V->getName() << spelled(V, *Shape, Pad)
            << (Fix.Hazard.empty() ? "cudalint cannot rewrite its "
                                     "declaration (written by a macro or "
                                     "through a typedef)"
                                   : Fix.Hazard);
    } else if (Shape && Shape->Extents.size() == 1) {
      diag(V->getLocation(),
           "'%0' is indexed by hand: add padding to the row stride in the "
           "index (for example 33 instead of 32 words per row) or swizzle "
           "the column with an XOR of the row",
           DiagnosticIDs::Note)
          << V->getName();
    } else if (V->hasExternalStorage()) {
      diag(V->getLocation(),
           "'%0' is an 'extern __shared__' array: pad the row stride in the "
           "index (for example 33 instead of 32 words per row)",
           DiagnosticIDs::Note)
          << V->getName();
    } else {
      diag(V->getLocation(),
           "no padding of '%0' removes the conflict for every access; "
           "consider an XOR swizzle of the column index",
           DiagnosticIDs::Note)
          << V->getName();
    }
  }
}

} // namespace cudalint
