//===--- StaleSharedReads.h - what threads that leave never publish -*- C++
//-*-===//
//
// Threads that exit the kernel before a block barrier do not hold it up
// (PTX's `exit` releases them from it): the hazard of an early exit before
// `__syncthreads()` is what the threads that stay read after it. They read
// stale shared memory only where a slot would have been written by a thread
// that left and is written by no thread that stayed. Most early exits are
// bounds (`if (i >= n) return;`): the threads past the end own the slots past
// the end, and the readers stop at the same bound (`j < n - base`) or read
// only slots of threads that passed the same test (a lane's own column in
// every warp). This file decides that by running the block: every thread's
// writes before the barrier and reads after it, over sampled sizes.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_STALESHAREDREADS_H
#define CUDALINT_ANALYSIS_STALESHAREDREADS_H

#include "KernelModel.h"
#include "Warp.h"

#include "llvm/ADT/ArrayRef.h"

namespace clang {
class SourceManager;
} // namespace clang

namespace cudalint {

/// False only when the block has been run, over sampled sizes that make
/// \p Leave split it, and no thread that passes \p Leave reads after \p P a
/// shared slot that only threads failing it would have written before: the
/// early exit (or loop exit) \p Leave then costs nothing the barrier was
/// there to publish. True whenever that cannot be shown (an address of
/// data, a loop too long to run, sizes that never split the block).
bool staleSharedReadsPossible(const KernelModel &M, const SyncPoint &P,
                              const Guard &Leave,
                              llvm::ArrayRef<BlockShape> Shapes,
                              const clang::SourceManager &SM);

} // namespace cudalint

#endif
