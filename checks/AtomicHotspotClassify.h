//===--- AtomicHotspotClassify.h - which atomics are hotspots ---*- C++ -*-===//
//
// What makes a global atomic a hotspot, decided from how the lanes and
// warps share its address (AddressSharing.h) and what the update is: a
// floating-point sum at one address per warp or wider, an integer update or
// a compare-and-swap retry loop at one address per block, or a histogram of
// a few bins chosen by data. atomic-hotspot reports what this finds.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ATOMICHOTSPOTCLASSIFY_H
#define CUDALINT_ATOMICHOTSPOTCLASSIFY_H

#include "analysis/AddressSharing.h"
#include "analysis/CudaNames.h"
#include "analysis/KernelModel.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint {

/// An atomic update as called.

/// What makes an atomic a hotspot, for what can be done about it.
enum class Hotspot {
  FloatSum,          ///< Floating-point sum, one address per warp or wider.
  LaneGroupSum,      ///< Floating-point sum, lanes of a warp share addresses.
  IntegerOneAddress, ///< Integer update, one address for a whole block.
  WrappingCounter,   ///< `atomicInc`/`atomicDec`: nvcc cannot combine these.
  CasLoop,           ///< A compare-and-swap retry loop building a value.
  Histogram,         ///< A few addresses chosen by data.
};

struct AtomicFinding {
  Hotspot Kind;
  AtomicCall Op;
  AddressSharing Sharing;
  int64_t Bins = 0; ///< Histogram: how many bins the data chooses among.
};

/// The hotspot an atomic \p A (the update \p Op) is, given how the lanes
/// share its address (\p S), if it is one: enough lanes of a warp aim at
/// one address (or the data chooses among a few), and the update piles up
/// there rather than being combined by nvcc. \p BufferElements: the
/// elements behind \p A's pointer where the host side gives them
/// (launchedBufferElements), which bound a histogram's bins the kernel
/// alone does not.
std::optional<AtomicFinding>
classifyHotspot(const MemAccess &A, const AtomicCall &Op,
                const AddressSharing &S, const KernelModel &M,
                const clang::ASTContext &Ctx,
                std::optional<int64_t> BufferElements = std::nullopt);

/// True when the atomic \p Op, called as \p CE, leaves the word as it is
/// and only reads it coherently: `atomicOr(p, 0)`, `atomicAdd(p, 0)`,
/// `atomicAnd(p, ~0u)`, `atomicCAS(p, x, x)`.
bool onlyReads(const AtomicCall &Op, const clang::CallExpr *CE,
               const clang::ASTContext &Ctx);

/// An add or a subtract.
bool isSum(const AtomicCall &Op);

/// True when \p S refers to a declaration named \p Name.
bool mentions(const clang::Stmt *S, llvm::StringRef Name);

} // namespace cudalint

#endif
