//===--- ExecutionWeight.h - how often each part of a kernel runs -*- C++
//-*-===//
//
// An access that runs once per thread after a loop of thousands of trips
// (the epilogue store of a matrix product), or once per outer iteration next
// to an inner loop of many loads, is a sliver of the kernel's memory work:
// whatever it wastes costs nothing measurable. This file weighs each access
// by the loops around it, relative to the kernel's whole work, so that
// checks grading one access can tell the hot path from the cold code around
// it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_EXECUTIONWEIGHT_H
#define CUDALINT_ANALYSIS_EXECUTIONWEIGHT_H

#include "KernelModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace cudalint {

/// How many times, relative to each other, the accesses and branches of one
/// kernel run in a thread: the product of the trip counts of the loops
/// around each, a constant trip count as it is and a loop bounded by a
/// runtime value as RuntimeLoopTrips.
class ExecutionWeights {
public:
  /// The trips a loop whose count is not a constant is taken to run: the
  /// extents kernels loop over at run time (a row, the depth of a product,
  /// a sequence) are hundreds to thousands of elements, and a loop meant to
  /// run a handful of times is written with a constant bound.
  static constexpr double RuntimeLoopTrips = 128;
  /// The block a loop over a thread's share of a fixed extent (`j < 2048 /
  /// blockDim.x`, `i = threadIdx.x; i < 1024; i += blockDim.x`) is taken to
  /// be launched with when no launch says: the size most kernels use.
  static constexpr int64_t TypicalBlockThreads = 256;
  /// A device-side launch or heap call takes microseconds: the time of a
  /// thousand memory accesses of a thread.
  static constexpr double DeviceRuntimeCallWork = 1000;

  /// \p BlockThreads: blockDim.x at the kernel's launches, where known.
  explicit ExecutionWeights(const KernelModel &M,
                            std::optional<int64_t> BlockThreads = {});

  /// How often \p A runs. A load whose address the innermost loop around it
  /// does not move (`a[t3]` in a loop over `t2`) is served by the L1 after
  /// the loop's first trip, or hoisted out of it: that loop does not count.
  double of(const MemAccess &A) const;
  /// The kernel's work per thread: every access (in any memory space, with
  /// the registers' arrays) and every branch or loop test, each weighed by
  /// how often it runs. Branches stand for arithmetic: a loop of pure
  /// computation still weighs its trips. A call into the device runtime (a
  /// launch, `cudaFree`) weighs DeviceRuntimeCallWork accesses.
  double total() const { return Total; }
  /// True when accesses \p G, at \p Waste times the cost of a coalesced
  /// access (their sectors over the sectors their bytes need), would waste
  /// less than NegligibleShare of the kernel's work, and something else in
  /// the kernel runs more often than they do.
  bool negligible(llvm::ArrayRef<const MemAccess *> G, double Waste) const;

private:
  double loopTrips(const clang::Stmt *Loop) const;
  double weightOfLoops(llvm::ArrayRef<const clang::Stmt *> Loops) const;
  std::optional<double> shareOfFixedExtent(const clang::Stmt *Loop) const;
  void addDeviceRuntimeCalls(const clang::Stmt *S,
                             llvm::SmallVectorImpl<const clang::Stmt *> &Loops);

  const KernelModel &M;
  int64_t BlockThreads;
  double Total = 0, Heaviest = 0;
  mutable llvm::DenseMap<const clang::Stmt *, double> TripsOf;
};

} // namespace cudalint

#endif
