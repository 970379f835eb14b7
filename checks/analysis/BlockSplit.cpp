//===--- BlockSplit.cpp ---------------------------------------------------===//

#include "BlockSplit.h"
#include "LaunchValues.h"

#include <algorithm>
#include <numeric>

namespace cudalint {

namespace {

// Far past any index a GPU runs, small enough that products of two do not
// overflow.
constexpr int64_t Huge = int64_t(1) << 40;

int64_t clampHuge(__int128 V) {
  return V > Huge ? Huge : V < -Huge ? -Huge : static_cast<int64_t>(V);
}

struct Range {
  int64_t Lo, Hi;
};

// The leaves \p E is made of are thread indices and constants only.
bool threadOnly(const SymNode &E) {
  return !anyLeaf(E, [](const SymNode &L) {
    return L.Kind != SymKind::ThreadIdx && L.Kind != SymKind::Const;
  });
}

// Data read at an address that is the same for every thread of a block
// (`info[blockIdx.x].w`): one value per block.
bool blockUniformData(const SymNode &L) {
  return L.Kind == SymKind::Varying && !L.Inputs.empty() &&
         llvm::none_of(L.Inputs,
                       [](const SymRef &In) { return In->threadDependent(); });
}

// A leaf known to hold an integer: a built-in index or extent, a loop's
// trip, an integer parameter or integer data.
bool integerLeaf(const SymNode &L) {
  switch (L.Kind) {
  case SymKind::Const:
  case SymKind::BlockIdx:
  case SymKind::BlockDim:
  case SymKind::GridDim:
  case SymKind::LoopIter:
    return true;
  default:
    return L.IntegerValued;
  }
}

// A factor that is the same in every thread of a block and an integer (a
// float `frac * 32` is on no lattice): an integer leaf other than threadIdx,
// integer data read at a block-uniform address, or an expression of those.
bool blockUniform(const SymNode &L) {
  if (blockUniformData(L))
    return L.IntegerValued;
  return !L.threadDependent() &&
         !anyLeaf(L, [](const SymNode &N) { return !integerLeaf(N); });
}

// The range of a block-uniform factor, where the launch bounds it.
std::optional<Range> factorRange(const SymNode &L, const LaunchExtents &At) {
  switch (L.Kind) {
  case SymKind::BlockIdx:
    return Range{0, At.Grid[L.Dim] ? *At.Grid[L.Dim] - 1 : Huge};
  case SymKind::GridDim:
    return Range{1, Huge};
  case SymKind::BlockDim:
    return Range{1, 1024};
  case SymKind::LoopIter:
    return Range{0, Huge};
  default:
    return std::nullopt;
  }
}

// A comparison `D op 0`, D = U + h(thread), U = Const + Step * (integer)
// within URange.
struct Reading {
  SymKind Op = SymKind::NE;
  Polynomial Thread;
  int64_t Const = 0, Step = 0;
  Range URange{-Huge, Huge};
  /// When U is Const + Coeff * blockIdx with the grid known, the one block
  /// index: each U on the lattice within range is a block of the grid.
  const SymNode *OnlyBlockIdx = nullptr;
  int64_t BlockIdxCoeff = 0;
  unsigned FreeTerms = 0;
};

// Adds the term \p Coeff * \p Factors of D to \p R; false when a thread
// index is scaled by something not constant.
bool addTerm(const std::vector<std::string> &Factors, int64_t Coeff,
             const Polynomial &P, const LaunchExtents &At, Reading &R) {
  bool OnThreads = false, OnUniform = false, Bounded = true;
  __int128 Lo = Coeff, Hi = Coeff;
  for (const std::string &K : Factors) {
    const SymNode &L = *P.Leaves.at(K);
    if (L.threadDependent() && threadOnly(L)) {
      OnThreads = true;
      continue;
    }
    if (!blockUniform(L))
      return false;
    OnUniform = true;
    std::optional<Range> F = factorRange(L, At);
    if (!F || F->Lo < 0) {
      Bounded = false;
      continue;
    }
    // Non-negative factors: the product's ends are those of the ends.
    __int128 A = Lo * F->Lo, B = Lo * F->Hi, C = Hi * F->Lo, D = Hi * F->Hi;
    Lo = clampHuge(std::min({A, B, C, D}));
    Hi = clampHuge(std::max({A, B, C, D}));
  }
  if (OnThreads && OnUniform)
    return false;
  if (OnThreads) {
    R.Thread.Terms[Factors] = Coeff;
    for (const std::string &K : Factors)
      R.Thread.Leaves[K] = P.Leaves.at(K);
    return true;
  }
  if (!OnUniform) {
    R.Const += Coeff;
    return true;
  }
  R.Step = std::gcd(R.Step, Coeff < 0 ? -Coeff : Coeff);
  if (++R.FreeTerms == 1 && Factors.size() == 1 && Bounded &&
      P.Leaves.at(Factors[0])->Kind == SymKind::BlockIdx &&
      At.Grid[P.Leaves.at(Factors[0])->Dim]) {
    R.OnlyBlockIdx = P.Leaves.at(Factors[0]).get();
    R.BlockIdxCoeff = Coeff;
  }
  R.URange.Lo = Bounded ? clampHuge(__int128(R.URange.Lo) + Lo) : -Huge;
  R.URange.Hi = Bounded ? clampHuge(__int128(R.URange.Hi) + Hi) : Huge;
  return true;
}

bool isComparison(const SymNode &E) {
  return E.Kind >= SymKind::LT && E.Kind <= SymKind::NE;
}

// D of a comparison; a value used as a condition is `value != 0`.
SymRef difference(const SymRef &Cmp) {
  return isComparison(*Cmp) ? Cmp->Ops[0] - Cmp->Ops[1] : Cmp;
}

std::optional<Reading> readComparison(const SymRef &Cmp,
                                      const LaunchExtents &At) {
  Reading R;
  R.URange = {0, 0};
  if (isComparison(*Cmp))
    R.Op = Cmp->Kind;
  Polynomial P = toPolynomial(difference(Cmp));
  for (const auto &[Factors, Coeff] : P.Terms)
    if (!addTerm(Factors, Coeff, P, At, R))
      return std::nullopt;
  return R;
}

bool holds(SymKind Op, int64_t D) {
  switch (Op) {
  case SymKind::LT:
    return D < 0;
  case SymKind::LE:
    return D <= 0;
  case SymKind::GT:
    return D > 0;
  case SymKind::GE:
    return D >= 0;
  case SymKind::EQ:
    return D == 0;
  default:
    return D != 0;
  }
}

// The thread indices of a block of the launch, or of any block (x from 0
// to 1023) when its shape is not known and \p OnlyX says y and z do not
// matter; empty when neither.
std::vector<std::array<int64_t, 3>> threadsOf(const LaunchExtents &At,
                                              bool OnlyX) {
  std::vector<std::array<int64_t, 3>> Threads;
  const auto &B = At.Block;
  if (B[0] && B[1] && B[2] && *B[0] * *B[1] * *B[2] <= 1024 && *B[0] > 0 &&
      *B[1] > 0 && *B[2] > 0) {
    for (int64_t Z = 0; Z < *B[2]; ++Z)
      for (int64_t Y = 0; Y < *B[1]; ++Y)
        for (int64_t X = 0; X < *B[0]; ++X)
          Threads.push_back({X, Y, Z});
  } else if (OnlyX) {
    for (int64_t X = 0; X < 1024; ++X)
      Threads.push_back({X, 0, 0});
  }
  return Threads;
}

bool knownShape(const LaunchExtents &At) {
  return At.Block[0] && At.Block[1] && At.Block[2];
}

std::optional<int64_t> valueIn(const SymNode &E,
                               const std::array<int64_t, 3> &T) {
  return evaluate(E, [&](const SymNode &L) -> std::optional<int64_t> {
    if (L.Kind == SymKind::ThreadIdx && L.Dim < 3)
      return T[L.Dim];
    return std::nullopt;
  });
}

// Whether the threads of a block disagree on one comparison for some U;
// \p Block: the block index of the first such U, where it names one.
BlockSplit comparisonSplit(const Reading &R, const LaunchExtents &At,
                           std::optional<int64_t> &Block) {
  if (R.Thread.isZero())
    return BlockSplit::Never;
  SymRef H = R.Thread.toSym();
  bool OnlyX = !anyLeaf(*H, [](const SymNode &L) {
    return L.Kind == SymKind::ThreadIdx && L.Dim != 0;
  });
  std::vector<std::array<int64_t, 3>> Threads = threadsOf(At, OnlyX);
  if (Threads.empty())
    return BlockSplit::Unknown;
  std::vector<int64_t> Hs;
  for (const auto &T : Threads) {
    std::optional<int64_t> V = valueIn(*H, T);
    if (!V)
      return BlockSplit::Unknown;
    Hs.push_back(*V);
  }
  llvm::sort(Hs);
  Hs.erase(std::unique(Hs.begin(), Hs.end()), Hs.end());
  auto Disagree = [&](int64_t U) {
    if (R.Op == SymKind::EQ || R.Op == SymKind::NE)
      return Hs.size() > 1 && std::binary_search(Hs.begin(), Hs.end(), -U);
    return holds(R.Op, U + Hs.front()) != holds(R.Op, U + Hs.back());
  };
  BlockSplit Found =
      R.Step == 0 && knownShape(At) ? BlockSplit::Splits : BlockSplit::MaySplit;
  if (R.Step == 0)
    return Disagree(R.Const) ? Found : BlockSplit::Never;
  // U = Const + Step * k within its range: only the U that put zero among
  // the h can split.
  int64_t Lo = std::max(R.Const + R.URange.Lo, -Hs.back() - 1);
  int64_t Hi = std::min(R.Const + R.URange.Hi, -Hs.front() + 1);
  if (Lo > Hi)
    return BlockSplit::Never;
  if ((Hi - Lo) / R.Step > (int64_t(1) << 16))
    return BlockSplit::Unknown;
  // The first U >= Lo on the lattice.
  int64_t Off = ((Lo - R.Const) % R.Step + R.Step) % R.Step;
  for (int64_t U = Off ? Lo + (R.Step - Off) : Lo; U <= Hi; U += R.Step)
    if (Disagree(U)) {
      if (R.OnlyBlockIdx && R.FreeTerms == 1)
        Block = (U - R.Const) / R.BlockIdxCoeff;
      return Found;
    }
  return BlockSplit::Never;
}

// The comparisons (and values used as conditions) a condition is made of,
// through `&&`, `||` and `!`; thread-independent parts left out.
void collectComparisons(const SymRef &Cond,
                        llvm::SmallVectorImpl<SymRef> &Out) {
  if (!Cond->threadDependent())
    return;
  if (Cond->Kind == SymKind::LAnd || Cond->Kind == SymKind::LOr ||
      Cond->Kind == SymKind::Not) {
    for (const SymRef &Op : Cond->Ops)
      collectComparisons(Op, Out);
    return;
  }
  Out.push_back(Cond);
}

// Every thread of a block, the guards before it applied, on \p Cond, when
// nothing but the thread index is left in them: Splits or Never; MaySplit
// when some guard cannot be evaluated.
BlockSplit evaluateInBlock(const SymNode &Cond, llvm::ArrayRef<Guard> Prior,
                           const LaunchExtents &At) {
  std::optional<bool> First;
  for (const auto &T : threadsOf(At, false)) {
    bool Active = true;
    for (const Guard &G : Prior) {
      std::optional<int64_t> V = valueIn(*G.Cond, T);
      if (!V)
        return BlockSplit::MaySplit;
      Active = Active && (*V != 0) == G.Taken;
    }
    if (!Active)
      continue;
    std::optional<int64_t> V = valueIn(Cond, T);
    if (!V)
      return BlockSplit::MaySplit;
    if (!First)
      First = *V != 0;
    else if (*First != (*V != 0))
      return BlockSplit::Splits;
  }
  return BlockSplit::Never;
}

SymRef bindExtents(const SymRef &E, const LaunchExtents &At) {
  return substitute(E, [&](const SymNode &L) -> SymRef {
    if (L.Kind == SymKind::BlockDim && L.Dim < 3 && At.Block[L.Dim])
      return symConst(*At.Block[L.Dim]);
    if (L.Kind == SymKind::GridDim && L.Dim < 3 && At.Grid[L.Dim])
      return symConst(*At.Grid[L.Dim]);
    return nullptr;
  });
}

} // namespace

BlockSplit blockSplitAt(const SymRef &Cond, llvm::ArrayRef<Guard> Prior,
                        const LaunchExtents &At) {
  SymRef C = bindExtents(Cond, At);
  if (!C->threadDependent())
    return BlockSplit::Never;
  llvm::SmallVector<SymRef, 4> Parts;
  collectComparisons(C, Parts);
  // Fixed: nothing but the thread index is left, or one block index names
  // the block to look at.
  bool AllFixed = true, AnySplit = false;
  const SymNode *BlockLeaf = nullptr;
  std::optional<int64_t> Block;
  for (const SymRef &Part : Parts) {
    std::optional<Reading> R = readComparison(Part, At);
    if (!R)
      return BlockSplit::Unknown;
    std::optional<int64_t> At1;
    BlockSplit S = comparisonSplit(*R, At, At1);
    if (S == BlockSplit::Unknown)
      return S;
    AnySplit = AnySplit || S != BlockSplit::Never;
    if (At1 && !Block) {
      Block = At1;
      BlockLeaf = R->OnlyBlockIdx;
    } else if (R->Step != 0) {
      AllFixed = false;
    }
  }
  if (!AnySplit)
    return BlockSplit::Never;
  if (!AllFixed || !knownShape(At))
    return BlockSplit::MaySplit;
  auto Fix = [&](const SymRef &E) {
    SymRef B = bindExtents(E, At);
    if (!BlockLeaf)
      return B;
    return substitute(B, [&](const SymNode &L) -> SymRef {
      return L.Kind == SymKind::BlockIdx && L.Dim == BlockLeaf->Dim
                 ? symConst(*Block)
                 : nullptr;
    });
  };
  llvm::SmallVector<Guard, 4> Bound(Prior.begin(), Prior.end());
  for (Guard &G : Bound)
    G.Cond = Fix(G.Cond);
  BlockSplit S = evaluateInBlock(*Fix(C), Bound, At);
  // Another block than the one looked at may still split.
  return S == BlockSplit::Never && BlockLeaf ? BlockSplit::MaySplit : S;
}

namespace {

// The integer parameters of \p Kernel that \p E reads.
void collectParameters(const SymNode &E, const clang::FunctionDecl &Kernel,
                       llvm::SmallVectorImpl<const clang::ParmVarDecl *> &Out) {
  anyLeaf(E, [&](const SymNode &L) {
    if (L.Kind == SymKind::Uniform)
      for (const clang::ParmVarDecl *P : Kernel.parameters())
        if (L.Id == P && P->getType()->isIntegerType() &&
            !llvm::is_contained(Out, P))
          Out.push_back(P);
    return false;
  });
}

// One unknown of a launch and the values it can take.
struct Choice {
  const clang::ParmVarDecl *Param = nullptr; ///< Null: an extent.
  unsigned Extent = 0;                       ///< 0-2 block, 3-5 grid.
  PossibleValues Values;
};

// Binds the choices \p Pick makes in \p Cond.
SymRef bindChoices(const SymRef &Cond, llvm::ArrayRef<Choice> Choices,
                   llvm::ArrayRef<size_t> Pick,
                   const llvm::DenseMap<const void *, SymRef> &Fixed) {
  return substitute(Cond, [&](const SymNode &L) -> SymRef {
    if (L.Kind != SymKind::Uniform)
      return nullptr;
    if (SymRef F = Fixed.lookup(L.Id))
      return F;
    for (size_t I = 0; I < Choices.size(); ++I)
      if (Choices[I].Param == L.Id)
        return symConst(Choices[I].Values[Pick[I]]);
    return nullptr;
  });
}

} // namespace

BlockSplit blockSplitAtLaunch(const SymRef &Cond, llvm::ArrayRef<Guard> Prior,
                              const clang::FunctionDecl &Kernel,
                              const LaunchConfig &Launch,
                              const KernelUseIndex &Uses,
                              clang::ASTContext &Ctx) {
  llvm::SmallVector<Choice, 8> Choices;
  for (unsigned Arg = 0; Arg < 2; ++Arg) {
    auto Extents =
        extentValuesAtLaunch(Launch.Call, Arg, Launch.Caller, Uses, Ctx);
    for (unsigned Dim = 0; Dim < 3; ++Dim)
      if (Extents[Dim])
        Choices.push_back({nullptr, (1 - Arg) * 3 + Dim, *Extents[Dim]});
  }
  llvm::SmallVector<const clang::ParmVarDecl *, 4> Params;
  collectParameters(*Cond, Kernel, Params);
  for (const Guard &G : Prior)
    collectParameters(*G.Cond, Kernel, Params);
  // A parameter passed the block's own extent is blockDim, whatever it is.
  llvm::DenseMap<const void *, SymRef> Fixed;
  for (const clang::ParmVarDecl *P : Params) {
    unsigned Index = P->getFunctionScopeIndex();
    if (Index >= Launch.Call->getNumArgs())
      continue;
    if (std::optional<unsigned> Dim = blockExtentPassed(
            Launch.Call->getArg(Index), Launch.Call, Launch.Caller, Ctx))
      Fixed[P] = symBuiltin(SymKind::BlockDim, *Dim);
    else if (std::optional<PossibleValues> V = integerValuesAtLaunch(
                 *P, Launch.Call, Launch.Caller, Uses, Ctx))
      Choices.push_back({P, 0, *V});
  }
  size_t Combinations = 1;
  for (const Choice &C : Choices)
    Combinations *= C.Values.size();
  if (Combinations > 512)
    return BlockSplit::Unknown;
  bool AnySplit = false, AnyUnknown = false, AllSplit = true;
  llvm::SmallVector<size_t, 8> Pick(Choices.size(), 0);
  for (size_t N = 0; N < Combinations; ++N) {
    for (size_t I = 0, Rest = N; I < Choices.size(); ++I) {
      Pick[I] = Rest % Choices[I].Values.size();
      Rest /= Choices[I].Values.size();
    }
    LaunchExtents At;
    for (size_t I = 0; I < Choices.size(); ++I)
      if (!Choices[I].Param) {
        unsigned E = Choices[I].Extent;
        (E < 3 ? At.Block : At.Grid)[E % 3] = Choices[I].Values[Pick[I]];
      }
    llvm::SmallVector<Guard, 4> Bound(Prior.begin(), Prior.end());
    for (Guard &G : Bound)
      G.Cond = bindChoices(G.Cond, Choices, Pick, Fixed);
    BlockSplit S =
        blockSplitAt(bindChoices(Cond, Choices, Pick, Fixed), Bound, At);
    AnySplit = AnySplit || S == BlockSplit::Splits || S == BlockSplit::MaySplit;
    AnyUnknown = AnyUnknown || S == BlockSplit::Unknown;
    AllSplit = AllSplit && S == BlockSplit::Splits;
  }
  if (AnySplit)
    return Combinations == 1 && AllSplit ? BlockSplit::Splits
                                         : BlockSplit::MaySplit;
  return AnyUnknown ? BlockSplit::Unknown : BlockSplit::Never;
}

namespace {

// blockStep for one comparison; empty when nothing names it.
std::string comparisonStep(const SymRef &Part) {
  LaunchExtents None;
  std::optional<Reading> R = readComparison(Part, None);
  if (!R || R->Thread.isZero())
    return "";
  // The per-thread side alone: the bound's own terms move nothing.
  SymRef Side = difference(Part);
  if (isComparison(*Part) &&
      Part->Ops[0]->threadDependent() != Part->Ops[1]->threadDependent())
    Side = Part->Ops[0]->threadDependent() ? Part->Ops[0] : Part->Ops[1];
  Polynomial P = toPolynomial(Side);
  // The factor beside blockIdx (then block-uniform data, then a loop's
  // trip, then a uniform value scaled: `group * 256`) in the term that
  // moves the threads from block to block.
  for (SymKind Moving : {SymKind::BlockIdx, SymKind::Varying, SymKind::LoopIter,
                         SymKind::Uniform}) {
    for (const auto &[Factors, Coeff] : P.Terms) {
      auto It = llvm::find_if(Factors, [&](const std::string &K) {
        return P.Leaves.at(K)->Kind == Moving;
      });
      if (It == Factors.end())
        continue;
      std::vector<std::string> Rest(Factors.begin(), It);
      Rest.insert(Rest.end(), It + 1, Factors.end());
      // An offset (`tid + base`) moves by any amount: no step to name.
      if (Rest.empty() && (Coeff == 1 || Coeff == -1))
        continue;
      Polynomial Step;
      Step.Terms[Rest] = Coeff < 0 ? -Coeff : Coeff;
      for (const std::string &K : Rest)
        Step.Leaves[K] = P.Leaves.at(K);
      std::string Text = Step.str();
      if (Text.size() > 2 && Text.front() == '(' && Text.back() == ')')
        Text = Text.substr(1, Text.size() - 2);
      // A short line: the linear block size by its name, other long
      // steps not at all.
      if (Text == "blockDim.x * blockDim.y * blockDim.z")
        return "the block size";
      return Text.size() <= 24 ? Text : "";
    }
  }
  return "";
}

} // namespace

std::string blockStep(const SymRef &Cond) {
  llvm::SmallVector<SymRef, 4> Parts;
  collectComparisons(Cond, Parts);
  // One step for every bound (`row < M && col < N` on a 16x16 tile), or
  // none: `imageW` over blockDim.x and `imageH` over blockDim.y have two.
  std::string Step;
  for (const SymRef &Part : Parts) {
    std::string One = comparisonStep(Part);
    if (One.empty() || (!Step.empty() && One != Step))
      return "";
    Step = One;
  }
  return Step;
}

} // namespace cudalint
