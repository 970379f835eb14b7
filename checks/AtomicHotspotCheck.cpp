//===--- AtomicHotspotCheck.cpp - cudalint --------------------------------===//

#include "AtomicHotspotCheck.h"
#include "AtomicHotspotClassify.h"
#include "analysis/AddressSharing.h"
#include "analysis/CudaNames.h"
#include "analysis/Divergence.h"
#include "analysis/ExecutionWeight.h"
#include "analysis/HostBuffers.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

// The read-modify-write that \p E is, if it is one.
std::optional<AtomicCall> atomicOp(const Expr *E) {
  const auto *CE = dyn_cast_or_null<CallExpr>(E);
  if (!CE)
    return std::nullopt;
  std::optional<AtomicCall> Op = cudaAtomic(CE);
  if (!Op || !readsModifiesWrites(Op->Kind))
    return std::nullopt;
  return Op;
}

// True when the call is a statement of its own (its value unused) in a
// place where a braced block may replace it.
bool standsAlone(const CallExpr *CE, ASTContext &Ctx) {
  auto Parents = Ctx.getParents(*CE);
  if (Parents.empty())
    return false;
  if (Parents[0].get<CompoundStmt>())
    return true;
  if (const auto *If = Parents[0].get<IfStmt>())
    return If->getThen() == CE || If->getElse() == CE;
  if (const auto *F = Parents[0].get<ForStmt>())
    return F->getBody() == CE;
  if (const auto *W = Parents[0].get<WhileStmt>())
    return W->getBody() == CE;
  return false;
}

// True when the value \p CE returns is read: not a statement of its own
// nor cast to void.
bool resultUsed(const CallExpr *CE, ASTContext &Ctx) {
  const Stmt *Cur = CE;
  for (int Depth = 0; Depth < 8; ++Depth) {
    auto Parents = Ctx.getParents(*Cur);
    if (Parents.empty())
      return false;
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      return true; // An initialiser.
    if (isa<ParenExpr>(P) || isa<ExprWithCleanups>(P) ||
        isa<MaterializeTemporaryExpr>(P)) {
      Cur = P;
      continue;
    }
    if (const auto *Cast = dyn_cast<CastExpr>(P)) {
      if (Cast->getCastKind() == CK_ToVoid)
        return false;
      Cur = P;
      continue;
    }
    if (isa<CompoundStmt>(P) || isa<SwitchCase>(P) || isa<LabelStmt>(P))
      return false;
    if (const auto *If = dyn_cast<IfStmt>(P))
      return If->getCond() == Cur;
    if (isLoopStmt(P))
      return loopBody(P) != Cur;
    return true;
  }
  return true;
}

// Side effects that evaluating \p S once per lane instead of once per warp
// could change: writes, and calls to functions cudalint cannot see into.
// Built-in variables (`threadIdx.x`) and the math functions and intrinsics
// of the CUDA headers only read.
bool writesOrCalls(const Stmt *S, const ASTContext &Ctx) {
  if (!S)
    return false;
  if (isa<PseudoObjectExpr>(S))
    return false; // threadIdx.x and friends.
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp())
      return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp())
      return true;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !(FD->getBuiltinID() != 0 ||
                 Ctx.getSourceManager().isInSystemHeader(FD->getLocation())))
      return true;
    if (cudaAtomic(CE))
      return true;
  }
  for (const Stmt *C : S->children())
    if (writesOrCalls(C, Ctx))
      return true;
  return false;
}

// The atomic update of a global address that \p A is, if it is one
// cudalint looks at. Atomics on shared memory are left alone: their
// contention has not been measured, the compare-and-swap retry loop on a
// `__shared__` word included (fixtures/atomic-hotspot/shared_cas_max.cu
// times it against a warp reduction and one CAS per warp).
std::optional<AtomicCall> globalAtomicOp(const MemAccess &A) {
  if (!A.IsAtomic || A.Space != MemSpace::Global)
    return std::nullopt;
  return atomicOp(A.E);
}

/// What one lane's atomic on an address that many warps share costs, in
/// coalesced accesses: 2^24 float atomicAdds to one address took 29.4 ms on
/// an H100 (GPU_FACTS.md, the float sum), 1.75 ns each in turn, where a
/// coalesced 4-byte load streams one element in about 1.2 ps. An atomic that
/// runs so rarely that even at this cost it is a sliver of the kernel's work
/// (ExecutionWeights::negligible: once per thread before a loop of many
/// trips) costs nothing measurable.
constexpr double SerialisedAtomicCost = 1000;

SourceLocation locationOf(const MemAccess &A, const ASTContext &Ctx) {
  return Ctx.getSourceManager().getExpansionLoc(A.E->getBeginLoc());
}

// The values a kernel parameter takes in every launch (all constants), and
// the value of a constant-initialised `__constant__` or `const` global.
class KnownLeaves {
public:
  KnownLeaves(const FunctionDecl &F, ArrayRef<LaunchConfig> Launches,
              const ASTContext &Ctx) {
    for (const ParmVarDecl *P : F.parameters())
      if (std::optional<IntRange> R = launchArgRange(*P, Launches, Ctx))
        Ranges[P] = *R;
    globals(F.getBody(), Ctx);
  }
  std::optional<IntRange> operator()(const SymNode &Leaf) const {
    auto It = Ranges.find(Leaf.Id);
    if (It == Ranges.end())
      return std::nullopt;
    return It->second;
  }

private:
  static std::optional<IntRange> launchArgRange(const ParmVarDecl &P,
                                                ArrayRef<LaunchConfig> Launches,
                                                const ASTContext &Ctx) {
    std::optional<IntRange> R;
    for (const LaunchConfig &L : Launches) {
      unsigned I = P.getFunctionScopeIndex();
      if (!L.Call || I >= L.Call->getNumArgs())
        return std::nullopt;
      std::optional<int64_t> V = integerConstant(L.Call->getArg(I), Ctx);
      if (!V)
        return std::nullopt;
      R = R ? IntRange{std::min(R->first, *V), std::max(R->second, *V)}
            : IntRange{*V, *V};
    }
    return R;
  }
  void globals(const Stmt *S, const ASTContext &Ctx) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (V->hasGlobalStorage() && V->getInit() &&
            (V->hasAttr<CUDAConstantAttr>() || V->getType().isConstQualified()))
          if (std::optional<int64_t> C = integerConstant(V->getInit(), Ctx))
            Ranges[V] = IntRange{*C, *C};
    for (const Stmt *C : S->children())
      globals(C, Ctx);
  }
  llvm::DenseMap<const void *, IntRange> Ranges;
};

//===--- Messages ---------------------------------------------------------===//

// `'hist'`, or "its target" when it has no name.
std::string targetName(const MemAccess &A) {
  return A.Root && A.Root->getIdentifier() ? "'" + A.Root->getName().str() + "'"
                                           : "its target";
}

std::string typeName(const MemAccess &A, const ASTContext &Ctx) {
  return A.Type.getUnqualifiedType().getAsString(
      PrintingPolicy(Ctx.getLangOpts()));
}

// Who aims at the one address, for the warning line.
std::string whoShares(const AddressSharing &S) {
  switch (S.Kind) {
  case SharingKind::PerWarp:
    return "the " + std::to_string(S.LanesPerAddress) +
           " lanes of each warp on one address";
  case SharingKind::LaneGroups:
    return "groups of " + std::to_string(S.LanesPerAddress) +
           " lanes of each warp on one address";
  default:
    return "every lane on one address";
  }
}

// What the lanes of a warp do to one integer address. nvcc combines them
// for add, sub and max (doing it by hand measured 1.00x); for the other
// operations nothing was measured, so nothing is claimed.
bool combinedByNvcc(const AtomicCall &Op) {
  return Op.Kind == AtomicKind::Add || Op.Kind == AtomicKind::Sub ||
         Op.Kind == AtomicKind::Max;
}

// "'atomicAdd' of 'float' into 'sum'".
std::string whatAtomic(const AtomicFinding &F, const MemAccess &A,
                       const ASTContext &Ctx) {
  return "'" + F.Op.Callee + "' of '" + typeName(A, Ctx) + "' into " +
         targetName(A);
}

// The warning line: what serialises, and where.
std::string uniformTargetMessage(const AtomicFinding &F, const MemAccess &A,
                                 const ASTContext &Ctx) {
  switch (F.Kind) {
  case Hotspot::WrappingCounter:
  case Hotspot::FloatSum:
  case Hotspot::LaneGroupSum:
    return whatAtomic(F, A, Ctx) + " serialises " + whoShares(F.Sharing);
  case Hotspot::IntegerOneAddress:
    return whatAtomic(F, A, Ctx) +
           " serialises every warp of the block on one address";
  case Hotspot::CasLoop:
    return "'" + F.Op.Callee + "' retry loop on one address of '" +
           typeName(A, Ctx) + "' in " + targetName(A) +
           ": every lane retries in turn";
  case Hotspot::Histogram:
    break;
  }
  llvm_unreachable("not a one-address finding");
}

// Why it costs and what was measured for this very pattern; empty where
// nothing measured fits.
std::string uniformTargetCost(const AtomicFinding &F) {
  const std::string &Callee = F.Op.Callee;
  switch (F.Kind) {
  case Hotspot::WrappingCounter:
    // No warp aggregation for these: the wrap-around bound makes the
    // lanes' updates not combine into one. Nothing was measured for them.
    return "nvcc combines the lanes of a warp for integer atomicAdd and "
           "atomicSub, but not for " +
           Callee +
           ", whose wrap-around bound keeps the updates apart: each lane's "
           "update waits for the one before it";
  case Hotspot::FloatSum:
    if (F.Sharing.Kind == SharingKind::PerWarp)
      return "summing within the warp first and adding once per warp was 50x "
             "faster for a float 'y[row]' with 'row' from threadIdx.y in 32x8 "
             "blocks on an H100";
    return std::string("the atomics of a warp, and of the whole ") +
           (F.Sharing.Kind == SharingKind::PerBlock ? "block" : "grid") +
           ", serialise on one address; summing within the warp first and "
           "adding once per warp was 31.7x faster for a float sum on an H100";
  case Hotspot::LaneGroupSum:
    return "the atomics of those lanes serialise on each address; for a float "
           "sum, one address per warp cost 50x against a warp sum and one "
           "atomic on an H100";
  case Hotspot::IntegerOneAddress:
    if (combinedByNvcc(F.Op))
      return "nvcc already combines the lanes of a warp into one atomic "
             "(doing it by hand measured 1.00x), which leaves one atomic per "
             "warp on one address; combining per block first, with one "
             "atomic per block, was 6.0x faster for an int atomicAdd or "
             "atomicMax on an H100";
    if (F.Op.Kind == AtomicKind::Exch)
      return "the exchanges of every warp of the block serialise on one "
             "address; an exchange combines nothing, so no reduction "
             "shortens the chain, and no rewrite is offered";
    return "the atomics of every warp of the block serialise on one address; "
           "combining per block first leaves one atomic per block";
  case Hotspot::CasLoop:
    return "combining per block first, with one compare-and-swap per block, "
           "was 3.0-3.5x faster for a float max on random data and 42x when "
           "the retries collide (increasing data) on an H100";
  case Hotspot::Histogram:
    break;
  }
  llvm_unreachable("not a one-address finding");
}

std::string histogramMessage(const MemAccess &A, const AtomicCall &Op,
                             int64_t Bins) {
  return "'" + Op.Callee + "' into " + targetName(A) + " (" +
         std::to_string(Bins) +
         " bins at most, indexed by data): the grid contends for a few "
         "addresses";
}

std::string histogramCost(const AtomicCall &Op) {
  if (Op.Kind != AtomicKind::Add)
    return "every thread of the grid contends for those few addresses in "
           "global memory; a per-block copy in shared memory takes that "
           "contention off global memory";
  return "every thread of the grid contends for those few addresses in "
         "global memory; a per-block copy in shared memory was 22x faster "
         "for 16 bins and 5.1x for 256 on an H100";
}

constexpr const char *BlockCombineNote =
    "to combine per block: reduce the values into a '__shared__' accumulator "
    "(or with cub::BlockReduce; for a count, '__syncthreads_count'), and let "
    "one thread do the atomic; not offered as a fix, because it needs a "
    "barrier that every thread must reach";

// The cost of an integer atomic whose returned value each lane keeps (a
// slot of a queue, a ticket): the per-block reduction measured for counters
// would lose the lanes' own values.
constexpr const char *AppendCost =
    "nvcc combines the lanes of a warp into one atomic, which leaves one "
    "atomic per warp on one address; each lane uses the value it returns "
    "(its own slot), so a per-block reduction cannot replace it";

constexpr const char *AppendNote =
    "no remedy offered: handing out the slots needs a scan, not a reduction "
    "(a warp-aggregated append with '__ballot_sync' and '__popc' offsets, or "
    "a block scan and one atomic per block), and neither was measured "
    "against what nvcc emits for this atomic";

constexpr const char *AtomicReadNote =
    "an atomic that leaves the word as it is (adds, ors or xors 0, ands all "
    "ones, swaps in what it compares) only reads, but queues at the one "
    "address like any atomic; every thread needs the "
    "value, so there is nothing to combine: let one thread of the block read "
    "it (a relaxed 'cuda::atomic_ref' load) and broadcast it through shared "
    "memory";

constexpr const char *LaneGroupSumNote =
    "sum within each group of lanes that shares an address first (a "
    "cooperative_groups::tiled_partition of that size and reduce, or "
    "shuffles within the group), then add once per group; not offered as a "
    "fix, because the group's size and shape come from the launch";

constexpr const char *WarpSumRemedy =
    "sum within the warp first, then add once per warp: "
    "cooperative_groups::reduce over coalesced_threads() stays correct when "
    "only some lanes are active";

//===--- The warp-sum rewrite ---------------------------------------------===//

// The arguments of the atomic call and their text.
struct AtomicArgs {
  const Expr *Ptr, *Val;
  std::string PtrText, ValText;
  /// ", order, scope" of `__nv_atomic_fetch_add(p, v, order, scope)`,
  /// kept in the one atomic the fix-it leaves; empty for atomicAdd.
  std::string RestText;
  bool RestReadable = true;
};

AtomicArgs argsOf(const CallExpr *CE, const ASTContext &Ctx) {
  AtomicArgs Args;
  Args.Ptr = CE->getArg(0);
  Args.Val = CE->getNumArgs() > 1 ? CE->getArg(1) : nullptr;
  Args.PtrText = exactSourceText(Args.Ptr->getSourceRange(), Ctx);
  Args.ValText =
      Args.Val ? exactSourceText(Args.Val->getSourceRange(), Ctx) : "";
  for (unsigned I = 2; I < CE->getNumArgs(); ++I) {
    if (isa<CXXDefaultArgExpr>(CE->getArg(I)))
      break;
    std::string Text = exactSourceText(CE->getArg(I)->getSourceRange(), Ctx);
    Args.RestReadable &= !Text.empty();
    Args.RestText += ", " + Text;
  }
  return Args;
}

// The names the rewrite declares: `warp` and `warp_sum`, unless the call
// already uses one of them.
struct WarpSumNames {
  std::string Group = "warp", Sum = "warp_sum";
};

WarpSumNames warpSumNames(const CallExpr *CE) {
  WarpSumNames Names;
  if (mentions(CE, Names.Group) || mentions(CE, Names.Sum)) {
    Names.Group = "active_lanes";
    Names.Sum = "lanes_sum";
  }
  return Names;
}

// Why the warp-sum rewrite cannot replace the atomic call, or empty.
std::string whyNoWarpSum(const MemAccess &A, const AtomicFinding &F,
                         const AtomicArgs &Args, const WarpSumNames &Names,
                         ASTContext &Ctx) {
  const auto *CE = cast<CallExpr>(A.E);
  QualType Canon = A.Type.getCanonicalType().getUnqualifiedType();
  if (F.Kind == Hotspot::LaneGroupSum)
    return "the lanes of a warp aim at several addresses";
  if (F.Op.Libcuxx)
    return "it is a libcu++ atomic, not an atomicAdd call";
  if (!isSum(F.Op))
    return "only sums are rewritten";
  if (!Canon->isRealFloatingType() ||
      !(Canon->isSpecificBuiltinType(BuiltinType::Float) ||
        Canon->isSpecificBuiltinType(BuiltinType::Double)))
    return "cooperative_groups::reduce is not used for " + typeName(A, Ctx);
  if (!A.CallStack.empty())
    return "the atomic is in a helper that other callers may use "
           "differently";
  if (!standsAlone(CE, Ctx))
    return "its return value is used";
  if (!Args.Val || writesOrCalls(Args.Ptr, Ctx) || writesOrCalls(Args.Val, Ctx))
    return "its arguments have side effects";
  if (Args.PtrText.empty() || Args.ValText.empty() || !Args.RestReadable ||
      CE->getBeginLoc().isMacroID() || CE->getEndLoc().isMacroID())
    return "it is written by a macro";
  if (mentions(CE, Names.Group) || mentions(CE, Names.Sum))
    return "the names it would declare are taken";
  return "";
}

// `{ cooperative_groups::coalesced_group warp = ...; if (warp.thread_rank()
// == 0) atomicAdd(p, warp_sum); }`
std::string warpSumText(const MemAccess &A, const AtomicCall &Op,
                        const AtomicArgs &Args, const WarpSumNames &Names,
                        const ASTContext &Ctx) {
  QualType Canon = A.Type.getCanonicalType().getUnqualifiedType();
  std::string TypeName = typeName(A, Ctx);
  std::string Val = Args.Val->IgnoreParenImpCasts()
                                ->getType()
                                .getCanonicalType()
                                .getUnqualifiedType() == Canon
                        ? Args.ValText
                        : "static_cast<" + TypeName + ">(" + Args.ValText + ")";
  const std::string &G = Names.Group, &Sum = Names.Sum;
  return "{ cooperative_groups::coalesced_group " + G +
         " = cooperative_groups::coalesced_threads(); " + TypeName + " " + Sum +
         " = cooperative_groups::reduce(" + G + ", " + Val +
         ", cooperative_groups::plus<" + TypeName + ">()); if (" + G +
         ".thread_rank() == 0) " + Op.Callee + "(" + Args.PtrText + ", " + Sum +
         Args.RestText + "); }";
}

// The includes of cooperative groups that \p File lacks, as one insertion.
std::optional<FixItHint> cooperativeGroupsIncludes(FileID File,
                                                   const SourceManager &SM) {
  StringRef Buf = SM.getBufferData(File);
  std::string Inc;
  if (!Buf.contains("cooperative_groups.h"))
    Inc += "#include <cooperative_groups.h>\n";
  if (!Buf.contains("cooperative_groups/reduce.h"))
    Inc += "#include <cooperative_groups/reduce.h>\n";
  if (Inc.empty())
    return std::nullopt;
  return FixItHint::CreateInsertion(includeInsertionPoint(File, SM), Inc);
}

} // namespace

void AtomicHotspotCheck::checkKernel(const KernelView &Kernel,
                                     FindingSink &Sink) {
  ASTContext &Ctx = Kernel.context();
  std::vector<WarpSampler> Samplers = warpSamplersOf(Kernel);
  std::vector<LaunchConfig> Launches = launchesOf(Kernel);
  for (const KernelView &F : analysedInstances(Kernel)) {
    const KernelModel &M = model(F);
    KnownLeaves Leaves(F.Decl, Launches, Ctx);
    ExecutionWeights Weights(M);
    for (const MemAccess &A : M.accesses())
      if (std::optional<AtomicFinding> Found =
              hotspotOf(A, M, Samplers, Leaves, Launches, Ctx))
        if (!Weights.negligible({&A}, SerialisedAtomicCost))
          report(A, *Found, Ctx, Sink);
  }
}

std::optional<AtomicFinding> AtomicHotspotCheck::hotspotOf(
    const MemAccess &A, const KernelModel &M, ArrayRef<WarpSampler> Samplers,
    LeafRanges Leaves, ArrayRef<LaunchConfig> Launches, ASTContext &Ctx) {
  std::optional<AtomicCall> Op = globalAtomicOp(A);
  if (!Op || alreadyReported(locationOf(A, Ctx)))
    return std::nullopt;
  std::optional<int64_t> BufferElements;
  if (const auto *P = dyn_cast_or_null<ParmVarDecl>(A.Root)) {
    BufferElements = launchedBufferElements(*P, Launches, A.Type, Ctx);
    if (!BufferElements)
      BufferElements = launchedBufferUsedElsewhere(
          *P, Launches, A.Type, Ctx,
          [&](const FunctionDecl &K) { return &model(KernelView{K}); });
  }
  return classifyHotspot(A, *Op, addressSharing(A, Samplers, Leaves), M, Ctx,
                         BufferElements);
}

void AtomicHotspotCheck::report(const MemAccess &A, const AtomicFinding &F,
                                ASTContext &Ctx, FindingSink &Sink) {
  SourceLocation Loc = locationOf(A, Ctx);
  markReported(Loc);
  if (F.Kind == Hotspot::Histogram)
    reportHistogram(Loc, A, F.Op, F.Bins, Ctx, Sink);
  else
    reportUniformTarget(Loc, A, F, Ctx, Sink);
}

// Published figures for a block reduction in place of per-thread integer
// atomics on one address (GPU_FACTS.md, "Published figures on other
// architectures"): 1.34x on a Pascal MX330, 1.01x on an Ampere RTX A4000,
// against 6.0x on an H100. Empty unless the build targets those classes.
static std::string blockCombineOnOtherGpus(const GpuTargets &Targets) {
  static const unsigned Measured[] = {60, 61, 62, 86, 87, 88};
  std::vector<GpuTarget> Class = Targets.among(Measured);
  if (!Targets.stated() || Class.empty())
    return "";
  return "on " + targetNames(Class) +
         " it may pay less: published, a block reduction in place of a "
         "per-thread count gained 1.34x on a GeForce MX330 (sm_61) and 1.01x "
         "on an RTX A4000 (sm_86)";
}

void AtomicHotspotCheck::reportUniformTarget(SourceLocation Loc,
                                             const MemAccess &A,
                                             const AtomicFinding &F,
                                             ASTContext &Ctx,
                                             FindingSink &Sink) {
  const auto *CE = dyn_cast<CallExpr>(A.E);
  bool Reads = CE && onlyReads(F.Op, CE, Ctx);
  // An integer atomic whose value each lane keeps hands out slots: a
  // reduction is no remedy for it, and the figure measured for one is not
  // its cost.
  bool Appends = F.Kind == Hotspot::IntegerOneAddress && !Reads && CE &&
                 F.Op.Kind != AtomicKind::Exch && resultUsed(CE, Ctx);
  Sink.diag(Loc, "%0") << uniformTargetMessage(F, A, Ctx);
  // The figures measured combining updates do not belong to a read.
  if (Appends)
    Sink.diag(Loc, AppendCost, DiagnosticIDs::Note);
  else if (!Reads)
    Sink.diag(Loc, "%0", DiagnosticIDs::Note) << uniformTargetCost(F);
  for (const CallExpr *Call : A.CallStack)
    Sink.diag(Call->getExprLoc(), "inlined from this call",
              DiagnosticIDs::Note);
  // An exchange has nothing to combine: a reduction is no remedy for it.
  bool Combines = F.Op.Kind != AtomicKind::Exch;
  if (Reads)
    Sink.diag(Loc, AtomicReadNote, DiagnosticIDs::Note);
  else if (Appends)
    Sink.diag(Loc, AppendNote, DiagnosticIDs::Note);
  else if ((F.Kind == Hotspot::IntegerOneAddress && Combines) ||
           F.Kind == Hotspot::CasLoop)
    Sink.diag(Loc, BlockCombineNote, DiagnosticIDs::Note);
  else if (F.Kind == Hotspot::LaneGroupSum)
    Sink.diag(Loc, LaneGroupSumNote, DiagnosticIDs::Note);
  else if (F.Kind == Hotspot::FloatSum)
    noteWarpSum(Loc, A, F, Ctx, Sink);
  // A wrapping counter: no aggregation to suggest.
  std::string Published = blockCombineOnOtherGpus(targets());
  if (!Reads && !Appends && F.Kind == Hotspot::IntegerOneAddress && Combines &&
      !Published.empty())
    Sink.diag(Loc, "%0", DiagnosticIDs::Note) << Published;
}

void AtomicHotspotCheck::noteWarpSum(SourceLocation Loc, const MemAccess &A,
                                     const AtomicFinding &F, ASTContext &Ctx,
                                     FindingSink &Sink) {
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *CE = cast<CallExpr>(A.E);
  AtomicArgs Args = argsOf(CE, Ctx);
  WarpSumNames Names = warpSumNames(CE);
  std::string Why = whyNoWarpSum(A, F, Args, Names, Ctx);
  if (!Why.empty()) {
    Sink.diag(Loc, "%0; not offered as a fix because %1", DiagnosticIDs::Note)
        << WarpSumRemedy << Why;
    return;
  }
  // The whole statement, with its semicolon.
  SourceLocation End = Lexer::findLocationAfterToken(
      SM.getExpansionLoc(CE->getEndLoc()), tok::semi, SM, Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (End.isInvalid()) {
    Sink.diag(
        Loc,
        "%0; not offered as a fix because the statement does not end where "
        "cudalint expects",
        DiagnosticIDs::Note)
        << WarpSumRemedy;
    return;
  }
  auto N =
      Sink.diag(Loc,
                "%0 (applied by --fix-notes, not --fix: the %1 sum is taken "
                "in another order, so its last bits can differ, as they "
                "already do between runs of the atomic version)",
                DiagnosticIDs::Note)
      << WarpSumRemedy << typeName(A, Ctx)
      << FixItHint::CreateReplacement(CharSourceRange::getCharRange(Loc, End),
                                      warpSumText(A, F.Op, Args, Names, Ctx));
  FileID File = SM.getFileID(Loc);
  if (filesEditedOnce().insert(File.getHashValue()).second)
    if (std::optional<FixItHint> Includes = cooperativeGroupsIncludes(File, SM))
      N << *Includes;
}

void AtomicHotspotCheck::reportHistogram(SourceLocation Loc, const MemAccess &A,
                                         const AtomicCall &Op, int64_t Bins,
                                         ASTContext &Ctx, FindingSink &Sink) {
  Sink.diag(Loc, "%0") << histogramMessage(A, Op, Bins);
  Sink.diag(Loc, "%0", DiagnosticIDs::Note) << histogramCost(Op);
  for (const CallExpr *Call : A.CallStack)
    Sink.diag(Call->getExprLoc(), "inlined from this call",
              DiagnosticIDs::Note);
  Sink.diag(
      Loc,
      "privatize it: declare '__shared__ %0 s_bins[%1]', zero it, "
      "'__syncthreads()', do this atomic on 's_bins' instead, "
      "'__syncthreads()', then let each thread add a slice of 's_bins' to "
      "%2; not offered as a fix, because it needs barriers that every "
      "thread must reach",
      DiagnosticIDs::Note)
      << typeName(A, Ctx) << std::to_string(Bins) << targetName(A);
}

} // namespace cudalint
