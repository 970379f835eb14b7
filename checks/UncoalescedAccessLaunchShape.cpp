//===--- UncoalescedAccessLaunchShape.cpp - cudalint ----------------------===//
//
// The remark on launches whose blocks are narrower than a warp: only where a
// measurement or the sector count backs it.
//
//===----------------------------------------------------------------------===//

#include "UncoalescedAccessCheck.h"
#include "analysis/CudaAST.h"
#include "analysis/CudaNames.h"
#include "analysis/LaunchValues.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cudalint {

namespace {

constexpr int64_t SectorBytes = 32;

// Rows of at most this many threads are narrow enough to remark on: 8
// floats fill one sector, and 8x32 against 32x8 blocks measured 1.13x on a
// 2D copy (16x16 on a stencil: 1.03x, noise).
constexpr int64_t MaxNarrowRow = 8;
// The bytes a row of that copy moved per access: one sector.
constexpr int64_t MeasuredRowBytes = SectorBytes;

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

// The bytes each lane of a row covers when \p A's lanes tile the row: the
// lane stride is a constant equal to the span the lane's accesses of the
// same root cover (`in[i]`, or `c[i].x` with `c[i].y`: 8 bytes); 0 when not.
int64_t laneTileBytes(const KernelModel &M, const MemAccess &A) {
  AffineForm F = affine(A.Offset);
  std::optional<int64_t> Stride = F.Coeff[0].constant();
  if (F.NonAffine || !Stride || *Stride <= 0)
    return 0;
  int64_t Lo = 0, Hi = int64_t(A.Width);
  for (const MemAccess &O : M.accesses()) {
    if (O.Root != A.Root || O.Space != A.Space || O.IsAtomic)
      continue;
    std::optional<int64_t> D = toPolynomial(O.Offset - A.Offset).constant();
    if (!D && toPolynomial(O.Offset - A.Offset).isZero())
      D = 0;
    if (!D || *D < 0 || *D >= *Stride)
      continue;
    Lo = std::min(Lo, *D);
    Hi = std::max(Hi, *D + int64_t(O.Width));
  }
  return Hi - Lo == *Stride ? *Stride : 0;
}

// A warp of a block narrower than it spans several rows; an access whose
// rows differ (it follows threadIdx.y or .z) fetches each row's own bytes,
// and those bytes fill whole sectors when a row's lanes cover a multiple of
// 32 of them (4 lanes of 8-byte complex values: one sector). An access the
// same in every row (`k[x]`) fetches one row's bytes for the whole warp.
struct RowBytes {
  int64_t Lane = 0;    ///< The narrowest lane tile of any access.
  int64_t Partial = 0; ///< A row's bytes that leave a sector part used.
};

RowBytes rowBytes(const KernelModel &M, int64_t X) {
  RowBytes R;
  for (const MemAccess &A : M.accesses()) {
    if (A.Space != MemSpace::Global || A.IsAtomic)
      continue;
    int64_t Lane = laneTileBytes(M, A);
    if (!Lane)
      continue;
    R.Lane = R.Lane ? std::min(R.Lane, Lane) : Lane;
    AffineForm F = affine(A.Offset);
    bool RowsDiffer = !F.Coeff[1].isZero() || !F.Coeff[2].isZero();
    if (RowsDiffer && (X * Lane) % SectorBytes != 0)
      R.Partial = R.Partial ? std::min(R.Partial, X * Lane) : X * Lane;
  }
  return R;
}

// A launch that moves less than this through an access costs its launch
// latency, whatever the access's layout. Measured on an H200 (verify/
// fixtures column_walk_64/256/512): a column walk whose warps fetch 128 KiB
// or 2 MiB of sectors per access gained 1.18x and 1.21x from the swap,
// about 1 us a launch; one fetching 8 MiB gained 1.57x (4 us), and 4.8x at
// 128 MiB.
constexpr int64_t MinMovedBytes = int64_t(4) << 20;

// The trips of the loops \p A sits in, when every one is known.
std::optional<int64_t> knownTrips(const KernelModel &M, const MemAccess &A) {
  int64_t Trips = 1;
  for (const Stmt *L : A.Loops) {
    std::optional<int64_t> T = M.tripCount(L);
    if (!T || *T < 0 || *T > MinMovedBytes)
      return std::nullopt;
    Trips = std::max<int64_t>(1, Trips * std::max<int64_t>(1, *T));
    if (Trips > MinMovedBytes)
      return std::nullopt;
  }
  return Trips;
}

// What \p Warps warps move through \p G at \p BytesPerWarp a step, up to
// MinMovedBytes; nullopt when a trip count is unknown.
std::optional<int64_t> bytesMoved(const KernelModel &M,
                                  llvm::ArrayRef<const MemAccess *> G,
                                  int64_t BytesPerWarp, int64_t Warps) {
  int64_t Trips = 0;
  for (const MemAccess *A : G) {
    std::optional<int64_t> T = knownTrips(M, *A);
    if (!T)
      return std::nullopt;
    Trips = std::max(Trips, *T);
  }
  if (Warps >= MinMovedBytes || BytesPerWarp >= MinMovedBytes)
    return MinMovedBytes;
  return std::min(MinMovedBytes, Warps * Trips * BytesPerWarp);
}

// Whether every global access of \p M, a warp's lanes each moving its
// width, moves little over \p Warps warps together.
bool kernelMovesLittle(const KernelModel &M, int64_t Warps) {
  int64_t Total = 0;
  for (const MemAccess &A : M.accesses()) {
    if (A.Space != MemSpace::Global)
      continue;
    std::optional<int64_t> B =
        bytesMoved(M, {&A}, int64_t(WarpSize) * A.Width, Warps);
    if (!B)
      return false;
    Total += *B;
  }
  return Total < MinMovedBytes;
}

} // namespace

bool movesLittle(const KernelModel &M, llvm::ArrayRef<const MemAccess *> G,
                 unsigned Sectors, int64_t Warps) {
  std::optional<int64_t> B =
      bytesMoved(M, G, int64_t(Sectors) * SectorBytes, Warps);
  return B && *B < MinMovedBytes;
}

std::optional<int64_t>
UncoalescedAccessCheck::mostWarps(llvm::ArrayRef<LaunchConfig> Launches,
                                  ASTContext &Ctx) const {
  std::optional<int64_t> Most;
  for (const LaunchConfig &L : Launches) {
    std::optional<int64_t> W =
        mostWarpsAtLaunch(L.Call, L.Caller, uses(Ctx), Ctx);
    if (!W)
      return std::nullopt;
    Most = std::max(Most.value_or(0), *W);
  }
  return Most;
}

void UncoalescedAccessCheck::remarkOnNarrowBlocks(
    const KernelModel &M, llvm::ArrayRef<LaunchConfig> Launches,
    ASTContext &Ctx, FindingSink &Sink) {
  // Rows of 16 threads and more measured no gain (1.03x), and a kernel
  // bound by its loops or its texture fetches hides what rows of 8 cost;
  // rows whose bytes leave sectors partly used waste them anyway.
  LoopOrFetch Body = loopsAndFetches(M);
  for (const LaunchConfig &L : Launches) {
    if (!L.Block || *L.Block->X > MaxNarrowRow || L.Block->Y.value_or(1) <= 1)
      continue;
    int64_t X = *L.Block->X;
    RowBytes Bytes = rowBytes(M, X);
    bool PartSectors = Bytes.Partial != 0;
    std::optional<int64_t> Warps =
        mostWarpsAtLaunch(L.Call, L.Caller, uses(Ctx), Ctx);
    // The 1.13x was measured on rows of one sector (8 floats); rows of two
    // or more whole sectors (8 float2 or float4 values) are not measured.
    bool WholeSectorsUnmeasured =
        !PartSectors && X * Bytes.Lane > MeasuredRowBytes;
    if (!Bytes.Lane || (Body.Loop && !PartSectors) || Body.Fetch ||
        WholeSectorsUnmeasured || (Warps && kernelMovesLittle(M, *Warps)))
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
          << int(X) << int(Bytes.Partial % SectorBytes)
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
