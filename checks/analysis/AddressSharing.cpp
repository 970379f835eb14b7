//===--- AddressSharing.cpp - how many threads aim at one address ---------===//

#include "AddressSharing.h"

#include "Divergence.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>

namespace cudalint {

namespace {

// An interval whose ends may be unknown.
struct Bounds {
  std::optional<int64_t> Lo, Hi;
  static Bounds exactly(int64_t V) { return {V, V}; }
  bool known() const { return Lo && Hi; }
  bool nonNegative() const { return Lo && *Lo >= 0; }
};

// Keeps interval ends far from overflow.
constexpr int64_t Huge = int64_t(1) << 40;

std::optional<int64_t> clampEnd(std::optional<int64_t> V) {
  if (!V || *V > Huge || *V < -Huge)
    return std::nullopt;
  return V;
}

Bounds bounds(const SymNode &E, LeafRanges Leaves, unsigned Depth);

Bounds addBounds(const Bounds &A, const Bounds &B, bool Sub) {
  if (!Sub)
    return {A.Lo && B.Lo ? clampEnd(*A.Lo + *B.Lo) : std::nullopt,
            A.Hi && B.Hi ? clampEnd(*A.Hi + *B.Hi) : std::nullopt};
  return {A.Lo && B.Hi ? clampEnd(*A.Lo - *B.Hi) : std::nullopt,
          A.Hi && B.Lo ? clampEnd(*A.Hi - *B.Lo) : std::nullopt};
}

// `a * c` for a constant c: each end of a that is known, scaled (a clamp
// that bounds one side of an index keeps that side through the element
// size).
Bounds scaledBounds(const Bounds &A, int64_t C) {
  auto Scale = [&](std::optional<int64_t> V) {
    return V ? clampEnd(*V * C) : std::nullopt;
  };
  if (C >= 0)
    return {Scale(A.Lo), Scale(A.Hi)};
  return {Scale(A.Hi), Scale(A.Lo)};
}

Bounds mulBounds(const Bounds &A, const Bounds &B) {
  if (B.known() && *B.Lo == *B.Hi)
    return scaledBounds(A, *B.Lo);
  if (A.known() && *A.Lo == *A.Hi)
    return scaledBounds(B, *A.Lo);
  if (!A.known() || !B.known())
    return {};
  int64_t P[] = {*A.Lo * *B.Lo, *A.Lo * *B.Hi, *A.Hi * *B.Lo, *A.Hi * *B.Hi};
  return {clampEnd(*std::min_element(P, P + 4)),
          clampEnd(*std::max_element(P, P + 4))};
}

// `v % m` for m in [a, b], a > 0: [0, b - 1] (see valueRange), or a tighter
// range when v is known and non-negative.
Bounds remBounds(const Bounds &A, const Bounds &B) {
  if (!B.Lo || *B.Lo <= 0 || !B.Hi)
    return {};
  if (A.nonNegative() && A.Hi && *A.Hi < *B.Lo)
    return A;
  return {0, *B.Hi - 1};
}

// `v & m`: within [0, m] when either side is known non-negative.
Bounds andBounds(const Bounds &A, const Bounds &B) {
  if (A.nonNegative() && B.nonNegative() && A.Hi && B.Hi)
    return {0, std::min(*A.Hi, *B.Hi)};
  if (B.nonNegative() && B.Hi)
    return {0, *B.Hi};
  if (A.nonNegative() && A.Hi)
    return {0, *A.Hi};
  return {};
}

// `a | b`, `a ^ b` of non-negative values: no bit above the highest either
// can set (`(p > t) | ((q > t) << 1)`: 0 to 3).
Bounds bitsBounds(const Bounds &A, const Bounds &B) {
  if (!A.nonNegative() || !B.nonNegative() || !A.Hi || !B.Hi)
    return {};
  uint64_t Top = static_cast<uint64_t>(std::max(*A.Hi, *B.Hi));
  return {0, clampEnd(static_cast<int64_t>(llvm::NextPowerOf2(Top) - 1))};
}

// `v << s` with a constant s and v non-negative.
Bounds shlBounds(const Bounds &A, const Bounds &B) {
  if (!A.nonNegative() || !B.known() || *B.Lo != *B.Hi || *B.Lo < 0 ||
      *B.Lo > 40)
    return {};
  return scaledBounds(A, int64_t(1) << *B.Lo);
}

// `v >> s`, `v / d` with constant s, d and v non-negative.
Bounds shrinkBounds(const Bounds &A, const Bounds &B, bool Shift) {
  if (!A.nonNegative() || !B.known() || *B.Lo != *B.Hi || *B.Lo < 0 ||
      (Shift && *B.Lo > 62) || (!Shift && *B.Lo == 0))
    return {};
  auto Apply = [&](int64_t V) { return Shift ? V >> *B.Lo : V / *B.Lo; };
  return {Apply(*A.Lo),
          A.Hi ? std::optional<int64_t>(Apply(*A.Hi)) : std::nullopt};
}

// `min(a, b)`, `max(a, b)`: a clamp bounds one side even when the other
// operand is unknown (min's upper end, max's lower end).
Bounds minMaxBounds(const Bounds &A, const Bounds &B, bool Min) {
  auto Both = [&](std::optional<int64_t> X,
                  std::optional<int64_t> Y) -> std::optional<int64_t> {
    if (!X || !Y)
      return std::nullopt;
    return Min ? std::min(*X, *Y) : std::max(*X, *Y);
  };
  auto Either = [&](std::optional<int64_t> X,
                    std::optional<int64_t> Y) -> std::optional<int64_t> {
    if (X && Y)
      return Both(X, Y);
    return X ? X : Y;
  };
  if (Min)
    return {Both(A.Lo, B.Lo), Either(A.Hi, B.Hi)};
  return {Either(A.Lo, B.Lo), Both(A.Hi, B.Hi)};
}

Bounds leafBounds(const SymNode &E, LeafRanges Leaves) {
  if (E.isConst())
    return Bounds::exactly(E.Value);
  if (E.Kind == SymKind::ArrayDim)
    return Bounds::exactly(E.Value);
  if (E.Kind == SymKind::Uniform && Leaves)
    if (std::optional<IntRange> R = Leaves(E))
      return {R->first, R->second};
  return {};
}

Bounds bounds(const SymNode &E, LeafRanges Leaves, unsigned Depth) {
  if (E.isLeaf())
    return leafBounds(E, Leaves);
  if (Depth > 24)
    return {};
  if (E.isComparison())
    return {0, 1};
  auto Op = [&](unsigned I) { return bounds(*E.Ops[I], Leaves, Depth + 1); };
  switch (E.Kind) {
  case SymKind::Add:
  case SymKind::Sub:
    return addBounds(Op(0), Op(1), E.Kind == SymKind::Sub);
  case SymKind::Mul:
    return mulBounds(Op(0), Op(1));
  case SymKind::Rem:
    return remBounds(Op(0), Op(1));
  case SymKind::And:
    return andBounds(Op(0), Op(1));
  case SymKind::Or:
  case SymKind::Xor:
    return bitsBounds(Op(0), Op(1));
  case SymKind::Shl:
    return shlBounds(Op(0), Op(1));
  case SymKind::Shr:
  case SymKind::Div:
    return shrinkBounds(Op(0), Op(1), E.Kind == SymKind::Shr);
  case SymKind::Min:
  case SymKind::Max:
    return minMaxBounds(Op(0), Op(1), E.Kind == SymKind::Min);
  case SymKind::Select: {
    Bounds A = Op(1), B = Op(2);
    if (!A.known() || !B.known())
      return {};
    return {std::min(*A.Lo, *B.Lo), std::max(*A.Hi, *B.Hi)};
  }
  default:
    return {};
  }
}

// What the lanes of the warps of one sampled block do with the address.
struct BlockSample {
  unsigned Lanes = 0;       ///< Most active lanes of a warp on one address.
  unsigned Warps = 0;       ///< Most warps of the block on one address.
  bool WarpUniform = true;  ///< Every warp's active lanes on one address.
  bool BlockUniform = true; ///< Every active lane of the block on one.
};

// The addresses of the active lanes of every warp of sample \p S; nullopt
// when one cannot be computed.
std::optional<BlockSample> sampleBlock(const MemAccess &A,
                                       const WarpSampler &Sampler, unsigned S) {
  BlockSample Out;
  std::map<int64_t, unsigned> WarpsAt;
  std::optional<int64_t> First;
  for (unsigned W = 0; W < Sampler.warps(S); ++W) {
    std::map<int64_t, unsigned> LanesAt;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      if (!Sampler.active(A.Guards, S, W, Lane))
        continue;
      std::optional<int64_t> Addr = Sampler.value(*A.Offset, S, W, Lane);
      if (!Addr)
        return std::nullopt;
      ++LanesAt[*Addr];
      if (!First)
        First = *Addr;
      Out.BlockUniform &= *Addr == *First;
    }
    Out.WarpUniform &= LanesAt.size() <= 1;
    for (const auto &[Addr, N] : LanesAt) {
      Out.Lanes = std::max(Out.Lanes, N);
      Out.Warps = std::max(Out.Warps, ++WarpsAt[Addr]);
    }
  }
  return Out;
}

// The median over the samples of \p Sampler; nullopt when most of them
// cannot be computed.
std::optional<BlockSample> medianBlock(const MemAccess &A,
                                       const WarpSampler &Sampler) {
  std::vector<BlockSample> Got;
  for (unsigned S = 0; S < Sampler.samples(); ++S)
    if (std::optional<BlockSample> B = sampleBlock(A, Sampler, S))
      Got.push_back(*B);
  if (Got.size() * 2 <= Sampler.samples())
    return std::nullopt;
  auto ByLanes = [](const BlockSample &X, const BlockSample &Y) {
    return X.Lanes < Y.Lanes || (X.Lanes == Y.Lanes && X.Warps < Y.Warps);
  };
  std::sort(Got.begin(), Got.end(), ByLanes);
  BlockSample Median = Got[Got.size() / 2];
  Median.WarpUniform =
      llvm::all_of(Got, [](const BlockSample &B) { return B.WarpUniform; });
  Median.BlockUniform =
      llvm::all_of(Got, [](const BlockSample &B) { return B.BlockUniform; });
  return Median;
}

bool mentionsBlockIdx(const SymNode &E) {
  return anyLeaf(E,
                 [](const SymNode &L) { return L.Kind == SymKind::BlockIdx; });
}

SharingKind kindOf(const MemAccess &A, const BlockSample &B) {
  if (!A.Offset->threadDependent())
    return mentionsBlockIdx(*A.Offset) ? SharingKind::PerBlock
                                       : SharingKind::PerGrid;
  if (B.Lanes <= 1)
    return SharingKind::PerLane;
  if (!B.WarpUniform)
    return SharingKind::LaneGroups;
  return B.BlockUniform ? SharingKind::PerBlock : SharingKind::PerWarp;
}

// An address chosen by data: how many elements it can reach.
AddressSharing dataSharing(const MemAccess &A,
                           llvm::ArrayRef<WarpSampler> Samplers,
                           LeafRanges Leaves) {
  AddressSharing Out;
  Out.Kind = SharingKind::DataUnbounded;
  Out.LanesPerAddress = mostActiveLanes(A.Guards, Samplers);
  std::optional<IntRange> R = indexRange(*A.Offset, Leaves);
  if (R && A.Width > 0) {
    Out.Kind = SharingKind::DataBounded;
    Out.Elements = (R->second - R->first) / int64_t(A.Width) + 1;
  }
  return Out;
}

} // namespace

namespace {
std::optional<IntRange> rangeOf(const Bounds &B) {
  if (!B.known() || *B.Lo > *B.Hi)
    return std::nullopt;
  return IntRange{*B.Lo, *B.Hi};
}
} // namespace

std::optional<IntRange> valueRange(const SymNode &E, LeafRanges Leaves) {
  return rangeOf(bounds(E, Leaves, 0));
}

std::optional<IntRange> indexRange(const SymNode &E, LeafRanges Leaves) {
  Bounds B = bounds(E, Leaves, 0);
  if (B.Hi && !B.Lo)
    B.Lo = 0;
  return rangeOf(B);
}

AddressSharing addressSharing(const MemAccess &A,
                              llvm::ArrayRef<WarpSampler> Samplers,
                              LeafRanges Leaves) {
  if (!A.Offset)
    return {};
  if (A.Offset->hasVarying())
    return dataSharing(A, Samplers, Leaves);
  AddressSharing Out;
  unsigned Active = mostActiveLanes(A.Guards, Samplers);
  for (const WarpSampler &Sampler : Samplers) {
    std::optional<BlockSample> B = medianBlock(A, Sampler);
    if (!B || B->Lanes < Out.LanesPerAddress)
      continue;
    Out.Kind = kindOf(A, *B);
    // A single-rank guard (`g.thread_rank() == 0`) lets one lane through,
    // whatever the sampler makes of the rank.
    Out.LanesPerAddress = std::min(B->Lanes, Active);
    Out.WarpsPerAddress = std::max(Out.WarpsPerAddress, B->Warps);
  }
  return Out;
}

} // namespace cudalint
