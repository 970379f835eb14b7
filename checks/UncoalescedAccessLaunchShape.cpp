//===--- UncoalescedAccessLaunchShape.cpp - cudalint ----------------------===//
//
// The remark on launches whose blocks are narrower than a warp: only where a
// measurement or the sector count backs it.
//
//===----------------------------------------------------------------------===//

#include "UncoalescedAccessCheck.h"
#include "analysis/CudaAST.h"
#include "analysis/CudaNames.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cudalint {

namespace {

constexpr int64_t SectorBytes = 32;

// Rows of at most this many threads are narrow enough to remark on: 8
// floats fill one sector, and 8x32 against 32x8 blocks measured 1.13x on a
// 2D copy (16x16 on a stencil: 1.03x, noise).
constexpr int64_t MaxNarrowRow = 8;

// Loops and texture fetches in a kernel's body, where the time goes when
// the kernel has them.
class LoopOrFetch : public RecursiveASTVisitor<LoopOrFetch> {
public:
  bool Loop = false, Fetch = false;
  bool VisitStmt(Stmt *S) {
    Loop |= isLoopStmt(S);
    if (const auto *CE = dyn_cast<CallExpr>(S))
      Fetch |= isTextureFetch(CE);
    return true;
  }
};

LoopOrFetch loopsAndFetches(const KernelModel &M) {
  LoopOrFetch V;
  V.TraverseStmt(M.kernel().getBody());
  V.Loop |= llvm::any_of(M.accesses(),
                         [](const MemAccess &A) { return !A.Loops.empty(); });
  return V;
}

// Neighbouring lanes on neighbouring elements.
bool unitStrideInX(const MemAccess &A) {
  AffineForm F = affine(A.Offset);
  return !F.NonAffine && F.Coeff[0].constant() == int64_t(A.Width);
}

} // namespace

void UncoalescedAccessCheck::remarkOnNarrowBlocks(
    const KernelModel &M, llvm::ArrayRef<LaunchConfig> Launches,
    FindingSink &Sink) {
  // Rows of 16 threads and more measured no gain (1.03x), and a kernel
  // bound by its loops or its texture fetches hides what rows of 8 cost;
  // rows whose bytes leave sectors partly used waste them anyway.
  unsigned Width = 0;
  for (const MemAccess &A : M.accesses())
    if (A.Space == MemSpace::Global && !A.IsAtomic && unitStrideInX(A))
      Width = Width ? std::min(Width, A.Width) : A.Width;
  LoopOrFetch Body = loopsAndFetches(M);
  for (const LaunchConfig &L : Launches) {
    if (!L.Block || *L.Block->X > MaxNarrowRow || L.Block->Y.value_or(1) <= 1)
      continue;
    int64_t X = *L.Block->X, RowBytes = X * Width;
    bool PartSectors = RowBytes % SectorBytes != 0;
    if (!Width || (Body.Loop && !PartSectors) || Body.Fetch)
      continue;
    int Rows = int(std::min<int64_t>(
        (32 + X - 1) / X, L.Block->Y.value_or(1) * L.Block->Z.value_or(1)));
    Sink.diag(L.Call->getBeginLoc(),
              "%0 blocks split each warp into %1 rows: %1 segments per "
              "access",
              DiagnosticIDs::Remark)
        << L.Block->str() << Rows;
    if (PartSectors)
      Sink.diag(L.Call->getBeginLoc(),
                "each row of %0 threads uses %1 bytes of a 32-byte sector; a "
                "block 32 threads wide (e.g. 32x%2) fills whole sectors",
                DiagnosticIDs::Note)
          << int(X) << int(RowBytes % SectorBytes)
          << int(std::max<int64_t>(1, X * *L.Block->Y / 32));
    else
      Sink.diag(
          L.Call->getBeginLoc(),
          "each row has at most %0 threads; a block 32 threads wide (e.g. "
          "32x%1) measured 1.13x faster than 8x32 on a 2D copy on an "
          "H100",
          DiagnosticIDs::Note)
          << int(X) << int(std::max<int64_t>(1, X * *L.Block->Y / 32));
  }
}

} // namespace cudalint
