//===--- ModelCalls.cpp - calls, intrinsics, barriers, inlining -----------===//
//
// What a call gives and does: cooperative groups' rank and index queries,
// barriers, the load/store/atomic intrinsics (recorded as accesses), warp
// shuffles, and `__device__` helpers, which are inlined with their
// arguments' values up to MaxInlineDepth deep. Any other call is an opaque
// value, thread-dependent unless it is a pure function of uniform arguments.
//
//===----------------------------------------------------------------------===//

#include "ModelBuilder.h"

#include "CudaAST.h"
#include "CudaNames.h"
#include "InlinedHelpers.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalint {
using namespace model;

namespace {

SymRef linearThread() {
  return symBuiltin(SymKind::ThreadIdx, 0) +
         symBuiltin(SymKind::BlockDim, 0) *
             (symBuiltin(SymKind::ThreadIdx, 1) +
              symBuiltin(SymKind::BlockDim, 1) *
                  symBuiltin(SymKind::ThreadIdx, 2));
}

SymRef blockSize() {
  return symBuiltin(SymKind::BlockDim, 0) * symBuiltin(SymKind::BlockDim, 1) *
         symBuiltin(SymKind::BlockDim, 2);
}

bool isMinOrMax(StringRef Name) {
  return Name == "min" || Name == "max" || Name == "umin" || Name == "umax" ||
         Name == "llmin" || Name == "llmax" || Name == "ullmin" ||
         Name == "ullmax";
}

bool anyThreadDependent(llvm::ArrayRef<Value> Vs) {
  return llvm::any_of(Vs, [](const Value &V) { return V.threadDependent(); });
}

} // namespace

//===--- Cooperative groups and barriers ----------------------------------===//

Value ModelBuilder::builtinDim3(SymKind K) {
  if (K == SymKind::ThreadIdx || K == SymKind::BlockDim)
    M.MultiDim = true; // `dim3 t = threadIdx;`, `block.thread_index()`
  Value V;
  V.Kind = Value::Dim3;
  for (unsigned I = 0; I < 3; ++I)
    V.D[I] = symBuiltin(K, I);
  return V;
}

bool model::isGroupQuery(const CallExpr *CE) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
  const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts());
  if (!MD || !ME || !MD->getIdentifier())
    return false;
  static const StringRef Queries[] = {"size",
                                      "num_threads",
                                      "thread_rank",
                                      "meta_group_size",
                                      "meta_group_rank",
                                      "block_rank",
                                      "num_blocks",
                                      "dim_threads",
                                      "thread_index",
                                      "group_index",
                                      "group_dim",
                                      "dim_blocks",
                                      "block_index"};
  return llvm::is_contained(Queries, MD->getName()) &&
         !cooperativeGroupOf(ME->getBase()->IgnoreParenImpCasts()->getType())
              .Class.empty();
}

// thread_rank() and friends; \p ObjectType is the group's type (for a
// static member such as CUDA 13's thread_block::thread_rank(), its class).
std::optional<Value> ModelBuilder::cooperativeGroups(const CXXMethodDecl *MD,
                                                     QualType ObjectType) {
  if (!MD || !MD->getIdentifier())
    return std::nullopt;
  CooperativeGroup Group = cooperativeGroupOf(ObjectType);
  StringRef Class = Group.Class;
  unsigned Tile = Group.TileSize;
  if (Class.empty())
    return std::nullopt;
  StringRef N = MD->getName();
  bool Block = Class == "thread_block";
  bool Grid = Class == "grid_group";
  bool IsTile = Class == "thread_block_tile" && Tile > 0 && Tile <= 32;
  if (Block) {
    if (N == "thread_rank")
      return Value::scalar(linearThread());
    if (N == "thread_index")
      return builtinDim3(SymKind::ThreadIdx);
    if (N == "group_index")
      return builtinDim3(SymKind::BlockIdx);
    if (N == "dim_threads" || N == "group_dim")
      return builtinDim3(SymKind::BlockDim);
    if (N == "size" || N == "num_threads")
      return Value::scalar(blockSize());
  }
  if (Grid) {
    SymRef BlockRank = symBuiltin(SymKind::BlockIdx, 0) +
                       symBuiltin(SymKind::GridDim, 0) *
                           (symBuiltin(SymKind::BlockIdx, 1) +
                            symBuiltin(SymKind::GridDim, 1) *
                                symBuiltin(SymKind::BlockIdx, 2));
    if (N == "thread_rank")
      return Value::scalar(BlockRank * blockSize() + linearThread());
    if (N == "block_rank")
      return Value::scalar(BlockRank);
    if (N == "block_index")
      return builtinDim3(SymKind::BlockIdx);
    SymRef Blocks = symBuiltin(SymKind::GridDim, 0) *
                    symBuiltin(SymKind::GridDim, 1) *
                    symBuiltin(SymKind::GridDim, 2);
    if (N == "size" || N == "num_threads")
      return Value::scalar(Blocks * blockSize());
    if (N == "num_blocks")
      return Value::scalar(Blocks);
    if (N == "dim_blocks" || N == "group_dim")
      return builtinDim3(SymKind::GridDim);
  }
  if (Class == "coalesced_group" && N == "thread_rank")
    return Value::scalar(symVarying(&CoalescedRankTag, "coalesced rank"));
  if (IsTile) {
    if (N == "thread_rank")
      return Value::scalar(symOp(SymKind::Rem, linearThread(), symConst(Tile)));
    if (N == "meta_group_rank")
      return Value::scalar(symOp(SymKind::Div, linearThread(), symConst(Tile)));
    if (N == "size" || N == "num_threads")
      return Value::scalar(symConst(Tile));
    if (N == "meta_group_size")
      return Value::scalar(symOp(SymKind::Div, blockSize(), symConst(Tile)));
  }
  return std::nullopt;
}

// Records \p CE when it is a barrier.
void ModelBuilder::syncPoint(const CallExpr *CE, const FunctionDecl *FD) {
  if (!Recorder || !FD || !FD->getIdentifier())
    return;
  std::optional<SyncScope> Scope = barrierScope(CE);
  if (!Scope)
    return;
  SyncPoint P{CE, *Scope, {}, {}, {}};
  P.Loops.assign(Loops.begin(), Loops.end());
  P.Guards.assign(Guards.begin(), Guards.end());
  P.CallStack.assign(Calls.begin(), Calls.end());
  Recorder->barrier(std::move(P));
}

// Which threads the call \p CE waits for, when it is a barrier
// the analysis follows: a named barrier is taken for the whole block, a
// `__syncwarp` only with the full mask, a tile only of 32 threads.
std::optional<SyncScope> ModelBuilder::barrierScope(const CallExpr *CE) {
  std::optional<BarrierCall> B = cudaBarrier(CE);
  if (!B)
    return std::nullopt;
  switch (B->Kind) {
  case BarrierKind::Block:
    return SyncScope::Block;
  case BarrierKind::NamedBlock:
    if (B->ThreadCount)
      return std::nullopt; // Only some warps meet there.
    return SyncScope::Block;
  case BarrierKind::Warp: {
    std::optional<int64_t> Mask =
        B->Mask ? constant(B->Mask) : int64_t(0xffffffff);
    if (Mask && uint32_t(*Mask) == 0xffffffffu)
      return SyncScope::Warp;
    return std::nullopt;
  }
  case BarrierKind::Group:
    if (B->Group.Class == "thread_block")
      return SyncScope::Block;
    if (B->Group.Class == "grid_group")
      return SyncScope::Grid;
    if (B->Group.Class == "thread_block_tile" && B->Group.TileSize == 32)
      return SyncScope::Warp;
    return std::nullopt;
  case BarrierKind::LibcuxxBarrier:
    return std::nullopt;
  }
  llvm_unreachable("a barrier of another kind");
}

//===--- Calls ------------------------------------------------------------===//

Value ModelBuilder::call(const CallExpr *CE) {
  syncPoint(CE, CE->getDirectCallee());
  if (std::optional<Value> V = libcuxxAtomic(CE))
    return *V;
  if (std::optional<Value> V = groupOrBuiltinCall(CE))
    return *V;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE)) {
    if (Op->isAssignmentOp() && Op->getNumArgs() == 2) {
      Value RHS = rvalue(Op->getArg(1));
      bool Compound = Op->getOperator() != OO_Equal;
      return assign(Op->getArg(0), Op, SymKind::Add, Compound, RHS);
    }
  }
  const FunctionDecl *FD = CE->getDirectCallee();
  StringRef Name = calleeName(CE); // Also unresolved, in a template.
  if (std::optional<Value> V = vectorMake(CE))
    return *V;
  if (std::optional<Value> V = arithmeticIntrinsic(CE, Name))
    return *V;
  if (std::optional<Value> V = memoryIntrinsic(CE))
    return *V;
  if (std::optional<Value> V = warpIntrinsic(CE))
    return *V;
  if (const FunctionDecl *Def =
          helperToInline(CE, FD, Inlining, Ctx.getSourceManager()))
    if (!bindsThis(CE, Def) || objectFollowed(cast<CXXMemberCallExpr>(CE)))
      return inlineCall(CE, Def);
  return opaqueCall(CE, FD, Name);
}

// `ref.fetch_add(v)`, `ref += v`, `counter->fetch_max(v)` on libcu++'s
// atomics: an atomic access to what the reference refers to, or to the
// atomic object itself.
std::optional<Value> ModelBuilder::libcuxxAtomic(const CallExpr *CE) {
  std::optional<AtomicCall> A = cudaAtomic(CE);
  if (!A || !A->Libcuxx || !readsModifiesWrites(A->Kind))
    return std::nullopt;
  std::optional<Loc> L = atomicObject(A->Address, A->ThroughRef);
  for (unsigned I = A->FirstOperand; I < CE->getNumArgs(); ++I)
    rvalue(CE->getArg(I));
  if (L && L->Kind == Loc::Memory) {
    L->Type = A->LibcuxxValue;
    access(*L, CE, true, true, /*Intrinsic=*/true, /*Atomic=*/true);
  }
  return opaqueExpr(CE, true);
}

// The memory an atomic object (`*counter`, `c->`) or reference (`ref`,
// `cuda::atomic_ref<float>(*p)`) updates.
std::optional<Loc> ModelBuilder::atomicObject(const Expr *Obj, bool IsRef) {
  if (IsRef)
    return atomicRefTarget(Obj);
  if (Obj->getType()->isPointerType()) {
    Value P = rvalue(Obj);
    if (P.Kind != Value::Ptr)
      return std::nullopt;
    return pointee(P);
  }
  return lvalue(Obj);
}

std::optional<Loc> ModelBuilder::atomicRefTarget(const Expr *Obj) {
  Obj = Obj->IgnoreImplicit()->IgnoreParens();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Obj))
    return atomicRefTarget(FC->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      auto It = AtomicRefs.find(V);
      if (It == AtomicRefs.end())
        return std::nullopt;
      return It->second;
    }
  const auto *CC = dyn_cast<CXXConstructExpr>(Obj);
  if (!CC || CC->getNumArgs() == 0)
    return std::nullopt;
  const Expr *Arg = CC->getArg(0)->IgnoreImplicit();
  bool IsRef = false;
  if (libcuxxAtomicValue(Arg->getType(), IsRef) && IsRef)
    return atomicRefTarget(Arg); // a copy of another reference
  return lvalue(Arg);
}

// `cuda::atomic_ref<float> acc(*total);`: remembers what `acc` refers to.
void ModelBuilder::rememberAtomicRef(const VarDecl *V) {
  bool IsRef = false;
  if (!V->getInit() || !libcuxxAtomicValue(V->getType(), IsRef) || !IsRef)
    return;
  if (std::optional<Loc> L = atomicRefTarget(V->getInit()))
    AtomicRefs[V] = *L;
}

// A cooperative group's query (`block.thread_rank()`), or a built-in index
// variable converted to dim3 (`operator dim3()` on blockDim).
std::optional<Value> ModelBuilder::groupOrBuiltinCall(const CallExpr *CE) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    if (isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
      if (auto K = builtinVarKind(MC->getImplicitObjectArgument()))
        return builtinDim3(*K);
    // The object as written: a method of a base class (`size()` of a
    // tile's base) sees the object converted to that base.
    QualType Object =
        MC->getImplicitObjectArgument()->IgnoreParenImpCasts()->getType();
    if (std::optional<Value> V =
            cooperativeGroups(MC->getMethodDecl(), Object)) {
      rvalue(MC->getImplicitObjectArgument());
      return *V;
    }
  }
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
  if (!MD || !MD->isStatic())
    return std::nullopt;
  // `tile.thread_rank()` names a static member of a base class
  // (`__static_size_tile_base<32>`): the object says which group.
  QualType T = Ctx.getRecordType(MD->getParent());
  if (const auto *ME =
          dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
    T = ME->getBase()->getType();
  return cooperativeGroups(MD, T);
}

llvm::SmallVector<Value, 4> ModelBuilder::argValues(const CallExpr *CE) {
  llvm::SmallVector<Value, 4> Vs;
  for (const Expr *A : CE->arguments())
    Vs.push_back(rvalue(A));
  return Vs;
}

// Records the access through pointer argument \p I of an intrinsic; for a
// plain load, the value read.
Value ModelBuilder::pointerArg(const CallExpr *CE, unsigned I, bool Load,
                               bool Store, bool Atomic) {
  if (I >= CE->getNumArgs())
    return Value();
  Value P = rvalue(CE->getArg(I));
  if (P.Kind == Value::Ptr) {
    Loc L = pointee(P);
    L.Type = P.Pointee;
    access(L, CE, Load, Store, /*Intrinsic=*/true, Atomic);
    if (Load && !Atomic && !Store)
      return loadFrom(L, CE, false);
  }
  return Value();
}

// `min`, `max` and `__mul24` of integers, followed symbolically.
std::optional<Value> ModelBuilder::arithmeticIntrinsic(const CallExpr *CE,
                                                       StringRef Name) {
  if (isMinOrMax(Name)) {
    auto Vs = argValues(CE);
    if (Vs.size() == 2 && Vs[0].Kind == Value::Scalar &&
        Vs[1].Kind == Value::Scalar && isIntLike(CE->getType()))
      return Value::scalar(
          symOp(Name.ends_with("min") ? SymKind::Min : SymKind::Max, Vs[0].S,
                Vs[1].S));
    return opaqueExpr(CE, anyThreadDependent(Vs));
  }
  // `(int)powf(2, k)` for an integer k: the stride `1 << k`, exactly (a
  // power of two is exact in float up to 2^127).
  if (const Expr *K = integerExponentOfTwo(CE, Ctx)) {
    Value Exp = rvalue(K);
    if (Exp.Kind == Value::Scalar)
      return Value::scalar(symOp(SymKind::Shl, symConst(1), Exp.S));
    return opaqueExpr(CE, Exp.threadDependent());
  }
  // `__brev(t)`: a bit-reversed index (an FFT's reordering), exactly, as
  // the sum of its 32 bits moved to their mirrored places.
  if (Name == "__brev") {
    auto Vs = argValues(CE);
    if (Vs.size() != 1 || Vs[0].Kind != Value::Scalar)
      return opaqueExpr(CE, anyThreadDependent(Vs));
    SymRef Sum = symConst(0);
    for (int64_t I = 0; I < 32; ++I) {
      SymRef Bit = symOp(
          SymKind::And, symOp(SymKind::Shr, Vs[0].S, symConst(I)), symConst(1));
      Sum = Sum + symOp(SymKind::Shl, Bit, symConst(31 - I));
    }
    return Value::scalar(Sum);
  }
  if (Name == "__mul24" || Name == "__umul24") {
    auto Vs = argValues(CE);
    if (Vs.size() == 2 && Vs[0].Kind == Value::Scalar &&
        Vs[1].Kind == Value::Scalar)
      return Value::scalar(Vs[0].S * Vs[1].S);
  }
  return std::nullopt;
}

// `__ldg` and the other loads and stores with a cache operator, CUDA's
// atomics: accesses through their pointer argument.
std::optional<Value> ModelBuilder::memoryIntrinsic(const CallExpr *CE) {
  std::optional<CachedAccessKind> Cached = cudaCachedAccess(CE);
  if (Cached == CachedAccessKind::Load && CE->getNumArgs() == 1) {
    Value V = pointerArg(CE, 0, true, false, false);
    if (V.Kind != Value::None)
      return V;
    return opaqueExpr(CE, true);
  }
  if (Cached == CachedAccessKind::Store && CE->getNumArgs() == 2) {
    rvalue(CE->getArg(1));
    pointerArg(CE, 0, false, true, false);
    return Value();
  }
  std::optional<AtomicCall> Atomic = cudaAtomic(CE);
  if (Atomic && !Atomic->Libcuxx && CE->getNumArgs() >= 1 &&
      CE->getArg(0)->getType()->isPointerType()) {
    pointerArg(CE, 0, true, true, true);
    for (unsigned I = 1; I < CE->getNumArgs(); ++I)
      rvalue(CE->getArg(I));
    return opaqueExpr(CE, true);
  }
  return std::nullopt;
}

// Barriers that return a vote, and warp shuffles.
std::optional<Value> ModelBuilder::warpIntrinsic(const CallExpr *CE) {
  // The value every thread of the block gets back from the barrier.
  if (std::optional<BarrierCall> B = cudaBarrier(CE); B && B->Votes) {
    argValues(CE);
    return opaqueExpr(CE, false);
  }
  std::optional<WarpIntrinsic> W = cudaWarpIntrinsic(CE);
  // A cooperative group's members are opaque calls.
  if (!W || W->GroupMember)
    return std::nullopt;
  if (givesEveryLaneOneResult(W->Kind)) {
    // A vote or a reduction hands every lane of the mask the same result:
    // uniform over the warp when the mask is.
    auto Vs = argValues(CE);
    bool MaskUniform =
        !W->TakesMask || (!Vs.empty() && !Vs[0].threadDependent());
    return opaqueExpr(CE, !MaskUniform);
  }
  if (!isShuffle(W->Kind))
    return std::nullopt;
  auto Vs = argValues(CE);
  unsigned ValIdx = W->TakesMask ? 1 : 0;
  if (Vs.size() > ValIdx + 1) {
    if (!Vs[ValIdx].threadDependent())
      return Vs[ValIdx];
    // A width below 32 (`__shfl_sync(m, v, 0, 16)`) broadcasts per group
    // of lanes, not over the warp.
    const Expr *Width = CE->getNumArgs() > ValIdx + 2
                            ? CE->getArg(ValIdx + 2)->IgnoreParenImpCasts()
                            : nullptr;
    bool WholeWarp = !Width || isa<CXXDefaultArgExpr>(Width) ||
                     constant(Width).value_or(0) >= 32;
    if (W->Kind == WarpIntrinsicKind::Shuffle)
      return opaqueExpr(CE, Vs[ValIdx + 1].threadDependent() || !WholeWarp);
    // A butterfly stage over the whole warp (see settleWarpButterflies).
    bool FullMask =
        !W->TakesMask || (Vs[0].Kind == Value::Scalar && Vs[0].S->isConst() &&
                          (Vs[0].S->Value & 0xffffffff) == 0xffffffff);
    if (W->Kind == WarpIntrinsicKind::ShuffleXor && WholeWarp && FullMask &&
        Vs[ValIdx + 1].Kind == Value::Scalar)
      XorLaneMasks[CE] = Vs[ValIdx + 1].S;
  }
  return opaqueExpr(CE, true);
}

// A fetch from a texture or a read of a surface (`tex2D<float>(t, u, v)`,
// `tex1Dfetch`, `surf2Dread`): memory each thread reads at its coordinates.
static bool readsTextureMemory(StringRef Name) {
  bool Shaped = Name.contains("1D") || Name.contains("2D") ||
                Name.contains("3D") || Name.contains("Cubemap");
  return Shaped && (Name.starts_with("tex") ||
                    (Name.starts_with("surf") && Name.ends_with("read")));
}

// A pure function of thread-dependent scalar arguments (`fabsf(a)`): a value
// that threads passing the same arguments share; data read from memory when
// the function fetches from a texture.
std::optional<SymRef> ModelBuilder::pureCallValue(const CallExpr *CE,
                                                  const FunctionDecl *FD,
                                                  llvm::ArrayRef<Value> Args) {
  llvm::SmallVector<SymRef, 2> In;
  for (const Value &A : Args) {
    if (A.Kind != Value::Scalar)
      return std::nullopt;
    In.push_back(A.S);
  }
  DataOrigin Origin =
      readsTextureMemory(FD->getName()) ? DataOrigin::Memory : DataOrigin::None;
  return symData(inContext(CE), sourceText(CE, Ctx), FD->getName(), In, Origin);
}

// `(float)x[i]` on a `__nv_bfloat16 *x`: a conversion operator of a
// library type applied to an element in memory reads that element (the
// conversion is a function of what was read).
std::optional<ModelBuilder::Value>
ModelBuilder::convertedElement(const CallExpr *CE) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
  const auto *Conv =
      MC ? dyn_cast_or_null<CXXConversionDecl>(MC->getMethodDecl()) : nullptr;
  if (!Conv || !Ctx.getSourceManager().isInSystemHeader(Conv->getLocation()))
    return std::nullopt;
  const Expr *Obj = MC->getImplicitObjectArgument()->IgnoreParenImpCasts();
  std::optional<Loc> L = Obj->isGLValue() ? lvalue(Obj) : std::nullopt;
  if (!L || L->Kind != Loc::Memory)
    return std::nullopt;
  return loadFrom(*L, Obj, /*Record=*/true);
}

// A call the walk does not follow: its arguments are evaluated, its value
// is opaque.
Value ModelBuilder::opaqueCall(const CallExpr *CE, const FunctionDecl *FD,
                               StringRef Name) {
  if (std::optional<Value> V = convertedElement(CE))
    return *V;
  auto Vs = argValues(CE);
  bool Dep = anyThreadDependent(Vs);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    Dep |= rvalue(MC->getImplicitObjectArgument()).threadDependent();
  // A function we cannot see may read anything per thread, except the
  // math and bit-manipulation functions of the CUDA headers and builtins.
  bool Pure =
      FD && (FD->getBuiltinID() != 0 ||
             Ctx.getSourceManager().isInSystemHeader(FD->getLocation()));
  std::optional<WarpIntrinsic> W = cudaWarpIntrinsic(CE);
  if ((W && (W->Kind == WarpIntrinsicKind::Ballot ||
             W->Kind == WarpIntrinsicKind::ActiveMask)) ||
      Name.contains("lane") || Name.contains("clock"))
    Pure = false;
  if (CE->getType()->isPointerType()) {
    Value V;
    V.Kind = Value::Ptr;
    V.S = symVarying(CE, "returned pointer");
    return V;
  }
  if (Dep && Pure && FD)
    if (std::optional<SymRef> D = pureCallValue(CE, FD, Vs))
      return Value::scalar(*D);
  return opaqueExpr(CE, Dep || !Pure);
}

//===--- Inlining ---------------------------------------------------------===//

Value ModelBuilder::inlineCall(const CallExpr *CE, const FunctionDecl *Def) {
  llvm::SmallVector<Value, 4> ArgVals = inlinedArgValues(CE, Def);
  // A lambda's body sees the variables it captured: the caller's, whose
  // writes through a by-reference capture stay.
  bool Closure = isLambdaCall(CE, Def);
  // A method's `this` is the object it is called on, found before the walk
  // enters the method; the caller's variables that object lives in stay
  // in view.
  bool Method = bindsThis(CE, Def);
  if (Method)
    ThisObjects.push_back(objectOf(cast<CXXMemberCallExpr>(CE)));
  Closure |= Method;
  Env Saved = Closure ? Env() : std::move(VarValues);
  if (!Closure)
    VarValues.clear();
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    Value V = I < ArgVals.size() ? ArgVals[I] : paramValue(P);
    if (V.Kind == Value::None && !P->getType()->isRecordType())
      V = opaque(CE, P->getName(), true);
    V.Def = CE->getExprLoc();
    VarValues[P] = V;
  }
  Inlining.push_back(Def->getCanonicalDecl());
  Calls.push_back(CE);
  Frames.emplace_back();
  size_t GuardDepth = Guards.size();
  stmt(Def->getBody());
  Guards.resize(GuardDepth);
  Frame F = Frames.pop_back_val();
  Calls.pop_back();
  Inlining.pop_back();
  if (Method)
    ThisObjects.pop_back();
  if (Closure)
    for (const ParmVarDecl *P : Def->parameters())
      VarValues.erase(P);
  else
    VarValues = std::move(Saved);
  forgetReferenceArgs(CE, Def);
  return returnedValue(CE, F);
}

// Whether the model knows what the members of \p MC's object hold: an
// object in memory, or a by-value kernel argument. A local object built by
// a constructor (cooperative groups' wrappers, a `PeerGroup peers(data,
// grid)`) is not followed: its members' values are not known.
bool ModelBuilder::objectFollowed(const CXXMemberCallExpr *MC) {
  std::optional<Loc> L = objectOf(MC);
  if (!L)
    return false;
  if (L->Kind == Loc::Memory)
    return true;
  const auto *PV = dyn_cast_or_null<ParmVarDecl>(L->Var);
  return PV && VarValues.lookup(PV).Kind == Value::UniformAgg;
}

// The object \p MC is called on: `m` of `m.at(r, c)`, `*p` of `p->at(r, c)`.
std::optional<Loc> ModelBuilder::objectOf(const CXXMemberCallExpr *MC) {
  const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
  if (!ME)
    return std::nullopt;
  return memberBase(ME);
}

// The arguments' values; a reference parameter gets its referee's value.
llvm::SmallVector<Value, 4>
ModelBuilder::inlinedArgValues(const CallExpr *CE, const FunctionDecl *Def) {
  llvm::SmallVector<Value, 4> ArgVals;
  // Only free functions, and members called as one, are inlined: argument
  // I is parameter I.
  for (unsigned I = 0; argumentOfParam(CE, Def, I) < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(argumentOfParam(CE, Def, I));
    if (I < Def->getNumParams() &&
        Def->getParamDecl(I)->getType()->isReferenceType()) {
      if (std::optional<Loc> L = lvalue(A)) {
        ArgVals.push_back(loadFrom(*L, A, true));
        continue;
      }
    }
    ArgVals.push_back(rvalue(A));
  }
  return ArgVals;
}

// Locals passed by non-const reference may have been written.
void ModelBuilder::forgetReferenceArgs(const CallExpr *CE,
                                       const FunctionDecl *Def) {
  for (unsigned I = 0; argumentOfParam(CE, Def, I) < CE->getNumArgs() &&
                       I < Def->getNumParams();
       ++I) {
    QualType T = Def->getParamDecl(I)->getType();
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
      if (const VarDecl *V =
              ModifiedVars::var(CE->getArg(argumentOfParam(CE, Def, I))))
        if (V->hasLocalStorage())
          setVar(V, opaque(CE, V->getName(), true), CE->getExprLoc());
  }
}

// What the inlined call gives back: the value all its returns agree on, or
// an opaque value, thread-dependent when one of them is or a return sits
// under a thread-dependent guard.
Value ModelBuilder::returnedValue(const CallExpr *CE, const Frame &F) {
  if (F.Returns.empty())
    return Value();
  bool Same = llvm::all_of(
      F.Returns, [&](const Value &V) { return V.sameAs(F.Returns.front()); });
  if (Same && F.Returns.front().Kind != Value::None)
    return F.Returns.front();
  bool Dep = F.ReturnUnderThreadGuard || anyThreadDependent(F.Returns);
  return opaqueExpr(CE, Dep);
}

} // namespace cudalint
