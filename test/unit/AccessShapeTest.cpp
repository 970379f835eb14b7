//===--- AccessShapeTest.cpp - what one thread's accesses cover -----------===//
//
// The shapes of access that a single warp access's sector count misjudges:
// the fields a thread reads of its own record (an array of structures), the
// contiguous run it walks in a loop, the vector width the compiler issues a
// shared-memory run with, and accesses that belong to a CUDA library.
//
//===----------------------------------------------------------------------===//

#include "analysis/AccessShape.h"
#include "KernelTU.h"

#include "gtest/gtest.h"

#include <optional>
#include <utility>
#include <vector>

using namespace clang;

namespace cudalint {
namespace {

//===--- recordUse --------------------------------------------------------===//

const char *Records = R"cuda(
struct Particle { float x, y, z, vx, vy, vz, m, q; };
struct V3 { float x, y, z; };
struct Body { V3 pos; V3 vel; float w[4]; };
template <int N> struct Conserved { float v[N]; float e; };
)cuda";

TEST(RecordUse, FieldsEachLaneReadsOfItsOwnRecord) {
  KernelTU TU(std::string(Records) + R"cuda(
__global__ void kern(const Particle *p, const Body *b,
                     const Conserved<16> *u, const Particle *twice,
                     float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x + p[i].m + b[i].pos.y + b[i].w[2] + u[i].e
           + twice[i].x + twice[i].x;
}
)cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  std::optional<RecordUse> P = recordUse(accessesTo(*M, "p"), TU.ctx());
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Name, "Particle");
  EXPECT_EQ(P->Record->getName(), "Particle");
  EXPECT_EQ(P->Size, 32u);
  EXPECT_EQ(P->UsedBytes, 8u); // x and m

  // A field of a member and an element of an array field.
  std::optional<RecordUse> B = recordUse(accessesTo(*M, "b"), TU.ctx());
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Name, "Body");
  EXPECT_EQ(B->Size, 40u);
  EXPECT_EQ(B->UsedBytes, 8u);

  // Named as written in a message, with its template arguments.
  std::optional<RecordUse> U = recordUse(accessesTo(*M, "u"), TU.ctx());
  ASSERT_TRUE(U);
  EXPECT_EQ(U->Name, "Conserved<16>");
  EXPECT_EQ(U->Size, 68u);
  EXPECT_EQ(U->UsedBytes, 4u);

  // One field read twice is counted once.
  std::optional<RecordUse> T = recordUse(accessesTo(*M, "twice"), TU.ctx());
  ASSERT_TRUE(T);
  EXPECT_EQ(T->UsedBytes, 4u);
}

TEST(RecordUse, NotWhenLanesAreNotOneRecordApart) {
  KernelTU TU(std::string(Records) + R"cuda(
__global__ void kern(const Particle *strided, const Particle *shared,
                     const float *flat, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = strided[2 * i].x + shared[blockIdx.x].y + flat[i];
}
)cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  EXPECT_EQ(recordUse(accessesTo(*M, "strided"), TU.ctx()), std::nullopt);
  EXPECT_EQ(recordUse(accessesTo(*M, "shared"), TU.ctx()), std::nullopt);
  EXPECT_EQ(recordUse(accessesTo(*M, "flat"), TU.ctx()), std::nullopt);
  EXPECT_EQ(recordUse({}, TU.ctx()), std::nullopt);
}

//===--- threadChunk and stepsByWidth -------------------------------------===//

TEST(ThreadChunk, ARunOfElementsWalkedByTheInnermostLoop) {
  KernelTU TU(R"cuda(
__global__ void kern(const float *a, const double *d, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < 16; ++j)
    s += a[t * 16 + j];
  for (int r = 0; r < 3; ++r)
    for (int j = 0; j < 4; ++j)
      s += d[(t * 3 + r) * 4 + j];
  out[t] = s;
}
)cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = loadOf(*M, "a");
  ASSERT_TRUE(A);
  std::optional<ThreadChunk> CA = threadChunk(*M, *A);
  ASSERT_TRUE(CA);
  EXPECT_EQ(CA->Loop, A->Loops.back());
  EXPECT_EQ(CA->Elements, 16);
  EXPECT_EQ(CA->Bytes, 64);
  EXPECT_TRUE(stepsByWidth(*A, A->Loops.back()));

  const MemAccess *D = loadOf(*M, "d");
  ASSERT_TRUE(D);
  ASSERT_EQ(D->Loops.size(), 2u);
  std::optional<ThreadChunk> CD = threadChunk(*M, *D);
  ASSERT_TRUE(CD);
  EXPECT_EQ(CD->Loop, D->Loops.back()); // the innermost
  EXPECT_EQ(CD->Elements, 4);
  EXPECT_EQ(CD->Bytes, 32);
  // The outer loop moves it by four elements, not one.
  EXPECT_FALSE(stepsByWidth(*D, D->Loops.front()));
}

TEST(ThreadChunk, NotForOtherStepsOrUnknownTrips) {
  KernelTU TU(R"cuda(
__global__ void kern(const float *coalesced, const float *every2,
                     const float *sized, const float *once,
                     float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < 16; ++j)
    s += coalesced[j * n + t] + every2[t * 32 + 2 * j];
  for (int j = 0; j < n; ++j)
    s += sized[t * 16 + j];
  for (int j = 0; j < 1; ++j)
    s += once[t + j];
  out[t] = s;
}
)cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  for (StringRef Root : {"coalesced", "every2", "sized", "once", "out"}) {
    const MemAccess *A = accessesTo(*M, Root).front();
    EXPECT_EQ(threadChunk(*M, *A), std::nullopt) << Root.str();
  }
  EXPECT_FALSE(stepsByWidth(*loadOf(*M, "coalesced"),
                            loadOf(*M, "coalesced")->Loops.back()));
  EXPECT_FALSE(
      stepsByWidth(*loadOf(*M, "every2"), loadOf(*M, "every2")->Loops.back()));
  // The run is there; only its length is unknown.
  EXPECT_TRUE(
      stepsByWidth(*loadOf(*M, "sized"), loadOf(*M, "sized")->Loops.back()));
}

//===--- vectorIssue ------------------------------------------------------===//

// `__global__ void <Name>(float *out)` declaring \p Shared, of which each
// thread sums `tile[Index]` in a loop of \p Trips steps over `j`.
std::string runKernel(const std::string &Name, const std::string &Shared,
                      int Trips, std::string Index = "") {
  std::string N = std::to_string(Trips);
  if (Index.empty())
    Index = "threadIdx.x * " + N + " + j";
  return "__global__ void " + Name + "(float *out) {\n  " + Shared +
         "\n  float s = 0;\n  for (int j = 0; j < " + N +
         "; ++j)\n    s += tile[" + Index + "];\n  out[threadIdx.x] = s;\n}\n";
}

// The vector issue of the first load of `tile` in kernel \p Kernel.
std::optional<VectorIssue> issueOf(KernelTU &TU, StringRef Kernel,
                                   StringRef Root = "tile") {
  const KernelModel *M = TU.model(Kernel);
  if (!M)
    return std::nullopt;
  const MemAccess *A = loadOf(*M, Root);
  if (!A)
    return std::nullopt;
  return vectorIssue(*M, *A, TU.ctx());
}

// The vector width and run of \p Kernel's issue; {0, 0} when there is none.
using Issued = std::pair<unsigned, int64_t>;
Issued issued(KernelTU &TU, StringRef Kernel) {
  std::optional<VectorIssue> I = issueOf(TU, Kernel);
  return I ? Issued{I->Bytes, I->RunBytes} : Issued{0, 0};
}

TEST(VectorIssue, RunsOfScalarsInSharedMemory) {
  KernelTU TU(runKernel("four", "__shared__ float tile[1024];", 4) +
              runKernel("two", "__shared__ float tile[512];", 2) +
              runKernel("doubles", "__shared__ double tile[512];", 8));
  ASSERT_TRUE(TU.ok());
  std::optional<VectorIssue> Four = issueOf(TU, "four");
  ASSERT_TRUE(Four);
  EXPECT_EQ(Four->Loop, loadOf(*TU.model("four"), "tile")->Loops.back());
  EXPECT_EQ(issued(TU, "four"), (Issued{16, 16}));
  EXPECT_EQ(issued(TU, "two"), (Issued{8, 8}));
  EXPECT_EQ(issued(TU, "doubles"), (Issued{16, 64}));
}

TEST(VectorIssue, OnlyAsFarAsThePlacementIsAligned) {
  KernelTU TU(
      runKernel("afterOdd",
                "__shared__ char flag[3];\n  __shared__ float tile[1024];", 4) +
      runKernel("afterEight",
                "__shared__ float pad[2];\n  __shared__ float tile[1024];", 4) +
      runKernel("aligned",
                "__shared__ char flag[3];\n"
                "  __shared__ __attribute__((aligned(16))) float tile[1024];",
                4) +
      runKernel("dynamic",
                "__shared__ char flag[3];\n  extern __shared__ float tile[];",
                4));
  ASSERT_TRUE(TU.ok());
  // After 3 bytes the array starts at byte 4: only its own alignment.
  EXPECT_EQ(issued(TU, "afterOdd"), (Issued{0, 0}));
  // After 8 bytes: 8-byte vectors, not 16.
  EXPECT_EQ(issued(TU, "afterEight"), (Issued{8, 16}));
  // Declared alignment, and dynamic shared memory, start 16-byte aligned.
  EXPECT_EQ(issued(TU, "aligned"), (Issued{16, 16}));
  EXPECT_EQ(issued(TU, "dynamic"), (Issued{16, 16}));
}

TEST(VectorIssue, NotForGlobalMemoryRecordsOrOddRuns) {
  KernelTU TU(runKernel("three", "__shared__ float tile[768];", 3) +
              runKernel("strided", "__shared__ float tile[1024];", 4,
                        "j * 256 + threadIdx.x") +
              R"cuda(
struct __half { unsigned short x; };
__global__ void global(const float *tile, float *out) {
  float s = 0;
  for (int j = 0; j < 4; ++j) s += tile[threadIdx.x * 4 + j];
  out[threadIdx.x] = s;
}
__global__ void halves(float *out) {
  __shared__ __half tile[1024];
  float s = 0;
  for (int j = 0; j < 8; ++j) {
    __half v = tile[threadIdx.x * 8 + j];
    s += v.x;
  }
  out[threadIdx.x] = s;
}
)cuda");
  ASSERT_TRUE(TU.ok());
  for (StringRef Kernel : {"three", "strided", "global", "halves"})
    EXPECT_EQ(issued(TU, Kernel), (Issued{0, 0})) << Kernel.str();
}

//===--- insideLibrary ----------------------------------------------------===//

TEST(InsideLibrary, InlinedFromOrTypedByALibrary) {
  KernelTU TU(R"cuda(
namespace cub {
__device__ void loadDirect(float *dst, const float *src) {
  dst[threadIdx.x] = src[threadIdx.x];
}
} // namespace cub
namespace mine {
__device__ void loadDirect(float *dst, const float *src) {
  dst[threadIdx.x] = src[threadIdx.x];
}
namespace cub { struct Pair { float a, b; }; }
} // namespace mine
namespace thrust { struct Pair { float a, b; }; }
__global__ void kern(const float *libIn, float *libOut, const float *ownIn,
                     float *ownOut, thrust::Pair *libPairs,
                     mine::cub::Pair *ownPairs) {
  cub::loadDirect(libOut, libIn);
  mine::loadDirect(ownOut, ownIn);
  libPairs[threadIdx.x] = libPairs[threadIdx.x + 1];
  ownPairs[threadIdx.x] = ownPairs[threadIdx.x + 1];
}
)cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  for (StringRef Root : {"libIn", "libOut"}) {
    ASSERT_FALSE(accessesTo(*M, Root).empty()) << Root.str();
    EXPECT_TRUE(insideLibrary(*accessesTo(*M, Root).front())) << Root.str();
  }
  for (StringRef Root : {"ownIn", "ownOut"}) {
    ASSERT_FALSE(accessesTo(*M, Root).empty()) << Root.str();
    EXPECT_FALSE(insideLibrary(*accessesTo(*M, Root).front())) << Root.str();
  }
  // A library's type, wherever it is accessed; a namespace of that name
  // inside the user's own is not the library.
  ASSERT_FALSE(accessesTo(*M, "libPairs").empty());
  EXPECT_TRUE(insideLibrary(*accessesTo(*M, "libPairs").front()));
  ASSERT_FALSE(accessesTo(*M, "ownPairs").empty());
  EXPECT_FALSE(insideLibrary(*accessesTo(*M, "ownPairs").front()));
}

} // namespace
} // namespace cudalint
