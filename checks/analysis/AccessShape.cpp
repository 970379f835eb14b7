//===--- AccessShape.cpp - what one thread's accesses cover ---------------===//

#include "AccessShape.h"
#include "CudaAST.h"
#include "SymExpr.h"

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
