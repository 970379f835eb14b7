//===--- CudaAST.cpp ------------------------------------------------------===//

#include "analysis/CudaAST.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace cudalint {

bool containsStmt(const Stmt *S, const Stmt *Target) {
  return S && (S == Target || llvm::any_of(S->children(), [&](const Stmt *C) {
                 return containsStmt(C, Target);
               }));
}

bool isKernel(const FunctionDecl *FD) {
  return FD && FD->hasAttr<CUDAGlobalAttr>();
}

namespace {
// Looks for the roots of error nodes in a body. One kind is tolerated: a
// `__shared__` object whose initialisation clang refuses (libcu++'s
// `cuda::barrier` has a non-empty destructor; nvcc accepts it), and the
// references to it, which clang turns into bare error nodes. The rest of
// such a kernel is what the user wrote.
class ErrorFinder : public RecursiveASTVisitor<ErrorFinder> {
public:
  explicit ErrorFinder(const ASTContext &Ctx) : Ctx(Ctx) {}
  bool Found = false;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitStmt(Stmt *S) {
    const auto *E = dyn_cast<Expr>(S);
    if (!E || !E->containsErrors())
      return true;
    for (const Stmt *Child : E->children())
      if (const auto *C = dyn_cast_or_null<Expr>(Child);
          C && C->containsErrors())
        return true; // Not the root of the error: the child is.
    Found |= !isToleratedReference(E);
    return !Found;
  }
  bool VisitDecl(Decl *D) {
    if (!D->isInvalidDecl())
      return true;
    const auto *V = dyn_cast<VarDecl>(D);
    if (V && V->hasAttr<CUDASharedAttr>() && V->getType()->isRecordType() &&
        V->getIdentifier())
      Tolerated.insert(V->getName());
    else
      Found = true;
    return !Found;
  }

private:
  bool isToleratedReference(const Expr *E) const {
    const auto *R = dyn_cast<RecoveryExpr>(E);
    if (!R || Tolerated.empty())
      return false;
    if (!R->subExpressions().empty())
      return llvm::all_of(R->subExpressions(), [&](const Expr *Sub) {
        const auto *Ref = dyn_cast<DeclRefExpr>(Sub->IgnoreParens());
        return Ref && Ref->getDecl()->isInvalidDecl() &&
               Tolerated.count(Ref->getDecl()->getName());
      });
    StringRef Text = Lexer::getSourceText(
        CharSourceRange::getTokenRange(R->getSourceRange()),
        Ctx.getSourceManager(), Ctx.getLangOpts());
    return Tolerated.count(Text);
  }
  const ASTContext &Ctx;
  llvm::StringSet<> Tolerated;
};
} // namespace

bool hasParseErrors(const FunctionDecl *FD,
                    ArrayRef<SourceLocation> CompilerErrors) {
  if (!FD || FD->isInvalidDecl())
    return true;
  const Stmt *Body = FD->getBody();
  if (!Body)
    return false;
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  SourceLocation Begin = SM.getExpansionLoc(FD->getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(FD->getEndLoc());
  for (SourceLocation Error : CompilerErrors)
    if (SM.isPointWithin(SM.getExpansionLoc(Error), Begin, End))
      return true;
  ErrorFinder Finder(FD->getASTContext());
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return Finder.Found;
}

// Errors after which clang builds the statement exactly as written: a
// kernel launched from a kernel (dynamic parallelism, which clang 19 does
// not support; the launch is kept and the checks treat it as an opaque
// call), and a C++11 attribute after a CUDA one (`__shared__ alignas(16)
// float a[..]`, which nvcc accepts; clang drops the attribute only), and a
// `__shared__` object clang refuses to construct (whether the kernel is
// still analysable is hasParseErrors' call: only class-type objects, whose
// references are the only error nodes).
bool breaksStatement(const Diagnostic &Error) {
  switch (Error.getID()) {
  case diag::err_attributes_not_allowed:
  case diag::err_shared_var_init:
    return false;
  case diag::err_ref_bad_target:
    // "reference to __global__ function ... in __global__ function": the
    // %select arguments 0 (target), 1 (function) and 3 (caller).
    return !(Error.getRawArg(0) == 1 && Error.getRawArg(1) == 0 &&
             Error.getRawArg(3) == 1);
  default:
    return true;
  }
}

ast_matchers::internal::BindableMatcher<Decl> kernelDefinition() {
  using namespace ast_matchers;
  return functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal),
                      unless(isTemplateInstantiation()));
}

// The lookup an unresolved call in a template's pattern makes, if any.
static const UnresolvedLookupExpr *unresolvedCallee(const CallExpr *CE) {
  const Expr *Callee = CE->getCallee();
  return Callee ? dyn_cast<UnresolvedLookupExpr>(Callee->IgnoreParenImpCasts())
                : nullptr;
}

StringRef calleeName(const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    return FD->getIdentifier() ? FD->getName() : StringRef();
  if (const UnresolvedLookupExpr *ULE = unresolvedCallee(CE))
    if (ULE->getName().isIdentifier())
      return ULE->getName().getAsIdentifierInfo()->getName();
  return StringRef();
}

llvm::SmallVector<const FunctionDecl *, 2> possibleCallees(const CallExpr *CE) {
  llvm::SmallVector<const FunctionDecl *, 2> Out;
  if (const FunctionDecl *FD = CE->getDirectCallee()) {
    Out.push_back(FD);
    return Out;
  }
  const UnresolvedLookupExpr *ULE = unresolvedCallee(CE);
  if (!ULE)
    return Out;
  for (const NamedDecl *D : ULE->decls()) {
    D = D->getUnderlyingDecl();
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FD->hasBody())
        Out.push_back(FD);
    } else if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D)) {
      if (FT->getTemplatedDecl()->hasBody())
        Out.push_back(FT->getTemplatedDecl());
      for (const FunctionDecl *Spec : FT->specializations())
        if (Spec->hasBody())
          Out.push_back(Spec);
    }
  }
  return Out;
}

const FunctionDecl *canonicalKernel(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  if (const FunctionTemplateDecl *Primary = FD->getPrimaryTemplate())
    FD = Primary->getTemplatedDecl();
  else if (const FunctionDecl *Pattern =
               FD->getTemplateInstantiationPattern(/*ForDefinition=*/false))
    FD = Pattern;
  return FD->getCanonicalDecl();
}

const FunctionDecl *enclosingFunction(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  for (unsigned Depth = 0; Depth < 64 && Parents.size() == 1; ++Depth) {
    if (const auto *F = Parents[0].get<FunctionDecl>())
      return F;
    Parents = Ctx.getParents(Parents[0]);
  }
  return nullptr;
}

const Expr *stripNoOps(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
      E = Cast->getSubExpr();
      continue;
    }
    break;
  }
  return E;
}

const ValueDecl *pointerBase(const Expr *E) {
  E = stripNoOps(E);
  if (!E)
    return nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl();
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return Member->getMemberDecl();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp()) {
      if (BO->getLHS()->getType()->isPointerType())
        return pointerBase(BO->getLHS());
      if (BO->getRHS()->getType()->isPointerType())
        return pointerBase(BO->getRHS());
    }
    return nullptr;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf) {
      const Expr *Sub = UO->getSubExpr()->IgnoreParens();
      if (const auto *Sub2 = dyn_cast<ArraySubscriptExpr>(Sub))
        return pointerBase(Sub2->getBase());
    }
    return nullptr;
  }
  return nullptr;
}

namespace {

// The parameter a forwarding call passes on: `std::forward<T>(p)`,
// `std::move(p)` or `p` itself; null otherwise.
const ParmVarDecl *forwardedParameter(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Call->getNumArgs() != 1 || !Callee->isInStdNamespace() ||
        !Callee->getIdentifier() ||
        (Callee->getName() != "forward" && Callee->getName() != "move"))
      return nullptr;
    E = Call->getArg(0)->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
}

// Every call in a body whose callee is a given parameter.
class ParameterCalls : public RecursiveASTVisitor<ParameterCalls> {
public:
  explicit ParameterCalls(const ParmVarDecl *P) : P(P) {}
  bool VisitCallExpr(CallExpr *Call) {
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
    if (Ref && Ref->getDecl() == P)
      Calls.push_back(Call);
    return true;
  }
  llvm::SmallVector<const CallExpr *, 2> Calls;

private:
  const ParmVarDecl *P;
};

// Whether \p F's parameter \p K is only ever called, with F's parameters
// after K passed on in order: a forwarder (`benchmark_kernel(repeats,
// kernel, args...)` calling `kernel(std::forward<Args>(args)...)`).
bool forwardsRestTo(const FunctionDecl &F, unsigned K, ASTContext &Ctx) {
  if (!F.hasBody() || K >= F.getNumParams())
    return false;
  const ParmVarDecl *P = F.getParamDecl(K);
  ParameterCalls Finder(P);
  Finder.TraverseStmt(F.getBody());
  if (Finder.Calls.empty() ||
      referencesTo(P, F.getBody(), Ctx).size() != Finder.Calls.size())
    return false;
  unsigned Rest = F.getNumParams() - K - 1;
  return llvm::all_of(Finder.Calls, [&](const CallExpr *Call) {
    if (Call->getNumArgs() != Rest)
      return false;
    for (unsigned I = 0; I < Rest; ++I)
      if (forwardedParameter(Call->getArg(I)) != F.getParamDecl(K + 1 + I))
        return false;
    return true;
  });
}

// Where an argument names a host function (`run`, `&run`), if it does.
const DeclRefExpr *namedHostFunction(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *FD = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  return FD && !isKernel(FD) ? Ref : nullptr;
}

} // namespace

std::optional<ForwardedCall> forwardedCall(const CallExpr *Call,
                                           ASTContext &Ctx) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return std::nullopt;
  for (unsigned K = 0; K < Call->getNumArgs(); ++K)
    if (const DeclRefExpr *Name = namedHostFunction(Call->getArg(K)))
      if (forwardsRestTo(*Callee, K, Ctx))
        return ForwardedCall{cast<FunctionDecl>(Name->getDecl()), Name, K + 1};
  return std::nullopt;
}

namespace {

class KernelUseCollector : public RecursiveASTVisitor<KernelUseCollector> {
public:
  KernelUseCollector(
      ASTContext &Ctx,
      llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<LaunchSite, 2>>
          &Launches,
      llvm::DenseMap<const FunctionDecl *, bool> &OtherUses,
      llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<HostCallSite, 2>>
          &HostCalls,
      llvm::DenseSet<const FunctionDecl *> &NamedOtherwise,
      llvm::DenseMap<const FunctionDecl *,
                     llvm::SmallPtrSet<const FunctionDecl *, 2>>
          &NamingFunctions,
      const FunctionDecl *&Main)
      : Ctx(Ctx), Launches(Launches), OtherUses(OtherUses),
        HostCalls(HostCalls), NamedOtherwise(NamedOtherwise),
        NamingFunctions(NamingFunctions), Main(Main) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  // System headers launch and name their own kernels, never the user's: a
  // user kernel's launch or use is spelled in user code (an instantiation
  // of a user template included). Skipping them skips most of the AST.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  // The function a launch or a call is in: a free function or a method
  // (a class that launches from its member functions, sizes in members).
  template <typename DeclT, typename TraverseT>
  bool inFunction(DeclT *FD, TraverseT Traverse) {
    const FunctionDecl *Saved = CurrentFunction;
    CurrentFunction = FD;
    bool Result = Traverse(FD);
    CurrentFunction = Saved;
    return Result;
  }
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    if (FD && FD->isMain() && FD->doesThisDeclarationHaveABody())
      Main = FD;
    return inFunction(FD, [this](FunctionDecl *D) {
      return RecursiveASTVisitor::TraverseFunctionDecl(D);
    });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) {
    return inFunction(FD, [this](CXXMethodDecl *D) {
      return RecursiveASTVisitor::TraverseCXXMethodDecl(D);
    });
  }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *FD) {
    return inFunction(FD, [this](CXXConstructorDecl *D) {
      return RecursiveASTVisitor::TraverseCXXConstructorDecl(D);
    });
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    if (const FunctionDecl *Callee = canonicalKernel(launchedKernel(Call)))
      Launches[Callee].push_back({Call, CurrentFunction});
    return true;
  }

  // The kernel a launch names. In a template's pattern a launch of a kernel
  // template with dependent arguments (`k<<<g, b>>>(T_ptr)`) names it only
  // through its lookup: its shape is still what the pattern spells, and it
  // is the only launch in view when the template is not instantiated (or
  // its instantiation failed).
  static const FunctionDecl *launchedKernel(const CUDAKernelCallExpr *Call) {
    if (const FunctionDecl *Direct = Call->getDirectCallee())
      return Direct;
    const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(
        Call->getCallee()->IgnoreParenImpCasts());
    if (!Lookup)
      return nullptr;
    const FunctionDecl *Only = nullptr;
    for (const NamedDecl *D : Lookup->decls()) {
      const FunctionDecl *FD = D->getAsFunction();
      if (!FD || !isKernel(FD) ||
          (Only && canonicalKernel(Only) != canonicalKernel(FD)))
        return nullptr;
      Only = FD;
    }
    return Only;
  }

  // Calls of host functions, so that a value a wrapper passes on to a
  // launch can be followed to its callers. The callee's name is visited
  // after its call (pre-order), so it is known not to be a use otherwise.
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (isa<CUDAKernelCallExpr>(Call) || !Callee || isKernel(Callee))
      return true;
    HostCalls[Callee->getCanonicalDecl()].push_back({Call, CurrentFunction});
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts()))
      CalleeNames.insert(Ref);
    recordForwardedCalls(Call);
    return true;
  }

  // A host function handed to a forwarder with its arguments is called by
  // it with them: its values are still all in view.
  void recordForwardedCalls(const CallExpr *Call) {
    std::optional<ForwardedCall> F = forwardedCall(Call, Ctx);
    if (!F)
      return;
    HostCalls[F->Run->getCanonicalDecl()].push_back(
        {Call, CurrentFunction, F->FirstArg});
    CalleeNames.insert(F->Name);
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl());
    if (FD && !isKernel(FD) && !CalleeNames.contains(Ref))
      NamedOtherwise.insert(FD->getCanonicalDecl());
    if (!isKernel(FD))
      return true;
    NamingFunctions[canonicalKernel(FD)].insert(CurrentFunction);
    if (!isHarmlessUse(Ref))
      OtherUses[canonicalKernel(FD)] = true;
    return true;
  }

  // A template's pattern names a kernel template through its lookup.
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *Lookup) {
    for (const NamedDecl *D : Lookup->decls())
      if (const FunctionDecl *FD = D->getAsFunction(); FD && isKernel(FD))
        NamingFunctions[canonicalKernel(FD)].insert(CurrentFunction);
    return true;
  }

private:
  // A launch callee, or a conversion to `void *` / a template argument
  // deduced from the kernel's own type: none of these spell out the
  // parameter types, so they keep compiling when those types change.
  bool isHarmlessUse(const DeclRefExpr *Ref) {
    const Stmt *Child = Ref;
    for (int Depth = 0; Depth < 4; ++Depth) {
      auto Parents = Ctx.getParents(*Child);
      if (Parents.empty())
        return false;
      const Stmt *Parent = Parents[0].get<Stmt>();
      if (!Parent)
        return false;
      if (const auto *Call = dyn_cast<CUDAKernelCallExpr>(Parent))
        return Call->getCallee()->IgnoreParenImpCasts() == Ref;
      if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Parent))
        return Cast->getType()->isVoidPointerType();
      if (const auto *Call = dyn_cast<CallExpr>(Parent)) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        return Callee && Callee->getPrimaryTemplate();
      }
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent)) {
        if (Cast->getType()->isVoidPointerType())
          return true;
        Child = Parent;
        continue;
      }
      if (isa<ParenExpr>(Parent) || isa<UnaryOperator>(Parent)) {
        Child = Parent;
        continue;
      }
      return false;
    }
    return false;
  }

  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<LaunchSite, 2>>
      &Launches;
  llvm::DenseMap<const FunctionDecl *, bool> &OtherUses;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<HostCallSite, 2>>
      &HostCalls;
  llvm::DenseSet<const FunctionDecl *> &NamedOtherwise;
  llvm::DenseMap<const FunctionDecl *,
                 llvm::SmallPtrSet<const FunctionDecl *, 2>> &NamingFunctions;
  const FunctionDecl *&Main;
  llvm::DenseSet<const DeclRefExpr *> CalleeNames;
  const FunctionDecl *CurrentFunction = nullptr;
};
} // namespace

namespace {
// The host functions that calls made from \p Main reach, directly or not
// (canonical decls).
llvm::DenseSet<const FunctionDecl *> reachedFrom(
    const FunctionDecl *Main,
    const llvm::DenseMap<const FunctionDecl *,
                         llvm::SmallVector<HostCallSite, 2>> &HostCalls) {
  llvm::DenseSet<const FunctionDecl *> Reached{Main->getCanonicalDecl()};
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const auto &[Callee, Sites] : HostCalls)
      if (!Reached.contains(Callee) &&
          llvm::any_of(Sites, [&](const HostCallSite &S) {
            return !S.Caller || Reached.contains(S.Caller->getCanonicalDecl());
          }))
        Grew = Reached.insert(Callee).second || Grew;
  }
  return Reached;
}
} // namespace

KernelUseIndex::KernelUseIndex(ASTContext &Ctx) {
  const FunctionDecl *Main = nullptr;
  KernelUseCollector Collector(Ctx, Launches, OtherUses, HostCalls,
                               NamedOtherwise, NamingFunctions, Main);
  // What this parse declared: declarations a precompiled header holds come
  // from system headers, which the collector passes over (and loading them
  // would cost what the header saved).
  for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
    Collector.TraverseDecl(D);
  if (Main)
    ReachedFromMain = reachedFrom(Main, HostCalls);
}

// A function that the call graph cannot show unreached counts as reached:
// one named other than by a call (a callback), a method (constructors and
// operators run without a CallExpr), a template or its instantiation, a
// kernel or device function (a device-side launch), and code outside any
// function.
bool KernelUseIndex::hostFunctionReachable(const FunctionDecl *F) const {
  if (!ReachedFromMain || !F || isa<CXXMethodDecl>(F) ||
      F->getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
      F->hasAttr<CUDAGlobalAttr>() || F->hasAttr<CUDADeviceAttr>())
    return true;
  const FunctionDecl *Canonical = F->getCanonicalDecl();
  return ReachedFromMain->contains(Canonical) ||
         NamedOtherwise.contains(Canonical);
}

bool KernelUseIndex::isNamedWhereRunsReach(const FunctionDecl *Kernel) const {
  auto It = NamingFunctions.find(canonicalKernel(Kernel));
  if (It == NamingFunctions.end())
    return false;
  return llvm::any_of(It->second, [this](const FunctionDecl *F) {
    return hostFunctionReachable(F);
  });
}

std::optional<llvm::ArrayRef<HostCallSite>>
KernelUseIndex::hostCalls(const FunctionDecl *F) const {
  const FunctionDecl *Canonical = F->getCanonicalDecl();
  if (NamedOtherwise.contains(Canonical))
    return std::nullopt;
  auto It = HostCalls.find(Canonical);
  if (It == HostCalls.end())
    return llvm::ArrayRef<HostCallSite>();
  return llvm::ArrayRef<HostCallSite>(It->second);
}

llvm::ArrayRef<LaunchSite>
KernelUseIndex::launches(const FunctionDecl *Kernel) const {
  auto It = Launches.find(canonicalKernel(Kernel));
  if (It == Launches.end())
    return {};
  return It->second;
}

bool KernelUseIndex::hasOnlyLaunchUses(const FunctionDecl *Kernel) const {
  return !OtherUses.lookup(canonicalKernel(Kernel));
}

bool parseBoolOption(llvm::StringRef Value) {
  return Value.equals_insensitive("true") || Value == "1" ||
         Value.equals_insensitive("on");
}

namespace {
class ReferenceCollector : public RecursiveASTVisitor<ReferenceCollector> {
public:
  explicit ReferenceCollector(const VarDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (DRE->getDecl() == V)
      Refs.push_back(DRE);
    return true;
  }
  llvm::SmallVector<const DeclRefExpr *, 8> Refs;

private:
  const VarDecl *V;
};
} // namespace

llvm::SmallVector<const DeclRefExpr *, 8>
referencesTo(const VarDecl *V, const Stmt *Root, ASTContext &Ctx) {
  ReferenceCollector C(V);
  if (Root)
    C.TraverseStmt(const_cast<Stmt *>(Root));
  else
    C.TraverseAST(Ctx);
  return std::move(C.Refs);
}

CharSourceRange fileRange(SourceRange R, const ASTContext &Ctx) {
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R),
                                  Ctx.getSourceManager(), Ctx.getLangOpts());
}

std::string exactSourceText(SourceRange R, const ASTContext &Ctx) {
  CharSourceRange C = fileRange(R, Ctx);
  if (C.isInvalid())
    return "";
  return Lexer::getSourceText(C, Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

std::optional<int64_t> integerConstant(const Expr *E, const ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx) || R.HasSideEffects)
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

std::optional<int64_t> integerOperation(BinaryOperatorKind Op, int64_t L,
                                        int64_t R) {
  switch (Op) {
  case BO_Add:
    return L + R;
  case BO_Sub:
    return L - R;
  case BO_Mul:
    return L * R;
  case BO_Div:
    return R ? std::optional<int64_t>(L / R) : std::nullopt;
  case BO_Rem:
    return R ? std::optional<int64_t>(L % R) : std::nullopt;
  case BO_And:
    return L & R;
  case BO_Or:
    return L | R;
  case BO_Xor:
    return L ^ R;
  case BO_Shl:
    return R >= 0 && R < 31 ? std::optional<int64_t>(L << R) : std::nullopt;
  case BO_Shr:
    return R >= 0 && R < 63 ? std::optional<int64_t>(L >> R) : std::nullopt;
  case BO_LT:
    return L < R;
  case BO_GT:
    return L > R;
  case BO_LE:
    return L <= R;
  case BO_GE:
    return L >= R;
  case BO_EQ:
    return L == R;
  case BO_NE:
    return L != R;
  default:
    return std::nullopt;
  }
}

bool rangeContains(SourceRange R, SourceLocation L, const SourceManager &SM) {
  return !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), L);
}

namespace {
bool isArithmeticConstant(const Expr *E, double Want, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E->getType()->isArithmeticType() || !E->EvaluateAsRValue(R, Ctx))
    return false;
  if (R.Val.isInt())
    return R.Val.getInt() == static_cast<int64_t>(Want);
  return R.Val.isFloat() && R.Val.getFloat().convertToDouble() == Want;
}
} // namespace

const Expr *integerExponentOfTwo(const CallExpr *CE, const ASTContext &Ctx) {
  if (!CE)
    return nullptr;
  StringRef Name = calleeName(CE);
  unsigned N = CE->getNumArgs();
  const Expr *K = nullptr;
  if ((Name == "exp2f" || Name == "exp2") && N == 1)
    K = CE->getArg(0);
  else if ((Name == "powf" || Name == "pow") && N == 2 &&
           isArithmeticConstant(CE->getArg(0), 2.0, Ctx))
    K = CE->getArg(1);
  else if ((Name == "ldexpf" || Name == "ldexp" || Name == "scalbnf" ||
            Name == "scalbn") &&
           N == 2 && isArithmeticConstant(CE->getArg(0), 1.0, Ctx))
    K = CE->getArg(1);
  if (!K)
    return nullptr;
  // `powf(2, (float)k)`: the exponent before its conversion to floating.
  const Expr *Int = K->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Int))
    Int = Cast->getSubExpr()->IgnoreParenImpCasts();
  return Int->getType()->isIntegerType() ? K : nullptr;
}

bool isLoopStmt(const Stmt *S) {
  return isa_and_nonnull<ForStmt>(S) || isa_and_nonnull<WhileStmt>(S) ||
         isa_and_nonnull<DoStmt>(S) || isa_and_nonnull<CXXForRangeStmt>(S);
}

const Stmt *loopBody(const Stmt *S) {
  if (const auto *Fo = dyn_cast_or_null<ForStmt>(S))
    return Fo->getBody();
  if (const auto *Wh = dyn_cast_or_null<WhileStmt>(S))
    return Wh->getBody();
  if (const auto *Do = dyn_cast_or_null<DoStmt>(S))
    return Do->getBody();
  if (const auto *Range = dyn_cast_or_null<CXXForRangeStmt>(S))
    return Range->getBody();
  return nullptr;
}

std::string sourceText(const Expr *E, const ASTContext &Ctx, size_t Max) {
  if (fileRange(E->getSourceRange(), Ctx).isInvalid())
    return "<expr>";
  std::string S = exactSourceText(E->getSourceRange(), Ctx);
  // Collapse whitespace: messages are one line.
  std::string Out;
  bool Space = false;
  for (char C : S) {
    if (isspace(static_cast<unsigned char>(C))) {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  if (Out.size() > Max)
    Out = Out.substr(0, Max - 3) + "...";
  return Out;
}

const Expr *conditionOf(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *If = dyn_cast<IfStmt>(S))
    return If->getCond();
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getCond();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getCond();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return D->getCond();
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return Sw->getCond();
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(S))
    return CO->getCond();
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return BO->isLogicalOp() ? BO->getLHS() : nullptr;
  return nullptr;
}

SourceLocation includeInsertionPoint(FileID File, const SourceManager &SM) {
  StringRef Buf = SM.getBufferData(File);
  size_t Best = 0, Pos = 0;
  while (Pos < Buf.size()) {
    size_t End = Buf.find('\n', Pos);
    if (End == StringRef::npos)
      End = Buf.size();
    StringRef Line = Buf.slice(Pos, End).ltrim();
    if (Line.starts_with("#") &&
        Line.drop_front().ltrim().starts_with("include"))
      Best = std::min(End + 1, Buf.size());
    Pos = End + 1;
  }
  return SM.getLocForStartOfFile(File).getLocWithOffset(Best);
}

const Expr *soleReturnValue(const FunctionDecl *FD) {
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  const auto *Ret = Body && Body->size() == 1
                        ? dyn_cast<ReturnStmt>(Body->body_front())
                        : nullptr;
  return Ret ? Ret->getRetValue() : nullptr;
}

bool endsCase(const Stmt *S) {
  const Stmt *Last = lastStatement(S);
  return isa_and_nonnull<BreakStmt>(Last) ||
         isa_and_nonnull<ReturnStmt>(Last) ||
         isa_and_nonnull<ContinueStmt>(Last) || isa_and_nonnull<GotoStmt>(Last);
}

std::vector<CaseGroup> switchCaseGroups(const SwitchStmt *Sw) {
  std::vector<CaseGroup> Groups;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Sw->getBody());
  if (!Body)
    return Groups;
  for (const Stmt *S : Body->body()) {
    const Stmt *Inner = S;
    bool Labelled = false, Default = false;
    while (const auto *C = dyn_cast<SwitchCase>(Inner)) {
      Labelled = true;
      Default |= isa<DefaultStmt>(C);
      Inner = C->getSubStmt();
    }
    if (Labelled || Groups.empty())
      Groups.push_back(
          {SourceRange(S->getBeginLoc(), S->getEndLoc()), Default});
    Groups.back().Range.setEnd(S->getEndLoc());
    Groups.back().FallsOnward = !endsCase(Inner);
  }
  return Groups;
}

const Stmt *lastStatement(const Stmt *S) {
  while (const auto *Block = dyn_cast_or_null<CompoundStmt>(S))
    S = Block->body_empty() ? nullptr : Block->body_back();
  return S;
}

bool declaredInLibrary(const Decl *D) {
  for (const DeclContext *DC = D ? D->getDeclContext() : nullptr; DC;
       DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS || !NS->getParent()->isTranslationUnit() || !NS->getIdentifier())
      continue;
    StringRef N = NS->getName();
    if (N == "cub" || N == "thrust" || N == "cutlass" || N == "cute" ||
        N == "cuda" || N.starts_with("__cub") || N.starts_with("__thrust"))
      return true;
  }
  return false;
}

} // namespace cudalint
