//===--- TemplateStandInTest.cpp - templates analysed as written ----------===//
//
// The stand-ins chosen for a kernel template's parameters, and what the
// pattern's dependent types and values become under each.
//
//===----------------------------------------------------------------------===//

#include "analysis/TemplateStandIn.h"
#include "KernelTU.h"

#include "gtest/gtest.h"

namespace cudalint {
namespace {

std::vector<std::string> spelled(const std::vector<TemplateStandIn> &S) {
  std::vector<std::string> Out;
  for (const TemplateStandIn &One : S)
    Out.push_back(One.str());
  return Out;
}

TEST(TemplateStandIn, TypesAndTileSidesWithoutUses) {
  KernelTU TU(R"cuda(
template <typename T, int TILE>
__global__ void kern(T *out) {
  __shared__ T tile[TILE][TILE + 1];
  out[threadIdx.x] = tile[threadIdx.x][0];
}
)cuda");
  ASSERT_TRUE(TU.ok());
  std::vector<TemplateStandIn> S =
      templateStandIns(*TU.function("kern"), TU.ctx());
  EXPECT_EQ(spelled(S), (std::vector<std::string>{"T = float, TILE = 32",
                                                  "T = double, TILE = 16",
                                                  "T = half, TILE = 32"}));
  EXPECT_EQ(describeStandIns(S),
            "T = float, double and half; TILE = 32 and 16");
  // Under the second stand-in, the tile is `double[16][17]`.
  QualType Tile = concreteType(TU.var("tile")->getType(), &S[1], TU.ctx());
  ASSERT_FALSE(Tile.isNull());
  EXPECT_EQ(Tile.getAsString(), "double[16][17]");
}

TEST(TemplateStandIn, BlockWideAndPerThreadExtents) {
  KernelTU TU(R"cuda(
template <int BLOCK, int ITEMS>
__global__ void kern(int *out) {
  __shared__ int sm[BLOCK];
  int items[ITEMS];
  for (int i = 0; i < ITEMS; ++i) items[i] = sm[threadIdx.x] + i;
  out[threadIdx.x] = items[0];
}
)cuda");
  ASSERT_TRUE(TU.ok());
  EXPECT_EQ(spelled(templateStandIns(*TU.function("kern"), TU.ctx())),
            (std::vector<std::string>{"BLOCK = 256, ITEMS = 8",
                                      "BLOCK = 128, ITEMS = 4"}));
}

TEST(TemplateStandIn, DefaultsAndStaticAssertsNarrowTheChoice) {
  KernelTU TU(R"cuda(
template <typename T, int N = 64>
__global__ void kern(T *out) {
  static_assert(sizeof(T) == 8, "doubles");
  out[threadIdx.x * N] = 0;
}
)cuda");
  ASSERT_TRUE(TU.ok());
  EXPECT_EQ(spelled(templateStandIns(*TU.function("kern"), TU.ctx())),
            (std::vector<std::string>{"T = double, N = 64"}));
}

TEST(TemplateStandIn, InstantiatedTemplatesNeedNone) {
  KernelTU TU(R"cuda(
template <typename T>
__global__ void kern(T *out) { out[threadIdx.x] = 0; }
void run(float *p) { kern<<<1, 32>>>(p); }
)cuda");
  ASSERT_TRUE(TU.ok());
  EXPECT_TRUE(templateStandIns(*TU.function("kern"), TU.ctx()).empty());
}

TEST(TemplateStandIn, BooleansStaySymbolic) {
  KernelTU TU(R"cuda(
template <bool TRANSPOSED, int TILE>
__global__ void kern(float *out) {
  out[TRANSPOSED ? threadIdx.x * TILE : threadIdx.x] = 0;
}
)cuda");
  ASSERT_TRUE(TU.ok());
  std::vector<TemplateStandIn> S =
      templateStandIns(*TU.function("kern"), TU.ctx());
  EXPECT_EQ(spelled(S), (std::vector<std::string>{"TILE = 32", "TILE = 16"}));
}

TEST(TemplateStandIn, ValuesOfDependentExpressions) {
  KernelTU TU(R"cuda(
template <typename T, int TILE>
__global__ void kern(T *out) {
  constexpr int Row = TILE + 1;
  out[threadIdx.x] = Row * 2 + sizeof(T) + (TILE > 16 ? 100 : 0);
}
)cuda");
  ASSERT_TRUE(TU.ok());
  std::vector<TemplateStandIn> S =
      templateStandIns(*TU.function("kern"), TU.ctx());
  ASSERT_EQ(S.size(), 3u);
  const auto *Assign = selectFirst<BinaryOperator>(
      "a", match(binaryOperator(isAssignmentOperator()).bind("a"), TU.ctx()));
  ASSERT_TRUE(Assign);
  const Expr *Value = Assign->getRHS();
  EXPECT_FALSE(standInValue(Value, nullptr, TU.ctx())); // No stand-in.
  // float, 32: 33 * 2 + 4 + 100
  EXPECT_EQ(standInValue(Value, &S[0], TU.ctx()), std::optional<int64_t>(170));
  // double, 16: 17 * 2 + 8 + 0
  EXPECT_EQ(standInValue(Value, &S[1], TU.ctx()), std::optional<int64_t>(42));
}

} // namespace
} // namespace cudalint
