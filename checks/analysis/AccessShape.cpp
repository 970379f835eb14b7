//===--- AccessShape.cpp - what one thread's accesses cover ---------------===//

#include "AccessShape.h"
#include "CudaAST.h"
#include "CudaNames.h"
#include "SymExpr.h"
#include "TemplateStandIn.h"
#include "Warp.h"

#include "clang/AST/Attr.h"

#include <map>

using namespace clang;

namespace cudalint {

namespace {

// The record type \p Root points to (or is an array of).
const RecordDecl *recordElementOf(const ValueDecl *Root) {
  QualType T = Root->getType();
  if (T->isPointerType())
    T = T->getPointeeType();
  else if (const auto *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  else
    return nullptr;
  const RecordDecl *RD = T->getAsRecordDecl();
  return RD && RD->isCompleteDefinition() ? RD : nullptr;
}

// The constant part of \p A's offset within its record of \p Size bytes.
std::optional<uint64_t> offsetInRecord(const MemAccess &A, uint64_t Size) {
  Polynomial P = toPolynomial(A.Offset);
  auto It = P.Terms.find(std::vector<std::string>());
  int64_t C = It == P.Terms.end() ? 0 : It->second;
  // Every other term must move by whole records.
  for (const auto &[Mono, Coef] : P.Terms)
    if (!Mono.empty() && Coef % int64_t(Size) != 0)
      return std::nullopt;
  int64_t S = int64_t(Size);
  return uint64_t(((C % S) + S) % S);
}

// Bytes covered by the union of [start, start + width) intervals.
uint64_t unionBytes(const std::map<uint64_t, uint64_t> &Intervals) {
  uint64_t Bytes = 0, End = 0;
  for (auto [Start, Width] : Intervals) {
    uint64_t From = std::max(Start, End);
    if (Start + Width > From)
      Bytes += Start + Width - From;
    End = std::max(End, Start + Width);
  }
  return Bytes;
}

} // namespace

std::optional<RecordUse> recordUse(llvm::ArrayRef<const MemAccess *> Group,
                                   const ASTContext &Ctx) {
  if (Group.empty() || !Group.front()->Root)
    return std::nullopt;
  const RecordDecl *RD = recordElementOf(Group.front()->Root);
  if (!RD || RD->isInvalidDecl() || RD->isDependentType())
    return std::nullopt;
  uint64_t Size = Ctx.getTypeSizeInChars(Ctx.getRecordType(RD)).getQuantity();
  AffineForm F = affine(Group.front()->Offset);
  std::optional<int64_t> LaneStride = F.Coeff[0].constant();
  if (!Size || F.NonAffine || !LaneStride || uint64_t(*LaneStride) != Size)
    return std::nullopt;
  std::map<uint64_t, uint64_t> Intervals;
  for (const MemAccess *A : Group) {
    std::optional<uint64_t> Start = offsetInRecord(*A, Size);
    if (!Start || A->Width == 0 || *Start + A->Width > Size || A->Width >= Size)
      return std::nullopt;
    uint64_t &W = Intervals[*Start];
    W = std::max<uint64_t>(W, A->Width);
  }
  PrintingPolicy PP = Ctx.getPrintingPolicy();
  PP.SuppressTagKeyword = true;
  PP.SuppressScope = true;
  return RecordUse{RD, Ctx.getRecordType(RD).getAsString(PP), Size,
                   unionBytes(Intervals)};
}

bool stepsByWidth(const MemAccess &A, const Stmt *Loop) {
  Polynomial P = toPolynomial(A.Offset);
  for (const auto &[Mono, C] : P.Terms)
    if (Mono.size() == 1 && P.Leaves.at(Mono[0])->Kind == SymKind::LoopIter &&
        P.Leaves.at(Mono[0])->Id == Loop && C == int64_t(A.Width))
      return true;
  return false;
}

std::optional<ThreadChunk> threadChunk(const KernelModel &M,
                                       const MemAccess &A) {
  if (A.Loops.empty() || !A.Width)
    return std::nullopt;
  const Stmt *L = A.Loops.back();
  std::optional<int64_t> Trip = M.tripCount(L);
  if (!Trip || *Trip < 2)
    return std::nullopt;
  if (!stepsByWidth(A, L))
    return std::nullopt;
  return ThreadChunk{L, *Trip, *Trip * int64_t(A.Width)};
}

namespace {

// Follows the lanes one element at a time: threadIdx.x with coefficient 1.
bool followsLanesByOne(const SymRef &E) {
  AffineForm F = affine(E);
  std::optional<int64_t> C = F.Coeff[0].constant();
  return !F.NonAffine && C && *C == 1 && F.Coeff[1].isZero() &&
         F.Coeff[2].isZero();
}

// A lane-consecutive index wrapped at the end of a row: `i % n` with n a
// runtime value or a constant of at least a warp (a smaller constant, `tid %
// 8`, reorders the lanes of every warp), or `i >= n ? i - n : i`.
bool wrapsLaneIndex(const SymNode &N) {
  if (N.Kind == SymKind::Rem) {
    const SymNode &Mod = *N.Ops[1];
    if (Mod.threadDependent() ||
        (Mod.isConst() && Mod.Value < int64_t(WarpSize)))
      return false;
    return followsLanesByOne(N.Ops[0]);
  }
  return N.Kind == SymKind::Select && followsLanesByOne(N.Ops[1]) &&
         followsLanesByOne(N.Ops[2]);
}

// A stride the host passes: made of kernel parameters (and constants) only.
bool isRuntimeStride(const SymNode &N) {
  if (N.threadDependent() || N.isConst())
    return false;
  bool Param = false, Other = false;
  anyLeaf(N, [&](const SymNode &L) {
    Param |= L.Kind == SymKind::Uniform;
    Other |= L.Kind != SymKind::Uniform && L.Kind != SymKind::Const;
    return false;
  });
  return Param && !Other;
}

// Every non-constant term of \p Offset is scaled by a runtime stride.
bool scaledByRuntimeStrides(const SymRef &Offset) {
  Polynomial P = toPolynomial(Offset);
  for (const auto &[Mono, C] : P.Terms)
    if (!Mono.empty() && llvm::none_of(Mono, [&](const std::string &K) {
          return isRuntimeStride(*P.Leaves.at(K));
        }))
      return false;
  return true;
}

// \p E with each runtime stride of a wrapped lane index replaced by \p Unit.
SymRef strideOfWrapsAs(const SymRef &E, const SymRef &Unit) {
  if (E->isLeaf())
    return E;
  if (E->Kind == SymKind::Mul)
    for (unsigned I : {0u, 1u})
      if (wrapsLaneIndex(*E->Ops[I]) && isRuntimeStride(*E->Ops[1 - I]))
        return symOp(SymKind::Mul, E->Ops[I], Unit);
  llvm::SmallVector<SymRef, 3> Ops;
  bool Changed = false;
  for (const SymRef &O : E->Ops) {
    Ops.push_back(strideOfWrapsAs(O, Unit));
    Changed |= Ops.back() != O;
  }
  if (!Changed)
    return E;
  Ops.resize(3);
  return symOp(E->Kind, Ops[0], Ops[1], Ops[2]);
}

// A quotient of the thread's index (`i / n`), kept opaque by the polynomial
// view.
bool threadQuotient(const SymNode &L) {
  return (L.Kind == SymKind::Div || L.Kind == SymKind::Shr) &&
         L.threadDependent();
}

// The runtime stride of a coordinate the lanes follow one by one when that
// coordinate is the lowest digit of the flat thread index, spelled as a
// subtraction (`i0 = i - i1 * n0`, `i1 = i / n0`): in \p P, the only term
// of threadIdx.x is `threadIdx.x * s` (times the element size), and s also
// scales some quotient of the thread's index taken away. Null when \p P is not
// written so.
const SymNode *strideOfSubtractedDigit(const Polynomial &P) {
  const SymNode *Stride = nullptr;
  int64_t Scale = 0;
  for (const auto &[Mono, C] : P.Terms) {
    bool Lane = llvm::any_of(Mono, [&](const std::string &K) {
      const SymNode &L = *P.Leaves.at(K);
      return L.Kind == SymKind::ThreadIdx && L.Dim == 0;
    });
    if (!Lane)
      continue;
    if (Stride || Mono.size() != 2 || C <= 0)
      return nullptr;
    for (const std::string &K : Mono)
      if (const SymNode &L = *P.Leaves.at(K); L.Kind == SymKind::Uniform)
        Stride = &L;
    Scale = C;
  }
  if (!Stride || !isRuntimeStride(*Stride))
    return nullptr;
  // The digit's extent: a runtime value, or a constant of a warp or more
  // (`t % 8`, read as `t - (t / 8) * 8`, reorders the lanes of every warp).
  for (const auto &[Mono, C] : P.Terms)
    if (C < 0 && llvm::is_contained(Mono, Stride->key()) &&
        llvm::any_of(
            Mono,
            [&](const std::string &K) {
              return threadQuotient(*P.Leaves.at(K));
            }) &&
        (Mono.size() > 2 || -C >= Scale * int64_t(WarpSize)))
      return Stride;
  return nullptr;
}

// The size of what \p Root points to (1 for `void` and `char`).
int64_t pointeeBytes(const ValueDecl *Root, const ASTContext &Ctx) {
  QualType T = Root->getType();
  if (T->isPointerType())
    T = T->getPointeeType();
  else if (const auto *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  if (T->isVoidType() || T->isIncompleteType() || T->isDependentType() ||
      !T->isConstantSizeType())
    return 1;
  return std::max<int64_t>(1, Ctx.getTypeSizeInChars(T).getQuantity());
}

} // namespace

SymRef innermostStrideAsElement(const MemAccess &A, const ASTContext &Ctx) {
  if (!A.Root || !A.Width || !A.Offset->threadDependent() ||
      !scaledByRuntimeStrides(A.Offset))
    return nullptr;
  int64_t Pointee = pointeeBytes(A.Root, Ctx);
  int64_t Unit = A.Width % Pointee == 0 ? A.Width / Pointee : 1;
  SymRef Out = strideOfWrapsAs(A.Offset, symConst(Unit));
  if (Out != A.Offset)
    return Out;
  const SymNode *Digit = strideOfSubtractedDigit(toPolynomial(A.Offset));
  if (!Digit)
    return nullptr;
  return substitute(A.Offset, [&](const SymNode &L) -> SymRef {
    return L.key() == Digit->key() ? symConst(Unit) : nullptr;
  });
}

const SymNode *hostChosenLaneStride(const MemAccess &A) {
  AffineForm F = affine(A.Offset);
  const Polynomial &C = F.Coeff[0];
  if (C.Terms.size() != 1 || C.Terms.begin()->second <= 0 ||
      C.Terms.begin()->first.size() != 1 || !scaledByRuntimeStrides(A.Offset))
    return nullptr;
  const SymNode &S = *C.Leaves.at(C.Terms.begin()->first.front());
  return S.Kind == SymKind::Uniform && isRuntimeStride(S) ? &S : nullptr;
}

namespace {

// Bytes [Lo, Hi) one thread's access \p X covers over the loops with known
// trip counts it sits in, and the rest of its address (Base) that places
// the lane's run.
struct ThreadSpan {
  SymRef Base;
  int64_t Lo = 0, Hi = 0;
};

// With \p MovesInBase, a loop counter scaled by a runtime stride (a
// grid-stride loop's `i += gridDim.x * blockDim.x`) moves the whole run
// from one iteration to the next, as Base does, rather than walking it.
std::optional<ThreadSpan> threadSpan(const KernelModel &M, const MemAccess &X,
                                     bool MovesInBase = false) {
  Polynomial P = toPolynomial(X.Offset), Base;
  int64_t Const = 0, Down = 0, Up = 0;
  for (const auto &[Mono, C] : P.Terms) {
    if (Mono.empty()) {
      Const = C;
      continue;
    }
    bool Iter = llvm::any_of(Mono, [&](const std::string &K) {
      return P.Leaves.at(K)->Kind == SymKind::LoopIter;
    });
    if (!Iter || (MovesInBase && Mono.size() > 1)) {
      for (const std::string &K : Mono)
        Base.Leaves[K] = P.Leaves.at(K);
      Base.Terms[Mono] = C;
      continue;
    }
    if (Mono.size() != 1)
      return std::nullopt;
    std::optional<int64_t> Trip =
        M.tripCount(static_cast<const Stmt *>(P.Leaves.at(Mono[0])->Id));
    if (!Trip || *Trip < 1)
      return std::nullopt;
    (C > 0 ? Up : Down) += C * (*Trip - 1);
  }
  if (Base.isZero())
    return std::nullopt;
  return ThreadSpan{Base.toSym(), Const + Down, Const + Up + int64_t(X.Width)};
}

// The bytes one thread loads (or stores) of the record its lane starts at
// (see loadsOwnSmallRecord, storesBackToBackRuns): the span from the first
// byte to the last and how many of them it touches.
struct OwnRecordLoads {
  int64_t Lo = 0; ///< Where the span starts, from the base.
  int64_t Span = 0;
  int64_t UsedBytes = 0;
  /// The address is written for a tensor of runtime strides (see
  /// innermostStrideAsElement), so the lanes' distance is the host's.
  bool RuntimeStrides = false;
};

std::optional<OwnRecordLoads> ownRecordBytes(const KernelModel &M,
                                             const MemAccess &A, bool Loads) {
  std::optional<ThreadSpan> Own = threadSpan(M, A, /*MovesInBase=*/!Loads);
  if (!Own || !A.Offset->threadDependent())
    return std::nullopt;
  std::map<int64_t, int64_t> Intervals; // Start -> end.
  for (const MemAccess &O : M.accesses()) {
    if (O.Root != A.Root || O.Space != A.Space ||
        (Loads ? !O.IsLoad : !O.IsStore) || O.IsAtomic)
      continue;
    std::optional<ThreadSpan> S = threadSpan(M, O, /*MovesInBase=*/!Loads);
    if (!S || S->Base->key() != Own->Base->key())
      continue;
    int64_t &End = Intervals.try_emplace(S->Lo, S->Hi).first->second;
    End = std::max(End, S->Hi);
  }
  if (Intervals.empty())
    return std::nullopt;
  OwnRecordLoads R;
  int64_t Covered = Intervals.begin()->first;
  for (auto [Start, End] : Intervals) {
    R.UsedBytes += std::max<int64_t>(0, End - std::max(Start, Covered));
    Covered = std::max(Covered, End);
  }
  R.Lo = Intervals.begin()->first;
  R.Span = Covered - R.Lo;
  // The loops' counters walk the record, not the tensor.
  R.RuntimeStrides = scaledByRuntimeStrides(Own->Base);
  return R;
}

constexpr int64_t MinOwnRecordBytes = 16, MaxOwnRecordBytes = 40;

} // namespace

bool loadsOwnSmallRecord(const KernelModel &M,
                         llvm::ArrayRef<const MemAccess *> G,
                         const MemAccess &Rep) {
  if (llvm::any_of(G, [](const MemAccess *A) { return A->IsStore; }))
    return false; // Stores are not merged.
  std::optional<OwnRecordLoads> R = ownRecordBytes(M, Rep, /*Loads=*/true);
  if (!R || R->Span < MinOwnRecordBytes || R->Span > MaxOwnRecordBytes ||
      4 * R->UsedBytes < 3 * R->Span)
    return false;
  if (R->RuntimeStrides)
    return true; // The lanes are the host's stride apart: one record.
  AffineForm F = affine(Rep.Offset);
  std::optional<int64_t> Lane = F.Coeff[0].constant();
  return !F.NonAffine && Lane && *Lane > 0 && *Lane <= R->Span;
}

// Measured on an H200 (fixtures pair_store, quad_store): a thread storing
// its own 8- or 16-byte run with back-to-back scalar stores, the lanes'
// runs tiling memory, gained 1.00x and 1.01x from one vector store per
// lane: the warp's stores fill every sector they touch before L2 writes it
// back. Runs with gaps between lanes (nibble_runs, 1.19x; q4_0-style
// 2.15x) stay findings.
constexpr int64_t MaxBackToBackStoreRunBytes = 16;

// Whether the active lanes of the sampled warp start their runs one \p Run
// of bytes after another, as the launch lays the lanes out (with dim3(1, n)
// blocks a warp's lanes differ in threadIdx.y, whatever x's coefficient).
// A block narrower than a warp splits it into rows, each its own segment
// (16x16 blocks: two rows a pitch apart); each must tile whole sectors.
constexpr int64_t SectorBytes = 32;

bool lanesTileRuns(const MemAccess &Rep, int64_t Run, const WarpSampler &W) {
  unsigned Warp = W.warpOrder(0).front();
  std::optional<int64_t> Prev;
  unsigned PrevLane = 0;
  int64_t Segment = 0;
  bool Rows = false;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!W.active(Rep.Guards, 0, Warp, L))
      continue;
    std::optional<int64_t> At = W.value(*Rep.Offset, 0, Warp, L);
    if (!At)
      return false;
    if (!Prev || *At - *Prev == int64_t(L - PrevLane) * Run) {
      Segment += Prev ? int64_t(L - PrevLane) * Run : Run;
    } else {
      // A new segment only where the block's next row starts.
      bool RowStart = W.shape().X && L == PrevLane + 1 && L % *W.shape().X == 0;
      if (!RowStart || Segment % SectorBytes != 0)
        return false;
      Rows = true;
      Segment = Run;
    }
    Prev = At;
    PrevLane = L;
  }
  return Prev.has_value() && (!Rows || Segment % SectorBytes == 0);
}

// Whether load \p A reads only bytes of the run \p R its own lane stores
// (a read-modify-write of its own pixel): the sectors it fetches are those
// the warp's stores fill.
bool readsOwnStoredRun(const KernelModel &M, const MemAccess &A,
                       const MemAccess &Store, const OwnRecordLoads &R) {
  std::optional<ThreadSpan> Own = threadSpan(M, Store, /*MovesInBase=*/true),
                            Read = threadSpan(M, A, /*MovesInBase=*/true);
  return Own && Read && Read->Base->key() == Own->Base->key() &&
         Read->Lo >= R.Lo && Read->Hi <= R.Lo + R.Span;
}

bool storesBackToBackRuns(const KernelModel &M,
                          llvm::ArrayRef<const MemAccess *> G,
                          llvm::ArrayRef<WarpSampler> Samplers) {
  auto Store = llvm::find_if(G, [](const MemAccess *A) { return A->IsStore; });
  if (Samplers.empty() || Store == G.end() ||
      llvm::any_of(G, [](const MemAccess *A) { return A->IsAtomic; }))
    return false;
  const MemAccess &S = **Store;
  std::optional<OwnRecordLoads> R = ownRecordBytes(M, S, /*Loads=*/false);
  if (!R || R->RuntimeStrides || R->Span > MaxBackToBackStoreRunBytes ||
      R->UsedBytes != R->Span || R->Span <= int64_t(S.Width))
    return false;
  if (llvm::any_of(G, [&](const MemAccess *A) {
        return A->IsLoad && !readsOwnStoredRun(M, *A, S, *R);
      }))
    return false;
  return llvm::all_of(Samplers, [&](const WarpSampler &W) {
    return lanesTileRuns(S, R->Span, W);
  });
}

namespace {

constexpr unsigned MaxFewLanes = 8;

bool madeByFewLanes(const MemAccess &A, const WarpSampler &W) {
  for (unsigned S = 0; S < W.samples(); ++S) {
    unsigned Lanes = 0;
    for (unsigned Warp = 0; Warp < W.warps(S); ++Warp)
      for (unsigned L = 0; L < WarpSize; ++L)
        if (W.active(A.Guards, S, Warp, L) && ++Lanes > MaxFewLanes)
          return false;
  }
  return true;
}

} // namespace

bool madeOnceByFewLanes(llvm::ArrayRef<const MemAccess *> G,
                        llvm::ArrayRef<WarpSampler> Samplers) {
  return !Samplers.empty() && llvm::all_of(G, [&](const MemAccess *A) {
    return A->Loops.empty() &&
           llvm::any_of(
               A->Guards,
               [](const Guard &X) { return X.Cond->threadDependent(); }) &&
           llvm::all_of(Samplers, [&](const WarpSampler &W) {
             return madeByFewLanes(*A, W);
           });
  });
}

namespace {

// Whether \p S holds a barrier (`__syncthreads()`, `__syncwarp()`, a
// group's sync): shared accesses are not moved across one.
static bool holdsBarrier(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S); CE && cudaBarrier(CE))
    return true;
  return llvm::any_of(S->children(), holdsBarrier);
}

// The widest vector (16 or 8 bytes) a thread's run of scalar elements in
// shared memory divides into; 0 when none.
unsigned vectorWidthOfRun(const KernelModel &M, const MemAccess &A,
                          std::optional<ThreadChunk> &Chunk) {
  if (A.Space != MemSpace::Shared || A.IsAtomic || A.Width == 0 ||
      A.Width > 8 || A.ViaIntrinsic || A.Type.isNull() ||
      !A.Type.getCanonicalType()->isBuiltinType())
    return 0;
  Chunk = threadChunk(M, A);
  // A run the compiler can fetch ahead as one vector: no barrier between
  // its elements, and the same elements whatever the trip.
  if (!Chunk || holdsBarrier(Chunk->Loop) ||
      guardReadsIteration(A, Chunk->Loop))
    return 0;
  for (unsigned Bytes : {16u, 8u})
    if (Bytes > A.Width && Chunk->Bytes % Bytes == 0)
      return Bytes;
  return 0;
}

// The size in bytes of the shared variable \p V, or nullopt.
std::optional<int64_t> sharedBytes(const VarDecl *V, const TemplateStandIn *S,
                                   const ASTContext &Ctx) {
  QualType T = concreteType(V->getType(), S, Ctx);
  if (T.isNull() || T->isIncompleteType() || !T->isConstantSizeType())
    return std::nullopt;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

// The alignment \p V is declared with (its type's, or an `alignas` /
// `__align__` above it); 0 when a template's pattern leaves it unknown.
unsigned declaredAlignment(const VarDecl *V, const TemplateStandIn *S,
                           const ASTContext &Ctx) {
  if (!V->getType()->isDependentType() && !V->hasDependentAlignment())
    return Ctx.getDeclAlign(V).getQuantity();
  QualType T = concreteType(V->getType(), S, Ctx);
  if (T.isNull() || T->isIncompleteType())
    return 0;
  unsigned Align = Ctx.getTypeAlignInChars(T).getQuantity();
  for (const AlignedAttr *A : V->specific_attrs<AlignedAttr>()) {
    if (A->isAlignmentDependent())
      return 0;
    Align = std::max(Align, A->getAlignment(const_cast<ASTContext &>(Ctx)) / 8);
  }
  return Align;
}

// The alignment the compiler can rely on for the start of \p V: dynamic
// shared memory starts 16-byte aligned; a static array is laid out after
// the shared variables declared before it in its scope, each at its own
// alignment, so it starts 16-byte aligned when they leave it there.
unsigned placedAlignment(const VarDecl *V, const TemplateStandIn *S,
                         const ASTContext &Ctx) {
  unsigned Declared = declaredAlignment(V, S, Ctx);
  if (!Declared)
    return 0;
  if (V->hasExternalStorage())
    return std::max(Declared, 16u);
  int64_t Offset = 0;
  for (const Decl *D : V->getDeclContext()->decls()) {
    const auto *Other = dyn_cast<VarDecl>(D);
    if (!Other || !Other->hasAttr<CUDASharedAttr>() ||
        Other->hasExternalStorage())
      continue;
    unsigned Align = declaredAlignment(Other, S, Ctx);
    if (!Align)
      return Declared;
    Offset = (Offset + Align - 1) / Align * Align;
    if (Other == V)
      break;
    std::optional<int64_t> Bytes = sharedBytes(Other, S, Ctx);
    if (!Bytes)
      return Declared;
    Offset += *Bytes;
  }
  unsigned Placed = 16;
  while (Placed > Declared && Offset % Placed != 0)
    Placed /= 2;
  return std::max(Placed, Declared);
}

} // namespace

std::optional<VectorIssue> vectorIssue(const KernelModel &M, const MemAccess &A,
                                       const ASTContext &Ctx) {
  const auto *V = dyn_cast_or_null<VarDecl>(A.Root);
  std::optional<ThreadChunk> Chunk;
  unsigned Bytes = V ? vectorWidthOfRun(M, A, Chunk) : 0;
  if (!Bytes)
    return std::nullopt;
  unsigned Align = placedAlignment(V, M.standIn(), Ctx);
  while (Bytes > A.Width && Bytes > Align)
    Bytes /= 2;
  if (Bytes <= A.Width)
    return std::nullopt;
  return VectorIssue{Chunk->Loop, Bytes, Chunk->Bytes};
}

bool guardReadsIteration(const MemAccess &A, const Stmt *Loop) {
  return llvm::any_of(A.Guards, [&](const Guard &G) {
    return G.Cond->threadDependent() && readsLoopIteration(*G.Cond, Loop);
  });
}

bool contiguousInX(const MemAccess &A) {
  AffineForm AF = affine(A.Offset);
  if (auto C = AF.Coeff[0].constant())
    if (*C == A.Width && !AF.NonAffine)
      return true;
  return false;
}

bool usesSharedMemory(const KernelModel &M) {
  return llvm::any_of(M.accesses(), [](const MemAccess &A) {
    return A.Space == MemSpace::Shared;
  });
}

bool insideLibrary(const MemAccess &A) {
  for (const CallExpr *Call : A.CallStack)
    if (declaredInLibrary(Call->getCalleeDecl()))
      return true;
  QualType T = A.Type;
  while (const ArrayType *AT = T.isNull() ? nullptr : T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  if (!T.isNull())
    if (const TagDecl *TD = T->getAsTagDecl())
      return declaredInLibrary(TD);
  return false;
}

namespace {

// A quotient of the thread's index (`i / n0`), or a digit above the lowest
// (`(i / n3) % n2`): it changes slower than the lane. The lowest digit (`i %
// k`) is the lane's own.
bool slowPartOfThreadIndex(const SymNode &L) {
  return threadQuotient(L) || (L.Kind == SymKind::Rem && !L.Ops.empty() &&
                               threadQuotient(*L.Ops[0]));
}

} // namespace

const SymNode *contiguousIndex(const MemAccess &A) {
  Polynomial P = toPolynomial(A.Offset);
  int64_t W = A.Width;
  for (const auto &[Mono, C] : P.Terms) {
    if (Mono.size() != 1 || !W || (C != W && C != -W))
      continue;
    const SymNode &L = *P.Leaves.at(Mono[0]);
    if ((L.Kind == SymKind::ThreadIdx && L.Dim > 0) ||
        L.Kind == SymKind::BlockIdx || slowPartOfThreadIndex(L))
      return &L;
  }
  return nullptr;
}

const MemAccess *laneConsecutiveOtherwise(
    const KernelModel &M, llvm::ArrayRef<const MemAccess *> Group,
    const SymNode &Index, llvm::ArrayRef<WarpSampler> Samplers) {
  for (const MemAccess &O : M.accesses()) {
    if (llvm::is_contained(Group, &O) || O.Space != MemSpace::Global ||
        O.IsAtomic || !O.Offset || !O.Offset->threadDependent())
      continue;
    if (const SymNode *Own = contiguousIndex(O);
        Own && Own->key() == Index.key())
      continue;
    bool Coalesced =
        !Samplers.empty() && llvm::all_of(Samplers, [&](const WarpSampler &W) {
          std::optional<SectorCost> C = sectorCost({&O}, W);
          return C && C->ratio() < 2;
        });
    if (Coalesced)
      return &O;
  }
  return nullptr;
}

} // namespace cudalint
