//===--- MissingRestrictCheck.cpp - cudalint ------------------------------===//

#include "MissingRestrictCheck.h"
#include "analysis/CudaAST.h"
#include "analysis/PointerAccesses.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"

#include <optional>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

/// A store through one parameter that forces a load through another to be
/// reissued.
struct ForcedReload {
  const PointerAccess *Store;
  const PointerAccess *Load;
  /// For a reload in straight-line code: the load of the same address
  /// before the store, whose value the compiler could otherwise reuse.
  const PointerAccess *FirstLoad;
  bool InLaterIteration;
};

namespace {

// True when an object of record type \p Record can hold a \p T inside it
// (a field of that type, recursively, or an array of it).
bool recordContains(QualType Record, QualType T, int Depth = 0) {
  const RecordDecl *RD = Record->getAsRecordDecl();
  if (!RD || Depth > 8)
    return true; // Unknown: assume it may.
  RD = RD->getDefinition();
  if (!RD)
    return true;
  if (const auto *CXX = dyn_cast<CXXRecordDecl>(RD))
    for (const CXXBaseSpecifier &Base : CXX->bases())
      if (recordContains(Base.getType(), T, Depth + 1))
        return true;
  for (const FieldDecl *Field : RD->fields()) {
    QualType FT = Field->getType().getCanonicalType();
    while (const ArrayType *AT = FT->getAsArrayTypeUnsafe())
      FT = AT->getElementType().getCanonicalType();
    FT = FT.getUnqualifiedType();
    if (FT == T || FT->isCharType())
      return true;
    if (FT->isRecordType() && recordContains(FT, T, Depth + 1))
      return true;
  }
  return false;
}

// Whether a store through a `A *` may change what a load through a `B *`
// reads, under the type-based aliasing rules the compiler applies: the same
// type, a character type or void on either side, or a struct that contains
// the other type (`float4` holds floats, never an `unsigned`).
bool mayAlias(QualType A, QualType B) {
  A = A.getCanonicalType().getUnqualifiedType();
  B = B.getCanonicalType().getUnqualifiedType();
  if (A == B)
    return true;
  auto IsWildcard = [](QualType T) {
    return T->isVoidType() || T->isCharType() || T->isStdByteType() ||
           T->isDependentType() || T->isUnionType();
  };
  return IsWildcard(A) || IsWildcard(B) ||
         (A->isRecordType() && recordContains(A, B)) ||
         (B->isRecordType() && recordContains(B, A));
}

const Stmt *sharedLoop(const PointerAccess &Store, const PointerAccess &Load) {
  // The innermost loop enclosing both.
  const Stmt *Shared = nullptr;
  for (size_t I = 0; I < Store.Loops.size() && I < Load.Loops.size(); ++I) {
    if (Store.Loops[I] != Load.Loops[I])
      break;
    Shared = Store.Loops[I];
  }
  return Shared;
}

// The first store that forces a load through another parameter to be
// reissued. That happens in two shapes:
//  - in a loop, a store and a load where one of the two addresses is
//    loop-invariant: the value the compiler would keep in a register across
//    iterations (`out[i] += w[k] * in[i + k]`), measured 3.5x on H100;
//  - in straight-line code, an address loaded before the store and loaded
//    again after it (`x = in[i]; out[i] = x; y = in[i] * 2;`).
// A load after a store of a fresh address (a permutation, a grid-stride
// copy) reissues nothing, so it is not reported.
std::optional<ForcedReload> findForcedReload(const PointerAccesses &Accesses) {
  std::optional<ForcedReload> Best;
  auto Consider = [&](ForcedReload Pair) {
    if (!Best || Pair.Store->Order < Best->Store->Order)
      Best = Pair;
  };
  for (const PointerAccess &Store : Accesses.accesses()) {
    if (!Store.IsStore || Store.Param->getType().isRestrictQualified())
      continue;
    for (const PointerAccess &Load : Accesses.accesses()) {
      if (!Load.IsLoad || Load.Param == Store.Param ||
          Load.Param->getType().isRestrictQualified() ||
          !mayAlias(Store.Param->getType()->getPointeeType(),
                    Load.Param->getType()->getPointeeType()))
        continue;
      if (const Stmt *Loop = sharedLoop(Store, Load);
          Loop && !Load.isExclusiveWith(Store) &&
          (Store.InvariantIn.count(Loop) || Load.InvariantIn.count(Loop))) {
        Consider({&Store, &Load, nullptr, true});
        break;
      }
      if (Load.Order <= Store.Order || !Store.mayBeFollowedBy(Load))
        continue;
      for (const PointerAccess &First : Accesses.accesses()) {
        if (First.IsLoad && First.Param == Load.Param &&
            First.Order < Store.Order && First.Address == Load.Address &&
            First.Loops == Load.Loops && First.mayBeFollowedBy(Store) &&
            First.mayBeFollowedBy(Load) &&
            !Accesses.addressChangesBetween(Load, First.Order, Load.Order)) {
          Consider({&Store, &Load, &First, false});
          break;
        }
      }
    }
  }
  return Best;
}

// Every declaration of the kernel, so that the fix-it keeps them in step.
llvm::SmallVector<const FunctionDecl *, 2>
allDeclarations(const FunctionDecl *Kernel) {
  llvm::SmallVector<const FunctionDecl *, 2> Decls;
  if (const FunctionTemplateDecl *Template =
          Kernel->getDescribedFunctionTemplate()) {
    for (const RedeclarableTemplateDecl *R : Template->redecls())
      Decls.push_back(cast<FunctionTemplateDecl>(R)->getTemplatedDecl());
  } else {
    for (const FunctionDecl *R : Kernel->redecls())
      Decls.push_back(R);
  }
  return Decls;
}

bool hasExplicitInstantiation(const FunctionDecl *Kernel) {
  const FunctionTemplateDecl *Template = Kernel->getDescribedFunctionTemplate();
  if (!Template)
    return false;
  for (const FunctionDecl *Spec : Template->specializations()) {
    TemplateSpecializationKind K = Spec->getTemplateSpecializationKind();
    if (K == TSK_ExplicitInstantiationDeclaration ||
        K == TSK_ExplicitInstantiationDefinition)
      return true;
  }
  return false;
}

// Insertions that make one declared parameter `__restrict__` (and `const`
// in what it points to). False when the declaration cannot be edited safely
// (it comes from a macro, or its type is spelled in an unusual way).
bool addParamFixes(const ParmVarDecl *P, bool AddConst, const SourceManager &SM,
                   llvm::SmallVectorImpl<FixItHint> &Fixes) {
  if (P->getType().isRestrictQualified())
    return true;
  const TypeSourceInfo *TSI = P->getTypeSourceInfo();
  if (!TSI)
    return false;
  TypeLoc TL = TSI->getTypeLoc();
  if (auto Qualified = TL.getAs<QualifiedTypeLoc>())
    TL = Qualified.getUnqualifiedLoc();
  if (auto Pointer = TL.getAs<PointerTypeLoc>()) {
    SourceLocation Star = Pointer.getStarLoc();
    if (Star.isInvalid() || Star.isMacroID())
      return false;
    SourceLocation After = Star.getLocWithOffset(1);
    bool Invalid = false;
    const char *Next = SM.getCharacterData(After, &Invalid);
    if (Invalid)
      return false;
    Fixes.push_back(FixItHint::CreateInsertion(
        After,
        isAsciiIdentifierContinue(*Next) ? "__restrict__ " : " __restrict__"));
    if (AddConst) {
      SourceLocation PointeeBegin = Pointer.getPointeeLoc().getBeginLoc();
      if (PointeeBegin.isInvalid() || PointeeBegin.isMacroID())
        return false;
      Fixes.push_back(FixItHint::CreateInsertion(PointeeBegin, "const "));
    }
    return true;
  }
  // A pointer typedef or alias: `fptr p` becomes `fptr __restrict__ p`.
  if (AddConst || !P->getIdentifier() || P->getLocation().isMacroID())
    return false;
  Fixes.push_back(
      FixItHint::CreateInsertion(P->getLocation(), "__restrict__ "));
  return true;
}

std::string quotedList(llvm::ArrayRef<const ParmVarDecl *> Params) {
  std::string Text;
  for (size_t I = 0; I < Params.size(); ++I) {
    if (I)
      Text += I + 1 == Params.size() ? " and " : ", ";
    Text += "'" + Params[I]->getName().str() + "'";
  }
  return Text;
}

// A template kernel is analysed through its first instantiation, whose
// element types are known (a load of a dependent `T` has no lvalue-to-rvalue
// conversion in the pattern). Parameters map across by position.
const FunctionDecl *analysedDefinition(const FunctionDecl *Kernel) {
  if (const FunctionTemplateDecl *Template =
          Kernel->getDescribedFunctionTemplate())
    for (const FunctionDecl *Spec : Template->specializations())
      if (Spec->getTemplateSpecializationKind() != TSK_ExplicitSpecialization &&
          Spec->hasBody() && Spec->getNumParams() == Kernel->getNumParams())
        return Spec;
  return Kernel;
}

// Object pointers only (a function pointer cannot be restrict), and only
// parameters declared as pointers (not a template's `T` that happens to be
// instantiated with one: the fix-it edits what is written).
llvm::SmallVector<const ParmVarDecl *, 4>
restrictablePointers(const FunctionDecl *Kernel, const FunctionDecl *Analysed) {
  llvm::SmallVector<const ParmVarDecl *, 4> Pointers;
  for (const ParmVarDecl *P : Analysed->parameters()) {
    QualType Declared =
        Kernel->getParamDecl(P->getFunctionScopeIndex())->getType();
    if (P->getType()->isPointerType() &&
        P->getType()->getPointeeType()->isObjectType() &&
        Declared->isPointerType())
      Pointers.push_back(P);
  }
  return Pointers;
}

// The pointers only loaded through, that are not already `const T
// *__restrict__`.
llvm::SmallVector<const ParmVarDecl *, 4>
readOnlyPointers(llvm::ArrayRef<const ParmVarDecl *> Pointers,
                 const PointerAccesses &Accesses) {
  llvm::SmallVector<const ParmVarDecl *, 4> ReadOnly;
  for (const ParmVarDecl *P : Pointers)
    if (Accesses.isUsed(P) && !Accesses.isStoredThrough(P) &&
        !Accesses.escapes(P) &&
        !(P->getType()->getPointeeType().isConstQualified() &&
          P->getType().isRestrictQualified()))
      ReadOnly.push_back(P);
  return ReadOnly;
}

// The parameters to mark: used, and not restrict yet.
llvm::SmallVector<const ParmVarDecl *, 4>
pointersToMark(llvm::ArrayRef<const ParmVarDecl *> Pointers,
               const PointerAccesses &Accesses) {
  llvm::SmallVector<const ParmVarDecl *, 4> ToMark;
  for (const ParmVarDecl *P : Pointers)
    if (Accesses.isUsed(P) && !P->getType().isRestrictQualified())
      ToMark.push_back(P);
  return ToMark;
}

struct OverlappingArguments {
  const CUDAKernelCallExpr *Call;
  const ValueDecl *Buffer;
  const ParmVarDecl *First, *Second;
};

// `__restrict__` promises that the arguments never overlap: a launch in
// this file that passes the same buffer twice breaks that promise.
std::optional<OverlappingArguments>
findOverlappingArguments(llvm::ArrayRef<LaunchSite> Launches,
                         llvm::ArrayRef<const ParmVarDecl *> ToMark) {
  for (const LaunchSite &Launch : Launches) {
    const CUDAKernelCallExpr *Call = Launch.Call;
    for (size_t I = 0; I < ToMark.size(); ++I) {
      for (size_t J = I + 1; J < ToMark.size(); ++J) {
        unsigned A = ToMark[I]->getFunctionScopeIndex();
        unsigned B = ToMark[J]->getFunctionScopeIndex();
        if (A >= Call->getNumArgs() || B >= Call->getNumArgs())
          continue;
        const ValueDecl *BaseA = pointerBase(Call->getArg(A));
        if (BaseA && BaseA == pointerBase(Call->getArg(B)))
          return OverlappingArguments{Call, BaseA, ToMark[I], ToMark[J]};
      }
    }
  }
  return std::nullopt;
}

// The insertions that mark \p ToMark in every declaration of the kernel
// (and make the read-only ones point to const where the kernel's type may
// change); none when a declaration cannot be edited.
std::optional<llvm::SmallVector<FixItHint, 8>>
restrictFixes(const FunctionDecl *Kernel,
              llvm::ArrayRef<const ParmVarDecl *> ToMark,
              llvm::ArrayRef<const ParmVarDecl *> ReadOnly, bool MayChangeTypes,
              const SourceManager &SM) {
  llvm::SmallVector<FixItHint, 8> Fixes;
  bool Editable = true;
  for (const FunctionDecl *Decl : allDeclarations(Kernel)) {
    if (Decl->getLocation().isMacroID() ||
        Decl->getNumParams() != Kernel->getNumParams())
      return std::nullopt;
    for (const ParmVarDecl *P : ToMark) {
      QualType Pointee = P->getType()->getPointeeType();
      bool AddConst = MayChangeTypes && llvm::is_contained(ReadOnly, P) &&
                      !Pointee.isConstQualified() && !Pointee->isPointerType();
      Editable &= addParamFixes(Decl->getParamDecl(P->getFunctionScopeIndex()),
                                AddConst, SM, Fixes);
    }
  }
  if (!Editable)
    return std::nullopt;
  return Fixes;
}

} // namespace

MissingRestrictCheck::MissingRestrictCheck(StringRef Name,
                                           tidy::ClangTidyContext *Context)
    : KernelCheck(Name, Context),
      ReadOnlyPointers(
          parseBoolOption(Options.get("ReadOnlyPointers", "false"))) {}

void MissingRestrictCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  // Stored as text: the typed OptionsView accessors are templates whose
  // mangled names differ between compilers, and the plugin must resolve
  // every symbol in the host clang-tidy whichever compiler built us.
  Options.store(Opts, "ReadOnlyPointers", ReadOnlyPointers ? "true" : "false");
}

void MissingRestrictCheck::checkKernel(const FunctionDecl *Kernel,
                                       ASTContext &Ctx) {
  const FunctionDecl *Analysed = analysedDefinition(Kernel);
  llvm::SmallVector<const ParmVarDecl *, 4> Pointers =
      restrictablePointers(Kernel, Analysed);
  if (Pointers.size() < 2)
    return;

  PointerAccesses Accesses(*Analysed, Ctx.getSourceManager());
  std::optional<ForcedReload> Reload = findForcedReload(Accesses);
  llvm::SmallVector<const ParmVarDecl *, 4> ReadOnly =
      readOnlyPointers(Pointers, Accesses);
  if (Reload)
    reportForcedReload(Kernel, *Reload);
  else if (ReadOnlyPointers && !ReadOnly.empty())
    reportReadOnlyPointers(ReadOnly);
  else
    return;

  llvm::SmallVector<const ParmVarDecl *, 4> ToMark =
      pointersToMark(Pointers, Accesses);
  if (ToMark.empty())
    return;
  if (std::optional<OverlappingArguments> Overlap =
          findOverlappingArguments(uses(Ctx).launches(Kernel), ToMark)) {
    diag(Overlap->Call->getBeginLoc(),
         "no fix-it: this launch passes %0 to both %1 and %2, so "
         "'__restrict__' would make the kernel's behaviour undefined",
         DiagnosticIDs::Note)
        << Overlap->Buffer << Overlap->First << Overlap->Second;
    return;
  }
  offerRestrictFix(Kernel, ToMark, ReadOnly, Ctx);
}

void MissingRestrictCheck::reportForcedReload(const FunctionDecl *Kernel,
                                              const ForcedReload &Reload) {
  const ParmVarDecl *Stored = Reload.Store->Param;
  const ParmVarDecl *Loaded = Reload.Load->Param;
  if (Reload.InLaterIteration)
    diag(Kernel->getLocation(),
         "kernel %0 stores through %1 and loads through %2 in the same "
         "loop; without '__restrict__' the compiler must assume they alias, "
         "so it reloads after every store instead of keeping values in "
         "registers (measured up to 3.5x slower on H100)")
        << Kernel << Stored << Loaded;
  else
    diag(Kernel->getLocation(),
         "kernel %0 loads through %2 after storing through %1; without "
         "'__restrict__' the compiler must assume they alias and reload "
         "after the store (measured up to 3.5x slower on H100 when this "
         "happens in a loop)")
        << Kernel << Stored << Loaded;
  diag(Reload.Store->Expr->getBeginLoc(), "store through %0",
       DiagnosticIDs::Note)
      << Stored << Reload.Store->Expr->getSourceRange();
  diag(Reload.Load->Expr->getBeginLoc(),
       Reload.InLaterIteration
           ? "load through %0, repeated after the store in the next "
             "iteration"
           : "load through %0 after the store",
       DiagnosticIDs::Note)
      << Loaded << Reload.Load->Expr->getSourceRange();
  if (Reload.FirstLoad)
    diag(Reload.FirstLoad->Expr->getBeginLoc(),
         "the same address was loaded here, before the store; its value "
         "cannot be reused",
         DiagnosticIDs::Note)
        << Reload.FirstLoad->Expr->getSourceRange();
}

void MissingRestrictCheck::reportReadOnlyPointers(
    llvm::ArrayRef<const ParmVarDecl *> ReadOnly) {
  for (const ParmVarDecl *P : ReadOnly)
    diag(P->getLocation(),
         "pointer parameter %0 is only read; declaring it 'const "
         "__restrict__' lets the compiler use the read-only data path "
         "(no gain measured on H100 when no store precedes the loads)")
        << P;
}

void MissingRestrictCheck::offerRestrictFix(
    const FunctionDecl *Kernel, llvm::ArrayRef<const ParmVarDecl *> ToMark,
    llvm::ArrayRef<const ParmVarDecl *> ReadOnly, ASTContext &Ctx) {
  bool MayChangeTypes =
      uses(Ctx).hasOnlyLaunchUses(Kernel) && !hasExplicitInstantiation(Kernel);
  std::optional<llvm::SmallVector<FixItHint, 8>> Fixes = restrictFixes(
      Kernel, ToMark, ReadOnly, MayChangeTypes, Ctx.getSourceManager());
  if (!Fixes) {
    diag(Kernel->getLocation(),
         "no fix-it: a declaration of %0 is spelled through a macro or an "
         "unusual type; add '__restrict__' to %1 by hand if they never "
         "overlap",
         DiagnosticIDs::Note)
        << Kernel << quotedList(ToMark);
    return;
  }
  diag(Kernel->getLocation(),
       "add '__restrict__' to %0 (and 'const' where only read) if the "
       "arguments never overlap in memory; this is a promise the compiler "
       "relies on, so check every launch",
       DiagnosticIDs::Note)
      << quotedList(ToMark) << *Fixes;
}

} // namespace cudalint
