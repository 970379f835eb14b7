//===--- WarpSyncHazards.cpp - warp-synchronous shared-memory code --------===//

#include "WarpSyncHazards.h"
#include "CudaNames.h"
#include "InlinedHelpers.h"
#include "LaneExchange.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

#include <array>
#include <map>
#include <tuple>

using namespace clang;

namespace cudalint {
namespace {

/// Store and load pairs judged per kernel, and samples, warps and trips
/// per pair: enough to find the lanes of a reduction tail or a scan, cheap
/// on a kernel of hundreds of shared accesses.
constexpr size_t MaxPairs = 4000;
constexpr unsigned MaxSamples = 6, MaxWarps = 2, HeldTrips = 8;

/// Where something happens in the kernel's execution order: the calls it
/// was inlined through (outermost first), then its own place.
using Place = llvm::SmallVector<SourceLocation, 3>;

int compareLocations(SourceLocation A, SourceLocation B,
                     const SourceManager &SM) {
  SourceLocation EA = SM.getExpansionLoc(A), EB = SM.getExpansionLoc(B);
  if (EA != EB)
    return SM.isBeforeInTranslationUnit(EA, EB) ? -1 : 1;
  // One macro expansion: the order of the tokens in its definition.
  SourceLocation SA = SM.getSpellingLoc(A), SB = SM.getSpellingLoc(B);
  if (SA == SB)
    return 0;
  return SM.isBeforeInTranslationUnit(SA, SB) ? -1 : 1;
}

/// -1 when \p A runs before \p B, 1 after, 0 when they cannot be told apart
/// (the same place, or one inside a call the other is).
int compare(const Place &A, const Place &B, const SourceManager &SM) {
  for (size_t I = 0; I < A.size() && I < B.size(); ++I)
    if (int C = compareLocations(A[I], B[I], SM))
      return C;
  return 0;
}

Place framesOf(llvm::ArrayRef<const CallExpr *> Stack) {
  Place P;
  for (const CallExpr *C : Stack)
    P.push_back(C->getBeginLoc());
  return P;
}

/// Where a store takes effect: after everything its assignment reads
/// (`v[t] += v[t + 16]` stores after loading `v[t + 16]`).
SourceLocation storeLocation(const Expr *E, ASTContext &Ctx) {
  const Expr *Assignment = assignmentStoring(E, Ctx);
  return (Assignment ? Assignment : E)->getEndLoc();
}

Place writePlace(const MemAccess &A, ASTContext &Ctx) {
  Place P = framesOf(A.CallStack);
  P.push_back(storeLocation(A.E, Ctx));
  return P;
}

Place readPlace(const MemAccess &A) {
  Place P = framesOf(A.CallStack);
  P.push_back(A.E->getBeginLoc());
  return P;
}

/// A barrier as the order sees it: its place and the loops around it.
struct Barrier {
  Place At;
  llvm::SmallVector<const Stmt *, 2> Loops;
  /// For a separator: the calls that reach it and itself (the loops around
  /// it are read from where they are).
  llvm::SmallVector<SourceRange, 3> Ranges;
};

/// The innermost loop around both \p A and \p B, or null.
const Stmt *commonLoop(const MemAccess &A, const MemAccess &B) {
  const Stmt *L = nullptr;
  for (size_t I = 0; I < A.Loops.size() && I < B.Loops.size(); ++I) {
    if (A.Loops[I] != B.Loops[I])
      break;
    L = A.Loops[I];
  }
  return L;
}

bool inside(const Barrier &B, const Stmt *Loop, const SourceManager &SM) {
  if (llvm::is_contained(B.Loops, Loop))
    return true;
  return llvm::any_of(B.Ranges, [&](SourceRange R) {
    return SM.isPointWithin(SM.getExpansionLoc(R.getBegin()),
                            SM.getExpansionLoc(Loop->getBeginLoc()),
                            SM.getExpansionLoc(Loop->getEndLoc()));
  });
}

/// The order of access \p W (at \p PW) and a later access \p R (at \p PR),
/// a store and a load either way round: nullopt when a barrier separates
/// them (or \p R cannot follow \p W).
struct Order {
  bool AcrossTrips = false;
  const Stmt *Loop = nullptr;
};

/// True when a `return` or `break` follows \p S in a block between it and
/// \p Loop: a lane that ran \p S does not start another trip.
bool leavesLoopAfter(const Stmt *S, const Stmt *Loop, ASTContext &Ctx) {
  const Stmt *Cur = S;
  for (int Depth = 0; Depth < 64 && Cur != Loop; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    const Stmt *P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!P)
      return false;
    if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      bool After = false;
      for (const Stmt *C : CS->body()) {
        if (After && isa<ReturnStmt, BreakStmt>(C))
          return true;
        After |= C == Cur;
      }
    }
    Cur = P;
  }
  return false;
}

std::optional<Order> unsynchronised(const MemAccess &W, const Place &PW,
                                    const MemAccess &R, const Place &PR,
                                    llvm::ArrayRef<Barrier> Barriers,
                                    ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  Order O;
  O.Loop = commonLoop(W, R);
  int C = compare(PW, PR, SM);
  if (C < 0) {
    for (const Barrier &B : Barriers) {
      int AfterW = compare(PW, B.At, SM), BeforeR = compare(B.At, PR, SM);
      // A barrier that cannot be placed against them is taken to separate.
      if (AfterW <= 0 && BeforeR <= 0)
        return std::nullopt;
    }
    return O;
  }
  // R comes first in the body: it follows W of the trip before, unless a
  // barrier in the loop runs after W or before R.
  if (!O.Loop || leavesLoopAfter(siteInKernel(W.E, W.CallStack), O.Loop, Ctx))
    return std::nullopt;
  O.AcrossTrips = true;
  for (const Barrier &B : Barriers)
    if (inside(B, O.Loop, SM) &&
        (compare(PW, B.At, SM) <= 0 || compare(B.At, PR, SM) <= 0))
      return std::nullopt;
  return O;
}

/// Calls \p F(S, Sample, Warp) for the first MaxWarps warps of the first
/// MaxSamples samples of each sampler; stops when \p F returns false.
void forEachSampledWarp(
    llvm::ArrayRef<WarpSampler> Samplers,
    llvm::function_ref<bool(const WarpSampler &, unsigned, unsigned)> F) {
  for (const WarpSampler &S : Samplers)
    for (unsigned Sample = 0; Sample < std::min(S.samples(), MaxSamples);
         ++Sample) {
      std::vector<unsigned> Warps = S.warpOrder(Sample);
      for (unsigned I = 0; I < std::min<size_t>(Warps.size(), MaxWarps); ++I)
        if (!F(S, Sample, Warps[I]))
          return;
    }
}

/// One warp of one sample, with the loop around a pair held.
struct LaneRun {
  const WarpSampler &S;
  unsigned Sample, Warp;
  const WhatIf *At;

  /// Whether \p Lane exists and no guard is known to be false for it
  /// (uniform guards too: a loop held past its last trip runs nothing).
  bool passes(llvm::ArrayRef<Guard> Guards, unsigned Lane) const {
    if (!S.active({}, Sample, Warp, Lane, At))
      return false;
    for (const Guard &G : Guards) {
      std::optional<int64_t> V = S.value(*G.Cond, Sample, Warp, Lane, At);
      if (V && ((*V != 0) != G.Taken))
        return false;
    }
    return true;
  }

  /// Each lane's byte offset where it makes \p A, -1 where it does not;
  /// nullopt when a lane's cannot be computed.
  std::optional<std::array<int64_t, WarpSize>>
  offsets(const MemAccess &A) const {
    std::array<int64_t, WarpSize> Out;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      Out[Lane] = -1;
      if (!passes(A.Guards, Lane))
        continue;
      std::optional<int64_t> V = S.value(*A.Offset, Sample, Warp, Lane, At);
      if (!V)
        return std::nullopt;
      Out[Lane] = *V;
    }
    return Out;
  }
};

using LaneOffsets = std::optional<std::array<int64_t, WarpSize>>;

/// Each access's lane offsets per warp, sample and held trip, computed once
/// for all the pairs the access is in.
class OffsetCache {
public:
  const LaneOffsets &get(const LaneRun &Run, const MemAccess &A) {
    const void *Loop = nullptr;
    int64_t Trip = -1;
    if (Run.At && !Run.At->LoopIters.empty())
      std::tie(Loop, Trip) = *Run.At->LoopIters.begin();
    auto [It, New] =
        Cache.try_emplace(Key{&A, &Run.S, Run.Sample, Run.Warp, Loop, Trip});
    if (New)
      It->second = Run.offsets(A);
    return It->second;
  }

private:
  using Key = std::tuple<const MemAccess *, const WarpSampler *, unsigned,
                         unsigned, const void *, int64_t>;
  std::map<Key, LaneOffsets> Cache;
};

/// What the samples of one pair showed.
struct PairJudgement {
  bool Found = false;
  unsigned Writer = 0, Reader = 0;
  bool StoreSeen = false;   ///< Some sample had lanes making the store.
  bool PartialWarp = false; ///< Some sample had only some lanes make it.
};

// One warp: lanes A making \p First and B != A making \p Second at an
// overlapping address; the store's lanes tell whether the whole warp makes
// it.
void judgeWarp(const MemAccess &First, const MemAccess &Second, bool StoreFirst,
               const LaneRun &RunFirst, const LaneRun &RunSecond,
               OffsetCache &Offsets, PairJudgement &J) {
  const LaneOffsets &OF = Offsets.get(RunFirst, First);
  const LaneOffsets &OS = Offsets.get(RunSecond, Second);
  if (!OF || !OS)
    return;
  const auto &Store = StoreFirst ? *OF : *OS;
  const LaneRun &StoreRun = StoreFirst ? RunFirst : RunSecond;
  unsigned Making = 0, Existing = 0;
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    Making += Store[Lane] >= 0;
    Existing += StoreRun.passes({}, Lane);
  }
  if (Making) {
    J.StoreSeen = true;
    J.PartialWarp |= Making != WarpSize || Existing != WarpSize;
  }
  for (unsigned A = 0; A < WarpSize && !J.Found; ++A) {
    if ((*OF)[A] < 0)
      continue;
    for (unsigned B = 0; B < WarpSize; ++B)
      if (B != A && (*OS)[B] >= 0 &&
          (*OF)[A] < (*OS)[B] + int64_t(Second.Width) &&
          (*OS)[B] < (*OF)[A] + int64_t(First.Width) &&
          // A reader that stored to the slot itself first (every lane
          // storing the same shared value, then reading it back) sees a
          // store, its own or a later one: not reported.
          !(StoreFirst && (*OF)[B] == (*OS)[B])) {
        J.Found = true;
        J.Writer = StoreFirst ? A : B;
        J.Reader = StoreFirst ? B : A;
        return;
      }
  }
}

/// The trips of \p Loop to hold: the first few, and the last two where the
/// trip count is a constant.
std::vector<int64_t> tripsToHold(const KernelModel &M, const Stmt *Loop) {
  std::vector<int64_t> Trips;
  for (int64_t K = 0; K < HeldTrips; ++K)
    Trips.push_back(K);
  if (std::optional<int64_t> N = M.tripCount(Loop))
    for (int64_t K = std::max<int64_t>(HeldTrips, *N - 2); K < *N; ++K)
      Trips.push_back(K);
  return Trips;
}

PairJudgement judgePair(const MemAccess &First, const MemAccess &Second,
                        bool StoreFirst, const Order &O, const KernelModel &M,
                        llvm::ArrayRef<WarpSampler> Samplers,
                        OffsetCache &Offsets) {
  PairJudgement J;
  std::vector<int64_t> Trips =
      O.Loop ? tripsToHold(M, O.Loop) : std::vector<int64_t>{-1};
  forEachSampledWarp(
      Samplers, [&](const WarpSampler &S, unsigned Sample, unsigned Warp) {
        for (int64_t K : Trips) {
          WhatIf AtFirst, AtSecond;
          if (K >= 0) {
            AtFirst.LoopIters[O.Loop] = K;
            AtSecond.LoopIters[O.Loop] = O.AcrossTrips ? K + 1 : K;
          }
          judgeWarp(First, Second, StoreFirst, {S, Sample, Warp, &AtFirst},
                    {S, Sample, Warp, &AtSecond}, Offsets, J);
          if (J.Found && J.PartialWarp)
            return false;
        }
        return true;
      });
  return J;
}

bool sharedPlain(const MemAccess &A) {
  return A.Space == MemSpace::Shared && !A.IsAtomic && A.Width > 0 && A.Root &&
         !A.Offset->hasVarying();
}

std::vector<Barrier> barriersOf(const KernelModel &M,
                                llvm::ArrayRef<WarpSeparator> Separators) {
  std::vector<Barrier> Out;
  for (const SyncPoint &P : M.syncs()) {
    Barrier B{framesOf(P.CallStack), P.Loops, {}};
    B.At.push_back(P.E->getBeginLoc());
    Out.push_back(std::move(B));
  }
  for (const WarpSeparator &S : Separators) {
    Barrier B{framesOf(S.Stack), {}, {}};
    for (const CallExpr *C : S.Stack)
      B.Ranges.push_back(C->getSourceRange());
    B.Ranges.push_back(S.Call->getSourceRange());
    B.At.push_back(S.Call->getBeginLoc());
    Out.push_back(std::move(B));
  }
  return Out;
}

} // namespace

const Expr *assignmentStoring(const Expr *E, ASTContext &Ctx) {
  const Expr *Cur = E;
  for (int Depth = 0; Depth < 4; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    const Expr *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
    if (!P)
      return nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(P);
        BO && BO->isAssignmentOp())
      return BO;
    if (const auto *UO = dyn_cast<UnaryOperator>(P);
        UO && UO->isIncrementDecrementOp())
      return UO;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P);
        OC && OC->isAssignmentOp())
      return OC;
    if (!isa<ParenExpr, ImplicitCastExpr, MemberExpr>(P))
      return nullptr;
    Cur = P;
  }
  return nullptr;
}

std::vector<WarpSyncHazard>
warpSyncHazards(const KernelModel &M, llvm::ArrayRef<WarpSampler> Samplers,
                llvm::ArrayRef<WarpSeparator> Separators, ASTContext &Ctx) {
  std::vector<WarpSyncHazard> Out;
  if (M.incomplete() || Samplers.empty())
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Barrier> Barriers = barriersOf(M, Separators);
  OffsetCache Offsets;
  std::vector<std::pair<const MemAccess *, Place>> Loads;
  for (const MemAccess &R : M.accesses())
    if (R.IsLoad && sharedPlain(R))
      Loads.push_back({&R, readPlace(R)});
  size_t Pairs = 0;
  for (const MemAccess &W : M.accesses()) {
    if (!W.IsStore || !sharedPlain(W))
      continue;
    Place PW = writePlace(W, Ctx);
    for (const auto &[RP, PR] : Loads) {
      const MemAccess &R = *RP;
      if (R.Root != W.Root)
        continue;
      if (++Pairs > MaxPairs)
        return Out;
      // A load after the store (it may read the other lane's value), then
      // a store after the load (it may overwrite what the other lane has
      // not read yet).
      for (bool StoreFirst : {true, false}) {
        std::optional<Order> O =
            StoreFirst ? unsynchronised(W, PW, R, PR, Barriers, Ctx)
                       : unsynchronised(R, PR, W, PW, Barriers, Ctx);
        if (!O)
          continue;
        PairJudgement J =
            StoreFirst ? judgePair(W, R, true, *O, M, Samplers, Offsets)
                       : judgePair(R, W, false, *O, M, Samplers, Offsets);
        if (J.Found)
          Out.push_back({&W, &R, J.Writer, J.Reader, O->AcrossTrips, O->Loop,
                         J.StoreSeen && !J.PartialWarp, !StoreFirst});
      }
    }
  }
  return Out;
}

std::vector<WarpSeparator> warpSeparators(const Stmt *Body,
                                          const SourceManager &SM) {
  std::vector<WarpSeparator> Out;
  // A barrier is one wherever it is; a helper the model inlines is walked,
  // so that its barriers are placed among its accesses; any other call that
  // orders the lanes (a library's) is one as a whole.
  walkInlinedCalls(
      Body, SM,
      [&](const CallExpr *CE, ArrayRef<const CallExpr *> Stack,
          const FunctionDecl *Helper) {
        if (cudaBarrier(CE) || (!Helper && (reachesMemoryOrdering(CE) ||
                                            exchangesAcrossLanes(CE)))) {
          Out.push_back(WarpSeparator{{Stack.begin(), Stack.end()}, CE});
          return false;
        }
        return true;
      });
  return Out;
}

namespace {

/// The innermost branch or loop of its function that \p S runs under, and
/// the way taken; null at the top of the function.
std::pair<const Stmt *, bool> innermostBranch(const Stmt *S, ASTContext &Ctx,
                                              const FunctionDecl **Owner) {
  const Stmt *Child = S;
  for (int Depth = 0; Depth < 64; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(*Child);
    if (Parents.empty())
      return {nullptr, true};
    if (const auto *FD = Parents[0].get<FunctionDecl>()) {
      *Owner = FD;
      return {nullptr, true};
    }
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      return {nullptr, true};
    if (const auto *If = dyn_cast<IfStmt>(P);
        If && (Child == If->getThen() || Child == If->getElse()))
      return {P, Child == If->getThen()};
    if (const auto *F = dyn_cast<ForStmt>(P); F && Child == F->getBody())
      return {P, true};
    if (const auto *W = dyn_cast<WhileStmt>(P); W && Child == W->getBody())
      return {P, true};
    if (const auto *CO = dyn_cast<ConditionalOperator>(P);
        CO && (Child == CO->getTrueExpr() || Child == CO->getFalseExpr()))
      return {P, Child == CO->getTrueExpr()};
    Child = P;
  }
  return {nullptr, true};
}

/// The calls of \p Callee in \p Body.
void callsOf(const Stmt *Body, const FunctionDecl *Callee,
             llvm::SmallVectorImpl<const CallExpr *> &Out) {
  if (!Body)
    return;
  if (const auto *CE = dyn_cast<CallExpr>(Body))
    if (const FunctionDecl *D = CE->getDirectCallee();
        D && D->getCanonicalDecl() == Callee->getCanonicalDecl())
      Out.push_back(CE);
  for (const Stmt *C : Body->children())
    callsOf(C, Callee, Out);
}

std::vector<llvm::SmallVector<Guard, 4>> guardSetsAt(const Stmt *S,
                                                     const KernelModel &M,
                                                     ASTContext &Ctx,
                                                     unsigned Depth) {
  std::vector<llvm::SmallVector<Guard, 4>> Sets;
  const FunctionDecl *Owner = nullptr;
  auto [Branch, Taken] = innermostBranch(S, Ctx, &Owner);
  if (Branch) {
    for (const BranchCondition &B : M.conditions())
      if (B.S == Branch && B.Value) {
        llvm::SmallVector<Guard, 4> G(B.Guards.begin(), B.Guards.end());
        G.push_back({B.Value, Taken, Branch});
        Sets.push_back(std::move(G));
      }
    return Sets;
  }
  if (!Owner)
    return Sets;
  if (Owner->getCanonicalDecl() == M.kernel().getCanonicalDecl() ||
      Owner == &M.kernel()) {
    Sets.emplace_back();
    return Sets;
  }
  if (Depth >= 3)
    return Sets;
  llvm::SmallVector<const CallExpr *, 4> Calls;
  callsOf(M.kernel().getBody(), Owner, Calls);
  for (const CallExpr *C : Calls) {
    auto Inner = guardSetsAt(C, M, Ctx, Depth + 1);
    if (Inner.empty())
      return {};
    Sets.insert(Sets.end(), Inner.begin(), Inner.end());
  }
  return Sets;
}

} // namespace

std::vector<llvm::SmallVector<Guard, 4>>
guardSetsAt(const Stmt *S, const KernelModel &M, ASTContext &Ctx) {
  return guardSetsAt(S, M, Ctx, 0);
}

std::vector<LaneMasks> lanesReaching(llvm::ArrayRef<Guard> Guards,
                                     llvm::ArrayRef<WarpSampler> Samplers) {
  llvm::SmallVector<Guard, 4> Kept;
  for (const Guard &G : Guards)
    if (!G.Exit)
      Kept.push_back(G);
  std::vector<LaneMasks> Out;
  forEachSampledWarp(Samplers,
                     [&](const WarpSampler &S, unsigned Sample, unsigned Warp) {
                       LaneRun Run{S, Sample, Warp, nullptr};
                       LaneMasks L;
                       for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
                         if (Run.passes({}, Lane))
                           L.Existing |= 1u << Lane;
                         if (Run.passes(Kept, Lane))
                           L.Reaching |= 1u << Lane;
                       }
                       Out.push_back(L);
                       return true;
                     });
  return Out;
}

} // namespace cudalint
