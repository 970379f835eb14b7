//===--- DivergentBarrierCheck.cpp - cudalint -----------------------------===//

#include "DivergentBarrierCheck.h"
#include "analysis/BlockSplit.h"
#include "analysis/Divergence.h"
#include "analysis/KnownMultiples.h"
#include "analysis/LaunchValues.h"
#include "analysis/StaleSharedReads.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

// A guard on which the threads that should meet at a barrier disagree, and
// whether that is certain (an error) or depends on sizes the launches in
// view leave open (a warning naming the condition).
struct DivergentGuard {
  const Guard *G;
  ThreadSplit Split;
  bool Certain = true;
  /// The arms each meet a barrier, which pairs them up only under
  /// independent thread scheduling, and some targets lack it while lanes
  /// of one warp take both arms.
  bool ArmsNeedScheduling = false;
};

namespace {

std::string barrierName(const CallExpr *CE, const ASTContext &Ctx) {
  std::string S = sourceText(CE, Ctx, 60);
  return S == "<expr>" ? "the barrier" : "'" + S + "'";
}

// A guard that every thread passing the guards before it passes too: a
// condition folded to a constant (`else if (np > 1)` in an instance where
// np is 2) that agrees with the way taken.
bool alwaysTaken(const Guard &G) {
  return G.Cond->isConst() && (G.Cond->Value != 0) == G.Taken;
}

// Which way through branch \p Branch (an `if` or a `switch`) a barrier at
// \p L takes: 0 or 1 for the arms of an `if` (from \p Taken), the case
// group for a `switch`; none when the branch cannot be counted path by
// path: a `switch` without `default:` (a thread may match no case) or with
// a case that falls into the next.
struct BranchPaths {
  unsigned Count = 0;
  std::vector<CaseGroup> Cases;

  explicit BranchPaths(const Stmt *Branch) {
    if (isa<IfStmt>(Branch)) {
      Count = 2;
      return;
    }
    const auto *Sw = dyn_cast<SwitchStmt>(Branch);
    if (!Sw)
      return;
    Cases = switchCaseGroups(Sw);
    bool Defaulted = llvm::any_of(Cases, [](auto &C) { return C.Default; });
    bool FallsIn =
        Cases.size() > 1 && llvm::any_of(llvm::ArrayRef(Cases).drop_back(),
                                         [](auto &C) { return C.FallsOnward; });
    if (Defaulted && !FallsIn)
      Count = Cases.size();
  }
  std::optional<unsigned> pathOf(const Guard &G, SourceLocation L,
                                 const SourceManager &SM) const {
    if (Cases.empty())
      return G.Taken ? 1 : 0;
    for (unsigned K = 0; K < Cases.size(); ++K)
      if (rangeContains(Cases[K].Range, L, SM))
        return K;
    return std::nullopt;
  }
};

// Guard \p I of \p P is an `if` or a `switch` on every path of which the
// threads meet the same number of barriers: arms that each run one (`if
// (warp % 2 == 0) { ...; __syncthreads(); } else { __syncthreads(); }`,
// the warp specialisation of double-buffered kernels; a `switch` on a
// warp's role whose every case, `default:` included, runs one), or an arm
// that runs one and leaves while the other path meets one after the
// branch. Barriers before and after the branch on every path count alike;
// one under a further condition (other than a constant) or in a loop of
// its own makes the count unknown. On sm_70 and later a block barrier
// counts arrivals, not places, so the threads meet.
bool pathsMeetEqualBarriers(const KernelModel &M, const SyncPoint &P, size_t I,
                            const SourceManager &SM) {
  const Guard &G = P.Guards[I];
  const Stmt *Branch = G.Where;
  if (!Branch)
    return false;
  BranchPaths Paths(Branch);
  if (Paths.Count < 2)
    return false;
  // Only loops around the branch, or around the call of the helper that
  // holds it: each of their iterations meets the branch.
  auto At = [&](SourceLocation L) { return SM.getExpansionLoc(L); };
  auto Holds = [&](const Stmt *Loop, const Stmt *S) {
    return SM.isBeforeInTranslationUnit(At(Loop->getBeginLoc()),
                                        At(S->getBeginLoc())) &&
           SM.isBeforeInTranslationUnit(At(S->getEndLoc()),
                                        At(Loop->getEndLoc()));
  };
  auto AroundBranch = [&](const Stmt *Loop) {
    return Holds(Loop, Branch) ||
           llvm::any_of(P.CallStack,
                        [&](const Expr *Call) { return Holds(Loop, Call); });
  };

  auto SamePrefix = [&](const SyncPoint &Q) {
    if (Q.Guards.size() <= I || Q.Scope != P.Scope)
      return false;
    for (size_t K = 0; K < I; ++K)
      if (Q.Guards[K].Where != P.Guards[K].Where ||
          Q.Guards[K].Taken != P.Guards[K].Taken)
        return false;
    return Q.Guards[I].Where == Branch;
  };
  std::vector<unsigned> Count(Paths.Count, 0);
  for (const SyncPoint &Q : M.syncs()) {
    if (!SamePrefix(Q))
      continue;
    if (Q.Loops != P.Loops || !llvm::all_of(Q.Loops, AroundBranch) ||
        !llvm::all_of(llvm::ArrayRef(Q.Guards).drop_front(I + 1), alwaysTaken))
      return false;
    std::optional<unsigned> Path = Paths.pathOf(
        Q.Guards[I], At(siteInKernel(Q.E, Q.CallStack)->getBeginLoc()), SM);
    if (!Path)
      return false;
    ++Count[*Path];
  }
  return llvm::all_equal(Count);
}

// `if (i >= n) return;` in the kernel's own body (not in a helper it
// inlines, where a return only leaves the helper): the lanes that took it
// have exited the kernel.
bool exitsKernel(const Guard &G, const SyncPoint &P) {
  const auto *If = dyn_cast_or_null<IfStmt>(G.Where);
  if (!G.Exit || !If || !P.CallStack.empty())
    return false;
  const Stmt *Leaving = G.Taken ? If->getElse() : If->getThen();
  return isa_and_nonnull<ReturnStmt>(lastStatement(Leaving));
}

// The loop condition \p G of \p P, a warp barrier, is that of the outermost
// loop around it in the kernel's own body, and no barrier follows the
// loop: a lane that leaves it (the tail of a grid-stride loop) goes on to
// exit the kernel, and under independent thread scheduling only the lanes
// that have not exited must arrive.
bool leavingLoopExitsKernel(const Guard &G, const SyncPoint &P,
                            const KernelModel &M, const SourceManager &SM) {
  if (G.Exit || !isLoopStmt(G.Where) || !P.CallStack.empty() ||
      P.Loops.empty() || P.Loops.front() != G.Where)
    return false;
  SourceLocation LoopEnd = SM.getExpansionLoc(G.Where->getEndLoc());
  return llvm::none_of(M.syncs(), [&](const SyncPoint &Q) {
    const Expr *At = siteInKernel(Q.E, Q.CallStack);
    return SM.isBeforeInTranslationUnit(LoopEnd,
                                        SM.getExpansionLoc(At->getBeginLoc()));
  });
}

// Whether \p L launches \p Instance: another instantiation of the same
// template has other constants (`kern<64, 2>` is not `kern<64, 32>`).
bool launchesInstance(const LaunchConfig &L, const FunctionDecl &Instance) {
  const FunctionDecl *Callee = L.Call->getDirectCallee();
  return !Callee || !Instance.getPrimaryTemplate() ||
         Callee->getCanonicalDecl() == Instance.getCanonicalDecl();
}

// Whether guard \p I of \p P splits no block at any launch in view once
// the arguments each passes are bound: `if (t >= width) return;` where
// every launch gives the block `width` threads never fires. Sampled, for a
// guard on the thread's place in its block (blockSplitAt reads the rest).
bool neverSplitsAtLaunches(const SyncPoint &P, size_t I, const KernelModel &M,
                           llvm::ArrayRef<LaunchConfig> Launches,
                           ASTContext &Ctx) {
  auto OnBlockIdx = [](const SymNode &L) {
    return L.Kind == SymKind::BlockIdx;
  };
  if (anyLeaf(*P.Guards[I].Cond, OnBlockIdx))
    return false;
  unsigned Seen = 0;
  for (const LaunchConfig &L : Launches) {
    if (!launchesInstance(L, M.kernel()))
      continue;
    ++Seen;
    auto Bind = [&](const SymRef &E) {
      return bindLaunchArguments(E, M.kernel(), L.Call, L.Caller, Ctx);
    };
    llvm::SmallVector<Guard, 4> Prior;
    for (size_t K = 0; K < I; ++K) {
      Prior.push_back(P.Guards[K]);
      Prior.back().Cond = Bind(P.Guards[K].Cond);
    }
    std::vector<WarpSampler> Samplers =
        warpSamplers(blockShapes({L}, std::nullopt, M.oneDimensional()));
    if (firstThreadSplit(Bind(P.Guards[I].Cond), Prior, Samplers,
                         P.Scope == SyncScope::Warp))
      return false;
  }
  return Seen > 0;
}

// What the launches in view say of guard \p I of \p P: Never when none lets
// it split a block, Splits when one surely does, else MaySplit (Unknown
// when none is in view).
BlockSplit splitAtLaunches(const SyncPoint &P, size_t I, const KernelModel &M,
                           llvm::ArrayRef<LaunchConfig> Launches,
                           const KernelUseIndex &Uses, ASTContext &Ctx) {
  if (neverSplitsAtLaunches(P, I, M, Launches, Ctx))
    return BlockSplit::Never;
  bool Seen = false, AllNever = true;
  for (const LaunchConfig &L : Launches) {
    if (!launchesInstance(L, M.kernel()))
      continue;
    Seen = true;
    BlockSplit S = blockSplitAtLaunch(P.Guards[I].Cond,
                                      llvm::ArrayRef(P.Guards).take_front(I),
                                      M.kernel(), L, Uses, Ctx);
    if (S == BlockSplit::Splits)
      return S;
    AllNever = AllNever && S == BlockSplit::Never;
  }
  if (!Seen)
    return BlockSplit::Unknown;
  return AllNever ? BlockSplit::Never : BlockSplit::MaySplit;
}

// Whether the sizes that the kernel, or a launch's caller, checks before
// going on (`if (C % 256) __trap();`, `assert(C % 256 == 0)` before the
// launch) leave guard \p I of \p P no way to split a block: past the
// check, `lane * 8 + i * 256 >= C` moves whole blocks at a time.
bool ruledOutByCheckedSizes(const SyncPoint &P, size_t I, const KernelModel &M,
                            llvm::ArrayRef<LaunchConfig> Launches,
                            const KernelUseIndex &Uses, ASTContext &Ctx) {
  const Expr *At = siteInKernel(P.E, P.CallStack);
  auto NeverSplits = [&](const KnownMultiples &Known, const LaunchConfig *L) {
    if (Known.empty())
      return false;
    SymRef Cond = withKnownMultiples(P.Guards[I].Cond, Known);
    llvm::SmallVector<Guard, 4> Prior(P.Guards.begin(), P.Guards.begin() + I);
    for (Guard &G : Prior)
      G.Cond = withKnownMultiples(G.Cond, Known);
    BlockSplit S =
        L ? blockSplitAtLaunch(Cond, Prior, M.kernel(), *L, Uses, Ctx)
          : blockSplitAt(Cond, Prior, LaunchExtents{});
    return S == BlockSplit::Never;
  };
  if (NeverSplits(parameterMultiples(M.kernel(), At->getBeginLoc(), nullptr,
                                     nullptr, Ctx),
                  nullptr))
    return true;
  unsigned Seen = 0;
  for (const LaunchConfig &L : Launches) {
    if (!launchesInstance(L, M.kernel()))
      continue;
    ++Seen;
    if (!NeverSplits(parameterMultiples(M.kernel(), At->getBeginLoc(), L.Call,
                                        L.Caller, Ctx),
                     &L))
      return false;
  }
  return Seen > 0;
}

// True when the threads that leave at \p G end the kernel there: the arm
// that leaves ends in a `return` of the kernel itself, not of an inlined
// helper, nor a `break` or `continue` after which they go on.
bool leaversEndTheKernel(const Guard &G, const FunctionDecl &Kernel,
                         ASTContext &Ctx) {
  const auto *If = dyn_cast_or_null<IfStmt>(G.Where);
  if (!G.Exit || !If)
    return false;
  const Stmt *Arm = G.Taken ? If->getElse() : If->getThen();
  while (const auto *Block = dyn_cast_or_null<CompoundStmt>(Arm))
    Arm = Block->body_empty() ? nullptr : Block->body_back();
  return isa_and_nonnull<ReturnStmt>(Arm) &&
         enclosingFunction(*If, Ctx) == &Kernel;
}

// True when the threads that leave at \p G exit the kernel before a barrier
// of the block meets them again: an early `return`, or a loop after which
// none follows.
bool leaversExitTheKernel(const Guard &G, const SyncPoint &P,
                          const KernelModel &M, ASTContext &Ctx) {
  return leaversEndTheKernel(G, M.kernel(), Ctx) ||
         leavingLoopExitsKernel(G, P, M, Ctx.getSourceManager());
}

// True when a barrier of the kernel lies in the arm of \p G that leaves
// (`if (t >= n) { __syncthreads(); return; }`): the leavers meet another
// barrier before they exit, and the two are matched against each other.
bool leaversMeetABarrier(const Guard &G, const KernelModel &M,
                         const SourceManager &SM) {
  const auto *If = dyn_cast_or_null<IfStmt>(G.Where);
  const Stmt *Arm = If ? (G.Taken ? If->getElse() : If->getThen()) : nullptr;
  if (!Arm)
    return false;
  SourceRange R(SM.getExpansionLoc(Arm->getBeginLoc()),
                SM.getExpansionLoc(Arm->getEndLoc()));
  return llvm::any_of(M.syncs(), [&](const SyncPoint &Q) {
    const Expr *At = siteInKernel(Q.E, Q.CallStack);
    SourceLocation L = SM.getExpansionLoc(At->getBeginLoc());
    return rangeContains(R, L, SM);
  });
}

// Threads that exit do not hold up the barrier; they matter only if the
// threads that stay read what they would have written before it.
bool leaversHarmless(const Guard &G, const SyncPoint &P, const KernelModel &M,
                     llvm::ArrayRef<WarpSampler> Samplers, ASTContext &Ctx) {
  // `__syncthreads_count(p)` and its kin publish a value of every thread.
  if (P.Scope != SyncScope::Block || P.E->getNumArgs() != 0 ||
      !leaversExitTheKernel(G, P, M, Ctx) ||
      leaversMeetABarrier(G, M, Ctx.getSourceManager()))
    return false;
  std::vector<BlockShape> Shapes;
  for (const WarpSampler &S : Samplers)
    Shapes.push_back(S.shape());
  return !staleSharedReadsPossible(M, P, G, Shapes, Ctx.getSourceManager());
}

// Arms that each meet a barrier pair up by arrival count only under
// independent thread scheduling (sm_70 and later); before it a barrier
// counts whole warps, so the arms pair up only where guard \p I of \p P
// splits no warp (`if (warp % 2 == 0)`).
bool armsSplitAWarpWithoutScheduling(const SyncPoint &P, size_t I,
                                     llvm::ArrayRef<WarpSampler> Samplers,
                                     const GpuTargets &Targets) {
  if (Targets.allHave(GpuFeature::ThreadScheduling) ||
      P.Scope != SyncScope::Block)
    return false;
  return firstThreadSplit(P.Guards[I].Cond,
                          llvm::ArrayRef(P.Guards).take_front(I), Samplers,
                          /*WarpOnly=*/true)
      .has_value();
}

// The first guard of \p P on which the threads that should meet at it can
// disagree, and how they split on it. A guard whose arms each run as many
// barriers as the other (`pathsMeetEqualBarriers`) does not count, nor one that
// no launch lets split, and neither does an early return before a warp barrier,
// or a loop its lanes leave to exit: `__syncwarp` waits only for the lanes that
// have not exited.
std::optional<DivergentGuard> firstDivergentGuard(
    const SyncPoint &P, const KernelModel &M,
    llvm::ArrayRef<WarpSampler> Samplers, llvm::ArrayRef<LaunchConfig> Launches,
    const KernelUseIndex &Uses, const GpuTargets &Targets, ASTContext &Ctx) {
  for (size_t I = 0; I < P.Guards.size(); ++I) {
    const Guard &G = P.Guards[I];
    if (!G.Cond->threadDependent())
      continue;
    bool ArmsNeedScheduling = false;
    if (pathsMeetEqualBarriers(M, P, I, Ctx.getSourceManager())) {
      ArmsNeedScheduling =
          armsSplitAWarpWithoutScheduling(P, I, Samplers, Targets);
      if (!ArmsNeedScheduling)
        continue;
    }
    if (P.Scope == SyncScope::Warp &&
        (exitsKernel(G, P) ||
         leavingLoopExitsKernel(G, P, M, Ctx.getSourceManager())))
      continue;
    std::optional<ThreadSplit> Split =
        firstThreadSplit(G.Cond, llvm::ArrayRef(P.Guards).take_front(I),
                         Samplers, P.Scope == SyncScope::Warp);
    if (!Split)
      continue;
    BlockSplit AtLaunches = splitAtLaunches(P, I, M, Launches, Uses, Ctx);
    if (AtLaunches == BlockSplit::Never ||
        (Split->Kind == ThreadSplit::ForSomeBound &&
         ruledOutByCheckedSizes(P, I, M, Launches, Uses, Ctx)) ||
        leaversHarmless(G, P, M, Samplers, Ctx))
      continue;
    // A bound that a launch shows inside a block of a block barrier is
    // certain; one the launches leave open is a condition on the sizes.
    bool Certain =
        Split->Kind != ThreadSplit::ForSomeBound ||
        (AtLaunches == BlockSplit::Splits && P.Scope != SyncScope::Warp);
    return DivergentGuard{&G, *Split, Certain, ArmsNeedScheduling};
  }
  return std::nullopt;
}

// Why some threads miss the barrier: "some threads of a block leave before
// it (where 'i < n' is false)", with when that happens for a bound.
std::string whyMissed(const Guard &G, const ThreadSplit &Split,
                      const std::string &CondText, bool WarpOnly) {
  std::string Who = WarpOnly ? "lanes of a warp" : "threads of a block";
  std::string Why;
  if (G.Exit)
    Why = "some " + Who + " leave before it (where " + CondText +
          (G.Taken ? " is false" : " is true") + ")";
  else if (isLoopStmt(G.Where))
    Why = "it sits in a loop whose trip count differs between " + Who + " (" +
          CondText + ")";
  else
    Why = "it is reached under " + CondText + ", which differs between " + Who;
  if (Split.Kind == ThreadSplit::ForSomeBound)
    Why += " whenever " + Split.Bound + " falls inside a " +
           (WarpOnly ? "warp" : "block");
  else if (Split.Kind == ThreadSplit::DataDependent)
    Why += " whenever the data they read differ";
  return Why;
}

// "'__syncthreads()' is not reached by all threads of the block", or where
// sizes decide it, "'__syncthreads()' is missed by some threads of a block
// when 'n' is not a multiple of blockDim.x".
std::string missedBarrierMessage(const SyncPoint &P, const DivergentGuard &D,
                                 const GpuTargets &Targets,
                                 const ASTContext &Ctx) {
  if (D.ArmsNeedScheduling)
    return barrierName(P.E, Ctx) +
           " in an arm that splits warps cannot pair with the other arm's on " +
           targetNames(Targets.lacking(GpuFeature::ThreadScheduling)) +
           " (undefined behaviour)";
  bool WarpOnly = P.Scope == SyncScope::Warp;
  std::string Group = WarpOnly ? "warp" : "block";
  if (D.Certain)
    return barrierName(P.E, Ctx) + " is not reached by all threads of the " +
           Group + " (undefined behaviour)";
  std::string Step = blockStep(D.G->Cond);
  return barrierName(P.E, Ctx) + " is missed by some threads of a " + Group +
         " when " + D.Split.Bound +
         (Step.empty() || WarpOnly ? " falls inside a " + Group
                                   : " is not a multiple of " + Step);
}

// Which threads miss it, and what follows. Threads that have returned do
// not hold up a barrier (PTX's `exit` releases it), so there the hazard is
// what the others read; CUDA still leaves the case undefined.
std::string missedBarrierReason(const SyncPoint &P, const Guard &G,
                                const ThreadSplit &Split, bool LeaversEnd,
                                const ASTContext &Ctx) {
  bool WarpOnly = P.Scope == SyncScope::Warp;
  const Expr *CondE = conditionOf(G.Where);
  std::string CondText =
      CondE ? "'" + sourceText(CondE, Ctx, 60) + "'" : "a condition";
  std::string Why = whyMissed(G, Split, CondText, WarpOnly);
  if (LeaversEnd)
    return Why + "; the threads that stay may read shared memory that the "
                 "ones which returned never wrote";
  return Why + "; the " + (WarpOnly ? "warp" : "block") +
         " can hang, or threads read shared memory that was not written yet";
}

// Why arms that each meet a barrier do not pair up on \p Targets: the PTX
// ISA's `bar.sync` ("for .target sm_6x or below, all threads in a warp must
// execute the same bar instruction").
std::string armsWithoutSchedulingReason(const Guard &G,
                                        const GpuTargets &Targets,
                                        const ASTContext &Ctx) {
  const Expr *CondE = conditionOf(G.Where);
  std::string CondText =
      CondE ? "'" + sourceText(CondE, Ctx, 60) + "'" : "a condition";
  std::vector<GpuTarget> Without =
      Targets.lacking(GpuFeature::ThreadScheduling);
  return "lanes of one warp take both arms of " + CondText +
         ", each to its own barrier; " + targetNames(Without) +
         ", which this build targets, " +
         (Without.size() == 1 ? "lacks" : "lack") +
         " independent thread scheduling (sm_70 and later), so a barrier "
         "counts whole warps there and the two do not pair up: the block "
         "can hang or read shared memory too early";
}

const char *guardNote(const Guard &G) {
  return G.Exit                ? "the early exit is here"
         : isLoopStmt(G.Where) ? "the loop condition is here"
                               : "the condition is here";
}

// True unless threads also leave before \p P at another early exit: putting
// the work under the opposite of \p G's condition would still leave those
// out (a kernel that returns whole warps before a barrier on purpose).
bool leavesOnlyHere(const SyncPoint &P, const Guard &G) {
  return !G.Exit || llvm::none_of(P.Guards, [&](const Guard &Other) {
    return Other.Exit && Other.Where != G.Where;
  });
}

std::string remedy(const Guard &G, bool WarpOnly) {
  std::string Remedy =
      G.Exit ? "instead of leaving early, put the work under the "
               "opposite condition and let every thread reach the "
               "barrier"
      : isLoopStmt(G.Where)
          ? "give every thread the same trip count (loop to a "
            "bound that is the same in the whole block and guard the "
            "work inside), so that each iteration's barrier is met by "
            "all"
          : "move the barrier out of the branch, so that every thread "
            "reaches it";
  if (WarpOnly)
    Remedy += ", or pass '__syncwarp' the mask of the lanes that "
              "take this way";
  return Remedy;
}

} // namespace

void DivergentBarrierCheck::checkKernel(const KernelView &Kernel,
                                        FindingSink &Sink) {
  ASTContext &Ctx = Kernel.context();
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<LaunchConfig> Launches = launchesOf(Kernel);
  std::vector<WarpSampler> Samplers =
      warpSamplers(blockShapesOf(Kernel, Launches));
  for (const KernelView &F : analysedInstances(Kernel)) {
    const KernelModel &M = model(F);
    for (const SyncPoint &P : M.syncs()) {
      SourceLocation Loc = SM.getExpansionLoc(P.E->getBeginLoc());
      if (alreadyReported(Loc))
        continue;
      if (std::optional<DivergentGuard> D = firstDivergentGuard(
              P, M, Samplers, Launches, uses(Ctx), targets(), Ctx)) {
        markReported(Loc);
        reportMissedBarrier(Loc, P, *D, M, Sink);
      }
    }
  }
}

void DivergentBarrierCheck::reportMissedBarrier(SourceLocation Loc,
                                                const SyncPoint &P,
                                                const DivergentGuard &D,
                                                const KernelModel &M,
                                                FindingSink &Sink) {
  ASTContext &Ctx = M.kernel().getASTContext();
  const Guard &G = *D.G;
  Sink.diag(Loc, "%0",
            D.Certain ? DiagnosticIDs::Error : DiagnosticIDs::Warning)
      << missedBarrierMessage(P, D, targets(), Ctx);
  if (D.ArmsNeedScheduling)
    Sink.diag(Loc, "%0", DiagnosticIDs::Note)
        << armsWithoutSchedulingReason(G, targets(), Ctx);
  else
    Sink.diag(Loc, "%0", DiagnosticIDs::Note) << missedBarrierReason(
        P, G, D.Split, leaversExitTheKernel(G, P, M, Ctx), Ctx);
  for (const CallExpr *Call : P.CallStack)
    Sink.diag(Call->getExprLoc(), "inlined from this call",
              DiagnosticIDs::Note);
  if (const Expr *CondE = conditionOf(G.Where))
    Sink.diag(Ctx.getSourceManager().getExpansionLoc(CondE->getBeginLoc()),
              guardNote(G), DiagnosticIDs::Note);
  if (leavesOnlyHere(P, G))
    Sink.diag(Loc, "%0", DiagnosticIDs::Note)
        << remedy(G, P.Scope == SyncScope::Warp);
}

} // namespace cudalint
