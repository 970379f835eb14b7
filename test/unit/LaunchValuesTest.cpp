//===--- LaunchValuesTest.cpp - what a launch's dim3 holds ----------------===//
//
// Each host function launches `kern` once; the tests read the launch's grid
// and block arguments as far as the caller lets them be known.
//
//===----------------------------------------------------------------------===//

#include "analysis/LaunchValues.h"
#include "KernelTU.h"

#include "gtest/gtest.h"

#include <array>
#include <optional>
#include <string>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

using Extents = std::array<int64_t, 3>;

// `kern` and a host function per test case, each launching it once.
class Launches {
public:
  explicit Launches(const std::string &Hosts)
      : TU("__global__ void kern(float *p) {}\n" + Hosts) {}

  bool ok() const { return TU.ok(); }

  // The one launch in \p Caller.
  const CUDAKernelCallExpr *launchIn(StringRef Caller) {
    auto Matches =
        match(cudaKernelCallExpr(hasAncestor(functionDecl(hasName(Caller))))
                  .bind("c"),
              TU.ctx());
    return Matches.size() == 1 ? Matches[0].getNodeAs<CUDAKernelCallExpr>("c")
                               : nullptr;
  }
  // The launch's grid (0) or block (1) argument.
  const Expr *argument(StringRef Caller, unsigned Which) {
    const CUDAKernelCallExpr *Call = launchIn(Caller);
    return Call ? Call->getConfig()->getArg(Which) : nullptr;
  }
  std::optional<Extents> extents(StringRef Caller, unsigned Which) {
    const CUDAKernelCallExpr *Call = launchIn(Caller);
    if (!Call)
      return std::nullopt;
    return dim3AtLaunch(Call->getConfig()->getArg(Which), Call,
                        TU.function(Caller), TU.ctx());
  }
  std::optional<Extents> block(StringRef Caller) { return extents(Caller, 1); }
  std::optional<Extents> grid(StringRef Caller) { return extents(Caller, 0); }

  KernelTU TU;
};

TEST(Dim3AtLaunch, ConstructorsAndConvertedIntegers) {
  Launches L(R"cuda(
void tile(float *p) { kern<<<dim3(4, 2), dim3(16, 16)>>>(p); }
void flat(float *p) { kern<<<8, 256>>>(p); }
void cube(float *p) { kern<<<1, dim3(8, 4, 2)>>>(p); }
void folded(float *p) { kern<<<(1000 + 255) / 256, 32 * 8>>>(p); }
void sized(float *p, int n) { kern<<<n, 128>>>(p); }
)cuda");
  ASSERT_TRUE(L.ok());
  EXPECT_EQ(L.block("tile"), (Extents{16, 16, 1}));
  EXPECT_EQ(L.grid("tile"), (Extents{4, 2, 1}));
  EXPECT_EQ(L.block("flat"), (Extents{256, 1, 1}));
  EXPECT_EQ(L.grid("flat"), (Extents{8, 1, 1}));
  EXPECT_EQ(L.block("cube"), (Extents{8, 4, 2}));
  EXPECT_EQ(L.block("folded"), (Extents{256, 1, 1}));
  EXPECT_EQ(L.grid("folded"), (Extents{4, 1, 1}));
  // A parameter is whatever the caller's caller passes.
  EXPECT_EQ(L.block("sized"), (Extents{128, 1, 1}));
  EXPECT_EQ(L.grid("sized"), std::nullopt);
}

TEST(Dim3AtLaunch, LocalsInitialisedOnceAndOnlyRead) {
  Launches L(R"cuda(
void threads(float *p) { int t = 128; kern<<<1, t>>>(p); }
void derived(float *p) {
  const int warps = 8;
  int t = warps * 32;
  kern<<<1, t / 2>>>(p);
}
void object(float *p) { dim3 block(32, 4); kern<<<1, block>>>(p); }
void copied(float *p) {
  dim3 block(8, 8);
  dim3 same = block;
  kern<<<1, same>>>(p);
}
)cuda");
  ASSERT_TRUE(L.ok());
  EXPECT_EQ(L.block("threads"), (Extents{128, 1, 1}));
  EXPECT_EQ(L.block("derived"), (Extents{128, 1, 1}));
  EXPECT_EQ(L.block("object"), (Extents{32, 4, 1}));
  EXPECT_EQ(L.block("copied"), (Extents{8, 8, 1}));
}

TEST(Dim3AtLaunch, LocalsWrittenAfterTheirInitialisationAreUnknown) {
  Launches L(R"cuda(
void take(int *);
void reassigned(float *p, bool big) {
  int t = 128;
  if (big) t = 512;
  kern<<<1, t>>>(p);
}
void stepped(float *p) { int t = 64; ++t; kern<<<1, t>>>(p); }
void escapes(float *p) { int t = 64; take(&t); kern<<<1, t>>>(p); }
void persistent(float *p) { static int t = 64; kern<<<1, t>>>(p); }
void uninitialised(float *p) { int t; t = 64; kern<<<1, t>>>(p); }
)cuda");
  ASSERT_TRUE(L.ok());
  for (StringRef Caller :
       {"reassigned", "stepped", "escapes", "persistent", "uninitialised"})
    EXPECT_EQ(L.block(Caller), std::nullopt) << Caller.str();
}

TEST(Dim3AtLaunch, FieldsAssignedBeforeTheLaunch) {
  Launches L(R"cuda(
void xOnly(float *p) { dim3 block; block.x = 512; kern<<<1, block>>>(p); }
void overZ(float *p) {
  dim3 block(16, 16);
  block.z = 2;
  kern<<<1, block>>>(p);
}
void fromLocal(float *p) {
  int side = 16;
  dim3 block;
  block.x = side;
  block.y = side / 2;
  kern<<<1, block>>>(p);
}
)cuda");
  ASSERT_TRUE(L.ok());
  // The default constructor alone would say 1x1x1.
  EXPECT_EQ(L.block("xOnly"), (Extents{512, 1, 1}));
  EXPECT_EQ(L.block("overZ"), (Extents{16, 16, 2}));
  EXPECT_EQ(L.block("fromLocal"), (Extents{16, 8, 1}));
}

TEST(Dim3AtLaunch, FieldsWrittenAnyOtherWayAreUnknown) {
  Launches L(R"cuda(
void twice(float *p) {
  dim3 block;
  block.x = 128;
  block.x = 256;
  kern<<<1, block>>>(p);
}
void after(float *p) {
  dim3 block;
  kern<<<1, block>>>(p);
  block.x = 128;
}
void branch(float *p, bool wide) {
  dim3 block(64);
  if (wide) block.x = 128;
  kern<<<1, block>>>(p);
}
void stepped(float *p) { dim3 block(64); block.x *= 2; kern<<<1, block>>>(p); }
void whole(float *p) { dim3 block(64); block = dim3(32); kern<<<1, block>>>(p); }
void unknown(float *p, int n) { dim3 block; block.x = n; kern<<<1, block>>>(p); }
)cuda");
  ASSERT_TRUE(L.ok());
  for (StringRef Caller :
       {"twice", "after", "branch", "stepped", "whole", "unknown"})
    EXPECT_EQ(L.block(Caller), std::nullopt) << Caller.str();
}

TEST(Dim3Source, ConstructorOrLocalPastCopies) {
  Launches L(R"cuda(
void inline_(float *p) { kern<<<1, dim3(16, 16)>>>(p); }
void local(float *p) { dim3 localBlock(32); kern<<<1, localBlock>>>(p); }
void param(float *p, dim3 block) { kern<<<1, block>>>(p); }
void member(float *p, dim3 block) { kern<<<1, block.x>>>(p); }
)cuda");
  ASSERT_TRUE(L.ok());
  Dim3Source Inline = dim3Source(L.argument("inline_", 1));
  ASSERT_TRUE(Inline.Ctor);
  EXPECT_EQ(Inline.Ctor->getNumArgs(), 3u); // two written, one default
  EXPECT_EQ(Inline.Var, nullptr);

  Dim3Source Local = dim3Source(L.argument("local", 1));
  EXPECT_EQ(Local.Ctor, nullptr);
  EXPECT_EQ(Local.Var, L.TU.var("localBlock"));

  // A parameter's writes are not in view; an integer converted is a
  // constructor whatever the integer is.
  Dim3Source Param = dim3Source(L.argument("param", 1));
  EXPECT_EQ(Param.Ctor, nullptr);
  EXPECT_EQ(Param.Var, nullptr);
  EXPECT_TRUE(dim3Source(L.argument("member", 1)).Ctor);
  EXPECT_EQ(L.block("member"), std::nullopt);
}

} // namespace
} // namespace cudalint
