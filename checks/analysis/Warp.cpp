//===--- Warp.cpp - what the lanes of one warp do -------------------------===//

#include "Warp.h"
#include "LaunchValues.h"

#include "TemplateStandIn.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace cudalint {

namespace {

// SplitMix64: a small, fixed generator, so that results never depend on the
// platform or the run.
uint64_t mix(uint64_t X) {
  X += 0x9e3779b97f4a7c15ULL;
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ULL;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebULL;
  return X ^ (X >> 31);
}

int64_t pick(uint64_t &State, int64_t Lo, int64_t Hi) {
  State = mix(State);
  return Lo + static_cast<int64_t>(State % static_cast<uint64_t>(Hi - Lo));
}

// FNV-1a: names hash the same in every run (llvm::hash_value may be seeded
// per process).
uint64_t fnv1a(llvm::StringRef Bytes, uint64_t H = 1469598103934665603ULL) {
  for (char C : Bytes)
    H = (H ^ static_cast<unsigned char>(C)) * 1099511628211ULL;
  return H;
}

uint64_t stableHash(const SymNode &L) {
  const char Tail[] = {static_cast<char>(L.Kind), static_cast<char>(L.Dim)};
  return fnv1a(llvm::StringRef(Tail, 2), fnv1a(L.Name));
}

template <class T> std::optional<T> median(std::vector<T> V) {
  if (V.empty())
    return std::nullopt;
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

} // namespace

uint64_t mixBits(uint64_t X) { return mix(X); }

uint64_t stableLeafHash(const SymNode &L) { return stableHash(L); }

std::string BlockShape::str() const {
  if (!X)
    return Y == 1 && Z.value_or(1) == 1 ? "unknown, one-dimensional"
                                        : "unknown";
  std::string S = std::to_string(*X);
  if (OpenY)
    return S + "xN";
  if (Y.value_or(1) != 1 || Z.value_or(1) != 1)
    S += "x" + std::to_string(Y.value_or(1));
  if (Z.value_or(1) != 1)
    S += "x" + std::to_string(*Z);
  return S;
}

std::optional<int64_t> narrowestBlockX(llvm::ArrayRef<BlockShape> Shapes) {
  std::optional<int64_t> Narrowest;
  for (const BlockShape &B : Shapes) {
    if (!B.X)
      return std::nullopt;
    Narrowest = std::min(Narrowest.value_or(*B.X), *B.X);
  }
  return Narrowest;
}

std::optional<BlockShape> parseBlockShape(llvm::StringRef S) {
  S = S.trim();
  if (S.empty())
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  S.split(Parts, S.contains(',') ? ',' : 'x');
  if (Parts.size() > 3)
    return std::nullopt;
  int64_t V[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, V[I]) || V[I] < 1 || V[I] > 1024)
      return std::nullopt;
  if (V[0] * V[1] * V[2] > 1024)
    return std::nullopt;
  return BlockShape{V[0], V[1], V[2]};
}

WarpSampler::WarpSampler(BlockShape Shape, unsigned Samples)
    : Shape(Shape), Samples(Samples) {
  uint64_t State = 0x5eed;
  for (unsigned S = 0; S < Samples; ++S) {
    Sample D;
    static const int64_t XChoices[] = {32, 64, 128, 256};
    static const int64_t YChoices[] = {1, 2, 4, 8};
    D.BlockDim[0] = Shape.X ? *Shape.X : XChoices[pick(State, 0, 4)];
    unsigned YChoice = pick(State, 0, 4);
    int64_t Y = YChoices[YChoice];
    // A known width and an unknown height: 32 to 256 threads in all.
    if (Shape.X && Shape.OpenY)
      Y = std::max<int64_t>(1, (XChoices[YChoice] + *Shape.X - 1) / *Shape.X);
    D.BlockDim[1] =
        Shape.X && !Shape.OpenY ? Shape.Y.value_or(1) : Shape.Y.value_or(Y);
    D.BlockDim[2] = Shape.X ? Shape.Z.value_or(1) : 1;
    for (int I = 0; I < 3; ++I) {
      D.GridDim[I] = pick(State, 1, 16);
      D.BlockIdx[I] = pick(State, 0, D.GridDim[I]);
    }
    int64_t Threads = D.BlockDim[0] * D.BlockDim[1] * D.BlockDim[2];
    int64_t Warps = (Threads + WarpSize - 1) / WarpSize;
    D.FirstThread = pick(State, 0, Warps) * WarpSize;
    D.Seed = mix(State + S);
    Drawn.push_back(D);
  }
}

std::vector<WarpSampler> warpSamplers(llvm::ArrayRef<BlockShape> Shapes) {
  std::vector<WarpSampler> Samplers;
  for (const BlockShape &S : Shapes)
    Samplers.emplace_back(S);
  return Samplers;
}

unsigned WarpSampler::warps(unsigned S) const {
  const Sample &D = Drawn[S];
  int64_t Threads = D.BlockDim[0] * D.BlockDim[1] * D.BlockDim[2];
  return unsigned((Threads + WarpSize - 1) / WarpSize);
}

std::vector<unsigned> WarpSampler::warpOrder(unsigned S) const {
  unsigned First = unsigned(Drawn[S].FirstThread / WarpSize);
  std::vector<unsigned> Order{First};
  for (unsigned W = 0; W < warps(S) && Order.size() < 32; ++W)
    if (W != First)
      Order.push_back(W);
  return Order;
}

// A stand-in for data: a fixed function of where it comes from and of its
// inputs. Small values are common so that tests against 0 or 1 split too.
static int64_t arbitraryData(const std::string &Source,
                             llvm::ArrayRef<int64_t> In) {
  uint64_t H = fnv1a(Source);
  for (int64_t V : In)
    H = mix(H ^ static_cast<uint64_t>(V));
  switch (H % 4) {
  case 0:
    return 0;
  case 1:
    return 1;
  case 2:
    return -1;
  default:
    return static_cast<int64_t>((H >> 8) % (1 << 21)) - (1 << 20);
  }
}

// Appends to \p Out the values \p Leaf gives the per-thread leaves of \p E
// (thread indices, per-thread data); false when one has none.
static bool collectThreadLeafValues(const SymNode &E, const LeafValues &Leaf,
                                    llvm::SmallVectorImpl<int64_t> &Out) {
  return !anyLeaf(E, [&](const SymNode &L) {
    if (L.Kind != SymKind::ThreadIdx && L.Kind != SymKind::Varying)
      return false;
    std::optional<int64_t> V = Leaf(L);
    if (V)
      Out.push_back(*V);
    return !V;
  });
}

std::optional<int64_t> WarpSampler::value(const SymNode &E, unsigned S,
                                          unsigned Warp, unsigned Lane,
                                          const WhatIf *W) const {
  const Sample &D = Drawn[S];
  int64_t Linear = int64_t(Warp) * WarpSize + Lane;
  int64_t Tid[3] = {Linear % D.BlockDim[0],
                    (Linear / D.BlockDim[0]) % D.BlockDim[1],
                    Linear / (D.BlockDim[0] * D.BlockDim[1])};
  bool Swap = W && W->SwapXY;
  auto Axis = [&](unsigned Dim) -> unsigned {
    if (!Swap || Dim > 1)
      return Dim;
    return 1 - Dim;
  };
  // The inputs of stand-in data are evaluated with these same leaf values.
  LeafValues Self;
  auto Leaf = [&](const SymNode &L) -> std::optional<int64_t> {
    switch (L.Kind) {
    case SymKind::ThreadIdx:
      return Tid[Axis(L.Dim)];
    case SymKind::BlockIdx: {
      unsigned Dim = Axis(L.Dim);
      if (W && W->BlockVariant) {
        uint64_t State = mix(D.Seed + 7919 * W->BlockVariant + Dim);
        return pick(State, 0, std::max<int64_t>(D.GridDim[Dim], 64));
      }
      return D.BlockIdx[Dim];
    }
    case SymKind::BlockDim:
      return D.BlockDim[Axis(L.Dim)];
    case SymKind::GridDim:
      return D.GridDim[Axis(L.Dim)];
    case SymKind::ArrayDim: {
      if (W) {
        auto It = W->Extents.find({L.Id, L.Dim});
        if (It != W->Extents.end())
          return It->second;
      }
      return L.Value;
    }
    case SymKind::LoopIter: {
      if (W) {
        auto It = W->LoopIters.find(L.Id);
        if (It != W->LoopIters.end())
          return It->second;
      }
      uint64_t State = D.Seed ^ stableHash(L);
      return pick(State, 0, 8);
    }
    case SymKind::Uniform: {
      if (W && W->UniformsAreThreads)
        return D.BlockDim[0] * D.BlockDim[1] * D.BlockDim[2];
      // Large enough that a uniform stride is not mistaken for a small one;
      // a halo or a radius is a few elements.
      uint64_t State = D.Seed ^ stableHash(L);
      if (L.SmallWidth)
        return pick(State, 1, 8);
      return pick(State, 1024, 1 << 20);
    }
    case SymKind::Varying: {
      if (!W || !W->ArbitraryData || L.Inputs.empty())
        return std::nullopt;
      llvm::SmallVector<int64_t, 2> In;
      for (const SymRef &I : L.Inputs) {
        std::optional<int64_t> V = evaluate(*I, Self);
        // An input the sampled values cannot evaluate (a shift by a uniform
        // amount, `__umulhi` of uniform values) is still a function of its
        // per-thread leaves: threads that agree on those agree on it.
        if (!V && !collectThreadLeafValues(*I, Self, In))
          return std::nullopt;
        if (V)
          In.push_back(*V);
        else
          In.push_back(INT64_MIN); // Keeps the two kinds of input apart.
      }
      return arbitraryData(L.Source, In);
    }
    default:
      return std::nullopt;
    }
  };
  Self = Leaf;
  return evaluate(E, Leaf);
}

bool WarpSampler::active(llvm::ArrayRef<Guard> Guards, unsigned S,
                         unsigned Warp, unsigned Lane, const WhatIf *W) const {
  const Sample &D = Drawn[S];
  if (int64_t(Warp) * WarpSize + Lane >=
      D.BlockDim[0] * D.BlockDim[1] * D.BlockDim[2])
    return false;
  for (const Guard &G : Guards) {
    if (!G.Cond->threadDependent())
      continue; // The whole warp takes the same way.
    std::optional<int64_t> V = value(*G.Cond, S, Warp, Lane, W);
    if (V && ((*V != 0) != G.Taken))
      return false;
  }
  return true;
}

double SectorCost::ratio() const {
  uint64_t Needed = (UsefulBytes + 31) / 32;
  return Needed ? double(Sectors) / double(Needed) : 1.0;
}

bool addressComputable(const MemAccess &A) { return !A.Offset->hasVarying(); }

namespace {

// Whether an access judged in \p Judged samples, and not computable in
// \p Unknown, is judged at all. Samples in which no lane reaches it (an
// iteration past the end of a loop that starts at a thread index) say
// nothing either way.
bool judgedEnough(size_t Judged, unsigned Unknown) {
  return Judged > 0 && Judged >= Unknown;
}

} // namespace

std::optional<SectorCost> sectorCost(llvm::ArrayRef<const MemAccess *> Group,
                                     const WarpSampler &S, const WhatIf *W) {
  std::vector<SectorCost> Costs;
  unsigned Unknown = 0;
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample)
    for (unsigned Warp : S.warpOrder(Sample)) {
      std::set<int64_t> Sectors;
      std::vector<std::pair<int64_t, int64_t>> Ranges;
      bool Known = true;
      unsigned Lanes = 0;
      for (unsigned Lane = 0; Lane < WarpSize && Known; ++Lane) {
        bool Any = false;
        for (const MemAccess *A : Group) {
          if (!S.active(A->Guards, Sample, Warp, Lane, W))
            continue;
          std::optional<int64_t> Off =
              S.value(*A->Offset, Sample, Warp, Lane, W);
          if (!Off) {
            Known = false;
            break;
          }
          Any = true;
          for (int64_t B = *Off >> 5; B <= (*Off + A->Width - 1) >> 5; ++B)
            Sectors.insert(B);
          Ranges.push_back({*Off, *Off + A->Width});
        }
        Lanes += Any;
      }
      if (!Known) {
        ++Unknown;
        break; // A data-dependent address: no other warp will do better.
      }
      if (Lanes == 0)
        continue; // No lane of this warp gets here: try another.
      std::sort(Ranges.begin(), Ranges.end());
      uint64_t Useful = 0;
      int64_t End = INT64_MIN;
      for (auto &[B, E] : Ranges) {
        int64_t Start = std::max(B, End);
        if (E > Start)
          Useful += E - Start;
        End = std::max(End, E);
      }
      Costs.push_back({unsigned(Sectors.size()), Useful, Lanes});
      break;
    }
  if (!judgedEnough(Costs.size(), Unknown))
    return std::nullopt;
  std::sort(Costs.begin(), Costs.end(),
            [](const SectorCost &A, const SectorCost &B) {
              return A.ratio() < B.ratio();
            });
  return Costs[Costs.size() / 2];
}

namespace {

// The bytes of the shared array \p A is in, when its type says.
std::optional<int64_t> declaredArrayBytes(const MemAccess &A) {
  const auto *V = llvm::dyn_cast_or_null<VarDecl>(A.Root);
  if (!V || V->getType()->isDependentType())
    return std::nullopt;
  const auto *CAT = V->getASTContext().getAsConstantArrayType(V->getType());
  if (!CAT)
    return std::nullopt;
  return V->getASTContext().getTypeSizeInChars(CAT).getQuantity();
}

// The offset of each active lane of a warp (none for an inactive one);
// nullopt when one cannot be computed. With \p Bytes, lanes past the end of
// the array are not real when others are inside it: a tree's step that
// would reach past the end runs on fewer lanes.
using LaneOffsets = std::array<std::optional<int64_t>, WarpSize>;
std::optional<LaneOffsets> laneOffsets(const MemAccess &A, const WarpSampler &S,
                                       unsigned Sample, unsigned Warp,
                                       const WhatIf *W,
                                       std::optional<int64_t> Bytes) {
  LaneOffsets Offs;
  bool AnyInside = false;
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (!S.active(A.Guards, Sample, Warp, Lane, W))
      continue;
    Offs[Lane] = S.value(*A.Offset, Sample, Warp, Lane, W);
    if (!Offs[Lane])
      return std::nullopt;
    AnyInside |= *Offs[Lane] >= 0 && *Offs[Lane] + A.Width <= Bytes.value_or(0);
  }
  if (Bytes && AnyInside)
    for (std::optional<int64_t> &O : Offs)
      if (O && (*O < 0 || *O + A.Width > *Bytes))
        O.reset();
  if (W)
    if (auto It = W->IndexPads.find(A.Root); It != W->IndexPads.end())
      for (std::optional<int64_t> &O : Offs)
        if (O) {
          const WhatIf::IndexPad &P = It->second;
          int64_t J = llvm::divideFloorSigned(*O, P.ElementBytes);
          *O += llvm::divideFloorSigned(J, P.Row) * P.Pad * P.ElementBytes;
        }
  return Offs;
}

/// The degree of one warp-wide access in one sample, and how many lanes of
/// its busiest phase reach it (a single lane conflicts with nothing).
struct SampleDegree {
  unsigned Degree = 0;
  unsigned Lanes = 0;
};

// The degree of the lanes' accesses of \p Width bytes at \p Offs. 4-byte
// banks, 32 of them; accesses wider than 4 bytes are served in phases:
// 8-byte ones per half-warp, 16-byte ones per quarter-warp.
SampleDegree phasedDegree(const LaneOffsets &Offs, unsigned Width) {
  unsigned LanesPerPhase = Width <= 4 ? 32 : Width <= 8 ? 16 : 8;
  SampleDegree D;
  for (unsigned Phase = 0; Phase < WarpSize; Phase += LanesPerPhase) {
    std::map<int64_t, std::set<int64_t>> Banks;
    unsigned Lanes = 0;
    for (unsigned Lane = Phase; Lane < Phase + LanesPerPhase; ++Lane) {
      if (!Offs[Lane])
        continue;
      ++Lanes;
      int64_t Off = *Offs[Lane];
      for (int64_t Word = Off >> 2; Word <= (Off + Width - 1) >> 2; ++Word)
        Banks[((Word % 32) + 32) % 32].insert(Word);
    }
    for (auto &[Bank, Words] : Banks)
      D.Degree = std::max<unsigned>(D.Degree, Words.size());
    D.Lanes = std::max(D.Lanes, Lanes);
  }
  return D;
}

// The degree of \p A in each sample of \p S (in the first warp that
// reaches it); nullopt when it is not judged in enough of them.
std::optional<std::vector<SampleDegree>>
sampleBankDegrees(const MemAccess &A, const WarpSampler &S, const WhatIf *W) {
  // An access wider than 16 bytes (a structure copied whole) is no one
  // instruction: the compiler splits it, in ways not known here.
  if (A.Width > 16)
    return std::nullopt;
  std::optional<int64_t> Bytes =
      W && W->WithinArray ? declaredArrayBytes(A) : std::nullopt;
  std::vector<SampleDegree> Degrees;
  unsigned Unknown = 0;
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample)
    for (unsigned Warp : S.warpOrder(Sample)) {
      std::optional<LaneOffsets> Offs =
          laneOffsets(A, S, Sample, Warp, W, Bytes);
      if (!Offs) {
        ++Unknown;
        break;
      }
      SampleDegree D = phasedDegree(*Offs, A.Width);
      if (D.Degree > 0) {
        Degrees.push_back(D);
        break;
      }
    }
  if (!judgedEnough(Degrees.size(), Unknown))
    return std::nullopt;
  return Degrees;
}

} // namespace

std::optional<unsigned>
bankConflictDegree(const MemAccess &A, const WarpSampler &S, const WhatIf *W) {
  std::optional<std::vector<SampleDegree>> Samples = sampleBankDegrees(A, S, W);
  if (!Samples)
    return std::nullopt;
  auto [Least, Worst] =
      std::minmax_element(Samples->begin(), Samples->end(),
                          [](const SampleDegree &L, const SampleDegree &R) {
                            return L.Degree < R.Degree;
                          });
  if (W && W->WorstOverSamples)
    return Worst->Degree;
  // A degree that changes with the sampled uniform values (a stride read
  // from a parameter, a loop-carried `offset <<= 1`) is not known.
  if (Least->Degree != Worst->Degree)
    return std::nullopt;
  return Least->Degree;
}

// \p Loop held at iteration \p K, as for a tree's steps: a count the loop's
// guards compare the lanes with (a uniform unknown) covers the block, and
// lanes past the end of the array do not run.
static WhatIf heldAt(const clang::Stmt *Loop, int64_t K) {
  WhatIf At;
  At.LoopIters[Loop] = K;
  At.WithinArray = true;
  At.UniformsAreThreads = true;
  return At;
}

// The iterations of a loop of \p Trips trips (unknown: nullopt) at which a
// degree that changes with the loop is judged: each of the first 32 (a
// guard on the counter against a lane drops one lane a trip), then a few
// spread up to the last.
static std::vector<int64_t> heldIterations(std::optional<int64_t> Trips) {
  int64_t N = Trips.value_or(128);
  std::vector<int64_t> Ks;
  for (int64_t K = 0; K < std::min<int64_t>(N, 32); ++K)
    Ks.push_back(K);
  for (int64_t K : {N / 2, 3 * N / 4, N - 2, N - 1})
    if (K >= 32 && K < N && !llvm::is_contained(Ks, K))
      Ks.push_back(K);
  return Ks;
}

std::optional<DegreeRange> varyingBankConflictDegrees(
    const MemAccess &A, llvm::ArrayRef<WarpSampler> Samplers,
    const clang::Stmt *Loop, std::optional<int64_t> Trips) {
  DegreeRange Range;
  std::vector<std::optional<int64_t>> Holds;
  if (Loop)
    for (int64_t K : heldIterations(Trips))
      Holds.push_back(K);
  else
    Holds.push_back(std::nullopt);
  for (const WarpSampler &S : Samplers) {
    bool Judged = false;
    for (std::optional<int64_t> K : Holds) {
      WhatIf At = K ? heldAt(Loop, *K) : WhatIf();
      std::optional<std::vector<SampleDegree>> Samples =
          sampleBankDegrees(A, S, &At);
      if (!Samples)
        continue; // No lane reaches this iteration.
      for (const SampleDegree &D : *Samples) {
        if (D.Lanes < 2)
          continue; // One lane conflicts with nothing.
        Judged = true;
        Range.Least = Range.Least ? std::min(Range.Least, D.Degree) : D.Degree;
        Range.Worst = std::max(Range.Worst, D.Degree);
      }
    }
    if (!Judged)
      return std::nullopt;
  }
  return Range;
}

unsigned stridedBankConflictDegree(int64_t StrideBytes, unsigned Width) {
  LaneOffsets Offs;
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
    Offs[Lane] = int64_t(Lane) * StrideBytes;
  return std::max(1u, phasedDegree(Offs, Width).Degree);
}

std::vector<unsigned>
bankConflictDegreesByStep(const MemAccess &A,
                          llvm::ArrayRef<WarpSampler> Samplers,
                          const clang::Stmt *Loop, unsigned Steps) {
  std::vector<unsigned> Degrees;
  for (unsigned K = 0; K < Steps; ++K) {
    WhatIf At = heldAt(Loop, K);
    std::optional<unsigned> D = leastBankConflictDegree(A, Samplers, &At);
    if (!D)
      break; // A step no lane reaches, or one that cannot be computed.
    Degrees.push_back(*D);
  }
  if (Degrees.size() < 2)
    return {};
  return Degrees;
}

std::optional<unsigned>
leastBankConflictDegree(const MemAccess &A,
                        llvm::ArrayRef<WarpSampler> Samplers, const WhatIf *W) {
  std::optional<unsigned> Least;
  for (const WarpSampler &S : Samplers) {
    std::optional<unsigned> D = bankConflictDegree(A, S, W);
    if (!D)
      return std::nullopt;
    Least = Least ? std::min(*Least, *D) : *D;
  }
  return Least;
}

namespace {

// True when every lane that reaches \p A in the samples starts it on a
// multiple of \p Bytes.
bool runStartsAligned(const MemAccess &A, const WarpSampler &S,
                      const WhatIf &At, unsigned Bytes) {
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample)
    for (unsigned Warp : S.warpOrder(Sample))
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        if (!S.active(A.Guards, Sample, Warp, Lane, &At))
          continue;
        std::optional<int64_t> Off =
            S.value(*A.Offset, Sample, Warp, Lane, &At);
        if (!Off || *Off % Bytes != 0)
          return false;
      }
  return true;
}

} // namespace

std::optional<unsigned>
leastVectorBankConflictDegree(const MemAccess &A,
                              llvm::ArrayRef<WarpSampler> Samplers,
                              const clang::Stmt *Loop, unsigned Bytes) {
  WhatIf At;
  At.LoopIters[Loop] = 0;
  for (const WarpSampler &S : Samplers)
    if (!runStartsAligned(A, S, At, Bytes))
      return std::nullopt;
  MemAccess Vector = A;
  Vector.Width = Bytes;
  return leastBankConflictDegree(Vector, Samplers, &At);
}

//===--- Launch configurations --------------------------------------------===//

namespace {

// The constructor behind a launch's `dim3` argument, and in \p Var the
// variable that holds it, if any.
const CXXConstructExpr *dim3Ctor(const Expr *E, const VarDecl **Var) {
  Dim3Source Source = dim3Source(E);
  if (!Source.Var)
    return Source.Ctor;
  *Var = Source.Var;
  const VarDecl *Ignored = nullptr;
  return dim3Ctor(Source.Var->getInit(), &Ignored);
}

// The block of \p L from its extents: whole when all are known, else what
// the known ones say (a width, or a one-dimensional block).
void readBlockExtents(const Dim3Extents &V, LaunchConfig &L) {
  for (const std::optional<int64_t> &E : V)
    if (E && *E <= 0)
      return;
  if (V[0] && V[1] && V[2]) {
    L.Block = BlockShape{V[0], V[1], V[2]};
    return;
  }
  BlockShape P{V[0], V[1], V[2]};
  if (P.X && !P.Y) {
    P.OpenY = true;
    P.Z = 1;
  }
  if (P.X || (P.Y && P.Z))
    L.PartialBlock = P;
}

unsigned explicitArgs(const CXXConstructExpr *CE) {
  unsigned N = 0;
  for (const Expr *A : CE->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      ++N;
  return N;
}

} // namespace

LaunchConfig readLaunchConfig(const CUDAKernelCallExpr *Call,
                              const FunctionDecl *Caller, ASTContext &Ctx) {
  LaunchConfig L;
  L.Call = Call;
  L.Caller = Caller;
  const CallExpr *Config = Call->getConfig();
  if (!Config || Config->getNumArgs() < 2)
    return L;
  const VarDecl *GV = nullptr, *BV = nullptr;
  const CXXConstructExpr *G = dim3Ctor(Config->getArg(0), &GV);
  const CXXConstructExpr *B = dim3Ctor(Config->getArg(1), &BV);
  if (std::optional<Dim3Extents> V =
          dim3ExtentsAtLaunch(Config->getArg(1), Call, Caller, Ctx))
    readBlockExtents(*V, L);
  if (G && explicitArgs(G) >= 2) {
    L.GridCtor = G;
    L.GridVar = GV;
  }
  if (B && explicitArgs(B) >= 2) {
    L.BlockCtor = B;
    L.BlockVar = BV;
  }
  return L;
}

std::vector<LaunchConfig> launchConfigs(const KernelUseIndex &Uses,
                                        const FunctionDecl *Kernel,
                                        ASTContext &Ctx) {
  std::vector<LaunchConfig> Out;
  llvm::ArrayRef<LaunchSite> Sites = Uses.launches(Kernel);
  // A launch in a template's pattern is read again in each instantiation,
  // where its extents are known: the pattern's own says nothing more.
  bool Instantiated = llvm::any_of(Sites, [](const LaunchSite &L) {
    return L.Caller && !L.Caller->isDependentContext();
  });
  for (const LaunchSite &L : Sites)
    if (!Instantiated || !L.Caller || !L.Caller->isDependentContext())
      Out.push_back(readLaunchConfig(L.Call, L.Caller, Ctx));
  return Out;
}

std::vector<LaunchConfig>
launchesOfInstance(llvm::ArrayRef<LaunchConfig> Launches,
                   const FunctionDecl &Instance) {
  std::vector<LaunchConfig> Out;
  for (const LaunchConfig &L : Launches)
    if (const FunctionDecl *Callee = L.Call->getDirectCallee();
        Callee && Callee->getCanonicalDecl() == Instance.getCanonicalDecl())
      Out.push_back(L);
  return Out;
}

std::vector<BlockShape> blockShapes(llvm::ArrayRef<LaunchConfig> Launches,
                                    std::optional<BlockShape> Assumed,
                                    bool WrittenForOneDimension) {
  std::vector<BlockShape> Shapes;
  bool Unknown = Launches.empty();
  for (const LaunchConfig &L : Launches) {
    // An assumed width stands in for an unknown one.
    std::optional<BlockShape> Shape = L.Block;
    if (!Shape && L.PartialBlock && (L.PartialBlock->X || !Assumed))
      Shape = L.PartialBlock;
    if (!Shape) {
      Unknown = true;
      continue;
    }
    if (llvm::find(Shapes, *Shape) == Shapes.end())
      Shapes.push_back(*Shape);
  }
  if (Unknown) {
    BlockShape A = Assumed.value_or(BlockShape{});
    if (!Assumed && WrittenForOneDimension) {
      A.Y = 1;
      A.Z = 1;
    }
    if (llvm::find(Shapes, A) == Shapes.end())
      Shapes.push_back(A);
  }
  return Shapes;
}

std::vector<KernelView> analysedInstances(const KernelView &Kernel) {
  std::vector<KernelView> Out;
  const FunctionDecl &Decl = Kernel.Decl;
  if (const FunctionTemplateDecl *T = Decl.getDescribedFunctionTemplate()) {
    // A template with no instantiation in view: its pattern, read through
    // the stand-in being analysed.
    if (Kernel.StandIn && Kernel.StandIn->Template == T)
      return {Kernel};
    for (const FunctionDecl *Spec : T->specializations())
      if (Spec->getTemplateSpecializationKind() != TSK_ExplicitSpecialization &&
          Spec->hasBody() && !Spec->isDependentContext())
        Out.push_back(KernelView{*Spec});
    return Out;
  }
  if (!Decl.isDependentContext())
    Out.push_back(KernelView{Decl});
  return Out;
}

// The memory segment a lane costs when it shares none with its neighbours.
constexpr int64_t SegmentBytes = 64;

bool lanesFarApart(const MemAccess &A, llvm::ArrayRef<WarpSampler> Samplers) {
  if (!A.Offset)
    return false;
  for (const WarpSampler &S : Samplers)
    for (unsigned Sample = 0; Sample < S.samples(); ++Sample) {
      unsigned Warp = S.warpOrder(Sample).front();
      std::optional<int64_t> L0 = S.value(*A.Offset, Sample, Warp, 0),
                             L1 = S.value(*A.Offset, Sample, Warp, 1);
      if (!L0 || !L1 || std::abs(*L1 - *L0) < SegmentBytes)
        return false;
    }
  return true;
}

} // namespace cudalint
