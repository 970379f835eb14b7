//===--- CudaNames.cpp - the CUDA functions every check recognises --------===//

#include "CudaNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cudalint {

namespace {

// The outermost namespace \p D is declared in (`cuda` for libcu++'s
// `cuda::std::__4::atomic_ref`), or null.
const NamespaceDecl *outermostNamespace(const Decl *D) {
  const NamespaceDecl *Outer = nullptr;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Outer = NS;
  return Outer;
}

bool inLibcuxx(const Decl *D) {
  const NamespaceDecl *NS = outermostNamespace(D);
  return NS && NS->getIdentifier() && NS->getName() == "cuda";
}

// Declared in namespace `cooperative_groups`, or in one inside it
// (`details`, an inline version namespace).
bool inCooperativeGroups(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getIdentifier() && NS->getName() == "cooperative_groups")
        return true;
  return false;
}

// The lookup an unresolved call in a template's pattern makes, if any.
const UnresolvedLookupExpr *unresolvedLookup(const CallExpr *CE) {
  const Expr *Callee = CE->getCallee();
  return Callee ? dyn_cast<UnresolvedLookupExpr>(Callee->IgnoreParenImpCasts())
                : nullptr;
}

//===--- Atomics ----------------------------------------------------------===//

// `atomicMax_block` -> Max, with its scope.
std::optional<AtomicKind> cudaAtomicKind(StringRef Name, AtomicScope &Scope) {
  if (!Name.consume_front("atomic"))
    return std::nullopt;
  Scope = AtomicScope::Device;
  if (Name.consume_back("_system"))
    Scope = AtomicScope::System;
  else if (Name.consume_back("_block"))
    Scope = AtomicScope::Block;
  return llvm::StringSwitch<std::optional<AtomicKind>>(Name)
      .Case("Add", AtomicKind::Add)
      .Case("Sub", AtomicKind::Sub)
      .Case("Min", AtomicKind::Min)
      .Case("Max", AtomicKind::Max)
      .Case("Inc", AtomicKind::Inc)
      .Case("Dec", AtomicKind::Dec)
      .Case("And", AtomicKind::And)
      .Case("Or", AtomicKind::Or)
      .Case("Xor", AtomicKind::Xor)
      .Case("Exch", AtomicKind::Exch)
      .Case("CAS", AtomicKind::CAS)
      .Default(std::nullopt);
}

// CUDA 12.8's `__nv_atomic_fetch_add(p, v, order, scope)` and kin: the
// kind, and where the scope argument is (CUDA Programming Guide, "Built-in
// atomic functions").
std::optional<AtomicKind> nvAtomicKind(StringRef Name, unsigned &ScopeArg) {
  if (!Name.consume_front("__nv_atomic_"))
    return std::nullopt;
  bool ByValue = Name.consume_back("_n");
  ScopeArg = 3;
  if (Name.consume_front("fetch_"))
    return llvm::StringSwitch<std::optional<AtomicKind>>(Name)
        .Case("add", AtomicKind::Add)
        .Case("sub", AtomicKind::Sub)
        .Case("min", AtomicKind::Min)
        .Case("max", AtomicKind::Max)
        .Case("and", AtomicKind::And)
        .Case("or", AtomicKind::Or)
        .Case("xor", AtomicKind::Xor)
        .Default(std::nullopt);
  if (Name == "load") {
    ScopeArg = ByValue ? 2 : 3;
    return AtomicKind::Load;
  }
  if (Name == "store")
    return AtomicKind::Store;
  if (Name == "exchange") {
    ScopeArg = ByValue ? 3 : 4;
    return AtomicKind::Exch;
  }
  if (Name == "compare_exchange") {
    ScopeArg = 6;
    return AtomicKind::CAS;
  }
  return std::nullopt;
}

// The `__NV_THREAD_SCOPE_*` argument of \p CE at \p Index; system scope
// when there is none or it is not a constant.
AtomicScope nvAtomicScope(const CallExpr *CE, unsigned Index) {
  if (Index >= CE->getNumArgs() || CE->getArg(Index)->isValueDependent())
    return AtomicScope::System;
  std::optional<llvm::APSInt> V = CE->getArg(Index)->getIntegerConstantExpr(
      CE->getCalleeDecl()->getASTContext());
  if (!V)
    return AtomicScope::System;
  switch (V->getExtValue()) { // THREAD, BLOCK, CLUSTER, DEVICE, SYSTEM.
  case 0:
    return AtomicScope::Thread;
  case 1:
    return AtomicScope::Block;
  case 2:
  case 3:
    return AtomicScope::Device;
  default:
    return AtomicScope::System;
  }
}

// What a member of libcu++'s atomic types does, whatever its object.
std::optional<AtomicKind> libcuxxMemberKind(const CXXMethodDecl *MD) {
  if (isa<CXXConversionDecl>(MD))
    return AtomicKind::Load; // `int v = counter;`
  if (MD->isOverloadedOperator()) {
    switch (MD->getOverloadedOperator()) {
    case OO_PlusEqual:
    case OO_PlusPlus:
      return AtomicKind::Add;
    case OO_MinusEqual:
    case OO_MinusMinus:
      return AtomicKind::Sub;
    case OO_AmpEqual:
      return AtomicKind::And;
    case OO_PipeEqual:
      return AtomicKind::Or;
    case OO_CaretEqual:
      return AtomicKind::Xor;
    case OO_Equal:
      return AtomicKind::Store;
    default:
      return std::nullopt;
    }
  }
  if (!MD->getIdentifier())
    return std::nullopt;
  return llvm::StringSwitch<std::optional<AtomicKind>>(MD->getName())
      .Case("fetch_add", AtomicKind::Add)
      .Case("fetch_sub", AtomicKind::Sub)
      .Case("fetch_min", AtomicKind::Min)
      .Case("fetch_max", AtomicKind::Max)
      .Case("fetch_and", AtomicKind::And)
      .Case("fetch_or", AtomicKind::Or)
      .Case("fetch_xor", AtomicKind::Xor)
      .Case("exchange", AtomicKind::Exch)
      .Cases("compare_exchange_weak", "compare_exchange_strong",
             AtomicKind::CAS)
      .Case("load", AtomicKind::Load)
      .Case("store", AtomicKind::Store)
      .Default(std::nullopt);
}

// libcu++'s `thread_scope` argument (`cuda::atomic_ref<T,
// cuda::thread_scope_block>`); system scope when there is none.
AtomicScope libcuxxScope(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() < 2 ||
      Spec->getTemplateArgs()[1].getKind() != TemplateArgument::Integral)
    return AtomicScope::System;
  // The values of cuda::thread_scope (cuda/std/__atomic/scopes.h).
  switch (Spec->getTemplateArgs()[1].getAsIntegral().getZExtValue()) {
  case 1:
    return AtomicScope::Device;
  case 2:
    return AtomicScope::Block;
  case 10:
    return AtomicScope::Thread;
  default:
    return AtomicScope::System;
  }
}

// `ref.fetch_add(v)`, `ref += v`, `counter->fetch_max(v)` on libcu++'s
// atomics.
std::optional<AtomicCall> libcuxxAtomic(const CallExpr *CE,
                                        const CXXMethodDecl *MD) {
  std::optional<AtomicKind> Kind = libcuxxMemberKind(MD);
  if (!Kind)
    return std::nullopt;
  const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
  const Expr *Obj = MC ? MC->getImplicitObjectArgument()
                       : (CE->getNumArgs() ? CE->getArg(0) : nullptr);
  if (!Obj)
    return std::nullopt;
  // The members are declared in base classes: look through the
  // derived-to-base conversion for the type that says what it is.
  Obj = Obj->IgnoreImpCasts();
  QualType ObjType = Obj->getType();
  if (ObjType->isPointerType())
    ObjType = ObjType->getPointeeType();
  bool IsRef = false;
  const TemplateArgument *Value = libcuxxAtomicValue(ObjType, IsRef);
  if (!Value)
    return std::nullopt;
  AtomicCall A{*Kind, libcuxxScope(ObjType)};
  A.Libcuxx = true;
  A.ThroughRef = IsRef;
  A.Address = Obj;
  A.FirstOperand = MC ? 0 : 1;
  A.LibcuxxValue = Value->getAsType();
  A.Callee = MD->getDeclName().getAsString();
  return A;
}

} // namespace

bool declaredByCuda(const FunctionDecl *FD) {
  if (!FD)
    return false;
  if (FD->getBuiltinID() != 0)
    return true;
  // The first declaration: a user's redeclaration of `atomicAdd` after the
  // header's is still CUDA's function; a user's overload is not.
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  return SM.isInSystemHeader(FD->getFirstDecl()->getLocation());
}

StringRef cudaCalleeName(const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    return FD->getIdentifier() && declaredByCuda(FD) ? FD->getName()
                                                     : StringRef();
  const UnresolvedLookupExpr *ULE = unresolvedLookup(CE);
  if (!ULE || !ULE->getName().isIdentifier())
    return StringRef();
  for (const NamedDecl *D : ULE->decls()) {
    D = D->getUnderlyingDecl();
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
      FD = FT->getTemplatedDecl();
    if (declaredByCuda(FD))
      return ULE->getName().getAsIdentifierInfo()->getName();
  }
  return StringRef();
}

bool isDeviceRuntimeCall(const CallExpr *CE) {
  if (isa<CUDAKernelCallExpr>(CE))
    return true;
  return llvm::StringSwitch<bool>(cudaCalleeName(CE))
      .Cases("cudaMalloc", "cudaFree", "malloc", "free", true)
      .Cases("cudaMemcpyAsync", "cudaMemsetAsync", "cudaDeviceSynchronize",
             true)
      .Cases("cudaLaunchDevice", "cudaGetParameterBuffer", true)
      .Default(false);
}

//===--- Atomics ----------------------------------------------------------===//

const TemplateArgument *libcuxxAtomicValue(QualType T, bool &IsRef) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->getIdentifier() || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  IsRef = Spec->getName() == "atomic_ref";
  if (!IsRef && Spec->getName() != "atomic")
    return nullptr;
  if (!inLibcuxx(Spec))
    return nullptr;
  return &Spec->getTemplateArgs()[0];
}

std::optional<AtomicCall> cudaAtomic(const CallExpr *CE) {
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee()))
    return libcuxxAtomic(CE, MD);
  StringRef Name = cudaCalleeName(CE);
  AtomicScope Scope;
  std::optional<AtomicKind> Kind = cudaAtomicKind(Name, Scope);
  unsigned ScopeArg = 0;
  if (!Kind && (Kind = nvAtomicKind(Name, ScopeArg)))
    Scope = nvAtomicScope(CE, ScopeArg);
  if (!Kind)
    return std::nullopt;
  AtomicCall A{*Kind, Scope};
  A.Address = CE->getNumArgs() ? CE->getArg(0) : nullptr;
  A.FirstOperand = 1;
  A.Callee = Name.str();
  return A;
}

std::optional<CachedAccessKind> cudaCachedAccess(const CallExpr *CE) {
  StringRef N = cudaCalleeName(CE);
  if (N.empty() || CE->getNumArgs() == 0 ||
      !CE->getArg(0)->getType()->isPointerType())
    return std::nullopt;
  if (N == "__ldg" || N == "__ldcg" || N == "__ldca" || N == "__ldcs" ||
      N == "__ldlu" || N == "__ldcv")
    return CachedAccessKind::Load;
  if (N == "__stwb" || N == "__stcg" || N == "__stcs" || N == "__stwt")
    return CachedAccessKind::Store;
  return std::nullopt;
}

bool readsModifiesWrites(AtomicKind K) {
  return K != AtomicKind::Load && K != AtomicKind::Store;
}

//===--- Barriers and fences ----------------------------------------------===//

CooperativeGroup cooperativeGroupOf(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() || !inCooperativeGroups(RD))
    return {};
  CooperativeGroup G;
  G.Class = RD->getName();
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    if (Spec->getTemplateArgs().size() > 0 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Integral)
      G.TileSize = Spec->getTemplateArgs()[0].getAsIntegral().getZExtValue();
  return G;
}

namespace {

// `block.sync()`, `cooperative_groups::sync(block)`, a static `sync()`:
// the group from the object, the class of the static member, or the
// argument.
std::optional<BarrierCall> groupSync(const CallExpr *CE,
                                     const FunctionDecl *FD) {
  if (!FD->getIdentifier() || FD->getName() != "sync" ||
      !inCooperativeGroups(FD))
    return std::nullopt;
  QualType T;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    T = MC->getImplicitObjectArgument()->getType();
  else if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    T = FD->getASTContext().getRecordType(MD->getParent());
  else if (CE->getNumArgs() == 1)
    T = CE->getArg(0)->getType();
  BarrierCall B{BarrierKind::Group};
  if (!T.isNull())
    B.Group = cooperativeGroupOf(T);
  return B;
}

// `bar.arrive_and_wait()` on libcu++'s `cuda::barrier`.
bool isLibcuxxBarrierWait(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  return MD && MD->getIdentifier() && MD->getName() == "arrive_and_wait" &&
         inLibcuxx(MD);
}

} // namespace

std::optional<BarrierCall> cudaBarrier(const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee()) {
    if (std::optional<BarrierCall> B = groupSync(CE, FD))
      return B;
    if (isLibcuxxBarrierWait(FD))
      return BarrierCall{BarrierKind::LibcuxxBarrier};
  }
  StringRef N = cudaCalleeName(CE);
  auto Arg = [&](unsigned I) {
    return I < CE->getNumArgs() ? CE->getArg(I) : nullptr;
  };
  if (N == "__syncthreads")
    return BarrierCall{BarrierKind::Block};
  if (N == "__syncthreads_count" || N == "__syncthreads_and" ||
      N == "__syncthreads_or") {
    BarrierCall B{BarrierKind::Block};
    B.Votes = true;
    return B;
  }
  if (N == "__barrier_sync" || N == "__barrier_sync_count") {
    BarrierCall B{BarrierKind::NamedBlock};
    if (N == "__barrier_sync_count")
      B.ThreadCount = Arg(1);
    return B;
  }
  if (N == "__syncwarp") {
    BarrierCall B{BarrierKind::Warp};
    B.Mask = Arg(0);
    return B;
  }
  return std::nullopt;
}

bool isTextureFetch(const CallExpr *CE) {
  StringRef N = cudaCalleeName(CE);
  return N.starts_with("tex") || (N.starts_with("surf") && N.ends_with("read"));
}

bool stopsThread(const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    if (FD->isNoReturn())
      return true;
  return llvm::StringSwitch<bool>(cudaCalleeName(CE))
      .Cases("__trap", "__assert_fail", "__assertfail", true)
      .Default(false);
}

bool isMemoryFence(const CallExpr *CE) {
  StringRef N = cudaCalleeName(CE);
  return N == "__threadfence" || N == "__threadfence_block" ||
         N == "__threadfence_system";
}

bool ordersMemory(const CallExpr *CE) {
  return cudaBarrier(CE) || isMemoryFence(CE);
}

//===--- Warp intrinsics --------------------------------------------------===//

namespace {

std::optional<WarpIntrinsic> freeWarpIntrinsic(StringRef N) {
  using K = WarpIntrinsicKind;
  bool Sync = N.consume_back("_sync");
  std::optional<K> Kind =
      llvm::StringSwitch<std::optional<K>>(N)
          .Case("__shfl", K::Shuffle)
          .Case("__shfl_up", K::ShuffleUp)
          .Case("__shfl_down", K::ShuffleDown)
          .Case("__shfl_xor", K::ShuffleXor)
          .Case("__ballot", K::Ballot)
          .Case("__any", K::Any)
          .Case("__all", K::All)
          .Case("__uni", K::Uni)
          .Case("__activemask", K::ActiveMask)
          .Cases("__reduce_add", "__reduce_min", "__reduce_max", K::Reduce)
          .Cases("__reduce_and", "__reduce_or", "__reduce_xor", K::Reduce)
          .Case("__match_any", K::MatchAny)
          .Case("__match_all", K::MatchAll)
          .Default(std::nullopt);
  // Only the shuffles and the votes had forms without a mask; `__uni`,
  // `__reduce_*` and `__match_*` exist only as `_sync`.
  bool NeedsSync = Kind && (*Kind == K::Uni || *Kind == K::Reduce ||
                            *Kind == K::MatchAny || *Kind == K::MatchAll);
  if (!Kind || (*Kind == K::ActiveMask && Sync) || (NeedsSync && !Sync))
    return std::nullopt;
  return WarpIntrinsic{*Kind, Sync, /*GroupMember=*/false};
}

// `tile.shfl_down(v, 1)`, `tile.ballot(p)` on a cooperative group.
std::optional<WarpIntrinsic> groupWarpIntrinsic(const CXXMethodDecl *MD) {
  using K = WarpIntrinsicKind;
  if (!MD->getIdentifier() || !inCooperativeGroups(MD))
    return std::nullopt;
  std::optional<K> Kind = llvm::StringSwitch<std::optional<K>>(MD->getName())
                              .Case("shfl", K::Shuffle)
                              .Case("shfl_up", K::ShuffleUp)
                              .Case("shfl_down", K::ShuffleDown)
                              .Case("shfl_xor", K::ShuffleXor)
                              .Case("ballot", K::Ballot)
                              .Case("any", K::Any)
                              .Case("all", K::All)
                              .Case("match_any", K::MatchAny)
                              .Case("match_all", K::MatchAll)
                              .Default(std::nullopt);
  if (!Kind)
    return std::nullopt;
  return WarpIntrinsic{*Kind, /*TakesMask=*/false, /*GroupMember=*/true};
}

} // namespace

bool isShuffle(WarpIntrinsicKind K) {
  return K == WarpIntrinsicKind::Shuffle || K == WarpIntrinsicKind::ShuffleUp ||
         K == WarpIntrinsicKind::ShuffleDown ||
         K == WarpIntrinsicKind::ShuffleXor;
}

bool givesEveryLaneOneResult(WarpIntrinsicKind K) {
  return K == WarpIntrinsicKind::Ballot || K == WarpIntrinsicKind::Any ||
         K == WarpIntrinsicKind::All || K == WarpIntrinsicKind::Uni ||
         K == WarpIntrinsicKind::Reduce || K == WarpIntrinsicKind::MatchAll;
}

std::optional<WarpIntrinsic> cudaWarpIntrinsic(const CallExpr *CE) {
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee()))
    return groupWarpIntrinsic(MD);
  return freeWarpIntrinsic(cudaCalleeName(CE));
}

} // namespace cudalint
