//===--- StaleSharedReads.cpp - what threads that leave never publish -----===//

#include "StaleSharedReads.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <map>

using namespace clang;

namespace cudalint {
namespace {

/// Sizes drawn per barrier; runs stop once enough of them split the block.
constexpr unsigned Trials = 128, SplittingTrialsWanted = 6,
                   SplittingTrialsNeeded = 3;
/// Evaluations of a guard or an address allowed per barrier before the
/// answer is "cannot tell".
constexpr uint64_t EvaluationBudget = 3'000'000;

enum class Truth { False, True, Unknown };

/// A shared byte: the array (by declaration) and its offset.
using Slot = std::pair<const ValueDecl *, int64_t>;

/// One access as the barrier sees it: a store it publishes or a load that
/// reads what it published, and the trip of the barrier's innermost loop it
/// runs in, relative to the barrier's (a store after the barrier in that
/// loop was made in the trip before; a load before it, in the next).
struct Placed {
  const MemAccess *A;
  int TripShift = 0;
};

/// The block of one sample: sizes drawn, loop trips held, one thread at a
/// time.
class BlockRun {
public:
  BlockRun(const BlockShape &Shape, const SyncPoint &P, uint64_t Seed)
      : P(P), Seed(Seed) {
    Dim[0] = Shape.X.value_or(256);
    Dim[1] = Shape.Y.value_or(1);
    Dim[2] = Shape.Z.value_or(1);
    for (size_t I = 0; I < P.Loops.size(); ++I)
      BarrierTrip[P.Loops[I]] = draw(I + 1, 1, 4);
  }

  int64_t threads() const { return Dim[0] * Dim[1] * Dim[2]; }
  bool overBudget() const { return Evaluations > EvaluationBudget; }

  void enter(const Placed &At, int64_t Thread) {
    Tid[0] = Thread % Dim[0];
    Tid[1] = (Thread / Dim[0]) % Dim[1];
    Tid[2] = Thread / (Dim[0] * Dim[1]);
    Trips = BarrierTrip;
    if (At.TripShift && !P.Loops.empty())
      Trips[P.Loops.back()] += At.TripShift;
  }
  void holdTrip(const Stmt *Loop, int64_t K) { Trips[Loop] = K; }

  std::optional<int64_t> value(const SymNode &E) {
    ++Evaluations;
    return evaluate(E, [&](const SymNode &L) { return leaf(L); });
  }

  /// Whether a guard lets the current thread through.
  Truth passes(const Guard &G) {
    std::optional<int64_t> V = value(*G.Cond);
    if (!V)
      return Truth::Unknown;
    return (*V != 0) == G.Taken ? Truth::True : Truth::False;
  }

  /// All of \p Guards but those of \p Skip (the statement of the exit).
  Truth passesAll(llvm::ArrayRef<Guard> Guards, const Stmt *Skip) {
    Truth All = Truth::True;
    for (const Guard &G : Guards) {
      if (G.Where == Skip && Skip)
        continue;
      Truth T = passes(G);
      if (T == Truth::False)
        return T;
      if (T == Truth::Unknown)
        All = T;
    }
    return All;
  }

private:
  int64_t draw(uint64_t Key, int64_t Lo, int64_t Hi) const {
    uint64_t H = mixBits(Key ^ mixBits(Seed));
    return Lo + int64_t(H % uint64_t(Hi - Lo));
  }
  /// A size: a few elements, a few warps, or up to two blocks, so that a
  /// bound falls inside the block in a good share of the samples.
  int64_t drawSize(uint64_t Key) const {
    switch (draw(Key ^ 0x5157, 0, 3)) {
    case 0:
      return draw(Key, 0, 4);
    case 1:
      return draw(Key, 0, 96);
    default:
      return draw(Key, 0, 2 * threads() + 2);
    }
  }

  std::optional<int64_t> leaf(const SymNode &L) {
    uint64_t Key = stableLeafHash(L);
    switch (L.Kind) {
    case SymKind::ThreadIdx:
      return Tid[L.Dim];
    case SymKind::BlockDim:
      return Dim[L.Dim];
    case SymKind::BlockIdx:
      return draw(Key, 0, 4);
    case SymKind::GridDim:
      return draw(Key, 1, 9);
    case SymKind::Uniform:
      return drawSize(Key);
    case SymKind::ArrayDim:
      return L.Value;
    case SymKind::LoopIter: {
      auto It = Trips.find(L.Id);
      if (It != Trips.end())
        return It->second;
      return draw(Key, 0, 4);
    }
    default:
      return std::nullopt;
    }
  }

  const SyncPoint &P;
  uint64_t Seed;
  int64_t Dim[3], Tid[3] = {0, 0, 0};
  std::map<const void *, int64_t> BarrierTrip, Trips;
  uint64_t Evaluations = 0;
};

/// Runs \p Visit for every trip of the loops around \p A that are not
/// around the barrier too, in the current thread: a loop's trips end where
/// its condition is known to be false. False when a loop would run past
/// what can be run (an unknown bound).
bool forEachTrip(BlockRun &Run, const MemAccess &A, const SyncPoint &P,
                 size_t Level, llvm::function_ref<bool()> Visit) {
  while (Level < A.Loops.size() && llvm::is_contained(P.Loops, A.Loops[Level]))
    ++Level;
  if (Level == A.Loops.size())
    return Visit();
  const Stmt *Loop = A.Loops[Level];
  // An address the loop does not move is the same slot every trip: its
  // first trip (if the thread makes one) stands for all.
  int64_t Cap = readsLoopIteration(*A.Offset, Loop) ? 2 * Run.threads() + 8 : 1;
  for (int64_t K = 0; K < Cap; ++K) {
    Run.holdTrip(Loop, K);
    if (llvm::any_of(A.Guards, [&](const Guard &G) {
          return G.Where == Loop && Run.passes(G) == Truth::False;
        }))
      return true;
    if (!forEachTrip(Run, A, P, Level + 1, Visit) || Run.overBudget())
      return false;
  }
  return Cap == 1;
}

/// Whether \p A runs only in the threads that pass \p Leave (after the
/// exit, or inside the loop), not in the arm the leavers take on their way
/// out (`if (warp != 0) { part[t] = v; return; }` writes before leaving).
bool guardedBy(const MemAccess &A, const Guard &Leave) {
  return llvm::any_of(A.Guards, [&](const Guard &G) {
    return G.Where == Leave.Where && G.Taken == Leave.Taken;
  });
}

/// A write any thread may make to one slot (`flag = true` under a test of
/// its data, an atomic count): the slot means "some thread did", not a
/// value one particular thread publishes.
bool writtenByAnyThread(const MemAccess &A, const Guard &Leave) {
  if (A.Offset->threadDependent())
    return false;
  return A.IsAtomic || llvm::any_of(A.Guards, [&](const Guard &G) {
           return G.Where != Leave.Where && G.Cond->hasVarying();
         });
}

/// The shared slots written before the barrier, split by who writes them.
struct Writes {
  llvm::DenseSet<Slot> ByStayers, ByLeavers;
};

void addBytes(llvm::DenseSet<Slot> &Set, const MemAccess &A, int64_t Offset) {
  for (unsigned B = 0; B < std::max(A.Width, 1u); ++B)
    Set.insert({A.Root, Offset + B});
}

/// Records what \p A writes in the current thread, every trip: a thread
/// that fails the exit's test (ignored here) would have written it, one
/// that passes it does. Stores the exit does not guard are made by all.
bool recordStore(BlockRun &Run, const MemAccess &A, const SyncPoint &P,
                 const Guard &Leave, Writes &W) {
  bool ByExit = guardedBy(A, Leave);
  return forEachTrip(Run, A, P, 0, [&] {
    if (Run.passesAll(A.Guards, ByExit ? Leave.Where : nullptr) == Truth::False)
      return true;
    Truth Stays = ByExit ? Run.passes(Leave) : Truth::True;
    std::optional<int64_t> Offset = Run.value(*A.Offset);
    if (!Offset)
      return Stays == Truth::True; // A stayer's slot unknown: fewer known.
    addBytes(Stays == Truth::False ? W.ByLeavers : W.ByStayers, A, *Offset);
    return true;
  });
}

/// Whether \p A, in the current thread, reads a byte only leavers write.
/// Nullopt when its address cannot be computed or its loops not run.
std::optional<bool> readsStale(BlockRun &Run, const MemAccess &A,
                               const SyncPoint &P,
                               const llvm::DenseSet<Slot> &Stale) {
  bool Hit = false;
  bool Ran = forEachTrip(Run, A, P, 0, [&] {
    if (Run.passesAll(A.Guards, nullptr) == Truth::False)
      return true;
    std::optional<int64_t> Offset = Run.value(*A.Offset);
    if (!Offset)
      return false;
    for (unsigned B = 0; B < std::max(A.Width, 1u) && !Hit; ++B)
      Hit = Stale.contains({A.Root, *Offset + B});
    return !Hit;
  });
  if (Hit)
    return true;
  if (!Ran)
    return std::nullopt;
  return false;
}

/// Whether the exit splits the block in this sample: some threads pass
/// \p Leave at the barrier's trip and some fail it. Nullopt when a thread's
/// test cannot be computed.
std::optional<bool> splitsBlock(BlockRun &Run, const Guard &Leave) {
  bool Stay = false, Go = false;
  for (int64_t T = 0; T < Run.threads(); ++T) {
    Run.enter(Placed{nullptr, 0}, T);
    Truth Passes = Run.passes(Leave);
    if (Passes == Truth::Unknown)
      return std::nullopt;
    (Passes == Truth::True ? Stay : Go) = true;
  }
  return Stay && Go;
}

/// The shared stores the barrier publishes and the shared loads after it,
/// in program order; around a loop, the stores after it (the trip before)
/// and the loads before it (the next trip) too.
struct BarrierTraffic {
  std::vector<Placed> Stores, Loads;
};

BarrierTraffic trafficAround(const KernelModel &M, const SyncPoint &P,
                             const Guard &Leave, const SourceManager &SM) {
  auto Where = [&](const Expr *E, llvm::ArrayRef<const CallExpr *> Stack) {
    return SM.getExpansionLoc(siteInKernel(E, Stack)->getBeginLoc());
  };
  SourceLocation At = Where(P.E, P.CallStack);
  const Stmt *Loop = P.Loops.empty() ? nullptr : P.Loops.back();
  BarrierTraffic T;
  for (const MemAccess &A : M.accesses()) {
    if (A.Space != MemSpace::Shared || !A.Root)
      continue;
    bool Before = SM.isBeforeInTranslationUnit(Where(A.E, A.CallStack), At);
    bool InLoop = Loop && llvm::is_contained(A.Loops, Loop);
    if (A.IsStore && !writtenByAnyThread(A, Leave)) {
      if (Before)
        T.Stores.push_back({&A, 0});
      else if (InLoop)
        T.Stores.push_back({&A, -1});
    }
    if (A.IsLoad) {
      if (!Before)
        T.Loads.push_back({&A, 0});
      else if (InLoop)
        T.Loads.push_back({&A, +1});
    }
  }
  return T;
}

/// One sample: nullopt when it cannot be run, else whether a stayer reads
/// a slot only leavers write.
std::optional<bool> staleInSample(BlockRun &Run, const BarrierTraffic &T,
                                  const SyncPoint &P, const Guard &Leave) {
  Writes W;
  for (const Placed &S : T.Stores)
    for (int64_t Thread = 0; Thread < Run.threads(); ++Thread) {
      Run.enter(S, Thread);
      if (!recordStore(Run, *S.A, P, Leave, W) || Run.overBudget())
        return std::nullopt;
    }
  llvm::DenseSet<Slot> Stale;
  for (const Slot &S : W.ByLeavers)
    if (!W.ByStayers.contains(S))
      Stale.insert(S);
  if (Stale.empty())
    return false;
  for (const Placed &L : T.Loads)
    for (int64_t Thread = 0; Thread < Run.threads(); ++Thread) {
      Run.enter(L, Thread);
      std::optional<bool> Hit = readsStale(Run, *L.A, P, Stale);
      if (!Hit || *Hit || Run.overBudget())
        return Hit ? std::optional<bool>(*Hit) : std::nullopt;
    }
  return false;
}

} // namespace

bool staleSharedReadsPossible(const KernelModel &M, const SyncPoint &P,
                              const Guard &Leave,
                              llvm::ArrayRef<BlockShape> Shapes,
                              const SourceManager &SM) {
  BarrierTraffic T = trafficAround(M, P, Leave, SM);
  std::vector<BlockShape> Blocks(Shapes.begin(), Shapes.end());
  if (Blocks.empty())
    Blocks.push_back(BlockShape{});
  for (const BlockShape &Shape : Blocks) {
    unsigned Splitting = 0;
    for (unsigned Seed = 1; Seed <= Trials; ++Seed) {
      BlockRun Run(Shape, P, Seed);
      if (Run.threads() > 1024)
        return true;
      std::optional<bool> Splits = splitsBlock(Run, Leave);
      if (!Splits)
        return true;
      if (!*Splits)
        continue;
      std::optional<bool> Stale = staleInSample(Run, T, P, Leave);
      if (!Stale || *Stale)
        return true;
      if (++Splitting == SplittingTrialsWanted)
        break;
    }
    if (Splitting < SplittingTrialsNeeded)
      return true;
  }
  return false;
}

} // namespace cudalint
