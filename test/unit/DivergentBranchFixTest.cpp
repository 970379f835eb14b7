//===--- DivergentBranchFixTest.cpp - sequential addressing ---------------===//
//
// The rewrite of an interleaved tree reduction into sequential addressing:
// the four edits, as the text they leave, and why it is not offered (it
// would compute something else) or not applied by --fix (another order,
// a bound not known to be a power of two).
//
//===----------------------------------------------------------------------===//

#include "DivergentBranchFix.h"
#include "KernelTU.h"
#include "ReductionKernels.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace cudalint {
namespace {

const std::vector<BlockShape> Block256{BlockShape{256, 1, 1}};

// The rewrite of the reduction in \p Kernel, or nullopt when it has none.
std::optional<SequentialAddressing>
rewriteOf(KernelTU &TU, StringRef Kernel,
          llvm::ArrayRef<BlockShape> Shapes = Block256, bool Nested = false) {
  const KernelModel *M = TU.model(Kernel);
  const IfStmt *If = ifInLoop(TU, Kernel);
  if (!M || !If)
    return std::nullopt;
  std::optional<InterleavedReduction> R =
      interleavedReduction(If, *M, TU.ctx());
  if (!R)
    return std::nullopt;
  return sequentialAddressing(*R, Shapes, Nested, *TU.function(Kernel),
                              TU.ctx());
}

bool contains(const std::string &Text, const std::string &Part) {
  return Text.find(Part) != std::string::npos;
}

const char *FloatOrder = "the elements are floating point and the sum is "
                         "taken in a different order, so the last bits can "
                         "change";

TEST(SequentialAddressing, RewritesTheLoopAndTheTest) {
  KernelTU TU(reductionKernel("kern"));
  std::optional<SequentialAddressing> Fix = rewriteOf(TU, "kern");
  ASSERT_TRUE(Fix);
  EXPECT_EQ(Fix->TidText, "tid");
  EXPECT_EQ(Fix->StrideName, "s");
  EXPECT_EQ(Fix->BoundText, "blockDim.x");
  EXPECT_EQ(Fix->Half, "blockDim.x / 2");
  EXPECT_EQ(Fix->NotFixable, "");
  ASSERT_EQ(Fix->Edits.size(), 4u);
  std::optional<std::string> After = TU.withEdits(Fix->Edits);
  ASSERT_TRUE(After);
  EXPECT_TRUE(contains(*After,
                       "  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {\n"
                       "    if (tid < s)\n"
                       "      sdata[tid] += sdata[tid + s];\n"))
      << *After;
  // A float sum in another order: offered, not applied by --fix.
  EXPECT_EQ(Fix->NotApplied, FloatOrder);
  EXPECT_FALSE(Fix->OrderFree);
}

TEST(SequentialAddressing, AppliedForIntegersAndMinMax) {
  KernelTU TU(reductionKernel("ints", spelled([](auto &S) {
                                S.Element = "int";
                                S.Bound = "256";
                              })) +
              reductionKernel("maxima", spelled([](auto &S) {
                                S.Combine = "sdata[tid] = fmaxf(sdata[tid], "
                                            "sdata[tid + s])";
                                S.Step = "s <<= 1";
                              })));
  ASSERT_TRUE(TU.ok());
  std::optional<SequentialAddressing> I = rewriteOf(TU, "ints");
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Half, "256 / 2");
  EXPECT_EQ(I->NotApplied, "");
  EXPECT_EQ(I->Edits.size(), 4u);
  std::optional<SequentialAddressing> M = rewriteOf(TU, "maxima");
  ASSERT_TRUE(M);
  EXPECT_TRUE(M->OrderFree);
  EXPECT_EQ(M->NotApplied, "");
  std::optional<std::string> After = TU.withEdits(M->Edits);
  ASSERT_TRUE(After);
  // `s <<= 1` becomes `s >>= 1` whatever doubled it.
  EXPECT_TRUE(contains(*After,
                       "for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {\n"
                       "    if (tid < s)\n"))
      << *After;
}

TEST(SequentialAddressing, SpellsTheBoundAndTheThreadIndexAsWritten) {
  KernelTU TU(
      reductionKernel("sum", spelled([](auto &S) { S.Bound = "n + n"; })) +
      reductionKernel("direct", onThreadIndex("int")));
  ASSERT_TRUE(TU.ok());
  std::optional<SequentialAddressing> S = rewriteOf(TU, "sum");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->BoundText, "n + n");
  EXPECT_EQ(S->Half, "(n + n) / 2");
  EXPECT_EQ(S->NotApplied, "'n + n' is not known to be a power of two");
  std::optional<SequentialAddressing> D = rewriteOf(TU, "direct");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->TidText, "threadIdx.x");
  std::optional<std::string> After = TU.withEdits(D->Edits);
  ASSERT_TRUE(After);
  EXPECT_TRUE(contains(*After,
                       "for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {\n"
                       "    if (threadIdx.x < s)\n"))
      << *After;
  // An int sum over blockDim.x, and every launch a power of two.
  EXPECT_EQ(D->NotApplied, "");
}

// The rewrite of \p Kernel is wrong for \p Why, and no edit is offered.
void expectNotFixable(KernelTU &TU, StringRef Kernel, const std::string &Why,
                      llvm::ArrayRef<BlockShape> Shapes = Block256,
                      bool Nested = false) {
  std::optional<SequentialAddressing> Fix =
      rewriteOf(TU, Kernel, Shapes, Nested);
  ASSERT_TRUE(Fix) << Kernel.str();
  EXPECT_EQ(Fix->NotFixable, Why) << Kernel.str();
  EXPECT_TRUE(Fix->Edits.empty()) << Kernel.str();
}

TEST(SequentialAddressing, BlockDimDecidedByTheLaunches) {
  KernelTU TU(reductionKernel("kern"));
  ASSERT_TRUE(TU.ok());
  const std::string Unknown = "blockDim.x is not known to be a power of two "
                              "(the launches in this file do not all fix it "
                              "to one)";
  // No launch in view (an unknown shape), or one that is not a power of
  // two among others.
  for (std::vector<BlockShape> Shapes :
       {std::vector<BlockShape>{BlockShape{}},
        std::vector<BlockShape>{BlockShape{std::nullopt, 1, 1}},
        std::vector<BlockShape>{BlockShape{256, 1, 1}, BlockShape{96, 1, 1}}}) {
    std::optional<SequentialAddressing> Fix = rewriteOf(TU, "kern", Shapes);
    ASSERT_TRUE(Fix);
    EXPECT_EQ(Fix->NotFixable, "");
    EXPECT_EQ(Fix->Edits.size(), 4u);
    EXPECT_EQ(Fix->NotApplied, Unknown);
  }
  // Every launch not a power of two: the halving loop would skip elements.
  expectNotFixable(TU, "kern",
                   "'blockDim.x' is not a power of two, so the halving loop "
                   "would skip elements",
                   {BlockShape{96, 1, 1}, BlockShape{200, 1, 1}});
}

TEST(SequentialAddressing, NotOfferedWhereItComputesSomethingElse) {
  KernelTU TU(
      reductionKernel("kern") +
      reductionKernel("hundred", spelled([](auto &S) { S.Bound = "100"; })) +
      reductionKernel("second", spelled([](auto &S) {
                        S.After = "if (tid == 0) out[blockIdx.x] = sdata[0] + "
                                  "sdata[1];";
                      })) +
      R"cuda(
__global__ void pointer(const float *in, float *out) {
  extern __shared__ float smem[];
  float *sdata = smem;
  unsigned tid = threadIdx.x;
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
)cuda");
  ASSERT_TRUE(TU.ok());
  const std::string OtherSums =
      "elements other than 'sdata[0]' are read after the loop (or the loop "
      "is nested), and they hold other partial sums after the rewrite";
  expectNotFixable(TU, "hundred",
                   "'100' is not a power of two, so the halving loop would "
                   "skip elements");
  expectNotFixable(TU, "second", OtherSums);
  // The same loop inside another loop.
  expectNotFixable(TU, "kern", OtherSums, Block256, /*Nested=*/true);
  expectNotFixable(TU, "pointer",
                   "'sdata' is a pointer, so cudalint cannot see whether "
                   "elements other than the first are read after the loop "
                   "(they hold other partial sums after the rewrite)");
}

TEST(SequentialAddressing, MacrosInTheLoop) {
  KernelTU TU(
      "#define BLOCK 256\n#define STEP(s) s *= 2\n"
      "#define FOR_STRIDES(s) for (unsigned s = 1; s < blockDim.x; s *= 2)\n" +
      reductionKernel("bound", spelled([](auto &S) { S.Bound = "BLOCK"; })) +
      reductionKernel("step", spelled([](auto &S) { S.Step = "STEP(s)"; })) +
      reductionKernel("loop",
                      spelled([](auto &S) { S.Loop = "FOR_STRIDES(s)"; })));
  ASSERT_TRUE(TU.ok());
  // A macro for the bound is spelled as written.
  std::optional<SequentialAddressing> B = rewriteOf(TU, "bound");
  ASSERT_TRUE(B);
  EXPECT_EQ(B->BoundText, "BLOCK");
  std::optional<std::string> BAfter = TU.withEdits(B->Edits);
  ASSERT_TRUE(BAfter);
  EXPECT_TRUE(contains(*BAfter, "for (unsigned s = BLOCK / 2; s > 0; s >>= 1)"))
      << *BAfter;
  // A step written by a macro is replaced whole.
  std::optional<SequentialAddressing> S = rewriteOf(TU, "step");
  ASSERT_TRUE(S);
  std::optional<std::string> SAfter = TU.withEdits(S->Edits);
  ASSERT_TRUE(SAfter);
  EXPECT_TRUE(
      contains(*SAfter, "for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)"))
      << *SAfter;
  // The loop written by a macro: no edits.
  std::optional<SequentialAddressing> L = rewriteOf(TU, "loop");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->BoundText, "");
  EXPECT_TRUE(L->Edits.empty());
}

} // namespace
} // namespace cudalint
