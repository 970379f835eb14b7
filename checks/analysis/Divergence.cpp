//===--- Divergence.cpp - which threads take which way at a branch --------===//

#include "Divergence.h"

#include "llvm/ADT/bit.h"

#include <set>

namespace cudalint {

namespace {

// Warps of sample \p S, in linear order (at most 32: a block of 1024).
unsigned warpCount(const WarpSampler &S, unsigned Sample) {
  return std::min(S.warps(Sample), 32u);
}

bool mentions(const SymNode &N, SymKind K) {
  return anyLeaf(N, [K](const SymNode &L) { return L.Kind == K; });
}

// `g.thread_rank() == 0` on a coalesced group, as a guard: one lane passes.
bool singleRankGuard(const Guard &G) {
  const SymNode &C = *G.Cond;
  if (C.Kind == SymKind::Not && G.Taken && isCoalescedRank(*C.Ops[0]))
    return true;
  if ((C.Kind == SymKind::EQ && G.Taken) || (C.Kind == SymKind::NE && !G.Taken))
    return (isCoalescedRank(*C.Ops[0]) && C.Ops[1]->isConst()) ||
           (isCoalescedRank(*C.Ops[1]) && C.Ops[0]->isConst());
  if (C.isLeaf() && isCoalescedRank(C) && !G.Taken)
    return true; // `if (!rank)` folded
  return false;
}

// What the sampled blocks show about a condition, lane by lane.
struct LaneTally {
  bool AnySplit = false, Monotone = true, AllSingle = true;
  /// In every warp that split, the lanes taking the true way are a prefix
  /// or a suffix of its active lanes (a bound that falls inside the warp).
  bool MonotoneInWarps = true;
  unsigned MajoritySamples = 0, Counted = 0;
  uint32_t ActiveMask = 0, TrueMask = 0; ///< Of the first warp that split.
};

// Adds the block of sample \p Sample (another block of the grid when \p WI
// says so) to \p T; false when a lane's value cannot be computed.
bool tallyBlock(const SymNode &Cond, llvm::ArrayRef<Guard> Guards,
                const WarpSampler &S, unsigned Sample, const WhatIf *WI,
                LaneTally &T) {
  int Prev = -1;
  unsigned Transitions = 0, Split = 0, Active = 0;
  for (unsigned W = 0; W < warpCount(S, Sample); ++W) {
    uint32_t A = 0, True = 0;
    unsigned InWarp = 0;
    int PrevInWarp = -1;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      if (!S.active(Guards, Sample, W, Lane, WI))
        continue;
      std::optional<int64_t> V = S.value(Cond, Sample, W, Lane, WI);
      if (!V)
        return false;
      A |= 1u << Lane;
      int B = *V != 0;
      if (B)
        True |= 1u << Lane;
      if (Prev != -1 && Prev != B)
        ++Transitions;
      if (PrevInWarp != -1 && PrevInWarp != B)
        ++InWarp;
      Prev = PrevInWarp = B;
    }
    if (!A)
      continue;
    if (InWarp > 1)
      T.MonotoneInWarps = false;
    ++Active;
    if (True == 0 || True == A)
      continue;
    ++Split;
    if (!T.AnySplit) {
      T.ActiveMask = A;
      T.TrueMask = True;
    }
    T.AnySplit = true;
    if (llvm::popcount(True) != 1 && llvm::popcount(A & ~True) != 1)
      T.AllSingle = false;
  }
  if (Transitions > 1)
    T.Monotone = false;
  // Most warps of the block, not only of those that get here: a branch
  // that only warp 0 reaches (`if (warp == 0) { if (lane < k) ... }`)
  // costs that one warp.
  // A block of one warp, drawn for an unknown shape, would make any
  // branch inside `if (warp == 0)` look like most of the block.
  if (!S.shape().X && warpCount(S, Sample) == 1)
    return true;
  ++T.Counted;
  if (Active && Split * 2 > warpCount(S, Sample))
    ++T.MajoritySamples;
  return true;
}

// Tallies every sampled block; false when a lane's value cannot be computed.
bool tallyBlocks(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
                 const WarpSampler &S, bool Data, LaneTally &T) {
  // A condition on blockIdx may split only in some blocks (the diagonal of
  // a triangular grid): each sample is also looked at in other blocks.
  bool ByBlock = mentions(*Cond, SymKind::BlockIdx) ||
                 llvm::any_of(Guards, [](const Guard &G) {
                   return mentions(*G.Cond, SymKind::BlockIdx);
                 });
  unsigned Variants = ByBlock ? 4 : 1;
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample)
    for (unsigned Variant = 0; Variant < Variants; ++Variant) {
      WhatIf Other;
      Other.BlockVariant = Variant;
      Other.ArbitraryData = Data;
      if (!tallyBlock(*Cond, Guards, S, Sample,
                      Variant || Data ? &Other : nullptr, T))
        return false;
    }
  return true;
}

// The per-thread side and the uniform bound of a comparison (`i < n`);
// nulls when \p Cond is not one.
std::pair<const SymNode *, const SymNode *>
boundComparison(const SymNode &Cond) {
  if (Cond.Kind < SymKind::LT || Cond.Kind > SymKind::NE)
    return {nullptr, nullptr};
  const SymNode &A = *Cond.Ops[0], &B = *Cond.Ops[1];
  if (A.threadDependent() && !B.threadDependent() &&
      mentions(B, SymKind::Uniform))
    return {&A, &B};
  if (B.threadDependent() && !A.threadDependent() &&
      mentions(A, SymKind::Uniform))
    return {&B, &A};
  return {nullptr, nullptr};
}

// "'n'", or "'B * T'": the bound as the kernel computes it.
std::string describeBound(const SymNode &Bound) {
  return "'" + Bound.str() + "'";
}

// The bound comparisons a condition is made of: itself, or the operands of
// `&&`, `||` and `!` over bound comparisons and thread-independent values
// (`row < M && col < N`). Empty when some part is neither.
using BoundPair = std::pair<const SymNode *, const SymNode *>;
bool collectBoundComparisons(const SymNode &Cond,
                             llvm::SmallVectorImpl<BoundPair> &Out) {
  if (!Cond.threadDependent())
    return true;
  if (Cond.Kind == SymKind::LAnd || Cond.Kind == SymKind::LOr ||
      Cond.Kind == SymKind::Not)
    return llvm::all_of(Cond.Ops, [&](const SymRef &Op) {
      return collectBoundComparisons(*Op, Out);
    });
  auto [PerThread, Bound] = boundComparison(Cond);
  if (!PerThread)
    return false;
  Out.push_back({PerThread, Bound});
  return true;
}

// "'n'", or "'M' or 'N'" for a condition over several bounds.
std::string describeBounds(llvm::ArrayRef<BoundPair> Varying) {
  std::string Text;
  for (const BoundPair &P : Varying) {
    std::string One = describeBound(*P.second);
    if (Text.find(One) == std::string::npos)
      Text += (Text.empty() ? "" : " or ") + One;
  }
  return Text;
}

// The per-thread data \p E reads that cudalint can stand in for (symData
// leaves); false when some per-thread unknown has no inputs to follow.
bool collectDataLeaves(const SymNode &E,
                       llvm::SmallVectorImpl<const SymNode *> &Out) {
  if (E.Kind == SymKind::Varying) {
    if (E.Inputs.empty())
      return false;
    Out.push_back(&E);
    return true;
  }
  return llvm::all_of(
      E.Ops, [&](const SymRef &Op) { return collectDataLeaves(*Op, Out); });
}

// What the threads that should meet read in a condition on data.
enum class DataRead {
  Same,        ///< The same data (per warp with WarpOnly).
  Different,   ///< Different data: then some data makes them disagree.
  Untraceable, ///< A per-thread unknown without inputs to follow.
};

// Whether threads that should meet (the lanes of one warp with \p
// WarpOnly, else the threads of a block) read different data in \p Cond.
DataRead dataRead(const SymNode &Cond, llvm::ArrayRef<Guard> Guards,
                  const WarpSampler &S, bool WarpOnly) {
  llvm::SmallVector<const SymNode *, 4> Leaves;
  if (!collectDataLeaves(Cond, Leaves))
    return DataRead::Untraceable;
  // Which lanes get here is judged by the guards on the thread index only:
  // a guard on data may let any lane through.
  llvm::SmallVector<Guard, 4> IndexGuards;
  for (const Guard &G : Guards)
    if (!G.Cond->hasVarying())
      IndexGuards.push_back(G);
  WhatIf Data;
  Data.ArbitraryData = true;
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample) {
    llvm::SmallVector<std::optional<int64_t>, 4> First(Leaves.size());
    for (unsigned W = 0; W < warpCount(S, Sample); ++W) {
      if (WarpOnly)
        First.assign(Leaves.size(), std::nullopt);
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        if (!S.active(IndexGuards, Sample, W, Lane, &Data))
          continue;
        for (size_t I = 0; I < Leaves.size(); ++I) {
          std::optional<int64_t> V =
              S.value(*Leaves[I], Sample, W, Lane, &Data);
          if (!V)
            return DataRead::Different; // Inputs that vary unknowably.
          if (!First[I])
            First[I] = V;
          else if (*First[I] != *V)
            return DataRead::Different;
        }
      }
    }
  }
  return DataRead::Same;
}

// Whether threads that should meet disagree on a condition on data, with
// arbitrary data standing in: DataDependent, Never when every thread reads
// the same data (or the same per warp, with \p WarpOnly), Unknown when the
// data is not a function of something cudalint follows.
ThreadSplit::KindT dataThreadSplit(const SymNode &Cond,
                                   llvm::ArrayRef<Guard> Guards,
                                   const WarpSampler &S, bool WarpOnly) {
  switch (dataRead(Cond, Guards, S, WarpOnly)) {
  case DataRead::Untraceable:
    return ThreadSplit::Unknown;
  case DataRead::Different:
    return ThreadSplit::DataDependent;
  case DataRead::Same:
    break;
  }
  // They read the same data; the thread index may still split them.
  WhatIf Data;
  Data.ArbitraryData = true;
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample) {
    std::optional<bool> First;
    for (unsigned W = 0; W < warpCount(S, Sample); ++W) {
      if (WarpOnly)
        First.reset();
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        if (!S.active(Guards, Sample, W, Lane, &Data))
          continue;
        std::optional<int64_t> V = S.value(Cond, Sample, W, Lane, &Data);
        if (!V)
          return ThreadSplit::Unknown;
        if (!First)
          First = *V != 0;
        else if (*First != (*V != 0))
          return ThreadSplit::DataDependent;
      }
    }
  }
  return ThreadSplit::Never;
}

} // namespace

LaneSplit laneSplit(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
                    const WarpSampler &S) {
  LaneSplit R;
  if (!Cond->threadDependent())
    return R;
  // Data read per thread: lanes that read different data may disagree.
  // Where the data is a function of known inputs (an address, arguments),
  // arbitrary data stands in for it, to tell data each warp shares (a row
  // per warp) from data each lane reads for itself.
  bool Data = Cond->hasVarying();
  if (Data && dataRead(*Cond, Guards, S, /*WarpOnly=*/true) != DataRead::Same) {
    R.Kind = LaneSplit::DataDependent;
    return R;
  }
  LaneTally T;
  bool Computed = tallyBlocks(Cond, Guards, S, Data, T);
  R.ActiveMask = T.ActiveMask;
  R.TrueMask = T.TrueMask;
  if (!Computed) {
    R.Kind = LaneSplit::DataDependent;
    return R;
  }
  if (!T.AnySplit)
    return R;
  if (Data) {
    // The lanes of each warp share the data: a bound each warp reads
    // (`lane < count[warp]`) splits a warp once, as a tail.
    R.Kind = T.MonotoneInWarps ? LaneSplit::Boundary : LaneSplit::DataDependent;
    return R;
  }
  R.SingleLane = T.AllSingle;
  R.Monotone = T.Monotone;
  // A split monotone in the thread id is a boundary (one warp of many
  // splits) unless most warps split: half-warp roles in a block of one
  // warp (`if (lane < 16)` with 32 threads) split every warp there is.
  bool MostWarps = T.MajoritySamples && T.MajoritySamples * 4 >= T.Counted;
  if (T.Monotone && !MostWarps)
    R.Kind = LaneSplit::Boundary;
  else if (MostWarps)
    R.Kind = LaneSplit::LaneDivergent;
  else
    R.Kind = LaneSplit::Sparse;
  return R;
}

std::optional<SampledLaneSplit>
firstLaneSplit(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
               llvm::ArrayRef<WarpSampler> Samplers) {
  for (const WarpSampler &S : Samplers) {
    LaneSplit L = laneSplit(Cond, Guards, S);
    if (L.Kind == LaneSplit::DataDependent)
      return SampledLaneSplit{L, &S};
    if (L.Kind != LaneSplit::LaneDivergent)
      continue;
    // A bound inside a block of one warp (`lane < 16`) splits every warp
    // there is; under a larger block the kernel is launched with, one warp
    // of many: a tail there, which decides.
    if (L.Monotone && llvm::any_of(Samplers, [&](const WarpSampler &Other) {
          return laneSplit(Cond, Guards, Other).Kind !=
                 LaneSplit::LaneDivergent;
        }))
      return std::nullopt;
    return SampledLaneSplit{L, &S};
  }
  return std::nullopt;
}

std::optional<std::pair<unsigned, unsigned>>
soleThread(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
           const WarpSampler &S) {
  if (!Cond->threadDependent() || Cond->hasVarying())
    return std::nullopt;
  std::optional<std::pair<unsigned, unsigned>> Found;
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample) {
    std::optional<std::pair<unsigned, unsigned>> Here;
    for (unsigned W = 0; W < warpCount(S, Sample); ++W)
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        if (!S.active(Guards, Sample, W, Lane))
          continue;
        std::optional<int64_t> V = S.value(*Cond, Sample, W, Lane);
        if (!V)
          return std::nullopt;
        if (!*V)
          continue;
        if (Here)
          return std::nullopt; // A second thread takes it.
        Here = {W, Lane};
      }
    if (!Here || (Found && *Found != *Here))
      return std::nullopt;
    Found = Here;
  }
  return Found;
}

std::string describeLanes(uint32_t ActiveMask, uint32_t TrueMask) {
  if (ActiveMask == 0xffffffffu) {
    if (TrueMask == 0x55555555u || TrueMask == 0xaaaaaaaau)
      return "even and odd lanes take different ways";
    for (unsigned K = 1; K < 32; ++K) {
      uint32_t Low = (1u << K) - 1;
      if (TrueMask == Low || TrueMask == ~Low)
        return "lanes 0-" + std::to_string(K - 1) + " and lanes " +
               std::to_string(K) + "-31 take different ways";
    }
    // A repeating group: lanes alternate in runs of K.
    for (unsigned K = 2; K <= 16; K *= 2) {
      uint32_t Run = (1u << K) - 1, Pattern = 0;
      for (unsigned I = 0; I < 32; I += 2 * K)
        Pattern |= Run << I;
      if (TrueMask == Pattern || TrueMask == ~Pattern)
        return "lanes alternate in runs of " + std::to_string(K) +
               " between the two ways";
    }
  }
  return std::to_string(llvm::popcount(TrueMask)) + " of " +
         std::to_string(llvm::popcount(ActiveMask)) +
         " active lanes take one way and the rest the other";
}

ThreadSplit threadSplit(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
                        const WarpSampler &S, bool WarpOnly) {
  ThreadSplit R;
  if (!Cond->threadDependent())
    return R;
  if (Cond->hasVarying()) {
    R.Kind = dataThreadSplit(*Cond, Guards, S, WarpOnly);
    return R;
  }
  llvm::SmallVector<BoundPair, 2> Bounds;
  if (!collectBoundComparisons(*Cond, Bounds))
    Bounds.clear();
  // Per bound comparison: whether its per-thread side differs between the
  // threads that should meet (then some value of the bound splits them).
  llvm::SmallVector<bool, 2> Varies(Bounds.size(), false);
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample) {
    std::optional<int64_t> First;
    llvm::SmallVector<std::optional<int64_t>, 2> FirstSide(Bounds.size());
    for (unsigned W = 0; W < warpCount(S, Sample); ++W) {
      if (WarpOnly) {
        First.reset();
        FirstSide.assign(Bounds.size(), std::nullopt);
      }
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        if (!S.active(Guards, Sample, W, Lane))
          continue;
        std::optional<int64_t> V = S.value(*Cond, Sample, W, Lane);
        if (!V) {
          R.Kind = ThreadSplit::Unknown;
          return R;
        }
        bool B = *V != 0;
        if (!First)
          First = B;
        else if (*First != B) {
          R.Kind = ThreadSplit::Witnessed;
          return R;
        }
        for (size_t I = 0; I < Bounds.size(); ++I) {
          std::optional<int64_t> Side =
              S.value(*Bounds[I].first, Sample, W, Lane);
          if (!Side)
            continue;
          if (!FirstSide[I])
            FirstSide[I] = Side;
          else if (*FirstSide[I] != *Side)
            Varies[I] = true;
        }
      }
    }
  }
  llvm::SmallVector<BoundPair, 2> Splitting;
  for (size_t I = 0; I < Bounds.size(); ++I)
    if (Varies[I])
      Splitting.push_back(Bounds[I]);
  if (!Splitting.empty()) {
    R.Kind = ThreadSplit::ForSomeBound;
    R.Bound = describeBounds(Splitting);
  }
  return R;
}

std::optional<ThreadSplit>
firstThreadSplit(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
                 llvm::ArrayRef<WarpSampler> Samplers, bool WarpOnly) {
  for (const WarpSampler &S : Samplers) {
    ThreadSplit TS = threadSplit(Cond, Guards, S, WarpOnly);
    if (TS.Kind == ThreadSplit::Witnessed ||
        TS.Kind == ThreadSplit::ForSomeBound ||
        TS.Kind == ThreadSplit::DataDependent)
      return TS;
  }
  return std::nullopt;
}

unsigned activeLanes(llvm::ArrayRef<Guard> Guards, const WarpSampler &S) {
  for (const Guard &G : Guards)
    if (singleRankGuard(G))
      return 1;
  unsigned Most = 0;
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample)
    for (unsigned W = 0; W < warpCount(S, Sample); ++W) {
      unsigned N = 0;
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
        N += S.active(Guards, Sample, W, Lane);
      Most = std::max(Most, N);
      if (Most == WarpSize)
        return Most;
    }
  return Most;
}

unsigned mostActiveLanes(llvm::ArrayRef<Guard> Guards,
                         llvm::ArrayRef<WarpSampler> Samplers) {
  unsigned Most = 0;
  for (const WarpSampler &S : Samplers)
    Most = std::max(Most, activeLanes(Guards, S));
  return Most;
}

} // namespace cudalint
