//===--- PointerAccesses.h - loads and stores through kernel pointers -----===//
//
// Collects, for one kernel body, every load and store made through each of
// its pointer parameters (directly, or through local pointers derived from
// them), with the loops that enclose each access and whether the address is
// invariant in those loops.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_POINTERACCESSES_H
#define CUDALINT_ANALYSIS_POINTERACCESSES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace cudalint {

struct TemplateStandIn;

/// One memory access through a pointer parameter.
struct PointerAccess {
  const clang::ParmVarDecl *Param;
  const clang::Expr *Expr; ///< The `p[i]`, `*p`, `p->f` or atomic call.
  bool IsLoad = false;
  bool IsStore = false;
  /// An atomic read-modify-write (`atomicAdd(&p[i], v)`): emitted whatever
  /// `__restrict__` promises.
  bool IsAtomic = false;
  /// The type of the object read or written (`float` for `p->x`, the
  /// element for `p[i]`): what the compiler's type-based alias analysis
  /// compares, whatever the pointer's pointee type.
  clang::QualType Type;
  /// Program-order position: where a load happens (its start) or where a
  /// store completes (the end of the assignment), as a file offset.
  unsigned Order = 0;
  /// Enclosing loops, outermost first.
  llvm::SmallVector<const clang::Stmt *, 2> Loops;
  /// Identifies the address expression: two accesses with equal IDs spell
  /// the same address (`in[i]` and `in[i]`).
  llvm::FoldingSetNodeID Address;
  /// Enclosing arms: (statement, arm) for `if` and `?:` (0 then, 1 else) and
  /// `switch` (one arm per case label).
  llvm::SmallVector<std::pair<const clang::Stmt *, int>, 2> Branches;
  /// The arms among `Branches` that end in `return`.
  llvm::SmallVector<std::pair<const clang::Stmt *, int>, 2> ReturningArms;
  /// Declarations the address expression refers to.
  llvm::SmallVector<const clang::ValueDecl *, 4> AddressVars;
  /// True when no execution reaches both this access and \p Other (they sit
  /// in different arms of one `if`, `?:` or `switch`).
  bool isExclusiveWith(const PointerAccess &Other) const;
  /// False when \p Later cannot run after this access in the same pass
  /// through the code: exclusive arms, or this one's arm returns first.
  bool mayBeFollowedBy(const PointerAccess &Later) const;
  /// Made under a test that leaves one thread of a group (`if (lane ==
  /// 0)`): the one that stores a result its group computed together.
  bool ByOneThread = false;
  /// The subset of `Loops` in which the address does not change.
  llvm::SmallPtrSet<const clang::Stmt *, 2> InvariantIn;
  /// Made through a pointer based on a `__restrict__` local or helper
  /// parameter: kept apart from every other pointer's accesses already.
  bool ThroughRestrict = false;
  /// The calls of `__device__` helpers, outermost first, through which the
  /// kernel makes this access (its pointer passed as an argument); empty for
  /// an access written in the kernel.
  llvm::SmallVector<const clang::CallExpr *, 1> CallStack;
};

/// What a kernel does with its pointer parameters.
class PointerAccesses {
public:
  /// \p StandIns: for a template's pattern read as written, the arguments
  /// it may stand for; an arm of a test on the template's parameters that
  /// every one of them rules out is dead.
  PointerAccesses(const clang::FunctionDecl &Kernel,
                  const clang::SourceManager &SM,
                  llvm::ArrayRef<TemplateStandIn> StandIns = {});

  llvm::ArrayRef<PointerAccess> accesses() const { return Accesses; }
  /// True if the parameter is used at all in the body.
  bool isUsed(const clang::ParmVarDecl *P) const { return Used.count(P); }
  /// True if the parameter is stored through (including atomics).
  bool isStoredThrough(const clang::ParmVarDecl *P) const {
    return Stored.count(P);
  }
  /// True when the pointer (or a pointer derived from it) is passed to a
  /// call, cast, or copied into a non-const local, so that making its pointee
  /// `const` might not compile or might hide a store.
  /// Also true when some use of the parameter is not a recognised load
  /// (a member array written through it, a reference bound to an element, a
  /// method call...): only a parameter whose every use is a plain load may
  /// safely become `const`.
  bool escapes(const clang::ParmVarDecl *P) const {
    return Escaped.count(P) || RefCount.lookup(P) != ReadRefs.lookup(P);
  }
  /// True when a variable of \p A's address is assigned (or passed by
  /// reference, or has its address taken) between the offsets \p From and
  /// \p To.
  bool addressChangesBetween(const PointerAccess &A, unsigned From,
                             unsigned To) const;
  /// True when \p P is accessed only through atomics.
  bool isOnlyAtomic(const clang::ParmVarDecl *P) const;
  /// True when \p Loop spreads its iterations over threads: its counter
  /// starts at a thread- or block-dependent value and steps by a count of
  /// threads (a grid-, block- or warp-stride loop), so every iteration of
  /// one thread touches addresses that no other iteration of it does
  /// (isThreadStridedLoop, in the context of the helper call being walked).
  bool isThreadStrided(const clang::Stmt *Loop) const {
    return ThreadStrided.count(Loop);
  }
  /// True when \p Loop's body holds a barrier or a fence (`__syncthreads`,
  /// `__syncwarp`, `__threadfence`, a cooperative-groups `sync`), which no
  /// memory access crosses whatever `__restrict__` promises.
  bool hasBarrier(const clang::Stmt *Loop) const { return Fenced.count(Loop); }
  /// True when every path from \p Store to the next execution of \p Load
  /// inside \p Loop (the innermost loop around both) passes a barrier or
  /// fence that the loop's body runs unconditionally: the compiler keeps
  /// the load behind it whatever `__restrict__` promises. False when a
  /// `break`, `continue` or `goto` may leave the body early.
  bool barrierBetween(const PointerAccess &Store, const PointerAccess &Load,
                      const clang::Stmt *Loop) const;
  /// True when \p Loop's body exchanges values between threads (a shuffle,
  /// a warp reduction, a barrier; see exchangesAcrossLanes).
  bool exchangesAcrossLanes(const clang::Stmt *Loop) const {
    return Exchanging.count(Loop);
  }

private:
  friend class PointerAccessCollector;
  /// A barrier or fence made in the kernel's own body (a helper call that
  /// always makes one counts where it is called).
  struct Ordering {
    unsigned Order;
    llvm::SmallVector<const clang::Stmt *, 2> Loops;
    /// How many of `Loops` are around the innermost branch it is made in
    /// (0 when in none): it runs on every trip of Loops[D] for D >= this.
    unsigned BranchDepth;
  };
  llvm::SmallVector<Ordering, 4> Orderings;
  /// Loops whose body a `break`, `continue` or `goto` may leave early.
  llvm::SmallPtrSet<const clang::Stmt *, 4> LeftEarly;
  llvm::SmallVector<PointerAccess, 16> Accesses;
  llvm::SmallPtrSet<const clang::ParmVarDecl *, 8> Used, Stored, Escaped;
  llvm::SmallPtrSet<const clang::Stmt *, 4> ThreadStrided, Fenced, Exchanging;
  llvm::DenseMap<const clang::ParmVarDecl *, unsigned> RefCount, ReadRefs;
  llvm::DenseMap<const clang::ValueDecl *, llvm::SmallVector<unsigned, 4>>
      Modifications;
};

} // namespace cudalint

#endif
