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
  if (N.Kind == K)
    return true;
  for (const SymRef &Op : N.Ops)
    if (mentions(*Op, K))
      return true;
  return false;
}

void uniformNames(const SymNode &N, std::set<std::string> &Out) {
  if (N.Kind == SymKind::Uniform && !N.Name.empty())
    Out.insert(N.Name);
  for (const SymRef &Op : N.Ops)
    uniformNames(*Op, Out);
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

} // namespace

LaneSplit laneSplit(const SymRef &Cond, llvm::ArrayRef<Guard> Guards,
                    const WarpSampler &S) {
  LaneSplit R;
  if (!Cond->threadDependent())
    return R;
  if (Cond->hasVarying()) {
    R.Kind = LaneSplit::DataDependent;
    return R;
  }
  bool AnySplit = false, Monotone = true, AllSingle = true;
  unsigned MajoritySamples = 0, Counted = 0;
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
      const WhatIf *WI = Variant ? &Other : nullptr;
      int Prev = -1;
      unsigned Transitions = 0, Split = 0, Active = 0;
      for (unsigned W = 0; W < warpCount(S, Sample); ++W) {
        uint32_t A = 0, T = 0;
        for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
          if (!S.active(Guards, Sample, W, Lane, WI))
            continue;
          std::optional<int64_t> V = S.value(*Cond, Sample, W, Lane, WI);
          if (!V) {
            R.Kind = LaneSplit::DataDependent;
            return R;
          }
          A |= 1u << Lane;
          int B = *V != 0;
          if (B)
            T |= 1u << Lane;
          if (Prev != -1 && Prev != B)
            ++Transitions;
          Prev = B;
        }
        if (!A)
          continue;
        ++Active;
        if (T == 0 || T == A)
          continue;
        ++Split;
        if (!AnySplit) {
          R.ActiveMask = A;
          R.TrueMask = T;
        }
        AnySplit = true;
        if (llvm::popcount(T) != 1 && llvm::popcount(A & ~T) != 1)
          AllSingle = false;
      }
      if (Transitions > 1)
        Monotone = false;
      // Most warps of the block, not only of those that get here: a branch
      // that only warp 0 reaches (`if (warp == 0) { if (lane < k) ... }`)
      // costs that one warp.
      // A block of one warp, drawn for an unknown shape, would make any
      // branch inside `if (warp == 0)` look like most of the block.
      if (!S.shape().X && warpCount(S, Sample) == 1)
        continue;
      ++Counted;
      if (Active && Split * 2 > warpCount(S, Sample))
        ++MajoritySamples;
    }
  if (!AnySplit)
    return R;
  R.SingleLane = AllSingle;
  if (Monotone)
    R.Kind = LaneSplit::Boundary;
  else if (MajoritySamples && MajoritySamples * 4 >= Counted)
    R.Kind = LaneSplit::LaneDivergent;
  else
    R.Kind = LaneSplit::Sparse;
  return R;
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
    R.Kind = ThreadSplit::Unknown;
    return R;
  }
  // The per-thread side of a comparison with a uniform bound.
  const SymNode *PerThread = nullptr, *Bound = nullptr;
  if (Cond->Kind >= SymKind::LT && Cond->Kind <= SymKind::NE) {
    const SymNode &A = *Cond->Ops[0], &B = *Cond->Ops[1];
    if (A.threadDependent() && !B.threadDependent() &&
        mentions(B, SymKind::Uniform)) {
      PerThread = &A;
      Bound = &B;
    } else if (B.threadDependent() && !A.threadDependent() &&
               mentions(A, SymKind::Uniform)) {
      PerThread = &B;
      Bound = &A;
    }
  }
  bool Varies = false;
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample) {
    std::optional<int64_t> First, FirstSide;
    for (unsigned W = 0; W < warpCount(S, Sample); ++W) {
      if (WarpOnly) {
        First.reset();
        FirstSide.reset();
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
        if (PerThread) {
          std::optional<int64_t> Side = S.value(*PerThread, Sample, W, Lane);
          if (Side) {
            if (!FirstSide)
              FirstSide = Side;
            else if (*FirstSide != *Side)
              Varies = true;
          }
        }
      }
    }
  }
  if (Varies) {
    R.Kind = ThreadSplit::ForSomeBound;
    std::set<std::string> Names;
    uniformNames(*Bound, Names);
    for (const std::string &N : Names)
      R.Bound += (R.Bound.empty() ? "" : " and ") + ("'" + N + "'");
    if (Names.size() > 1 || Bound->Kind != SymKind::Uniform)
      R.Bound = "the bound computed from " + R.Bound;
  }
  return R;
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

} // namespace cudalint
