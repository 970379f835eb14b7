//===--- KernelModelTest.cpp - per-thread model of a kernel, warp sampling
//-===//
//
// Each test builds a small CUDA translation unit in memory (as clangd's
// TestTU does) with clang's real built-in variables (threadIdx, blockIdx,
// ...: __clang_cuda_builtin_vars.h), models one kernel, and checks the
// symbolic byte offsets of its accesses and what one warp does with them.
//
//===----------------------------------------------------------------------===//

#include "analysis/KernelModel.h"
#include "KernelTU.h"
#include "analysis/AddressSharing.h"
#include "analysis/Divergence.h"
#include "analysis/SymExpr.h"
#include "analysis/Warp.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

// The coefficient of threadIdx.x/y/z in the byte offset, spelled.
std::string coeff(const MemAccess &A, unsigned Axis) {
  return affine(A.Offset).Coeff[Axis].str();
}

// The coefficient of the monomial that is a single leaf of kind \p K.
std::optional<int64_t> leafCoefficient(const Polynomial &P, SymKind K) {
  for (auto &[Mono, C] : P.Terms)
    if (Mono.size() == 1 && P.Leaves.at(Mono[0])->Kind == K)
      return C;
  return std::nullopt;
}

// Whether some term of \p P has a factor of kind \p K.
bool hasLeaf(const Polynomial &P, SymKind K) {
  for (auto &[Mono, C] : P.Terms)
    for (const std::string &Key : Mono)
      if (P.Leaves.at(Key)->Kind == K)
        return true;
  return false;
}

// The byte distance between neighbouring lanes in x, with array extents at
// their declared values.
std::optional<int64_t> laneStride(const MemAccess &A) {
  AffineForm F = affine(A.Offset);
  if (F.NonAffine)
    return std::nullopt;
  return evaluate(*F.Coeff[0].toSym(),
                  [](const SymNode &L) -> std::optional<int64_t> {
                    if (L.Kind == SymKind::ArrayDim)
                      return L.Value;
                    return std::nullopt;
                  });
}

std::optional<SectorCost> cost(const MemAccess *A, BlockShape Shape,
                               const WhatIf *W = nullptr) {
  std::vector<const MemAccess *> Group{A};
  return sectorCost(Group, WarpSampler(Shape), W);
}

const BlockShape Unknown{};

//===--- Values through locals --------------------------------------------===//

TEST(KernelModel, GlobalThreadIndexIsCoalesced) {
  KernelTU TU(R"cuda(
__global__ void kern(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  EXPECT_FALSE(M->incomplete());
  ASSERT_EQ(M->accesses().size(), 2u);
  const MemAccess *St = storeTo(*M, "out"), *Ld = loadOf(*M, "in");
  ASSERT_TRUE(St && Ld);
  EXPECT_EQ(St->Root, TU.function("kern")->getParamDecl(0));
  EXPECT_EQ(St->Space, MemSpace::Global);
  EXPECT_EQ(St->Width, 4u);
  EXPECT_FALSE(St->IsLoad);
  EXPECT_FALSE(Ld->IsStore);
  EXPECT_TRUE(St->Guards.empty());
  EXPECT_TRUE(St->Loops.empty());
  EXPECT_TRUE(St->CallStack.empty());
  EXPECT_EQ(St->Offset->key(), Ld->Offset->key());

  AffineForm F = affine(St->Offset);
  EXPECT_FALSE(F.NonAffine);
  EXPECT_EQ(F.Coeff[0].str(), "4");
  EXPECT_TRUE(F.Coeff[1].isZero());
  EXPECT_TRUE(F.Coeff[2].isZero());
  EXPECT_EQ(F.Base.str(), "4 * blockDim.x * blockIdx.x");
  EXPECT_TRUE(addressComputable(*St));

  // 32 lanes, 4 bytes each, contiguous and aligned: 4 sectors.
  for (BlockShape Shape : {Unknown, BlockShape{256, 1, 1}}) {
    std::optional<SectorCost> C = cost(St, Shape);
    ASSERT_TRUE(C) << Shape.str();
    EXPECT_EQ(C->Sectors, 4u) << Shape.str();
    EXPECT_EQ(C->UsefulBytes, 128u) << Shape.str();
    EXPECT_EQ(C->Lanes, 32u) << Shape.str();
    EXPECT_DOUBLE_EQ(C->ratio(), 1.0) << Shape.str();
  }
}

TEST(KernelModel, RecordsBuiltinUses) {
  KernelTU TU(R"cuda(
__device__ int column() { return threadIdx.x % 32; }
__global__ void kern(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = column();
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  ASSERT_EQ(M->builtinUses().size(), 4u);
  const VarDecl *I = TU.var("i");
  SymKind Kinds[] = {SymKind::BlockIdx, SymKind::BlockDim, SymKind::ThreadIdx};
  for (unsigned U = 0; U < 3; ++U) {
    const BuiltinUse &B = M->builtinUses()[U];
    EXPECT_EQ(B.Kind, Kinds[U]);
    EXPECT_EQ(B.Dim, 0u);
    EXPECT_EQ(B.InitOf, I);
    EXPECT_FALSE(B.Inlined);
  }
  const BuiltinUse &InHelper = M->builtinUses()[3];
  EXPECT_EQ(InHelper.Kind, SymKind::ThreadIdx);
  EXPECT_TRUE(InHelper.Inlined);
  EXPECT_EQ(InHelper.InitOf, nullptr);
}

TEST(KernelModel, CompoundAssignment) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A, int n) {
  int i = threadIdx.x;
  i *= n;
  A[i] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  EXPECT_EQ(coeff(*A, 0), "4 * n");
  EXPECT_TRUE(affine(A->Offset).Base.isZero());

  const VarDecl *I = TU.var("i");
  const LocalVar *L = M->local(I);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Assignments, 1u);
  ASSERT_TRUE(L->Init);
  EXPECT_EQ(L->Init->key(), symBuiltin(SymKind::ThreadIdx, 0)->key());
  EXPECT_FALSE(L->AddressTaken);
  // The address reads `i`, which carries threadIdx.x into it.
  ASSERT_EQ(A->ThreadVars.size(), 1u);
  EXPECT_EQ(A->ThreadVars[0].Var, I);
}

TEST(KernelModel, Reassignment) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A, float *B, float *C, int n) {
  int i = threadIdx.x;
  A[i] = 0;
  i = threadIdx.y + 1;
  B[i] = 0;
  i += n;
  C[i] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A"), *B = storeTo(*M, "B"),
                  *C = storeTo(*M, "C");
  ASSERT_TRUE(A && B && C);
  EXPECT_EQ(coeff(*A, 0), "4");
  EXPECT_EQ(coeff(*A, 1), "0");
  EXPECT_EQ(coeff(*B, 0), "0");
  EXPECT_EQ(coeff(*B, 1), "4");
  EXPECT_EQ(affine(B->Offset).Base.str(), "4");
  EXPECT_EQ(coeff(*C, 1), "4");
  EXPECT_EQ(affine(C->Offset).Base.str(), "4 * n + 4");
  const LocalVar *L = M->local(TU.var("i"));
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Assignments, 2u);
}

TEST(KernelModel, JoinUnderThreadDependentConditionIsVarying) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A, int n) {
  int i;
  if (threadIdx.x < 16)
    i = n;
  else
    i = 2 * n;
  A[i] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  EXPECT_TRUE(A->Offset->threadDependent());
  EXPECT_TRUE(A->Offset->hasVarying());
  EXPECT_FALSE(addressComputable(*A));
  EXPECT_TRUE(affine(A->Offset).NonAffine);
  EXPECT_FALSE(cost(A, Unknown));
  // The store itself is after the if: not guarded.
  EXPECT_TRUE(A->Guards.empty());
  ASSERT_EQ(A->ThreadVars.size(), 1u);
  EXPECT_EQ(A->ThreadVars[0].Var, TU.var("i"));
  ASSERT_EQ(M->conditions().size(), 1u);
  EXPECT_TRUE(M->conditions()[0].Value->threadDependent());
}

TEST(KernelModel, JoinUnderUniformConditionIsUniform) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A, float *B, int n) {
  int i;
  if (n > 16)
    i = n;
  else
    i = 2 * n;
  A[i] = 0;
  int j;
  if (threadIdx.x < 16)
    j = n;
  else
    j = n;
  B[j] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A"), *B = storeTo(*M, "B");
  ASSERT_TRUE(A && B);
  // Opaque but the same in every lane.
  EXPECT_FALSE(A->Offset->threadDependent());
  EXPECT_FALSE(A->Offset->hasVarying());
  EXPECT_TRUE(addressComputable(*A));
  EXPECT_TRUE(affine(A->Offset).isUniform());
  std::optional<SectorCost> C = cost(A, Unknown);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Sectors, 1u);
  EXPECT_EQ(C->UsefulBytes, 4u);
  // Both paths assign the same value: it is kept as it is.
  EXPECT_TRUE(affine(B->Offset).isUniform());
  EXPECT_EQ(affine(B->Offset).Base.str(), "4 * n");
}

TEST(KernelModel, PerThreadLoadMakesAddressUnknown) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A, float *B, const int *idx) {
  int j = idx[threadIdx.x];
  A[j] = 0;
  int u = idx[0];
  B[u + threadIdx.x] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A"), *B = storeTo(*M, "B");
  ASSERT_TRUE(A && B);
  EXPECT_TRUE(A->Offset->hasVarying());
  EXPECT_FALSE(addressComputable(*A));
  EXPECT_FALSE(cost(A, Unknown));
  // A load from a uniform address is uniform.
  EXPECT_TRUE(addressComputable(*B));
  EXPECT_EQ(coeff(*B, 0), "4");
  EXPECT_EQ(affine(B->Offset).Base.str(), "4 * idx[0]");
}

TEST(KernelModel, LoadInDeclarationIsRecorded) {
  // `float v = in[i];`: the initializer is a load like any other.
  KernelTU TU(R"cuda(
__global__ void kern(float *out, const float *in, const int *idx) {
  float v = in[threadIdx.x];
  int j = idx[0];
  out[threadIdx.x] = v + j;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *In = loadOf(*M, "in");
  ASSERT_TRUE(In);
  EXPECT_EQ(coeff(*In, 0), "4");
  const MemAccess *Idx = loadOf(*M, "idx");
  ASSERT_TRUE(Idx);
  EXPECT_TRUE(affine(Idx->Offset).isUniform());
  EXPECT_EQ(M->accesses().size(), 3u);
}

//===--- Loops ------------------------------------------------------------===//

TEST(KernelModel, GridStrideLoopWithStrideVariable) {
  KernelTU TU(R"cuda(
__global__ void kern(float *out, const float *in, int n) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = in[i];
}
__global__ void warps(float *out, int n) {
  for (int i = threadIdx.x; i < n; i += 32)
    out[i] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *St = storeTo(*M, "out");
  ASSERT_TRUE(St);
  AffineForm F = affine(St->Offset);
  EXPECT_FALSE(F.NonAffine);
  EXPECT_EQ(F.Coeff[0].str(), "4");
  EXPECT_TRUE(hasLeaf(F.Base, SymKind::LoopIter));
  EXPECT_EQ(St->Loops.size(), 1u);
  ASSERT_EQ(St->Guards.size(), 1u);
  EXPECT_TRUE(St->Guards[0].Taken);
  EXPECT_TRUE(St->Guards[0].Cond->threadDependent());

  auto W = TU.model("warps");
  ASSERT_TRUE(W);
  const MemAccess *S2 = storeTo(*W, "out");
  ASSERT_TRUE(S2);
  AffineForm G = affine(S2->Offset);
  EXPECT_FALSE(G.NonAffine);
  EXPECT_EQ(G.Coeff[0].str(), "4");
  EXPECT_EQ(leafCoefficient(G.Base, SymKind::LoopIter), 128);
}

TEST(KernelModel, GridStrideLoopWithBuiltinStep) {
  // The step is spelled with the built-ins themselves.
  KernelTU TU(R"cuda(
__global__ void kern(float *out, const float *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *St = storeTo(*M, "out"), *Ld = loadOf(*M, "in");
  ASSERT_TRUE(St && Ld);
  for (const MemAccess *A : {St, Ld}) {
    AffineForm F = affine(A->Offset);
    EXPECT_FALSE(F.NonAffine);
    EXPECT_FALSE(A->Offset->hasVarying());
    EXPECT_EQ(F.Coeff[0].str(), "4");
    EXPECT_TRUE(hasLeaf(F.Base, SymKind::LoopIter));
  }
}

TEST(KernelModel, RowPerThreadLoop) {
  KernelTU TU(R"cuda(
__global__ void kern(const float *A, const float *x, float *y, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += A[row * n + k] * x[k];
  y[row] = s;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  EXPECT_EQ(M->accesses().size(), 3u); // Recorded once despite dry runs.
  const MemAccess *LA = loadOf(*M, "A"), *LX = loadOf(*M, "x");
  ASSERT_TRUE(LA && LX);
  AffineForm F = affine(LA->Offset);
  EXPECT_FALSE(F.NonAffine);
  EXPECT_EQ(F.Coeff[0].str(), "4 * n");
  EXPECT_EQ(leafCoefficient(F.Base, SymKind::LoopIter), 4);
  EXPECT_EQ(LA->Loops.size(), 1u);

  AffineForm G = affine(LX->Offset);
  EXPECT_TRUE(G.isUniform());
  EXPECT_EQ(leafCoefficient(G.Base, SymKind::LoopIter), 4);

  // Each lane reads its own row: a sector per lane for 4 useful bytes.
  std::optional<SectorCost> CA = cost(LA, Unknown);
  ASSERT_TRUE(CA);
  EXPECT_EQ(CA->Sectors, 32u);
  EXPECT_EQ(CA->UsefulBytes, 128u);
  EXPECT_DOUBLE_EQ(CA->ratio(), 8.0);
  // Every lane reads the same x[k]: a broadcast.
  std::optional<SectorCost> CX = cost(LX, Unknown);
  ASSERT_TRUE(CX);
  EXPECT_EQ(CX->Sectors, 1u);
  EXPECT_EQ(CX->Lanes, 32u);
  EXPECT_DOUBLE_EQ(CX->ratio(), 1.0);
}

TEST(KernelModel, LoopExitValueWithThreadDependentTripCount) {
  // `c` counts iterations of a loop that runs threadIdx.x times: after the
  // loop it is threadIdx.x, not a value shared by the warp.
  KernelTU TU(R"cuda(
__global__ void kern(float *A) {
  int c = 0;
  for (int j = 0; j < threadIdx.x; ++j)
    ++c;
  A[c] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  EXPECT_TRUE(A->Offset->threadDependent());
  EXPECT_FALSE(affine(A->Offset).isUniform());
}

TEST(KernelModel, DoWhileBodyRunsOnceInEveryLane) {
  // The condition of a do-while is tested after the body: the first
  // iteration is not guarded by it.
  KernelTU TU(R"cuda(
__global__ void kern(float *A) {
  do {
    A[threadIdx.x] = 0;
  } while (threadIdx.x < 4);
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  std::optional<SectorCost> C = cost(A, Unknown);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Lanes, 32u);
}

//===--- Helpers and aggregates -------------------------------------------===//

TEST(KernelModel, InlinesIndexHelper) {
  KernelTU TU(R"cuda(
__device__ int idx(int r, int c, int n) { return r * n + c; }
__global__ void kern(float *A, int n) {
  A[idx(threadIdx.y, threadIdx.x, n)] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  EXPECT_FALSE(affine(A->Offset).NonAffine);
  EXPECT_EQ(coeff(*A, 0), "4");
  EXPECT_EQ(coeff(*A, 1), "4 * n");
  EXPECT_TRUE(A->CallStack.empty()); // The access is in the kernel.
}

TEST(KernelModel, AccessInsideHelperHasCallStack) {
  KernelTU TU(R"cuda(
__device__ void put(float *p, int i, float v) { p[i] = v; }
__global__ void kern(float *A) {
  put(A, threadIdx.x, 1.0f);
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  ASSERT_EQ(M->accesses().size(), 1u);
  const MemAccess &A = M->accesses()[0];
  EXPECT_EQ(A.Root, TU.function("kern")->getParamDecl(0));
  EXPECT_EQ(A.Space, MemSpace::Global);
  EXPECT_TRUE(A.IsStore);
  ASSERT_EQ(A.CallStack.size(), 1u);
  ASSERT_TRUE(A.CallStack[0]->getDirectCallee());
  EXPECT_EQ(A.CallStack[0]->getDirectCallee()->getName().str(), "put");
  EXPECT_EQ(coeff(A, 0), "4");
}

TEST(KernelModel, InlinedOpaqueValuesAreDistinctPerCall) {
  // `a` and `b` are loads of different elements through the same helper
  // expression: `b - a` is not known to be 0.
  KernelTU TU(R"cuda(
__device__ int ld(const int *p, int i) { return p[i]; }
__global__ void kern(float *A, const int *q) {
  int a = ld(q, 0);
  int b = ld(q, 1);
  A[threadIdx.x * (b - a)] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  EXPECT_EQ(accessesTo(*M, "q").size(), 2u);
  EXPECT_TRUE(A->Offset->threadDependent());
  EXPECT_FALSE(affine(A->Offset).Coeff[0].isZero());
}

TEST(KernelModel, Dim3CopyAndConstLocal) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A, float *B, float *C) {
  dim3 t = threadIdx;
  A[t.x] = 0;
  B[t.y] = 0;
  const int tid = threadIdx.x;
  C[tid] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A"), *B = storeTo(*M, "B"),
                  *C = storeTo(*M, "C");
  ASSERT_TRUE(A && B && C);
  EXPECT_EQ(coeff(*A, 0), "4");
  EXPECT_EQ(coeff(*A, 1), "0");
  EXPECT_EQ(coeff(*B, 0), "0");
  EXPECT_EQ(coeff(*B, 1), "4");
  EXPECT_EQ(coeff(*C, 0), "4");
  for (const MemAccess *X : {A, B, C})
    EXPECT_FALSE(affine(X->Offset).NonAffine);
}

TEST(KernelModel, IntrinsicsAndAtomics) {
  KernelTU TU(R"cuda(
__global__ void kern(const float *in, float *sum) {
  float v = __ldg(&in[threadIdx.x]);
  atomicAdd(&sum[threadIdx.x % 4], v);
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *L = loadOf(*M, "in"), *S = storeTo(*M, "sum");
  ASSERT_TRUE(L && S);
  EXPECT_TRUE(L->ViaIntrinsic);
  EXPECT_FALSE(L->IsAtomic);
  EXPECT_EQ(coeff(*L, 0), "4");
  EXPECT_TRUE(S->IsAtomic);
  EXPECT_TRUE(S->IsLoad && S->IsStore);
  EXPECT_TRUE(affine(S->Offset).NonAffine); // `% 4`
  EXPECT_TRUE(addressComputable(*S));
}

//===--- Address sharing --------------------------------------------------===//

TEST(AddressSharing, RowFromThreadIdxYIsOnePerWarpIn32x8) {
  KernelTU TU(R"cuda(
__global__ void kern(const float *a, float *y, float *col, float *one) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&y[row], a[row * 1024 + c]);
  atomicAdd(&col[c], a[c]);
  atomicAdd(one, a[c]);
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  std::vector<WarpSampler> S32x8{WarpSampler(BlockShape{32, 8, 1})};
  AddressSharing Y = addressSharing(*atomicTo(*M, "y"), S32x8);
  EXPECT_EQ(Y.Kind, SharingKind::PerWarp);
  EXPECT_EQ(Y.LanesPerAddress, 32u);
  EXPECT_EQ(Y.WarpsPerAddress, 1u);
  AddressSharing Col = addressSharing(*atomicTo(*M, "col"), S32x8);
  EXPECT_EQ(Col.Kind, SharingKind::PerLane);
  EXPECT_EQ(Col.LanesPerAddress, 1u);
  AddressSharing One = addressSharing(*atomicTo(*M, "one"), S32x8);
  EXPECT_EQ(One.Kind, SharingKind::PerGrid);
  EXPECT_EQ(One.WarpsPerAddress, 8u);
  // 16x16: two rows per warp, 16 lanes on each.
  std::vector<WarpSampler> S16x16{WarpSampler(BlockShape{16, 16, 1})};
  AddressSharing Y16 = addressSharing(*atomicTo(*M, "y"), S16x16);
  EXPECT_EQ(Y16.Kind, SharingKind::LaneGroups);
  EXPECT_EQ(Y16.LanesPerAddress, 16u);
}

TEST(AddressSharing, GuardsAndBlockIndex) {
  KernelTU TU(R"cuda(
__global__ void kern(const int *v, int *lead, int *blk) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 == 0)
    atomicMax(lead, v[i]);
  atomicMax(&blk[blockIdx.x], v[i]);
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  std::vector<WarpSampler> S{WarpSampler(BlockShape{256, 1, 1})};
  EXPECT_EQ(addressSharing(*atomicTo(*M, "lead"), S).LanesPerAddress, 1u);
  AddressSharing B = addressSharing(*atomicTo(*M, "blk"), S);
  EXPECT_EQ(B.Kind, SharingKind::PerBlock);
  EXPECT_EQ(B.LanesPerAddress, 32u);
}

TEST(AddressSharing, DataChosenBinsAreBounded) {
  KernelTU TU(R"cuda(
__global__ void kern(const int *key, const float *w, float *clamped,
                     int *masked, int *wide, int nbins, int *param) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int b = key[i];
  b = min(max(b, 0), 15);
  atomicAdd(&clamped[b], w[i]);
  atomicMax(&masked[(key[i] >> 3) & 63], 1);
  atomicMax(&wide[key[i]], 1);
  atomicMax(&param[key[i] % nbins], 1);
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  std::vector<WarpSampler> S{WarpSampler(BlockShape{256, 1, 1})};
  AddressSharing C = addressSharing(*atomicTo(*M, "clamped"), S);
  EXPECT_EQ(C.Kind, SharingKind::DataBounded);
  EXPECT_EQ(C.Elements, 16);
  EXPECT_EQ(addressSharing(*atomicTo(*M, "masked"), S).Elements, 64);
  EXPECT_EQ(addressSharing(*atomicTo(*M, "wide"), S).Kind,
            SharingKind::DataUnbounded);
  const MemAccess *P = atomicTo(*M, "param");
  EXPECT_EQ(addressSharing(*P, S).Kind, SharingKind::DataUnbounded);
  // With the launches' constant for `nbins`.
  auto Leaves = [](const SymNode &L) -> std::optional<IntRange> {
    if (L.Kind == SymKind::Uniform && L.Name == "nbins")
      return IntRange{128, 128};
    return std::nullopt;
  };
  EXPECT_EQ(addressSharing(*P, S, Leaves).Elements, 128);
}

//===--- Guards -----------------------------------------------------------===//

TEST(KernelModel, ThreadDependentGuardLeavesEvenLanes) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A) {
  if (threadIdx.x % 2 == 0)
    A[threadIdx.x] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  ASSERT_EQ(A->Guards.size(), 1u);
  EXPECT_TRUE(A->Guards[0].Taken);
  EXPECT_TRUE(A->Guards[0].Cond->threadDependent());
  ASSERT_EQ(M->conditions().size(), 1u);
  EXPECT_EQ(M->conditions()[0].Value->key(), A->Guards[0].Cond->key());

  WarpSampler S(Unknown);
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample)
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      EXPECT_EQ(S.active(A->Guards, Sample, S.warpOrder(Sample)[0], Lane),
                Lane % 2 == 0)
          << "sample " << Sample << " lane " << Lane;
  std::optional<SectorCost> C = cost(A, Unknown);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Lanes, 16u);
  EXPECT_EQ(C->UsefulBytes, 64u);
  EXPECT_EQ(C->Sectors, 4u);
  EXPECT_DOUBLE_EQ(C->ratio(), 2.0);
}

TEST(KernelModel, EarlyReturnGuardsTheRest) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  A[i] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  ASSERT_EQ(A->Guards.size(), 1u);
  EXPECT_FALSE(A->Guards[0].Taken);
  EXPECT_TRUE(A->Guards[0].Cond->threadDependent());
  EXPECT_EQ(coeff(*A, 0), "4");
}

//===--- Branches, barriers and how lanes split ---------------------------===//

const char *Barriers = R"cuda(
__device__ void __syncthreads();
__device__ int __syncthreads_or(int);
)cuda";

// The condition of the first branch of \p M whose text is \p Text.
const BranchCondition *conditionNamed(const KernelModel &M, ASTContext &Ctx,
                                      StringRef Text) {
  for (const BranchCondition &C : M.conditions())
    if (Lexer::getSourceText(
            CharSourceRange::getTokenRange(C.Cond->getSourceRange()),
            Ctx.getSourceManager(), Ctx.getLangOpts()) == Text)
      return &C;
  return nullptr;
}

TEST(KernelModel, OneDimensionalKernels) {
  KernelTU TU(R"cuda(
__global__ void flat(float *A) { A[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
__global__ void rows(float *A) { A[threadIdx.y * 32 + threadIdx.x] = 0; }
__global__ void copy(float *A) { dim3 t = threadIdx; A[t.x] = 0; }
__global__ void width(float *A) { A[blockDim.y] = 0; }
)cuda");
  ASSERT_TRUE(TU.ok());
  EXPECT_TRUE(TU.model("flat")->oneDimensional());
  EXPECT_FALSE(TU.model("rows")->oneDimensional());
  EXPECT_FALSE(TU.model("copy")->oneDimensional());
  EXPECT_FALSE(TU.model("width")->oneDimensional());
}

TEST(KernelModel, BarriersInAGeometricLoop) {
  KernelTU TU(std::string(Barriers) + R"cuda(
__global__ void kern(int *A) {
  unsigned tid = threadIdx.x;
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      A[tid] += A[tid + s];
    __syncthreads();
  }
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  ASSERT_EQ(M->syncs().size(), 1u);
  EXPECT_EQ(M->syncs()[0].Scope, SyncScope::Block);
  EXPECT_EQ(M->syncs()[0].Loops.size(), 1u);
  EXPECT_TRUE(M->syncs()[0].Guards.empty() ||
              llvm::none_of(M->syncs()[0].Guards, [](const Guard &G) {
                return G.Cond->threadDependent();
              }));
  const BranchCondition *C = conditionNamed(*M, TU.ctx(), "tid % (2 * s) == 0");
  ASSERT_TRUE(C);
  // s is 1 << k: even and odd lanes split in the first step, in every warp.
  LaneSplit L = laneSplit(C->Value, C->Guards, WarpSampler(Unknown));
  EXPECT_EQ(L.Kind, LaneSplit::LaneDivergent);
}

TEST(KernelModel, HalvingBoundIsABoundaryInOneDimensionalBlocks) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A) {
  unsigned tid = threadIdx.x;
  for (unsigned d = blockDim.x / 2; d > 0; d >>= 1)
    if (tid < d)
      A[tid] += A[tid + d];
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  ASSERT_TRUE(M->oneDimensional());
  const BranchCondition *C = conditionNamed(*M, TU.ctx(), "tid < d");
  ASSERT_TRUE(C);
  BlockShape OneDim;
  OneDim.Y = 1;
  OneDim.Z = 1;
  EXPECT_EQ(laneSplit(C->Value, C->Guards, WarpSampler(OneDim)).Kind,
            LaneSplit::Boundary);
  // With rows of 32 threads, every warp is a row and splits at d.
  EXPECT_EQ(
      laneSplit(C->Value, C->Guards, WarpSampler(BlockShape{32, 4, 1})).Kind,
      LaneSplit::LaneDivergent);
}

TEST(KernelModel, BranchOnlyWarpZeroReachesIsNotMostWarps) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A) {
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (warp == 0) {
    if (lane % 2)
      A[threadIdx.x] = 1;
  }
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const BranchCondition *C = conditionNamed(*M, TU.ctx(), "lane % 2");
  ASSERT_TRUE(C);
  EXPECT_EQ(
      laneSplit(C->Value, C->Guards, WarpSampler(BlockShape{256, 1, 1})).Kind,
      LaneSplit::Sparse);
  EXPECT_EQ(
      laneSplit(C->Value, C->Guards, WarpSampler(BlockShape{32, 1, 1})).Kind,
      LaneSplit::LaneDivergent);
}

TEST(KernelModel, DiagonalBlocksAloneDoNotMakeABranchLaneDivergent) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A) {
  int i = 128 * blockIdx.x + 8 * threadIdx.x;
  int j = 128 * blockIdx.y + 8 * threadIdx.y;
  if (j > i)
    return;
  A[i * 1024 + j] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const BranchCondition *C = conditionNamed(*M, TU.ctx(), "j > i");
  ASSERT_TRUE(C);
  EXPECT_NE(
      laneSplit(C->Value, C->Guards, WarpSampler(BlockShape{16, 16, 1})).Kind,
      LaneSplit::LaneDivergent);
}

TEST(KernelModel, BlockVoteIsUniform) {
  KernelTU TU(std::string(Barriers) + R"cuda(
__global__ void kern(float *A) {
  int any = __syncthreads_or(A[threadIdx.x] > 0);
  if (any)
    A[threadIdx.x] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const BranchCondition *C = conditionNamed(*M, TU.ctx(), "any");
  ASSERT_TRUE(C);
  EXPECT_FALSE(C->Value->threadDependent());
}

//===--- Shared memory banks ----------------------------------------------===//

const char *SharedKernels = R"cuda(
__global__ void column(const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = in[0];
}
__global__ void row(const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[0];
}
__global__ void padded(const float *in) {
  __shared__ float tile[32][33];
  tile[threadIdx.x][threadIdx.y] = in[0];
}
__global__ void dcolumn(const double *in) {
  __shared__ double tile[32][32];
  tile[threadIdx.x][threadIdx.y] = in[0];
}
__global__ void drow(const double *in) {
  __shared__ double tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[0];
}
__global__ void swizzled(const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y ^ threadIdx.x] = in[0];
}
)cuda";

const BlockShape Square{32, 32, 1};

TEST(BankConflicts, ColumnOfSquareTileIs32Way) {
  KernelTU TU(SharedKernels);
  auto M = TU.model("column");
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "tile");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Space, MemSpace::Shared);
  EXPECT_EQ(A->Width, 4u);
  EXPECT_TRUE(isa<VarDecl>(A->Root));
  EXPECT_EQ(A->Root->getName().str(), "tile");
  EXPECT_EQ(laneStride(*A), 128);
  EXPECT_EQ(bankConflictDegree(*A, WarpSampler(Square)), 32u);
  // The row extent is a symbol, so that padding can be tried.
  EXPECT_TRUE(hasLeaf(affine(A->Offset).Coeff[0], SymKind::ArrayDim));
}

TEST(BankConflicts, RowOfSquareTileIsConflictFree) {
  KernelTU TU(SharedKernels);
  auto M = TU.model("row");
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "tile");
  ASSERT_TRUE(A);
  EXPECT_EQ(laneStride(*A), 4);
  EXPECT_EQ(bankConflictDegree(*A, WarpSampler(Square)), 1u);
}

TEST(BankConflicts, PaddedTileIsConflictFree) {
  KernelTU TU(SharedKernels);
  auto M = TU.model("padded");
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "tile");
  ASSERT_TRUE(A);
  EXPECT_EQ(laneStride(*A), 132);
  EXPECT_EQ(bankConflictDegree(*A, WarpSampler(Square)), 1u);
}

TEST(BankConflicts, WhatIfPaddingRemovesConflict) {
  KernelTU TU(SharedKernels);
  auto M = TU.model("column");
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "tile");
  ASSERT_TRUE(A);
  WarpSampler S(Square);
  WhatIf Pad;
  Pad.Extents[{static_cast<const void *>(A->Root), 1u}] = 33;
  EXPECT_EQ(bankConflictDegree(*A, S, &Pad), 1u);
  // Padding the outer extent changes nothing.
  WhatIf Outer;
  Outer.Extents[{static_cast<const void *>(A->Root), 0u}] = 33;
  EXPECT_EQ(bankConflictDegree(*A, S, &Outer), 32u);
  EXPECT_EQ(bankConflictDegree(*A, S), 32u);
}

TEST(BankConflicts, DoubleTile) {
  KernelTU TU(SharedKernels);
  // 8-byte accesses are served per half-warp: 16 lanes in one bank pair.
  auto Col = TU.model("dcolumn");
  ASSERT_TRUE(Col);
  const MemAccess *A = storeTo(*Col, "tile");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Width, 8u);
  EXPECT_EQ(bankConflictDegree(*A, WarpSampler(Square)), 16u);
  auto Row = TU.model("drow");
  ASSERT_TRUE(Row);
  const MemAccess *B = storeTo(*Row, "tile");
  ASSERT_TRUE(B);
  EXPECT_EQ(bankConflictDegree(*B, WarpSampler(Square)), 1u);
}

TEST(BankConflicts, XorSwizzleIsConflictFree) {
  KernelTU TU(SharedKernels);
  auto M = TU.model("swizzled");
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "tile");
  ASSERT_TRUE(A);
  EXPECT_TRUE(affine(A->Offset).NonAffine);
  EXPECT_TRUE(addressComputable(*A));
  EXPECT_EQ(bankConflictDegree(*A, WarpSampler(Square)), 1u);
}

//===--- The warp sampler -------------------------------------------------===//

TEST(WarpSampler, LanesOfA16x16Block) {
  WarpSampler S(BlockShape{16, 16, 1});
  SymRef TX = symBuiltin(SymKind::ThreadIdx, 0);
  SymRef TY = symBuiltin(SymKind::ThreadIdx, 1);
  SymRef BDX = symBuiltin(SymKind::BlockDim, 0);
  int LoopId, ParamId;
  SymRef K = symLoopIter(&LoopId, "k");
  SymRef N = symUniform(&ParamId, "n");
  ASSERT_EQ(S.samples(), 15u);
  for (unsigned Sample = 0; Sample < S.samples(); ++Sample) {
    std::optional<int64_t> Y0 = S.value(*TY, Sample, S.warpOrder(Sample)[0], 0);
    std::optional<int64_t> K0 = S.value(*K, Sample, S.warpOrder(Sample)[0], 0);
    std::optional<int64_t> N0 = S.value(*N, Sample, S.warpOrder(Sample)[0], 0);
    ASSERT_TRUE(Y0 && K0 && N0);
    EXPECT_EQ(*Y0 % 2, 0); // Warps start at a multiple of 32 threads.
    EXPECT_GE(*N0, 64);
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      EXPECT_EQ(S.value(*TX, Sample, S.warpOrder(Sample)[0], Lane),
                int64_t(Lane % 16));
      EXPECT_EQ(S.value(*TY, Sample, S.warpOrder(Sample)[0], Lane),
                *Y0 + int64_t(Lane / 16));
      EXPECT_EQ(S.value(*BDX, Sample, S.warpOrder(Sample)[0], Lane), 16);
      EXPECT_EQ(S.value(*K, Sample, S.warpOrder(Sample)[0], Lane),
                K0); // Uniform across the warp.
      EXPECT_EQ(S.value(*N, Sample, S.warpOrder(Sample)[0], Lane), N0);
      EXPECT_TRUE(S.active({}, Sample, S.warpOrder(Sample)[0], Lane));
    }
  }
  // Per-thread unknowns have no value.
  EXPECT_EQ(S.value(*symVarying(&ParamId, "v"), 0, 0, 0), std::nullopt);
}

TEST(WarpSampler, SwapXYWhatIf) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A) {
  A[threadIdx.x * 32 + threadIdx.y] = 0;
}
)cuda");
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  std::optional<SectorCost> Before = cost(A, Square);
  ASSERT_TRUE(Before);
  EXPECT_EQ(Before->Sectors, 32u);
  WhatIf Swap;
  Swap.SwapXY = true;
  std::optional<SectorCost> After = cost(A, Square, &Swap);
  ASSERT_TRUE(After);
  EXPECT_EQ(After->Sectors, 4u);
  EXPECT_DOUBLE_EQ(After->ratio(), 1.0);
}

//===--- Launch configurations --------------------------------------------===//

TEST(LaunchConfig, ReadsBlockShapes) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A) {
  A[threadIdx.x + blockDim.x * threadIdx.y] = 0;
}
void host(float *A, int n) {
  dim3 grid(4);
  dim3 block(16, 16);
  kern<<<grid, block>>>(A);
  kern<<<dim3(8, 8), 256>>>(A);
  kern<<<1, n>>>(A);
}
)cuda");
  ASSERT_TRUE(TU.ok());
  std::vector<const CUDAKernelCallExpr *> Calls = TU.launches();
  ASSERT_EQ(Calls.size(), 3u);
  const FunctionDecl *Host = TU.function("host");
  std::vector<LaunchConfig> L;
  for (const CUDAKernelCallExpr *C : Calls)
    L.push_back(readLaunchConfig(C, Host, TU.ctx()));

  ASSERT_TRUE(L[0].Block);
  EXPECT_TRUE(*L[0].Block == (BlockShape{16, 16, 1}));
  EXPECT_EQ(L[0].Block->str(), "16x16");
  EXPECT_EQ(L[0].Call, Calls[0]);
  EXPECT_EQ(L[0].Caller, Host);
  EXPECT_TRUE(L[0].BlockCtor);
  EXPECT_EQ(L[0].BlockVar, TU.var("block"));
  EXPECT_FALSE(L[0].GridCtor); // `grid(4)`: one extent.
  EXPECT_FALSE(L[0].GridVar);

  ASSERT_TRUE(L[1].Block);
  EXPECT_TRUE(*L[1].Block == (BlockShape{256, 1, 1}));
  EXPECT_EQ(L[1].Block->str(), "256");
  EXPECT_FALSE(L[1].BlockCtor);
  EXPECT_TRUE(L[1].GridCtor);
  EXPECT_FALSE(L[1].GridVar);

  EXPECT_FALSE(L[2].Block); // Not a constant.
  // But one-dimensional: an integer block.
  ASSERT_TRUE(L[2].PartialBlock);
  EXPECT_TRUE(L[2].PartialBlock->assumed());
  EXPECT_EQ(L[2].PartialBlock->Y.value_or(0), 1);
  EXPECT_EQ(L[2].PartialBlock->Z.value_or(0), 1);

  std::vector<BlockShape> Shapes = blockShapes(L, std::nullopt);
  ASSERT_EQ(Shapes.size(), 3u);
  EXPECT_TRUE(Shapes[0] == (BlockShape{16, 16, 1}));
  EXPECT_TRUE(Shapes[1] == (BlockShape{256, 1, 1}));
  EXPECT_TRUE(Shapes[2].assumed());
  EXPECT_EQ(Shapes[2].Y.value_or(0), 1);
  std::vector<BlockShape> Known = blockShapes(
      llvm::ArrayRef<LaunchConfig>(L).take_front(2), parseBlockShape("128"));
  EXPECT_EQ(Known.size(), 2u);
  std::vector<BlockShape> None = blockShapes({}, parseBlockShape("128"));
  ASSERT_EQ(None.size(), 1u);
  EXPECT_TRUE(None[0] == (BlockShape{128, 1, 1}));

  // The 16x16 launch makes x + 16 * y contiguous across the warp.
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  std::optional<SectorCost> C = cost(A, *L[0].Block);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Sectors, 4u);
  EXPECT_EQ(C->Lanes, 32u);
}

TEST(LaunchConfig, KnownWidthUnknownHeight) {
  KernelTU TU(R"cuda(
__global__ void kern(float *A, int ld) {
  A[threadIdx.y * ld + threadIdx.x] = 0;
}
void host(float *A, int n) {
  kern<<<1, dim3(1, n)>>>(A, n);
}
)cuda");
  ASSERT_TRUE(TU.ok());
  std::vector<const CUDAKernelCallExpr *> Calls = TU.launches();
  ASSERT_EQ(Calls.size(), 1u);
  LaunchConfig L = readLaunchConfig(Calls[0], TU.function("host"), TU.ctx());
  EXPECT_FALSE(L.Block);
  ASSERT_TRUE(L.PartialBlock);
  EXPECT_EQ(L.PartialBlock->X.value_or(0), 1);
  EXPECT_TRUE(L.PartialBlock->OpenY);
  EXPECT_EQ(L.PartialBlock->str(), "1xN");
  // A warp is 32 values of threadIdx.y: lanes are 'ld' elements apart.
  auto M = TU.model();
  ASSERT_TRUE(M);
  const MemAccess *A = storeTo(*M, "A");
  ASSERT_TRUE(A);
  std::optional<SectorCost> C = cost(A, *L.PartialBlock);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Sectors, 32u);
  EXPECT_EQ(C->Lanes, 32u);
}

TEST(LaunchConfig, ParseBlockShape) {
  std::optional<BlockShape> S = parseBlockShape("16,16");
  ASSERT_TRUE(S);
  EXPECT_TRUE(*S == (BlockShape{16, 16, 1}));
  S = parseBlockShape("32x8");
  ASSERT_TRUE(S);
  EXPECT_TRUE(*S == (BlockShape{32, 8, 1}));
  EXPECT_EQ(S->str(), "32x8");
  S = parseBlockShape("8x8x4");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->str(), "8x8x4");
  S = parseBlockShape(" 256 ");
  ASSERT_TRUE(S);
  EXPECT_TRUE(*S == (BlockShape{256, 1, 1}));
  EXPECT_EQ(S->str(), "256");
  EXPECT_FALSE(S->assumed());

  EXPECT_FALSE(parseBlockShape("0"));
  EXPECT_FALSE(parseBlockShape("2000"));
  EXPECT_FALSE(parseBlockShape("64x32")); // 2048 threads
  EXPECT_FALSE(parseBlockShape("-32"));
  EXPECT_FALSE(parseBlockShape("1,2,3,4"));
  EXPECT_FALSE(parseBlockShape("abc"));
  EXPECT_FALSE(parseBlockShape(""));
  EXPECT_EQ(BlockShape{}.str(), "unknown");
  EXPECT_TRUE(BlockShape{}.assumed());
}

} // namespace
} // namespace cudalint
