//===--- KernelModel.h - what a kernel computes, per thread ---------------===//
//
// One walk over a kernel body (and the `__device__` helpers it calls, inlined
// with their arguments) that follows integer values symbolically (see
// SymExpr.h) and records:
//   * every load and store to memory whose address we can name (a pointer
//     parameter, a `__shared__`, `__device__` or `__constant__` array, a
//     local array), as a byte offset from that root;
//   * every branch condition, with the conditions guarding it;
//   * every use of threadIdx/blockIdx/blockDim/gridDim.
//
// Values are followed through locals (reassignment, compound assignment; a
// value assigned on several paths becomes an opaque symbol, uniform only
// when every path and the branch that chose it are), casts, `dim3` members,
// cooperative groups' thread_rank()/thread_index(), and loops: a variable
// stepped by a loop-invariant amount (`i += blockDim.x * gridDim.x`) becomes
// `init + k * step`, where `k` is the loop's iteration counter, which is
// the same for every lane of a warp.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_KERNELMODEL_H
#define CUDALINT_ANALYSIS_KERNELMODEL_H

#include "KernelView.h"
#include "SymExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace cudalint {

enum class MemSpace { Global, Shared, Constant, Local, Unknown };

/// The code runs only in lanes where `Cond` evaluates to `Taken`.
struct Guard {
  SymRef Cond;
  bool Taken;
  /// The `if`, loop, `switch`, `?:` or `&&`/`||` the condition belongs to.
  const clang::Stmt *Where = nullptr;
  /// The code runs there because the other lanes left early (`if (i >= n)
  /// return;` before it), not because it is inside the branch.
  bool Exit = false;
};

/// A local variable that carries thread-dependence into an address.
struct VarOrigin {
  const clang::VarDecl *Var;
  clang::SourceLocation Loc; ///< Where its current value was defined.
  SymRef Value;              ///< That value.
};

/// One load or store.
struct MemAccess {
  const clang::Expr *E;         ///< The lvalue accessed (`A[i]`, `p->x`).
  const clang::ValueDecl *Root; ///< The parameter or array it is inside.
  MemSpace Space = MemSpace::Unknown;
  SymRef Offset;        ///< Byte offset from the root.
  unsigned Width = 0;   ///< Bytes accessed by one thread.
  clang::QualType Type; ///< The type accessed.
  bool IsLoad = false, IsStore = false;
  /// Through an intrinsic (`__ldg`, `__stcs`, ...) rather than a subscript.
  bool ViaIntrinsic = false;
  /// Part of an atomic read-modify-write.
  bool IsAtomic = false;
  llvm::SmallVector<const clang::Stmt *, 2> Loops; ///< Outermost first.
  llvm::SmallVector<Guard, 2> Guards;
  /// The calls through which this access was inlined, outermost first.
  llvm::SmallVector<const clang::CallExpr *, 1> CallStack;
  /// Thread-dependent local variables the address expression reads.
  llvm::SmallVector<VarOrigin, 2> ThreadVars;
};

/// A branch: `if`, `?:`, `switch`, a loop condition.
struct BranchCondition {
  const clang::Stmt *S;
  const clang::Expr *Cond;
  SymRef Value;
  llvm::SmallVector<const clang::Stmt *, 2> Loops;
  llvm::SmallVector<Guard, 2> Guards;
  llvm::SmallVector<const clang::CallExpr *, 1> CallStack;
};

/// Which threads a barrier waits for.
enum class SyncScope {
  Block, ///< `__syncthreads()` and its variants, `this_thread_block().sync()`
  Grid,  ///< `this_grid().sync()`: every thread of every block
  Warp,  ///< `__syncwarp()` with the full mask, a 32-thread tile's `sync()`
};

/// A barrier: every thread of its scope must reach it.
struct SyncPoint {
  const clang::CallExpr *E;
  SyncScope Scope;
  llvm::SmallVector<const clang::Stmt *, 2> Loops;
  llvm::SmallVector<Guard, 2> Guards;
  llvm::SmallVector<const clang::CallExpr *, 1> CallStack;
};

/// Where in the kernel's own body \p E, inlined through \p CallStack
/// (outermost first), is: \p E itself, or the outermost call.
inline const clang::Expr *
siteInKernel(const clang::Expr *E,
             llvm::ArrayRef<const clang::CallExpr *> CallStack) {
  return CallStack.empty() ? E : CallStack.front();
}

/// A use of threadIdx/blockIdx/blockDim/gridDim.
struct BuiltinUse {
  const clang::Expr *E;            ///< The `threadIdx.x` expression.
  clang::SourceLocation MemberLoc; ///< Where `x` is spelled.
  SymKind Kind;
  unsigned Dim;
  /// The local variable whose initializer this use is in, if any.
  const clang::VarDecl *InitOf = nullptr;
  bool Inlined = false; ///< Inside an inlined helper.
};

/// A local variable of integer type and what happened to it.
struct LocalVar {
  const clang::VarDecl *Var;
  SymRef Init;              ///< The value of its initializer (may be null).
  unsigned Assignments = 0; ///< Writes after the declaration.
  bool AddressTaken = false;
};

class KernelModel {
public:
  /// Builds the model of a kernel (a definition that is not a template
  /// pattern, or a pattern read through its view's stand-in). Clients ask
  /// the TranslationUnitAnalysis, which keeps one per view.
  explicit KernelModel(const KernelView &View);

  const clang::FunctionDecl &kernel() const { return Kernel; }
  /// The stand-in the pattern was read through, or null.
  const TemplateStandIn *standIn() const { return StandIn; }
  KernelView view() const { return {Kernel, StandIn}; }
  llvm::ArrayRef<MemAccess> accesses() const { return Accesses; }
  llvm::ArrayRef<BranchCondition> conditions() const { return Conditions; }
  llvm::ArrayRef<BuiltinUse> builtinUses() const { return Builtins; }
  llvm::ArrayRef<SyncPoint> syncs() const { return Syncs; }
  const LocalVar *local(const clang::VarDecl *V) const;
  /// The last value computed for an integer expression, or null when the
  /// walk did not evaluate it.
  SymRef valueOf(const clang::Expr *E) const { return Values.lookup(E); }
  /// The trip count of a loop when it is a constant (`i = 0; i < 8; ++i`).
  std::optional<int64_t> tripCount(const clang::Stmt *Loop) const {
    auto It = TripCounts.find(Loop);
    if (It == TripCounts.end())
      return std::nullopt;
    return It->second;
  }
  /// The most trips a loop can run, when a constant caps them: its constant
  /// trip count, or a conjunct of its condition (`k < 8 && nbr[k] >= 0`).
  /// A `break` may end it sooner.
  std::optional<int64_t> tripCap(const clang::Stmt *Loop) const {
    auto It = TripCaps.find(Loop);
    if (It == TripCaps.end())
      return std::nullopt;
    return It->second;
  }
  /// The condition of a `for` or `while` loop with the values its
  /// variables hold when the loop is entered (`0 < len[i]` for `for (j = 0;
  /// j < len[i]; ++j)`), or null when not known: whether the lanes of a
  /// warp may disagree on the trip count before the loop changes anything.
  SymRef entryCondition(const clang::Stmt *Loop) const {
    return EntryConditions.lookup(Loop);
  }
  /// True if some part of the body could not be followed (inline assembly,
  /// a helper called too deep, ...): accesses there are missing.
  bool incomplete() const { return Incomplete; }
  /// True when the kernel (with the helpers it calls) reads only the x of
  /// threadIdx and blockDim: it is written for one-dimensional blocks.
  bool oneDimensional() const { return !MultiDim; }

private:
  friend class ModelBuilder;
  const clang::FunctionDecl &Kernel;
  const TemplateStandIn *StandIn;
  std::vector<MemAccess> Accesses;
  std::vector<BranchCondition> Conditions;
  std::vector<BuiltinUse> Builtins;
  std::vector<SyncPoint> Syncs;
  std::vector<LocalVar> Locals;
  llvm::DenseMap<const clang::VarDecl *, unsigned> LocalIndex;
  llvm::DenseMap<const clang::Expr *, SymRef> Values;
  llvm::DenseMap<const clang::Stmt *, int64_t> TripCounts;
  llvm::DenseMap<const clang::Stmt *, int64_t> TripCaps;
  llvm::DenseMap<const clang::Stmt *, SymRef> EntryConditions;
  /// The root of each pointer field of each by-value record argument
  /// (`A.data` and `B.data` of `Matrix A, Matrix B` are two arrays): a
  /// field declaration named after both, made once and not added to its
  /// record, so that accesses and messages tell the arguments apart.
  std::map<std::pair<const void *, const clang::FieldDecl *>,
           const clang::FieldDecl *>
      ArgumentFields;
  bool Incomplete = false;
  bool MultiDim = false;
};

/// True for the leaf that stands for `g.thread_rank()` of a coalesced group
/// (`cooperative_groups::coalesced_threads()`): unknown per lane, but exactly
/// one active lane of each warp has rank 0.
bool isCoalescedRank(const SymNode &Leaf);

/// The memory space a declaration lives in (its CUDA attribute).
MemSpace memSpaceOf(const clang::ValueDecl *D);

} // namespace cudalint

#endif
