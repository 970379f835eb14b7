//===--- SharedTile.cpp - how a kernel's lanes walk a shared array --------===//

#include "SharedTile.h"
#include "SymExpr.h"

#include <algorithm>

using namespace clang;

namespace cudalint {

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

} // namespace cudalint
