//===--- LaneExchange.h - work shared between the threads of a group ------===//
//
// Whether code makes the threads of a warp or block work together: a
// shuffle, a warp vote or reduction, a barrier, whether written in place or
// reached through the functions it calls (a `warp_reduce_sum` helper, a
// cooperative-groups `reduce`), and whether a test picks one thread of a
// group to act for it (`if (lane == 0)`).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_LANEEXCHANGE_H
#define CUDALINT_ANALYSIS_LANEEXCHANGE_H

#include "analysis/ThreadStridedLoops.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace cudalint {

/// True when \p Call is a barrier or fence, or calls one (through functions
/// whose definitions are visible, a few calls deep).
bool reachesMemoryOrdering(const clang::CallExpr *Call);

/// True when \p Call is a barrier or fence, or calls a function whose body
/// makes one on every path: a top-level statement that is such a call, with
/// no statement before it that may return (a grid barrier helper that starts
/// with `__syncthreads()`).
bool alwaysOrdersMemory(const clang::CallExpr *Call, unsigned Depth = 0);

/// True when \p S exchanges values between threads: a shuffle, a warp vote,
/// reduction or match, or a barrier, in \p S or in a function it calls.
bool exchangesAcrossLanes(const clang::Stmt *S);

/// True when taking the branch \p Arm (0: then, 1: else) of \p Branch (an
/// `if` or `?:`) leaves one thread of a group: its condition is true for
/// one thread index only (`lane == 0`, `threadIdx.x == 0 && ok`, `!tid`),
/// or false for one only on the else arm (`if (lane != 0) ... else`).
bool picksOneThread(const clang::Stmt *Branch, int Arm,
                    const clang::ASTContext &Ctx, ArgumentOfParam ArgumentOf);

} // namespace cudalint

#endif
