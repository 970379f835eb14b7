//===--- Warp.h - what the lanes of one warp do ---------------------------===//
//
// A warp is 32 consecutive linear thread ids of a block (x fastest). Given
// the block shape (from a launch site, an option, or the assumption that
// blockDim.x is a multiple of 32), this evaluates symbolic expressions for
// each lane of a warp, for a number of deterministic pseudo-random choices of
// everything that is uniform (block index, parameters, loop counters), and
// derives the memory behaviour of one warp-wide access: the 32-byte sectors
// of global memory it touches and the shared-memory bank conflicts it has.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_WARP_H
#define CUDALINT_ANALYSIS_WARP_H

#include "CudaAST.h"
#include "KernelModel.h"

#include "clang/AST/ExprCXX.h"

#include <array>
#include <map>
#include <optional>
#include <string>

namespace cudalint {

constexpr unsigned WarpSize = 32;

/// A block shape; a missing x means "unknown, a multiple of 32".
struct BlockShape {
  std::optional<int64_t> X, Y, Z;
  /// x is known and y is not (`dim3(1, n)`): y is drawn so that a block has
  /// 32 to 256 threads.
  bool OpenY = false;
  bool assumed() const { return !X; }
  std::string str() const; ///< `16x16`, `1xN`, or `unknown`
  bool operator==(const BlockShape &O) const {
    return X == O.X && Y == O.Y && Z == O.Z && OpenY == O.OpenY;
  }
};

/// The smallest blockDim.x of \p Shapes when every one is known: a loop over
/// a thread's share of a fixed extent runs most trips there.
std::optional<int64_t> narrowestBlockX(llvm::ArrayRef<BlockShape> Shapes);

/// Parses `32`, `16,16`, `16x16x1`; nullopt when malformed.
std::optional<BlockShape> parseBlockShape(llvm::StringRef S);

/// Changes applied while evaluating: the kernel as it would be after a
/// fix-it (x and y roles swapped, an array padded).
struct WhatIf {
  bool SwapXY = false;
  /// (array declaration, level) -> extent to use instead of the declared one.
  std::map<std::pair<const void *, unsigned>, int64_t> Extents;
  /// Non-zero: another block of the grid than the sampled one (a variant
  /// drawn from this number), for conditions that depend on blockIdx.
  unsigned BlockVariant = 0;
  /// Stand in arbitrary data for the per-thread values that are functions
  /// of their inputs (symData: loads at thread-dependent addresses, pure
  /// calls): the same inputs give the same value, different inputs a
  /// pseudo-random one (often 0, 1 or -1, else large). Shows whether lanes
  /// can disagree on data, not what the data is.
  bool ArbitraryData = false;
  /// Lanes whose shared address falls past the end of a declared array,
  /// while others fall inside it, are taken not to run (a tree's late
  /// steps on a block-sized array).
  bool WithinArray = false;
  /// Uniform unknowns (a count read from memory or a parameter) stand for
  /// the block's thread count: a tree over an unknown count is taken to
  /// cover the block, one element per thread, so that a guard `tid < d`
  /// with `d` halving from it keeps only the lanes it really keeps.
  bool UniformsAreThreads = false;
  /// Loop iteration counters (SymKind::LoopIter, by loop) held at a value
  /// instead of drawn per sample.
  std::map<const void *, int64_t> LoopIters;
  /// A hand-indexed shared array's index padded: element j of the array
  /// (by declaration) moves to j + j / Row * Pad.
  struct IndexPad {
    int64_t ElementBytes = 4, Row = 32, Pad = 1;
  };
  std::map<const void *, IndexPad> IndexPads;
  /// A degree that changes with the sampled values (a fill crossing a
  /// padded row in some trips of its loop) is taken at its worst, not as
  /// unknown: the price of a layout change, never a finding.
  bool WorstOverSamples = false;
};

class WarpSampler {
public:
  explicit WarpSampler(BlockShape Shape, unsigned Samples = 15);

  const BlockShape &shape() const { return Shape; }
  unsigned samples() const { return Samples; }
  /// Warps in the block of sample \p S.
  unsigned warps(unsigned S) const;
  /// The warps to try in sample \p S, the sampled one first: an access
  /// under a guard few warps pass (`if (threadIdx.y == 0)`) is evaluated in
  /// a warp that reaches it.
  std::vector<unsigned> warpOrder(unsigned S) const;
  /// The value of \p E in lane \p Lane of warp \p Warp of the block chosen
  /// in sample \p S.
  std::optional<int64_t> value(const SymNode &E, unsigned S, unsigned Warp,
                               unsigned Lane, const WhatIf *W = nullptr) const;
  /// False when the lane does not exist (past the end of the block) or a
  /// guard is known to be false in it.
  bool active(llvm::ArrayRef<Guard> Guards, unsigned S, unsigned Warp,
              unsigned Lane, const WhatIf *W = nullptr) const;

private:
  struct Sample {
    int64_t BlockDim[3], GridDim[3], BlockIdx[3];
    int64_t FirstThread; ///< Linear id of lane 0.
    uint64_t Seed;
  };
  BlockShape Shape;
  unsigned Samples;
  std::vector<Sample> Drawn;
};

/// A hash of leaf \p L by kind and name: the same in every run.
uint64_t stableLeafHash(const SymNode &L);
/// A fixed bit mixer (SplitMix64) for drawing values from seeds.
uint64_t mixBits(uint64_t X);

/// One sampler for each of \p Shapes, in the same order.
std::vector<WarpSampler> warpSamplers(llvm::ArrayRef<BlockShape> Shapes);

/// What one warp-wide global access (or a group of accesses that read the
/// same elements, such as the fields of one struct) costs.
struct SectorCost {
  unsigned Sectors = 0;     ///< 32-byte sectors touched.
  uint64_t UsefulBytes = 0; ///< Distinct bytes the lanes use.
  unsigned Lanes = 0;       ///< Active lanes.
  /// Sectors touched over the minimum the useful bytes need.
  double ratio() const;
};

/// The median cost over the sampler's samples; nullopt when the addresses
/// cannot be computed (data-dependent) in most samples.
std::optional<SectorCost> sectorCost(llvm::ArrayRef<const MemAccess *> Group,
                                     const WarpSampler &S,
                                     const WhatIf *W = nullptr);

/// The worst bank-conflict degree of one shared-memory access (1: none), as
/// the median over samples; nullopt when it cannot be computed.
std::optional<unsigned> bankConflictDegree(const MemAccess &A,
                                           const WarpSampler &S,
                                           const WhatIf *W = nullptr);

/// The least and the worst degree an access takes over the samples.
struct DegreeRange {
  unsigned Least = 0;
  unsigned Worst = 0;
};

/// The degrees of \p A over every sample of \p Samplers, for an access
/// whose degree changes with the sampled values (a triangular guard on a
/// loop counter, a stride read from a parameter): with \p Loop (the loop
/// whose counter the address or its guards read) held at each of its first
/// 32 iterations and a few up to its last (\p Trips), uniform unknowns then
/// standing for the block's thread count as in a tree's steps. Samples in which
/// fewer than two lanes of a phase reach \p A say nothing of conflicts and are
/// left out; nullopt when some sampler judges none.
std::optional<DegreeRange> varyingBankConflictDegrees(
    const MemAccess &A, llvm::ArrayRef<WarpSampler> Samplers,
    const clang::Stmt *Loop, std::optional<int64_t> Trips);

/// The bank-conflict degree of 32 lanes each accessing \p Width bytes, lane
/// l at l * \p StrideBytes (a column of a tile indexed by hand): what a
/// padded stride would give.
unsigned stridedBankConflictDegree(int64_t StrideBytes, unsigned Width);

/// The least bank-conflict degree of \p A over \p Samplers (one per block
/// shape); nullopt when it cannot be computed under one of them.
std::optional<unsigned>
leastBankConflictDegree(const MemAccess &A,
                        llvm::ArrayRef<WarpSampler> Samplers,
                        const WhatIf *W = nullptr);

/// The bank-conflict degree of \p A in iterations 0 .. \p Steps - 1 of \p
/// Loop (its counter held at each: a tree whose stride doubles), the least
/// over \p Samplers, up to the first step that cannot be computed (no lane
/// reaches it); empty when fewer than two steps can.
std::vector<unsigned>
bankConflictDegreesByStep(const MemAccess &A,
                          llvm::ArrayRef<WarpSampler> Samplers,
                          const clang::Stmt *Loop, unsigned Steps);

/// The least bank-conflict degree of \p A over \p Samplers when each
/// lane's run of \p Bytes, from iteration 0 of \p Loop, is one vector
/// access (see VectorIssue); nullopt when a lane's run does not start on a
/// multiple of \p Bytes (the compiler keeps the element's width) or the
/// degree cannot be computed.
std::optional<unsigned>
leastVectorBankConflictDegree(const MemAccess &A,
                              llvm::ArrayRef<WarpSampler> Samplers,
                              const clang::Stmt *Loop, unsigned Bytes);

/// True when neighbouring lanes of \p A are at least a 64-byte memory
/// segment apart in every sample of every sampler (a constant stride, one
/// that grows with a size, `row * n`, or an index divided back, `(row * n +
/// col) / 4` on a float4 pointer): each lane's few bytes cost a segment of
/// their own, as the fields of records do.
bool lanesFarApart(const MemAccess &A, llvm::ArrayRef<WarpSampler> Samplers);

/// True when the guards and address of \p A let every lane of a warp
/// compute its address (no per-thread unknowns).
bool addressComputable(const MemAccess &A);

/// A kernel launch and what can be read from its configuration.
struct LaunchConfig {
  const clang::CUDAKernelCallExpr *Call = nullptr;
  const clang::FunctionDecl *Caller = nullptr;
  std::optional<BlockShape>
      Block; ///< When every extent is known (LaunchValues.h).
  /// When some extent is not known, what the others say: `dim3(1, n)` is
  /// one thread wide (OpenY), an integer block is one-dimensional.
  std::optional<BlockShape> PartialBlock;
  /// The dim3 constructions of the grid and block arguments, when written
  /// with at least two explicit extents (`dim3 block(16, 16);` or an inline
  /// `dim3(16, 16)`), and the variable holding them, if any.
  const clang::CXXConstructExpr *GridCtor = nullptr, *BlockCtor = nullptr;
  const clang::VarDecl *GridVar = nullptr, *BlockVar = nullptr;
};

LaunchConfig readLaunchConfig(const clang::CUDAKernelCallExpr *Call,
                              const clang::FunctionDecl *Caller,
                              clang::ASTContext &Ctx);

/// The configuration of every launch of \p Kernel in the translation unit.
std::vector<LaunchConfig> launchConfigs(const KernelUseIndex &Uses,
                                        const clang::FunctionDecl *Kernel,
                                        clang::ASTContext &Ctx);

/// The launches of \p Launches that call \p Instance itself (a template's
/// instantiation: `k<64><<<...>>>` and not `k<128><<<...>>>`).
std::vector<LaunchConfig>
launchesOfInstance(llvm::ArrayRef<LaunchConfig> Launches,
                   const clang::FunctionDecl &Instance);

/// The block shapes to evaluate a kernel under: each constant shape its
/// launches use, plus \p Assumed (or "x a multiple of 32") when some launch
/// has no constant shape or none is visible. When the kernel is
/// \p WrittenForOneDimension (it reads only threadIdx.x and blockDim.x: see
/// KernelModel::oneDimensional) and no shape is assumed, the unknown shape
/// is taken to be one-dimensional (y = z = 1).
std::vector<BlockShape> blockShapes(llvm::ArrayRef<LaunchConfig> Launches,
                                    std::optional<BlockShape> Assumed,
                                    bool WrittenForOneDimension = false);

/// The definitions to analyse for a kernel matched as written: itself (a
/// template's pattern read through the view's stand-in), or for a template
/// in view of its instantiations, each implicit instantiation with a body.
std::vector<KernelView> analysedInstances(const KernelView &Kernel);

} // namespace cudalint

#endif
