//===--- CudaNames.h - the CUDA functions every check recognises ----------===//
//
// One table of the CUDA names the kernel model and the checks ask about:
// atomics (what they do, for which threads they are atomic, which operand
// names the word), barriers and fences (which threads they wait for), and
// the warp's vote, shuffle, reduce and match intrinsics.
//
// A call is recognised by its callee's declaration, never by its spelling
// alone: a builtin or a function declared in a system header (CUDA's headers,
// clang's CUDA wrappers, a test's mock `cuda.h`), a member of libcu++'s
// atomic types in namespace `cuda`, or a member of cooperative groups. A
// helper of the user's named `atomic_mul` or `sync` is the user's code, which
// the model inlines like any other.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_CUDANAMES_H
#define CUDALINT_ANALYSIS_CUDANAMES_H

#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint {

/// True when \p FD is CUDA's own: a builtin, or first declared in a system
/// header, not a function of the user's that shares a name with one.
bool declaredByCuda(const clang::FunctionDecl *FD);

/// The name of the CUDA function \p CE calls: its callee's when CUDA
/// declares it; in a template's pattern, the name an unresolved call looks
/// up when the lookup found one of CUDA's declarations (`atomicAdd(sum, x)`
/// on a `T *`). Empty for anything else, whatever its name.
llvm::StringRef cudaCalleeName(const clang::CallExpr *CE);

/// A call into the device runtime that takes microseconds, the time of
/// thousands of memory accesses: a kernel launched from the device, a call
/// of the device heap (`cudaMalloc`, `cudaFree`, `malloc`, `free`), a wait
/// for launched work (`cudaDeviceSynchronize`), a device-side copy.
bool isDeviceRuntimeCall(const clang::CallExpr *CE);

//===--- Atomics ----------------------------------------------------------===//

/// What an atomic does to its word.
enum class AtomicKind {
  Add,   ///< `atomicAdd`, `fetch_add`, `+=`, `++`
  Sub,   ///< `atomicSub`, `fetch_sub`, `-=`, `--`
  Min,   ///< `atomicMin`, `fetch_min`
  Max,   ///< `atomicMax`, `fetch_max`
  Inc,   ///< `atomicInc`: wraps to 0 past its bound
  Dec,   ///< `atomicDec`: wraps to its bound below 0
  And,   ///< `atomicAnd`, `fetch_and`, `&=`
  Or,    ///< `atomicOr`, `fetch_or`, `|=`
  Xor,   ///< `atomicXor`, `fetch_xor`, `^=`
  Exch,  ///< `atomicExch`, `exchange`
  CAS,   ///< `atomicCAS`, `compare_exchange_weak/_strong`
  Load,  ///< libcu++'s `load()`
  Store, ///< libcu++'s `store()`
};

/// The threads an atomic is atomic for: the `_block` and `_system` variants
/// of CUDA's functions, libcu++'s `thread_scope` (system by default).
enum class AtomicScope { Thread, Block, Device, System };

/// A call of one of CUDA's atomics, or of a member of libcu++'s
/// `cuda::atomic_ref<T>`, `cuda::atomic<T>` and their `cuda::std::` forms.
///
/// Its memory space is decided by its address operand, not its name
/// (`atomicAdd_block` is a scope, not a space): the kernel model follows
/// `Address` to the word it points to or refers to (a `__shared__` array, a
/// kernel's pointer parameter, ...), and records the update as an atomic
/// access there (MemAccess::IsAtomic, MemAccess::Space).
struct AtomicCall {
  AtomicKind Kind;
  AtomicScope Scope = AtomicScope::Device;
  /// A member or operator of libcu++'s atomic types.
  bool Libcuxx = false;
  /// With Libcuxx: the object is a `cuda::atomic_ref`, which refers to a
  /// word elsewhere, rather than the atomic object itself.
  bool ThroughRef = false;
  /// The pointer argument of `atomicXxx(p, ...)`; with Libcuxx, the atomic
  /// object or reference as written (`ref`, `*counter`, `c` of `c->..`).
  const clang::Expr *Address = nullptr;
  /// The first argument after the address: `atomicCAS(p, compare, val)` has
  /// 1, `ref.compare_exchange_strong(expected, desired)` 0, `ref += v` 1.
  unsigned FirstOperand = 1;
  /// The value type of libcu++'s atomic (null for CUDA's functions, whose
  /// value type is their pointer argument's pointee).
  clang::QualType LibcuxxValue;
  /// The callee as spelled in a message: `atomicMax_block`, `fetch_add`,
  /// `operator+=`.
  std::string Callee;
};

/// The atomic \p CE performs, or nullopt.
std::optional<AtomicCall> cudaAtomic(const clang::CallExpr *CE);

/// True for the kinds that read, modify and write their word (every kind
/// but Load and Store): what the kernel model records as an atomic access.
bool readsModifiesWrites(AtomicKind K);

/// The value type of libcu++'s `cuda::atomic_ref<T>`, `cuda::atomic<T>`,
/// `cuda::std::atomic_ref<T>` or `cuda::std::atomic<T>` (in any inline
/// namespace) that \p T is, with whether it is a reference; null for any
/// other type.
const clang::TemplateArgument *libcuxxAtomicValue(clang::QualType T,
                                                  bool &IsRef);

//===--- Loads and stores with a cache operator ---------------------------===//

/// What one of CUDA's cache-operator intrinsics does through its pointer.
enum class CachedAccessKind {
  Load, ///< `__ldg`, `__ldcg`, `__ldca`, `__ldcs`, `__ldlu`, `__ldcv`
  Store ///< `__stwb`, `__stcg`, `__stcs`, `__stwt`
};

/// The access \p CE makes through its first (pointer) argument when it is
/// one of CUDA's load or store intrinsics with a cache operator; nullopt for
/// anything else, a user's `__ldg` of their own included.
std::optional<CachedAccessKind> cudaCachedAccess(const clang::CallExpr *CE);

/// A texture fetch or a surface read (`tex2D`, `tex1Dfetch`,
/// `tex2DLayered`, `surf2Dread`, ...), of an object or of a reference.
bool isTextureFetch(const clang::CallExpr *CE);

//===--- Barriers and fences ----------------------------------------------===//

/// A call after which the thread does not go on: `__trap()`, a failed
/// assert (`__assert_fail`, CUDA's `__assertfail`), or any callee declared
/// `noreturn` (`exit`, `abort`).
bool stopsThread(const clang::CallExpr *CE);

/// A cooperative group's class, from its type.
struct CooperativeGroup {
  /// `thread_block`, `grid_group`, `thread_block_tile`, `coalesced_group`,
  /// `cluster_group`, or a base class of the headers (a static `sync()` of
  /// `__static_size_thread_block_tile_base<32>`); empty for another type.
  llvm::StringRef Class;
  unsigned TileSize = 0; ///< The N of `thread_block_tile<N>` and its bases.
};

/// The cooperative group that \p T (a group, a reference or a pointer to
/// one) is.
CooperativeGroup cooperativeGroupOf(clang::QualType T);

/// What a barrier waits for.
enum class BarrierKind {
  /// `__syncthreads()`, and `__syncthreads_count/_and/_or`, which also
  /// vote: every thread of the block.
  Block,
  /// `__barrier_sync(id)`, `__barrier_sync_count(id, n)`: `bar.sync` on
  /// named barrier `id`, for `n` threads or the whole block.
  NamedBlock,
  /// `__syncwarp(mask)`: the lanes of its mask.
  Warp,
  /// A cooperative group's `sync()`: `block.sync()`, `grid.sync()`,
  /// `cooperative_groups::sync(tile)`; the group says which threads.
  Group,
  /// `arrive_and_wait()` of libcu++'s `cuda::barrier` or
  /// `cuda::std::barrier`: the threads the barrier was initialised for.
  LibcuxxBarrier,
};

struct BarrierCall {
  BarrierKind Kind;
  /// `__syncthreads_count/_and/_or`: every thread gets the block's answer.
  bool Votes = false;
  /// `__syncwarp`'s mask; null when there is none (all 32 lanes).
  const clang::Expr *Mask = nullptr;
  /// `__barrier_sync_count`'s thread count; null for `__barrier_sync`.
  const clang::Expr *ThreadCount = nullptr;
  /// With Group: the group whose threads meet.
  CooperativeGroup Group;
};

/// The barrier \p CE is, or nullopt.
std::optional<BarrierCall> cudaBarrier(const clang::CallExpr *CE);

/// `__threadfence()`, `__threadfence_block()`, `__threadfence_system()`:
/// orders this thread's memory accesses without waiting for anyone.
bool isMemoryFence(const clang::CallExpr *CE);

/// A barrier or a fence: no access is moved across it.
bool ordersMemory(const clang::CallExpr *CE);

//===--- Warp intrinsics --------------------------------------------------===//

/// The warp-wide intrinsics: a lane's result depends on other lanes.
enum class WarpIntrinsicKind {
  Shuffle,     ///< `__shfl_sync(mask, v, src)`: lane `src`'s `v`
  ShuffleUp,   ///< `__shfl_up_sync`
  ShuffleDown, ///< `__shfl_down_sync`
  ShuffleXor,  ///< `__shfl_xor_sync`
  Ballot,      ///< `__ballot_sync`: the lanes' predicates as a bit mask
  Any,         ///< `__any_sync`
  All,         ///< `__all_sync`
  Uni,         ///< `__uni_sync`
  ActiveMask,  ///< `__activemask()`: the lanes running this instruction
  Reduce,      ///< `__reduce_{add,min,max,and,or,xor}_sync`
  MatchAny,    ///< `__match_any_sync`
  MatchAll,    ///< `__match_all_sync`
};

struct WarpIntrinsic {
  WarpIntrinsicKind Kind;
  /// The `_sync` forms: the first argument is the mask of the lanes taking
  /// part, and the lane's value follows it. The pre-CUDA 9 forms (`__shfl`,
  /// `__ballot`, `__any`, `__all`) have none.
  bool TakesMask = false;
  /// A member of a cooperative group (`tile.shfl_down(v, 1)`,
  /// `tile.ballot(p)`) rather than a free intrinsic.
  bool GroupMember = false;
};

/// The shuffles: a lane gets another lane's value.
bool isShuffle(WarpIntrinsicKind K);

/// The votes and reductions (`__ballot_sync`, `__all_sync`,
/// `__reduce_add_sync`, `__match_all_sync`): every lane of the mask gets the
/// same result.
bool givesEveryLaneOneResult(WarpIntrinsicKind K);

/// The warp intrinsic \p CE calls, or nullopt.
std::optional<WarpIntrinsic> cudaWarpIntrinsic(const clang::CallExpr *CE);

} // namespace cudalint

#endif
