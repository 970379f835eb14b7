//===--- SharedTile.cpp - how a kernel's lanes walk a shared array --------===//

#include "SharedTile.h"
#include "SymExpr.h"
#include "Warp.h"

#include <algorithm>
#include <cmath>

using namespace clang;

namespace cudalint {

namespace {

// The constant distance in bytes from \p From to \p To when they differ
// only in their constant terms.
std::optional<int64_t> constantDistance(const Polynomial &From,
                                        const Polynomial &To) {
  auto WithoutConstant = [](const Polynomial &P) {
    std::map<std::vector<std::string>, int64_t> Terms = P.Terms;
    Terms.erase(std::vector<std::string>());
    return Terms;
  };
  if (WithoutConstant(From) != WithoutConstant(To))
    return std::nullopt;
  auto ConstantOf = [](const Polynomial &P) -> int64_t {
    auto It = P.Terms.find(std::vector<std::string>());
    return It == P.Terms.end() ? 0 : It->second;
  };
  return ConstantOf(To) - ConstantOf(From);
}

} // namespace

std::map<const VarDecl *, std::vector<const MemAccess *>>
sharedArrayAccesses(const KernelModel &M) {
  std::map<const VarDecl *, std::vector<const MemAccess *>> ByArray;
  for (const MemAccess &A : M.accesses())
    if (A.Space == MemSpace::Shared && !A.IsAtomic)
      if (const auto *V = dyn_cast<VarDecl>(A.Root))
        ByArray[V].push_back(&A);
  return ByArray;
}

std::optional<int64_t> laneStrideBytes(const MemAccess &A) {
  AffineForm F = affine(A.Offset);
  if (F.NonAffine)
    return std::nullopt;
  SymRef C = F.Coeff[0].toSym();
  return evaluate(*C, [](const SymNode &L) -> std::optional<int64_t> {
    if (L.Kind == SymKind::ArrayDim)
      return L.Value;
    return std::nullopt;
  });
}

std::optional<int64_t> pureLaneStride(const MemAccess &A) {
  if (affine(A.Offset).NonAffine)
    return std::nullopt;
  std::optional<int64_t> S = laneStrideBytes(A);
  if (!S || *S <= 0)
    return std::nullopt;
  return S;
}

bool movedTheOtherWayByRows(const MemAccess &A,
                            llvm::ArrayRef<const MemAccess *> Accesses) {
  for (const MemAccess *O : Accesses) {
    bool OtherWay = (A.IsLoad && O->IsStore) || (A.IsStore && O->IsLoad);
    if (O == &A || !OtherWay || O->Width == 0)
      continue;
    if (pureLaneStride(*O) == static_cast<int64_t>(O->Width))
      return true;
  }
  return false;
}

bool negligibleConflicts(const ExecutionWeights &Weights,
                         llvm::ArrayRef<const MemAccess *> G,
                         llvm::ArrayRef<unsigned> Degrees) {
  double Hottest = 0, Extra = 0;
  for (size_t I = 0; I < G.size(); ++I) {
    double W = Weights.of(*G[I]);
    Hottest = std::max(Hottest, W);
    Extra += std::max(double(Degrees[I]) - 1, 0.0) * W;
  }
  // A shared access is cheap next to a global one: only where the kernel
  // does a loop's worth of work per conflicted access (not a scan tree of a
  // few steps beside its loads) is the share sure to be negligible.
  if (Hottest <= 0 ||
      Hottest * ExecutionWeights::RuntimeLoopTrips > Weights.total())
    return false;
  // negligible() counts (Waste - 1) times the hottest access as wasted.
  return Weights.negligible(G, 1 + Extra / Hottest);
}

std::optional<OddStride>
oddStrideRemedy(const MemAccess &A, int64_t Stride,
                llvm::ArrayRef<const MemAccess *> Accesses,
                llvm::ArrayRef<WarpSampler> Samplers,
                const ExecutionWeights &Weights, unsigned MinDegree) {
  if (A.Width == 0 || Stride % A.Width != 0 || (Stride / A.Width) % 2 != 0 ||
      stridedBankConflictDegree(Stride + A.Width, A.Width) >= MinDegree)
    return std::nullopt;
  OddStride Odd;
  Odd.Elements = Stride / A.Width;
  WhatIf W;
  W.IndexPads[A.Root] = WhatIf::IndexPad{A.Width, Odd.Elements, 1};
  W.WorstOverSamples = true;
  // Transactions the new stride saves and adds, each access weighed by how
  // often it runs.
  double Saved = 0, Added = 0, Unfollowed = 0, Hot = Weights.of(A);
  for (const MemAccess *O : Accesses) {
    std::optional<unsigned> Now = leastBankConflictDegree(*O, Samplers);
    std::optional<unsigned> Then = leastBankConflictDegree(*O, Samplers, &W);
    if (!addressComputable(*O) || !Now || !Then) {
      Odd.Unfollowed.push_back(O);
      Unfollowed = std::max(Unfollowed, Weights.of(*O));
      continue;
    }
    if (*Now >= MinDegree && *Then >= MinDegree)
      return std::nullopt; // a conflict the new stride keeps
    double Change = (double(*Now) - double(*Then)) * Weights.of(*O);
    (Change >= 0 ? Saved : Added) += std::abs(Change);
    if (*Then > *Now && *Then > Odd.AddedDegree) {
      Odd.AddedDegree = *Then;
      Odd.Worsened = O;
    }
  }
  // What the new stride does to an access cudalint cannot follow is
  // unknown: only where it runs far less often than the access it fixes is
  // the change worth naming, with that access to check. A conflict it adds
  // elsewhere must cost under a quarter of what it saves.
  double WorsenedWeight = Odd.Worsened ? Weights.of(*Odd.Worsened) : 0;
  if ((Unfollowed > 0 && Hot < 4 * Unfollowed) ||
      (WorsenedWeight > 0 && Hot < 4 * WorsenedWeight) || Saved <= 0 ||
      Added * 4 > Saved)
    return std::nullopt;
  return Odd;
}

StrideUse strideUse(const MemAccess &A, int64_t Stride,
                    llvm::ArrayRef<const MemAccess *> Accesses) {
  StrideUse Use;
  Polynomial Base = affine(A.Offset).Base;
  for (const MemAccess *O : Accesses) {
    if (pureLaneStride(*O) != Stride) {
      Use.All = false;
      continue;
    }
    if (std::optional<int64_t> D =
            constantDistance(Base, affine(O->Offset).Base))
      Use.Offsets.insert(*D);
  }
  return Use;
}

// The first offset of a run of adjacent \p Width-byte elements that covers
// each thread's \p Stride bytes (`a[2 * i]` and `a[2 * i + 1]`), or
// nullopt when the accesses leave a gap.
std::optional<int64_t> adjacentRun(const StrideUse &Use, int64_t Stride,
                                   unsigned Width) {
  if (Use.Offsets.empty() || Width == 0)
    return std::nullopt;
  int64_t First = *Use.Offsets.begin();
  for (int64_t At = First; At < First + Stride; At += Width)
    if (!Use.Offsets.count(At))
      return std::nullopt;
  return First;
}

} // namespace cudalint
