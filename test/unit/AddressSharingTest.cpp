//===--- AddressSharingTest.cpp - the values an index can take ------------===//
//
// valueRange: interval arithmetic over a symbolic offset, the bound on the
// elements data can choose among (masks, remainders, clamps). `v` stands
// for a value read from memory, whose range is unknown. (addressSharing
// itself is tested on kernels in KernelModelTest.cpp.)
//
//===----------------------------------------------------------------------===//

#include "analysis/AddressSharing.h"
#include "analysis/SymExpr.h"

#include "gtest/gtest.h"

#include <optional>

namespace cudalint {
namespace {

int DataSite, ParamSite, ArraySite;

SymRef c(int64_t V) { return symConst(V); }
SymRef v() { return symVarying(&DataSite, "v", DataOrigin::Memory); }
SymRef op(SymKind K, SymRef A, SymRef B) { return symOp(K, A, B); }
SymRef mask(SymRef A, int64_t M) { return op(SymKind::And, A, c(M)); }

std::optional<IntRange> range(const SymRef &E, LeafRanges Leaves = nullptr) {
  return valueRange(*E, Leaves);
}

const std::optional<IntRange> Unknown = std::nullopt;

TEST(ValueRange, LeavesWithAKnownValue) {
  EXPECT_EQ(range(c(5)), (IntRange{5, 5}));
  EXPECT_EQ(range(c(-3)), (IntRange{-3, -3}));
  // A declared extent is its declared value.
  EXPECT_EQ(range(symArrayDim(&ArraySite, 0, 64, "N")), (IntRange{64, 64}));
  // Data, thread indices and parameters are not bounded by themselves.
  EXPECT_EQ(range(v()), Unknown);
  EXPECT_EQ(range(symBuiltin(SymKind::ThreadIdx, 0)), Unknown);
  EXPECT_EQ(range(symUniform(&ParamSite, "n")), Unknown);
}

TEST(ValueRange, MasksAndRemainders) {
  EXPECT_EQ(range(mask(v(), 15)), (IntRange{0, 15}));
  EXPECT_EQ(range(op(SymKind::And, c(255), v())), (IntRange{0, 255}));
  // The tighter of two known masks.
  EXPECT_EQ(range(mask(mask(v(), 1023), 63)), (IntRange{0, 63}));
  // A remainder is taken as non-negative: a negative index would be out of
  // the array.
  EXPECT_EQ(range(op(SymKind::Rem, v(), c(10))), (IntRange{0, 9}));
  // A value already below the divisor keeps its own range.
  EXPECT_EQ(range(op(SymKind::Rem, mask(v(), 7), c(10))), (IntRange{0, 7}));
  EXPECT_EQ(range(op(SymKind::Rem, v(), c(0))), Unknown);
  EXPECT_EQ(range(op(SymKind::Rem, v(), c(-4))), Unknown);
  // A mask by something unknown bounds nothing.
  EXPECT_EQ(range(op(SymKind::And, v(), symUniform(&ParamSite, "m"))), Unknown);
}

TEST(ValueRange, ShiftsAndQuotientsOfNonNegativeValues) {
  EXPECT_EQ(range(op(SymKind::Shr, mask(v(), 1023), c(4))), (IntRange{0, 63}));
  EXPECT_EQ(range(op(SymKind::Div, mask(v(), 1023), c(16))), (IntRange{0, 63}));
  // Unknown or possibly negative operands, a division by zero, a shift too
  // far: no range.
  EXPECT_EQ(range(op(SymKind::Shr, v(), c(4))), Unknown);
  EXPECT_EQ(
      range(op(SymKind::Div, op(SymKind::Sub, mask(v(), 15), c(8)), c(2))),
      Unknown);
  EXPECT_EQ(range(op(SymKind::Shr, mask(v(), 1023), c(63))), Unknown);
}

TEST(ValueRange, ArithmeticOnRanges) {
  EXPECT_EQ(range(mask(v(), 15) + c(16)), (IntRange{16, 31}));
  EXPECT_EQ(range(mask(v(), 15) - c(4)), (IntRange{-4, 11}));
  EXPECT_EQ(range(c(100) - mask(v(), 15)), (IntRange{85, 100}));
  EXPECT_EQ(range(mask(v(), 7) * c(4)), (IntRange{0, 28}));
  // Signs: the extremes of the four products.
  EXPECT_EQ(range((mask(v(), 3) - c(2)) * c(-3)), (IntRange{-3, 6}));
  EXPECT_EQ(range(mask(v(), 3) * mask(v(), 5)), (IntRange{0, 15}));
  // One unknown operand makes the result unknown.
  EXPECT_EQ(range(mask(v(), 15) + v()), Unknown);
  EXPECT_EQ(range(mask(v(), 15) * v()), Unknown);
}

TEST(ValueRange, ClampsBoundEvenAnUnknownSide) {
  SymRef Lo = op(SymKind::Max, v(), c(0));
  SymRef Both = op(SymKind::Min, Lo, c(99));
  EXPECT_EQ(range(Both), (IntRange{0, 99}));
  // Clamped on one side only: the other end is unknown.
  EXPECT_EQ(range(Lo), Unknown);
  EXPECT_EQ(range(op(SymKind::Min, v(), c(99))), Unknown);
  EXPECT_EQ(range(op(SymKind::Min, mask(v(), 15), mask(v(), 63))),
            (IntRange{0, 15}));
}

TEST(ValueRange, BitsFromComparisonsAndMasks) {
  SymRef A = op(SymKind::GT, v(), c(0)), B = op(SymKind::GT, v(), c(1));
  SymRef Two = op(SymKind::Or, A, op(SymKind::Shl, B, c(1)));
  EXPECT_EQ(range(Two), (IntRange{0, 3}));
  SymRef Three = op(SymKind::Or, Two, op(SymKind::Shl, A, c(2)));
  EXPECT_EQ(range(Three), (IntRange{0, 7}));
  EXPECT_EQ(range(op(SymKind::Xor, op(SymKind::Shl, mask(v(), 3), c(2)),
                     mask(v(), 3))),
            (IntRange{0, 15}));
  // A side that may be negative sets every bit.
  EXPECT_EQ(range(op(SymKind::Or, v(), c(1))), Unknown);
  EXPECT_EQ(range(op(SymKind::Shl, v(), c(2))), Unknown);
}

TEST(IndexRange, AnIndexStartsAtZero) {
  SymRef Clamped = op(SymKind::Min, v(), c(63));
  EXPECT_EQ(range(Clamped), Unknown);
  EXPECT_EQ(indexRange(*Clamped), (IntRange{0, 63}));
  // Scaled by the element size, the clamp keeps its side.
  EXPECT_EQ(indexRange(*op(SymKind::Mul, Clamped, c(4))), (IntRange{0, 252}));
  // A bound below only says nothing about how many elements.
  EXPECT_EQ(indexRange(*op(SymKind::Max, v(), c(0))), Unknown);
}

TEST(ValueRange, ComparisonsAndSelections) {
  SymRef Cond = op(SymKind::LT, v(), c(4));
  EXPECT_EQ(range(Cond), (IntRange{0, 1}));
  EXPECT_EQ(range(symOp(SymKind::Select, Cond, c(3), c(7))), (IntRange{3, 7}));
  EXPECT_EQ(range(symOp(SymKind::Select, Cond, mask(v(), 15), c(40))),
            (IntRange{0, 40}));
  EXPECT_EQ(range(symOp(SymKind::Select, Cond, v(), c(7))), Unknown);
}

TEST(ValueRange, CallerKnowsSomeLeaves) {
  SymRef N = symUniform(&ParamSite, "nbins");
  auto Bins = [&](const SymNode &L) -> std::optional<IntRange> {
    if (L.Kind == SymKind::Uniform && L.Id == &ParamSite)
      return IntRange{4, 16};
    return std::nullopt;
  };
  EXPECT_EQ(range(op(SymKind::Rem, v(), N)), Unknown);
  // `v % nbins` for nbins in [4, 16]: the largest divisor decides.
  EXPECT_EQ(range(op(SymKind::Rem, v(), N), Bins), (IntRange{0, 15}));
  EXPECT_EQ(range(N * c(4), Bins), (IntRange{16, 64}));
  // Only uniform leaves are asked about.
  auto Everything = [](const SymNode &) -> std::optional<IntRange> {
    return IntRange{0, 1};
  };
  EXPECT_EQ(range(v(), Everything), Unknown);
}

TEST(ValueRange, EndsFarFromOverflowAreDropped) {
  int64_t Big = int64_t(1) << 41;
  EXPECT_EQ(range(mask(v(), Big - 1) + c(1)), Unknown);
  EXPECT_EQ(range(mask(v(), 1023) * c(Big)), Unknown);
  EXPECT_EQ(range(mask(v(), 1023) * c(1024)), (IntRange{0, 1023 * 1024}));
}

} // namespace
} // namespace cudalint
