//===--- AccessShape.h - what one thread's accesses cover -------*- C++ -*-===//
//
// Two shapes of global access that the sector count of a single warp access
// misjudges: a thread that reads a few fields of a large record (an array of
// structures), and a thread that walks its own contiguous chunk in a loop.
// Both are described here, from the types and loops of the kernel, for the
// checks to grade.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_ACCESSSHAPE_H
#define CUDALINT_ANALYSIS_ACCESSSHAPE_H

#include "KernelModel.h"
#include "Warp.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace cudalint {

/// How much of each record of an array of structures a group of accesses
/// (the fields one thread reads and writes of its record) uses.
struct RecordUse {
  const clang::RecordDecl *Record = nullptr;
  std::string Name;       ///< As written in a message: `Conserved<16>`.
  uint64_t Size = 0;      ///< sizeof the record, in bytes.
  uint64_t UsedBytes = 0; ///< Distinct bytes of it the group accesses.
};

/// The record use of \p Group when each lane accesses fields of its own
/// record (`p[i].f`, `p[i].a.x`, `p[i].q[2]`): the lanes are one record
/// apart and every access is a part of the record, never all of it.
std::optional<RecordUse> recordUse(llvm::ArrayRef<const MemAccess *> Group,
                                   const clang::ASTContext &Ctx);

/// A run of contiguous elements one thread walks in its innermost loop,
/// with a trip count known at compile time (`for (j = 0; j < 16; ++j)
/// a[t * 16 + j]`).
struct ThreadChunk {
  const clang::Stmt *Loop = nullptr;
  int64_t Elements = 0;
  int64_t Bytes = 0;
};

/// True when each iteration of \p Loop moves \p A by exactly its width: the
/// loop's counter appears alone in a term of the address, times the width.
bool stepsByWidth(const MemAccess &A, const clang::Stmt *Loop);

/// The chunk \p A walks, if its innermost loop steps it by one element.
std::optional<ThreadChunk> threadChunk(const KernelModel &M,
                                       const MemAccess &A);

/// \p A's offset with the runtime stride of a wrapped coordinate taken to be
/// one element, when the address is written for a tensor of runtime strides
/// (every term of it scaled by one: `x[i0 * s0 + i1 * s1]`) and the
/// coordinate the lanes follow is the flat thread index wrapped at a row
/// (`i0 = i % ne0`, `(i - lp + n) % n`, `i >= n ? i - n : i`, the modulus
/// a runtime value or a constant of a warp or more) or its lowest digit
/// written as a subtraction (`i0 = i - i1 * ne0` after `i1 = i / ne0`). Such a
/// coordinate is the innermost of the decomposition, and the innermost stride
/// of a contiguous tensor is its element; the lanes then run contiguously but
/// for the one wrap per row. Null when \p A is not written so.
SymRef innermostStrideAsElement(const MemAccess &A,
                                const clang::ASTContext &Ctx);

/// The runtime stride the lanes are apart when \p A is written for views of
/// runtime strides (every term of its address scaled by one: `x[i * incx]`,
/// `src[i * s0 + j * s1]`) and the lane's own coordinate is scaled by a
/// parameter alone: the host chooses how far apart the lanes are, and one
/// element is a common choice. Null otherwise (`m[r * ld + c]` walks rows
/// of a matrix whose columns are unit-stride).
const SymNode *hostChosenLaneStride(const MemAccess &A);

/// True when \p G, loads whose first is \p Rep, is a lane loading the whole
/// of a small record of its own: over all the loads of the root whose
/// address differs from Rep's only by a constant and by the counters of
/// loops with a known trip count (`x[ib].d`, then `x[ib].qs[j]` for j <
/// 32), the thread reads most of a span of 16 to 40 bytes, and the lanes
/// are at most a span apart (a constant stride, or the host's stride of a
/// tensor of runtime strides). The lanes' records then tile memory and the
/// L1 serves the rest of each after the first load. A judgement between the
/// 32-byte chunks measured at 1.03x and the 64-byte ones measured at 4.4x:
/// a sector and a small header (a quantised block's scale). Below half a
/// sector it is a field or two: each lane still fetches a sector for them.
bool loadsOwnSmallRecord(const KernelModel &M,
                         llvm::ArrayRef<const MemAccess *> G,
                         const MemAccess &Rep);

/// True when each thread of \p G stores every byte of a run
/// of at most 16 bytes whose lanes tile memory (lane L's run starts L runs
/// after lane 0's: `xy[2 * i]`, `xy[2 * i + 1]`): the warp's stores fill
/// the sectors they touch, and one vector store per lane measured 1.00x
/// (8 bytes) and 1.01x (16 bytes) on an H200. Loads of \p G may read only
/// the lane's own run (`p[0] = 0.5f * p[0]`: its sectors are the ones the
/// stores fill). The lanes' starts are read under each of \p Samplers'
/// launch shapes.
bool storesBackToBackRuns(const KernelModel &M,
                          llvm::ArrayRef<const MemAccess *> G,
                          llvm::ArrayRef<WarpSampler> Samplers);

/// True when every access of \p G is made once (outside any loop) by at
/// most 8 lanes of each block, under a guard on the thread index (`if (tid
/// < ncols) dst[tid * s + row] = sum[tid];` after a reduction, with ncols a
/// template's constant), under each of \p Samplers: a few sectors per
/// block, whatever their layout.
bool madeOnceByFewLanes(llvm::ArrayRef<const MemAccess *> G,
                        llvm::ArrayRef<WarpSampler> Samplers);

/// A thread's run of shared-memory elements issued as vector accesses: the
/// compiler turns a contiguous run of 8 or 16 bytes of a scalar type in an
/// unrolled loop into one LDS.64/LDS.128 (or STS) per run when the run
/// starts on a multiple of the vector's width from a base it knows to be
/// aligned that far (checked in the SASS of CUDA 13 for sm_90: floats,
/// ints and doubles are; `__half` runs and runs in an array placed after an
/// odd-sized one are not).
struct VectorIssue {
  const clang::Stmt *Loop = nullptr; ///< The run's loop.
  unsigned Bytes = 0;                ///< The vector's width: 8 or 16.
  int64_t RunBytes = 0;              ///< The whole run.
};

/// The width the compiler issues \p A with when it is wider than the
/// element (see VectorIssue); nullopt when it is the element's. Whether each
/// lane's run starts aligned is left to the sampler
/// (`leastVectorBankConflictDegree`).
std::optional<VectorIssue> vectorIssue(const KernelModel &M, const MemAccess &A,
                                       const clang::ASTContext &Ctx);

/// Whether a guard of \p A that differs between threads reads the iteration
/// of \p Loop (`if (t > i)` in a loop over i): which lanes reach \p A, and
/// which elements a thread reads, change trip by trip.
bool guardReadsIteration(const MemAccess &A, const clang::Stmt *Loop);

/// Neighbouring lanes of \p A on neighbouring elements: the lane stride is
/// the element size.
bool contiguousInX(const MemAccess &A);

/// Whether \p M accesses shared memory at all.
bool usesSharedMemory(const KernelModel &M);

/// True when \p A is a CUDA library's business: inlined from a call into
/// CUB, Thrust, CUTLASS or libcu++, or of a type one of them declares (their
/// `TempStorage`). The user's code does not choose its layout.
bool insideLibrary(const MemAccess &A);

/// The index that walks consecutive elements of \p A where the lane's does
/// not: a term of one index times the element size, that index being
/// threadIdx.y or .z, a blockIdx, or a slow part of the thread's index (`i /
/// n0`, `(i / n3) % n2`). The lanes could walk it instead.
const SymNode *contiguousIndex(const MemAccess &A);

/// Another global access of \p M than those of \p Group whose lanes already
/// touch consecutive addresses, through another index than \p Index (`cb[t + u
/// * n]` with `t = i % n`, which the affine view calls no stride at all): lanes
/// walking
/// \p Index instead would move the stride onto it. Null when there is none.
const MemAccess *laneConsecutiveOtherwise(
    const KernelModel &M, llvm::ArrayRef<const MemAccess *> Group,
    const SymNode &Index, llvm::ArrayRef<WarpSampler> Samplers);

} // namespace cudalint

#endif
