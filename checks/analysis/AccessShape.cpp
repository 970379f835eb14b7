//===--- AccessShape.cpp - what one thread's accesses cover ---------------===//

#include "AccessShape.h"
#include "CudaAST.h"
#include "SymExpr.h"
#include "TemplateStandIn.h"

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

// The widest vector (16 or 8 bytes) a thread's run of scalar elements in
// shared memory divides into; 0 when none.
unsigned vectorWidthOfRun(const KernelModel &M, const MemAccess &A,
                          std::optional<ThreadChunk> &Chunk) {
  if (A.Space != MemSpace::Shared || A.IsAtomic || A.Width == 0 ||
      A.Width > 8 || A.ViaIntrinsic || A.Type.isNull() ||
      !A.Type.getCanonicalType()->isBuiltinType())
    return 0;
  Chunk = threadChunk(M, A);
  if (!Chunk)
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

} // namespace cudalint
