//===--- AtomicHotspotClassifyTest.cpp - which atomics are hotspots -------===//
//
// classifyHotspot on the atomics of small kernels, with the lanes' sharing
// of each address sampled for one block shape: float sums per warp or
// wider, integer updates the warps of a block pile on one address, wrapping
// counters, compare-and-swap retry loops, and histograms with few bins; and
// the atomics that are not hotspots.
//
//===----------------------------------------------------------------------===//

#include "AtomicHotspotClassify.h"
#include "KernelTU.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace cudalint {
namespace {

// The atomics of kernel "kern", classified as atomic-hotspot classifies
// them for launches of one block shape.
class Classified {
public:
  Classified(const std::string &Code, BlockShape Shape)
      : TU(Code), Samplers{WarpSampler(Shape)} {}

  std::optional<AtomicFinding> of(StringRef Root) {
    const KernelModel *M = TU.model();
    const MemAccess *A = M ? atomicTo(*M, Root) : nullptr;
    if (!A)
      return std::nullopt;
    // The call as the table of CUDA names reads it, as the check does.
    std::optional<AtomicCall> Op = cudaAtomic(cast<CallExpr>(A->E));
    if (!Op)
      return std::nullopt;
    return classifyHotspot(*A, *Op, addressSharing(*A, Samplers), *M, TU.ctx());
  }
  std::optional<Hotspot> kind(StringRef Root) {
    std::optional<AtomicFinding> F = of(Root);
    return F ? std::optional<Hotspot>(F->Kind) : std::nullopt;
  }

  KernelTU TU;
  std::vector<WarpSampler> Samplers;
};

const std::optional<Hotspot> None = std::nullopt;

TEST(ClassifyHotspot, FloatSumsSharedByEnoughLanes) {
  const char *Code = R"cuda(
__global__ void kern(const float *x, float *sum, float *y, float *own,
                     float *four, float *eight, float *swap) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  atomicAdd(sum, x[i]);
  atomicAdd(&y[row], x[i]);
  atomicAdd(&own[i], x[i]);
  if (threadIdx.x % 8 == 0)
    atomicAdd(four, x[i]);
  if (threadIdx.x % 4 == 0)
    atomicAdd(eight, x[i]);
  atomicExch(swap, x[i]);
}
)cuda";
  Classified C32x8(Code, BlockShape{32, 8, 1});
  ASSERT_TRUE(C32x8.TU.ok());
  std::optional<AtomicFinding> Sum = C32x8.of("sum");
  ASSERT_TRUE(Sum);
  EXPECT_EQ(Sum->Kind, Hotspot::FloatSum);
  EXPECT_EQ(Sum->Op.Callee, "atomicAdd");
  EXPECT_EQ(Sum->Sharing.Kind, SharingKind::PerGrid);
  // y[row], row from threadIdx.y: one address per warp in 32x8 blocks...
  std::optional<AtomicFinding> Row = C32x8.of("y");
  ASSERT_TRUE(Row);
  EXPECT_EQ(Row->Kind, Hotspot::FloatSum);
  EXPECT_EQ(Row->Sharing.Kind, SharingKind::PerWarp);
  // ...and two rows of 16 lanes in 16x16 blocks.
  Classified C16x16(Code, BlockShape{16, 16, 1});
  std::optional<AtomicFinding> Groups = C16x16.of("y");
  ASSERT_TRUE(Groups);
  EXPECT_EQ(Groups->Kind, Hotspot::LaneGroupSum);
  EXPECT_EQ(Groups->Sharing.LanesPerAddress, 16u);
  // Each lane its own address; 4 lanes of a warp on one, then 8.
  EXPECT_EQ(C32x8.kind("own"), None);
  EXPECT_EQ(C32x8.kind("four"), None);
  EXPECT_EQ(C32x8.kind("eight"), Hotspot::FloatSum);
  // A float update that is not a sum.
  EXPECT_EQ(C32x8.kind("swap"), None);
}

TEST(ClassifyHotspot, IntegersOnlyWhereTheWarpsOfABlockMeet) {
  Classified C(R"cuda(
__global__ void kern(const int *v, int *count, int *blk, int *perWarp,
                     int *flag, int *last, unsigned *ticket, unsigned *down) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(count, 1);
  atomicMax(&blk[blockIdx.x], v[i]);
  atomicAdd(&perWarp[i / 32], 1);
  atomicExch(flag, 1);
  atomicExch(last, v[i]);
  atomicInc(ticket, 1024u);
  atomicDec(down, 1024u);
}
)cuda",
               BlockShape{256, 1, 1});
  ASSERT_TRUE(C.TU.ok());
  std::optional<AtomicFinding> Count = C.of("count");
  ASSERT_TRUE(Count);
  EXPECT_EQ(Count->Kind, Hotspot::IntegerOneAddress);
  EXPECT_EQ(Count->Sharing.Kind, SharingKind::PerGrid);
  EXPECT_EQ(C.kind("blk"), Hotspot::IntegerOneAddress);
  EXPECT_EQ(C.kind("last"), Hotspot::IntegerOneAddress);
  // nvcc combines the lanes of a warp: one address per warp is fine.
  EXPECT_EQ(C.kind("perWarp"), None);
  // Every thread stores one constant: a signal.
  EXPECT_EQ(C.kind("flag"), None);
  // nvcc does not combine these.
  std::optional<AtomicFinding> Ticket = C.of("ticket");
  ASSERT_TRUE(Ticket);
  EXPECT_EQ(Ticket->Kind, Hotspot::WrappingCounter);
  EXPECT_TRUE(Ticket->Op.Kind == AtomicKind::Inc);
  EXPECT_EQ(C.kind("down"), Hotspot::WrappingCounter);
}

TEST(ClassifyHotspot, CompareAndSwapOnlyWhenRetriedToBuildAValue) {
  Classified C(R"cuda(
__global__ void kern(const int *v, int *prod, int *mutex, int *once) {
  int old = *prod, assumed;
  do {
    assumed = old;
    old = atomicCAS(prod, assumed, assumed * v[threadIdx.x]);
  } while (assumed != old);
  while (atomicCAS(mutex, 0, 1) != 0) {
  }
  atomicCAS(once, 0, v[threadIdx.x]);
}
)cuda",
               BlockShape{256, 1, 1});
  ASSERT_TRUE(C.TU.ok());
  std::optional<AtomicFinding> Prod = C.of("prod");
  ASSERT_TRUE(Prod);
  EXPECT_EQ(Prod->Kind, Hotspot::CasLoop);
  EXPECT_TRUE(Prod->Op.Kind == AtomicKind::CAS);
  // A lock compares with a constant; a single attempt is no retry loop.
  EXPECT_EQ(C.kind("mutex"), None);
  EXPECT_EQ(C.kind("once"), None);
}

TEST(ClassifyHotspot, HistogramsWithFewBins) {
  Classified C(R"cuda(
__device__ int bins64[64];
__global__ void kern(const int *in, int *masked, int *rem, int *shifted,
                     int *narrow, int *viaLocal, int *offset, int *wide,
                     int *maxed, int *unbounded) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&masked[in[i] & 15], 1);
  atomicAdd(&rem[in[i] % 256], 1);
  atomicAdd(&shifted[(in[i] & 15) + 1], 1);
  unsigned char c = in[i];
  atomicAdd(&narrow[c], 1);
  int b = in[i] & 31;
  atomicAdd(&viaLocal[b], 1);
  atomicAdd(offset + (in[i] & 7), 1);
  atomicAdd(&bins64[in[i]], 1);
  atomicAdd(&wide[in[i] & 8191], 1);
  atomicMax(&maxed[in[i] & 15], 1);
  atomicAdd(&unbounded[in[i]], 1);
}
)cuda",
               BlockShape{256, 1, 1});
  ASSERT_TRUE(C.TU.ok());
  struct Case {
    const char *Root;
    int64_t Bins;
  };
  // By the index's shape and type, else by the array's size.
  for (Case K : {Case{"masked", 16}, Case{"rem", 256}, Case{"shifted", 17},
                 Case{"narrow", 256}, Case{"viaLocal", 32}, Case{"offset", 8},
                 Case{"bins64", 64}}) {
    std::optional<AtomicFinding> F = C.of(K.Root);
    ASSERT_TRUE(F) << K.Root;
    EXPECT_EQ(F->Kind, Hotspot::Histogram) << K.Root;
    EXPECT_EQ(F->Bins, K.Bins) << K.Root;
  }
  // Too many bins to privatize, a maximum rather than a count, no bound.
  EXPECT_EQ(C.kind("wide"), None);
  EXPECT_EQ(C.kind("maxed"), None);
  EXPECT_EQ(C.kind("unbounded"), None);
}

} // namespace
} // namespace cudalint
