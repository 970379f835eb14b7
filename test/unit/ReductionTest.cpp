//===--- ReductionTest.cpp - the interleaved tree reduction ---------------===//
//
// The shapes of the reduction the sequential-addressing rewrite handles
// (interleavedReduction), the tree step however it is spelled, as the lanes
// it lets through (isInterleavedTreeStep), and whether only element 0 is
// read after the loop (onlyFirstElementReadAfter).
//
//===----------------------------------------------------------------------===//

#include "analysis/Reduction.h"
#include "KernelTU.h"
#include "ReductionKernels.h"
#include "analysis/CudaAST.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>

using namespace clang;

namespace cudalint {
namespace {

std::optional<InterleavedReduction> reductionIn(KernelTU &TU,
                                                StringRef Kernel) {
  const KernelModel *M = TU.model(Kernel);
  const IfStmt *If = ifInLoop(TU, Kernel);
  if (!M || !If)
    return std::nullopt;
  return interleavedReduction(If, *M, TU.ctx());
}

//===--- interleavedReduction ---------------------------------------------===//

TEST(InterleavedReduction, TheTextbookShape) {
  KernelTU TU(reductionKernel("kern"));
  std::optional<InterleavedReduction> R = reductionIn(TU, "kern");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->If, ifInLoop(TU, "kern"));
  ASSERT_TRUE(R->Loop);
  EXPECT_EQ(R->Loop->getBody(), TU.ctx().getParents(*R->If)[0].get<Stmt>());
  ASSERT_TRUE(R->Stride && R->Tid && R->Array);
  EXPECT_EQ(R->Stride->getName(), "s");
  EXPECT_EQ(R->Tid->getName(), "tid");
  EXPECT_EQ(R->Array->getName(), "sdata");
  EXPECT_EQ(integerConstant(R->Init, TU.ctx()), 1);
  EXPECT_TRUE(R->BoundIsBlockDimX);
  EXPECT_TRUE(R->Element->isSpecificBuiltinType(BuiltinType::Float));
  EXPECT_EQ(R->Combine, InterleavedReduction::Sum);
}

TEST(InterleavedReduction, SpellingsOfTheStepTestAndCombine) {
  using Kind = InterleavedReduction::CombineKind;
  struct Case {
    const char *Name;
    ReductionSpelling S;
    Kind Combine;
  };
  const Case Cases[] = {
      {"shift", spelled([](auto &S) { S.Step = "s <<= 1"; }), Kind::Sum},
      {"selfAdd", spelled([](auto &S) { S.Step = "s += s"; }), Kind::Sum},
      {"sum", spelled([](auto &S) { S.Step = "s = s + s"; }), Kind::Sum},
      {"twice", spelled([](auto &S) { S.Step = "s = 2 * s"; }), Kind::Sum},
      {"mask", spelled([](auto &S) { S.Test = "(tid & (2 * s - 1)) == 0"; }),
       Kind::Sum},
      {"zeroFirst", spelled([](auto &S) { S.Test = "0 == tid % (s * 2)"; }),
       Kind::Sum},
      {"negated", spelled([](auto &S) { S.Test = "!(tid % (s << 1))"; }),
       Kind::Sum},
      {"assigned", spelled([](auto &S) {
         S.Combine = "sdata[tid] = sdata[tid] + sdata[tid + s]";
       }),
       Kind::Sum},
      {"strideFirst",
       spelled([](auto &S) { S.Combine = "sdata[tid] += sdata[s + tid]"; }),
       Kind::Sum},
      {"braced", spelled([](auto &S) {
         S.Combine = "{ sdata[tid] += sdata[tid + s]; }";
       }),
       Kind::Sum},
      {"max", spelled([](auto &S) {
         S.Combine = "sdata[tid] = fmaxf(sdata[tid], sdata[tid + s])";
       }),
       Kind::MinMax},
      {"maxSwapped", spelled([](auto &S) {
         S.Combine = "sdata[tid] = fmaxf(sdata[tid + s], sdata[tid])";
       }),
       Kind::MinMax},
  };
  std::string Code;
  for (const Case &C : Cases)
    Code += reductionKernel(C.Name, C.S);
  KernelTU TU(Code);
  ASSERT_TRUE(TU.ok());
  for (const Case &C : Cases) {
    std::optional<InterleavedReduction> R = reductionIn(TU, C.Name);
    ASSERT_TRUE(R) << C.Name;
    EXPECT_EQ(R->Combine, C.Combine) << C.Name;
    EXPECT_EQ(R->Array->getName(), "sdata") << C.Name;
  }
}

TEST(InterleavedReduction, BoundsAndTheThreadIndexItself) {
  KernelTU TU(
      reductionKernel("fixed", spelled([](auto &S) { S.Bound = "256"; })) +
      reductionKernel("param", spelled([](auto &S) { S.Bound = "n"; })) +
      reductionKernel("direct", onThreadIndex("int")));
  ASSERT_TRUE(TU.ok());
  std::optional<InterleavedReduction> Fixed = reductionIn(TU, "fixed");
  ASSERT_TRUE(Fixed);
  EXPECT_FALSE(Fixed->BoundIsBlockDimX);
  EXPECT_EQ(integerConstant(Fixed->Bound, TU.ctx()), 256);
  std::optional<InterleavedReduction> P = reductionIn(TU, "param");
  ASSERT_TRUE(P);
  EXPECT_FALSE(P->BoundIsBlockDimX);
  // threadIdx.x written in place of `tid`: no variable.
  std::optional<InterleavedReduction> Direct = reductionIn(TU, "direct");
  ASSERT_TRUE(Direct);
  EXPECT_EQ(Direct->Tid, nullptr);
  EXPECT_TRUE(Direct->BoundIsBlockDimX);
  EXPECT_TRUE(Direct->Element->isSpecificBuiltinType(BuiltinType::Int));
}

TEST(InterleavedReduction, NotOtherLoopsTestsOrCombinations) {
  const std::pair<const char *, ReductionSpelling> Cases[] = {
      {"triples", spelled([](auto &S) { S.Step = "s *= 3"; })},
      {"adds", spelled([](auto &S) { S.Step = "s += 1"; })},
      {"fromTwo", spelled([](auto &S) {
         S.Loop = "for (unsigned s = 2; s < 256; s *= 2)";
       })},
      {"upTo", spelled([](auto &S) {
         S.Loop = "for (unsigned s = 1; s <= 128; s *= 2)";
       })},
      {"oddLanes", spelled([](auto &S) { S.Test = "tid % (2 * s) == 1"; })},
      {"thrice", spelled([](auto &S) { S.Test = "tid % (3 * s) == 0"; })},
      {"halfMask", spelled([](auto &S) { S.Test = "(tid & (2 * s)) == 0"; })},
      {"subtracts",
       spelled([](auto &S) { S.Combine = "sdata[tid] -= sdata[tid + s]"; })},
      {"product", spelled([](auto &S) {
         S.Combine = "sdata[tid] = sdata[tid] * sdata[tid + s]";
       })},
      {"farPair", spelled([](auto &S) {
         S.Combine = "sdata[tid] += sdata[tid + 2 * s]";
       })},
      {"twoStatements", spelled([](auto &S) {
         S.Combine = "{ sdata[tid] += sdata[tid + s]; sdata[tid] *= 1; }";
       })},
      {"withElse", spelled([](auto &S) {
         S.Combine = "sdata[tid] += sdata[tid + s];\n    else\n      "
                     "sdata[tid] = 0";
       })},
      {"noBarrier", spelled([](auto &S) { S.Barrier = ""; })},
      {"tidWritten", spelled([](auto &S) { S.Before = "tid += blockDim.x;"; })},
      {"rowIndex", spelled([](auto &S) { S.Tid = "threadIdx.y"; })},
  };
  std::string Code;
  for (const auto &[Name, S] : Cases)
    Code += reductionKernel(Name, S);
  KernelTU TU(Code);
  ASSERT_TRUE(TU.ok());
  for (const auto &[Name, S] : Cases)
    EXPECT_EQ(reductionIn(TU, Name), std::nullopt) << Name;
}

//===--- isInterleavedTreeStep --------------------------------------------===//

// The branch condition of the first `if` in a loop of \p Kernel.
const BranchCondition *stepOf(KernelTU &TU, StringRef Kernel) {
  const KernelModel *M = TU.model(Kernel);
  const IfStmt *If = ifInLoop(TU, Kernel);
  if (!M || !If)
    return nullptr;
  for (const BranchCondition &C : M->conditions())
    if (C.S == If)
      return &C;
  return nullptr;
}

bool treeStep(KernelTU &TU, StringRef Kernel, BlockShape Shape) {
  const BranchCondition *C = stepOf(TU, Kernel);
  return C && isInterleavedTreeStep(*C, *TU.model(Kernel), WarpSampler(Shape));
}

TEST(InterleavedTreeStep, AnyConditionThatHalvesEvenlySpacedLanes) {
  KernelTU TU(reductionKernel("kern") +
              reductionKernel("mask", spelled([](auto &S) {
                                S.Test = "(tid & ((s << 1) - 1)) == 0";
                              })) +
              // A scan's up-sweep: the last lane of each pair of strides.
              reductionKernel("scan", spelled([](auto &S) {
                                S.Test = "(tid + 1) % (2 * s) == 0";
                                S.Combine = "sdata[tid] += sdata[tid - s]";
                              })) +
              "__device__ bool stepping(unsigned t, unsigned s) {\n"
              "  return t % (2 * s) == 0;\n}\n" +
              // A 2D block reduced over its linear index, the step in a helper.
              reductionKernel("flat2d", spelled([](auto &S) {
                                S.Tid =
                                    "threadIdx.y * blockDim.x + threadIdx.x";
                                S.Bound = "blockDim.x * blockDim.y";
                                S.Test = "stepping(tid, s)";
                              })));
  ASSERT_TRUE(TU.ok());
  for (StringRef Kernel : {"kern", "mask", "scan"})
    EXPECT_TRUE(treeStep(TU, Kernel, BlockShape{256, 1, 1})) << Kernel.str();
  EXPECT_TRUE(treeStep(TU, "flat2d", BlockShape{16, 16, 1}));
}

TEST(InterleavedTreeStep, NotSequentialAddressingOrAFixedSplit) {
  KernelTU TU(
      reductionKernel("sequential", spelled([](auto &S) {
                        S.Loop = "for (unsigned s = blockDim.x / 2; s > 0; "
                                 "s >>= 1)";
                        S.Test = "tid < s";
                      })) +
      reductionKernel("evenLanes",
                      spelled([](auto &S) { S.Test = "tid % 2 == 0"; })) +
      reductionKernel("noBarrier", spelled([](auto &S) { S.Barrier = ""; })));
  ASSERT_TRUE(TU.ok());
  for (StringRef Kernel : {"sequential", "evenLanes", "noBarrier"})
    EXPECT_FALSE(treeStep(TU, Kernel, BlockShape{256, 1, 1})) << Kernel.str();
}

//===--- onlyFirstElementReadAfter ----------------------------------------===//

TEST(OnlyFirstElementReadAfter, ReadsAfterTheLoopDecide) {
  struct Case {
    const char *Name, *After;
    bool Only;
  };
  const Case Cases[] = {
      {"first", "if (tid == 0) out[blockIdx.x] = sdata[0];", true},
      {"reset", "if (tid == 0) { out[blockIdx.x] = sdata[0]; sdata[0] = 0; }",
       true},
      {"nothing", "", true},
      {"second", "if (tid == 0) out[blockIdx.x] = sdata[0] + sdata[1];", false},
      {"own", "out[blockIdx.x * blockDim.x + tid] = sdata[tid];", false},
      {"escapes", "float *p = sdata; out[0] = p[0];", false},
  };
  std::string Code;
  for (const Case &C : Cases)
    Code +=
        reductionKernel(C.Name, spelled([&](auto &S) { S.After = C.After; }));
  KernelTU TU(Code);
  ASSERT_TRUE(TU.ok());
  for (const Case &C : Cases) {
    std::optional<InterleavedReduction> R = reductionIn(TU, C.Name);
    ASSERT_TRUE(R) << C.Name;
    EXPECT_EQ(onlyFirstElementReadAfter(R->Loop, R->Array, TU.function(C.Name),
                                        TU.ctx()),
              C.Only)
        << C.Name;
  }
}

} // namespace
} // namespace cudalint
