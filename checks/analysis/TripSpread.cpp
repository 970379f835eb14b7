//===--- TripSpread.cpp - how far lanes' trip counts can spread -----------===//

#include "TripSpread.h"
#include "CudaAST.h"
#include "ModifiedVars.h"

#include <cmath>

using namespace clang;

namespace cudalint {

namespace {

// Values of the two ends of an interval, for evaluating a candidate midpoint.
struct Ends {
  const VarDecl *A, *B;
  double AValue, BValue;
};

const VarDecl *readVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

// \p E with the ends bound, through locals the loop declares and never
// writes again (`int mid = ...;`) or sets once; integer operations keep
// C's truncation.
std::optional<double> evaluate(const Expr *E, const Ends &X,
                               const ModifiedVars &Mods, unsigned Depth = 0) {
  if (Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenCasts();
  bool Integer = E->getType()->isIntegerType();
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return double(IL->getValue().getLimitedValue(INT32_MAX));
  if (const auto *FL = dyn_cast<FloatingLiteral>(E))
    return FL->getValueAsApproximateDouble();
  if (const VarDecl *V = readVar(E)) {
    if (V == X.A)
      return X.AValue;
    if (V == X.B)
      return X.BValue;
    if (Mods.Declared.count(V) && !Mods.Count.count(V) && V->getInit())
      return evaluate(V->getInit(), X, Mods, Depth + 1);
    // A temporary the loop sets once (`k2 = (lo + hi) / 2;`, declared
    // before the loop).
    auto Writes = Mods.All.find(V);
    if (Writes != Mods.All.end() && Writes->second.size() == 1)
      if (const auto *BO = dyn_cast<BinaryOperator>(Writes->second.front());
          BO && BO->getOpcode() == BO_Assign)
        return evaluate(BO->getRHS(), X, Mods, Depth + 1);
    return std::nullopt;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return std::nullopt;
  std::optional<double> L = evaluate(BO->getLHS(), X, Mods, Depth + 1);
  std::optional<double> R = evaluate(BO->getRHS(), X, Mods, Depth + 1);
  if (!L || !R)
    return std::nullopt;
  switch (BO->getOpcode()) {
  case BO_Add:
    return *L + *R;
  case BO_Sub:
    return *L - *R;
  case BO_Mul:
    return *L * *R;
  case BO_Div:
    if (*R == 0)
      return std::nullopt;
    return Integer ? std::trunc(*L / *R) : *L / *R;
  case BO_Shr:
    return *R >= 0 && *R < 31 ? std::floor(*L / std::ldexp(1.0, int(*R)))
                              : std::optional<double>();
  default:
    return std::nullopt;
  }
}

// Whether \p E, at several intervals, is their midpoint give or take one.
bool isNearMidpoint(const Expr *E, const VarDecl *A, const VarDecl *B,
                    const ModifiedVars &Mods) {
  static const double Intervals[][2] = {
      {0, 100}, {10, 1000}, {-50, 77}, {1024, 4096}, {3, 4}};
  for (bool Swap : {false, true})
    for (const auto &I : Intervals) {
      Ends X{A, B, Swap ? I[1] : I[0], Swap ? I[0] : I[1]};
      std::optional<double> V = evaluate(E, X, Mods);
      double Mid = (I[0] + I[1]) / 2;
      if (!V || std::fabs(*V - Mid) > 1.5)
        return false;
    }
  return true;
}

// Whether every write to \p A or \p B in the loop (\p Mods) sets one of
// them near their midpoint, and each is written.
bool bisects(const VarDecl *A, const VarDecl *B, const ModifiedVars &Mods) {
  for (const VarDecl *V : {A, B}) {
    auto It = Mods.All.find(V);
    if (It == Mods.All.end() || It->second.empty())
      return false;
    for (const Expr *W : It->second) {
      const auto *BO = dyn_cast<BinaryOperator>(W);
      if (!BO || BO->getOpcode() != BO_Assign ||
          !isNearMidpoint(BO->getRHS(), A, B, Mods))
        return false;
    }
  }
  return true;
}

// Whether \p Index, in the lanes of each sampled warp, is `k * T + t` in
// trip `k` of \p Loop with one T != 0 for all lanes and `t` spread over
// less than |T|.
bool interleavesLanes(const SymNode &Index, const Stmt *Loop,
                      const WarpSampler &S) {
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample)
    for (unsigned W = 0; W < std::min(S.warps(Sample), 32u); ++W) {
      std::optional<int64_t> Stride, Low, High;
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        WhatIf At;
        At.LoopIters[Loop] = 0;
        std::optional<int64_t> First = S.value(Index, Sample, W, Lane, &At);
        At.LoopIters[Loop] = 1;
        std::optional<int64_t> Next = S.value(Index, Sample, W, Lane, &At);
        if (!First || !Next || *Next == *First ||
            (Stride && *Stride != *Next - *First))
          return false;
        Stride = *Next - *First;
        Low = std::min(Low.value_or(*First), *First);
        High = std::max(High.value_or(*First), *First);
      }
      if (*High - *Low >= std::abs(*Stride))
        return false;
    }
  return true;
}

// A value loaded from memory at offsets that cudalint can follow.
bool isLoadedDatum(const SymNode &N) {
  return N.Kind == SymKind::Varying && N.Origin == DataOrigin::Memory &&
         !N.Inputs.empty();
}

// The per-lane side of comparison \p C, where the other side is a
// constant (for data) or uniform (for an index); null when neither.
const SymNode *perLaneSide(const SymNode &C) {
  for (unsigned I : {0u, 1u}) {
    const SymNode &Side = *C.Ops[I], &Other = *C.Ops[1 - I];
    if (Side.threadDependent() && !Other.threadDependent() &&
        (Other.isConst() || !Side.hasVarying()))
      return &Side;
  }
  return nullptr;
}

// See exitsInterleavedStripe; \p E is a part of the exit condition.
bool testsInterleavedSlots(const SymNode &E, const Stmt *Loop,
                           const WarpSampler &S) {
  if (!E.threadDependent())
    return true;
  if (E.Kind == SymKind::LAnd || E.Kind == SymKind::LOr ||
      E.Kind == SymKind::Not)
    return llvm::all_of(E.Ops, [&](const SymRef &Op) {
      return testsInterleavedSlots(*Op, Loop, S);
    });
  if (E.Kind < SymKind::LT || E.Kind > SymKind::NE)
    return false;
  const SymNode *Side = perLaneSide(E);
  if (!Side)
    return false;
  if (!Side->hasVarying())
    return interleavesLanes(*Side, Loop, S);
  // The data side: loaded elements only, each from interleaved slots.
  bool AllLoaded = true;
  anyLeaf(*Side, [&](const SymNode &L) {
    if (L.Kind != SymKind::Varying)
      return false;
    AllLoaded = AllLoaded && isLoadedDatum(L) &&
                llvm::all_of(L.Inputs, [&](const SymRef &In) {
                  return interleavesLanes(*In, Loop, S);
                });
    return !AllLoaded;
  });
  return AllLoaded;
}

} // namespace

bool exitsInterleavedStripe(const SymNode &Exit, const Stmt *Loop,
                            const WarpSampler &S) {
  return Exit.hasVarying() && testsInterleavedSlots(Exit, Loop, S);
}

bool halvesInterval(const Stmt *Loop) {
  ModifiedVars Mods = writesOfLoop(Loop);
  llvm::SmallVector<const VarDecl *, 8> Written;
  for (auto &[V, N] : Mods.Count)
    if (!Mods.Declared.count(V))
      Written.push_back(V);
  if (Written.size() > 12)
    return false;
  for (size_t I = 0; I < Written.size(); ++I)
    for (size_t J = I + 1; J < Written.size(); ++J)
      if (bisects(Written[I], Written[J], Mods))
        return true;
  return false;
}

std::optional<TripSpread> tripSpread(const Stmt *Loop, const KernelModel &M) {
  // Interval widths that differ per lane take different numbers of halvings.
  SymRef Entry = M.entryCondition(Loop);
  if ((!Entry || !Entry->threadDependent()) && halvesInterval(Loop))
    return TripSpread{TripSpread::Bisection, 1};
  if (std::optional<int64_t> Cap = M.tripCap(Loop))
    return TripSpread{TripSpread::Capped, *Cap};
  return std::nullopt;
}

namespace {

// The trips lane \p Lane of warp \p Warp runs of \p Loop (up to \p Max):
// the first iteration at which \p Cond is false, found by doubling and then
// bisection; nullopt when it cannot be computed.
std::optional<int64_t> tripsOfLane(const SymNode &Cond, const Stmt *Loop,
                                   const WarpSampler &S, unsigned Sample,
                                   unsigned Warp, unsigned Lane, int64_t Max) {
  WhatIf At;
  auto Holds = [&](int64_t K) -> std::optional<bool> {
    At.LoopIters[Loop] = K;
    std::optional<int64_t> V = S.value(Cond, Sample, Warp, Lane, &At);
    if (!V)
      return std::nullopt;
    return *V != 0;
  };
  int64_t Low = 0, High = 1; // Cond holds before Low; test High next.
  std::optional<bool> First = Holds(0);
  if (!First)
    return std::nullopt;
  if (!*First)
    return 0;
  while (true) {
    if (High >= Max)
      return Max;
    std::optional<bool> H = Holds(High);
    if (!H)
      return std::nullopt;
    if (!*H)
      break;
    Low = High;
    High *= 2;
  }
  // Holds at Low, not at High.
  while (High - Low > 1) {
    int64_t Mid = Low + (High - Low) / 2;
    std::optional<bool> H = Holds(Mid);
    if (!H)
      return std::nullopt;
    (*H ? Low : High) = Mid;
  }
  return High;
}

} // namespace

std::optional<LaneTrips> laneTrips(const SymNode &Cond,
                                   llvm::ArrayRef<Guard> Guards,
                                   const Stmt *Loop, const WarpSampler &S,
                                   int64_t MaxTrips) {
  // The first and last lanes of the first warp agree within a trip (a
  // grid-stride loop, a bound on a size): no lane spread worth simulating.
  std::optional<int64_t> First = tripsOfLane(Cond, Loop, S, 0, 0, 0, MaxTrips);
  std::optional<int64_t> Last =
      tripsOfLane(Cond, Loop, S, 0, 0, WarpSize - 1, MaxTrips);
  if (!First || !Last)
    return std::nullopt;
  if (std::abs(*First - *Last) <= 1)
    return LaneTrips{*First, *Last, 1.0};
  std::optional<LaneTrips> Best;
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample) {
    LaneTrips T;
    T.Fewest = MaxTrips;
    double Needed = 0, Run = 0;
    for (unsigned Warp = 0; Warp < std::min(S.warps(Sample), 32u); ++Warp) {
      int64_t WarpMost = 0;
      unsigned Active = 0;
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        if (!S.active(Guards, Sample, Warp, Lane))
          continue;
        std::optional<int64_t> N =
            tripsOfLane(Cond, Loop, S, Sample, Warp, Lane, MaxTrips);
        if (!N)
          return std::nullopt;
        ++Active;
        Needed += double(*N);
        WarpMost = std::max(WarpMost, *N);
        T.Fewest = std::min(T.Fewest, *N);
        T.Most = std::max(T.Most, *N);
      }
      Run += double(WarpMost) * Active;
    }
    if (Run == 0)
      continue; // No lane enters the loop in this block.
    T.Utilisation = Needed / Run;
    if (!Best || T.Utilisation > Best->Utilisation)
      Best = T;
  }
  return Best;
}

} // namespace cudalint
