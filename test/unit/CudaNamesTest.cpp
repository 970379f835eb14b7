//===--- CudaNamesTest.cpp - the table of CUDA names ----------------------===//
//
// CUDA's atomics, barriers and warp intrinsics are recognised by where they
// are declared (KernelTU's prelude is a system header, as CUDA's are), never
// by a user's function that shares a spelling.
//
//===----------------------------------------------------------------------===//

#include "analysis/CudaNames.h"
#include "KernelTU.h"

#include "gtest/gtest.h"

namespace cudalint {
namespace {

// The calls in the snippet, by the name of the function they call.
class Calls : public KernelTU {
public:
  explicit Calls(const std::string &Code) : KernelTU(Code) {}
  /// The \p N-th call (0-based, in source order) of kernel "kern".
  const CallExpr *call(unsigned N) {
    auto Matches = match(
        callExpr(hasAncestor(functionDecl(hasName("kern")))).bind("c"), ctx());
    std::vector<const CallExpr *> InOrder;
    for (const BoundNodes &M : Matches)
      InOrder.push_back(M.getNodeAs<CallExpr>("c"));
    const SourceManager &SM = ctx().getSourceManager();
    llvm::sort(InOrder, [&](const CallExpr *A, const CallExpr *B) {
      return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
    });
    return N < InOrder.size() ? InOrder[N] : nullptr;
  }
};

TEST(CudaNames, AtomicsByDeclarationNotSpelling) {
  Calls TU(R"cuda(
__device__ float atomic_mul(float *p, float f) { float o = *p; *p = o * f; return o; }
__device__ float atomicMax(float *p, float v) { float o = *p; *p = o > v ? o : v; return o; }
__global__ void kern(float *x, int *c) {
  atomicAdd(x, 1.f);
  atomicCAS(c, 0, 1);
  atomicAdd_block(c, 2);
  atomic_mul(x, 2.f);
  atomicMax(x, 3.f);
}
)cuda");
  ASSERT_TRUE(TU.ok());
  std::optional<AtomicCall> Add = cudaAtomic(TU.call(0));
  ASSERT_TRUE(Add);
  EXPECT_EQ(Add->Kind, AtomicKind::Add);
  EXPECT_EQ(Add->Scope, AtomicScope::Device);
  EXPECT_EQ(Add->Address, TU.call(0)->getArg(0));
  EXPECT_EQ(Add->FirstOperand, 1u);
  EXPECT_FALSE(Add->Libcuxx);
  std::optional<AtomicCall> CAS = cudaAtomic(TU.call(1));
  ASSERT_TRUE(CAS);
  EXPECT_EQ(CAS->Kind, AtomicKind::CAS);
  EXPECT_TRUE(readsModifiesWrites(CAS->Kind));
  std::optional<AtomicCall> Block = cudaAtomic(TU.call(2));
  ASSERT_TRUE(Block);
  EXPECT_EQ(Block->Scope, AtomicScope::Block);
  EXPECT_EQ(Block->Callee, "atomicAdd_block");
  // The user's helpers: one named like a helper, one like CUDA's own.
  EXPECT_FALSE(cudaAtomic(TU.call(3)));
  EXPECT_FALSE(cudaAtomic(TU.call(4)));
  EXPECT_EQ(cudaCalleeName(TU.call(4)), "");
}

TEST(CudaNames, UnresolvedCallInATemplateLooksAtItsLookup) {
  Calls TU(R"cuda(
template <class T> __global__ void kern(T *x, T v) { atomicAdd(x, v); }
)cuda");
  ASSERT_TRUE(TU.ok());
  const CallExpr *CE = TU.call(0);
  ASSERT_TRUE(CE);
  ASSERT_EQ(CE->getDirectCallee(), nullptr);
  std::optional<AtomicCall> Add = cudaAtomic(CE);
  ASSERT_TRUE(Add);
  EXPECT_EQ(Add->Kind, AtomicKind::Add);
}

TEST(CudaNames, BarriersAndFences) {
  Calls TU(R"cuda(
__device__ void sync() {}
__global__ void kern(int *a) {
  __syncthreads();
  __syncthreads_or(a[0]);
  __syncwarp(0xffff);
  __threadfence();
  sync();
}
)cuda");
  ASSERT_TRUE(TU.ok());
  std::optional<BarrierCall> Block = cudaBarrier(TU.call(0));
  ASSERT_TRUE(Block);
  EXPECT_EQ(Block->Kind, BarrierKind::Block);
  EXPECT_FALSE(Block->Votes);
  std::optional<BarrierCall> Vote = cudaBarrier(TU.call(1));
  ASSERT_TRUE(Vote);
  EXPECT_TRUE(Vote->Votes);
  std::optional<BarrierCall> Warp = cudaBarrier(TU.call(2));
  ASSERT_TRUE(Warp);
  EXPECT_EQ(Warp->Kind, BarrierKind::Warp);
  EXPECT_EQ(Warp->Mask, TU.call(2)->getArg(0));
  EXPECT_FALSE(cudaBarrier(TU.call(3)));
  EXPECT_TRUE(isMemoryFence(TU.call(3)));
  EXPECT_TRUE(ordersMemory(TU.call(3)));
  // A helper of the user's named `sync` orders nothing.
  EXPECT_FALSE(ordersMemory(TU.call(4)));
}

TEST(CudaNames, WarpIntrinsics) {
  Calls TU(R"cuda(
__global__ void kern(float *a) {
  a[0] = __shfl_xor_sync(0xffffffff, a[1], 1);
  a[2] = __ballot_sync(0xffffffff, a[3] > 0);
  a[4] = __reduce_add_sync(0xffffffff, 1u);
}
)cuda");
  ASSERT_TRUE(TU.ok());
  std::optional<WarpIntrinsic> Xor = cudaWarpIntrinsic(TU.call(0));
  ASSERT_TRUE(Xor);
  EXPECT_EQ(Xor->Kind, WarpIntrinsicKind::ShuffleXor);
  EXPECT_TRUE(Xor->TakesMask);
  EXPECT_TRUE(isShuffle(Xor->Kind));
  std::optional<WarpIntrinsic> Ballot = cudaWarpIntrinsic(TU.call(1));
  ASSERT_TRUE(Ballot);
  EXPECT_EQ(Ballot->Kind, WarpIntrinsicKind::Ballot);
  EXPECT_FALSE(isShuffle(Ballot->Kind));
  std::optional<WarpIntrinsic> Reduce = cudaWarpIntrinsic(TU.call(2));
  ASSERT_TRUE(Reduce);
  EXPECT_EQ(Reduce->Kind, WarpIntrinsicKind::Reduce);
}

TEST(CudaNames, CachedLoadsAndStoresByDeclaration) {
  Calls TU(R"cuda(
__device__ float __ldcs(const float *p) { return *p; }
__global__ void kern(const float *x, float *y) {
  float a = __ldg(x);
  __stcs(y, a);
  float b = __ldcs(x);
  y[1] = b;
}
)cuda");
  ASSERT_TRUE(TU.ok());
  EXPECT_EQ(cudaCachedAccess(TU.call(0)), CachedAccessKind::Load);
  EXPECT_EQ(cudaCachedAccess(TU.call(1)), CachedAccessKind::Store);
  // The user's own function of a CUDA spelling is inlined, not taken for one.
  EXPECT_FALSE(cudaCachedAccess(TU.call(2)));
  EXPECT_FALSE(cudaAtomic(TU.call(0)));
}

} // namespace
} // namespace cudalint
