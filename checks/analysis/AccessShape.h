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

/// True when \p A is a CUDA library's business: inlined from a call into
/// CUB, Thrust, CUTLASS or libcu++, or of a type one of them declares (their
/// `TempStorage`). The user's code does not choose its layout.
bool insideLibrary(const MemAccess &A);

} // namespace cudalint

#endif
