//===--- AtomicHotspotClassify.cpp - which atomics are hotspots -----------===//

#include "AtomicHotspotClassify.h"
#include "analysis/CudaAST.h"
#include "analysis/ModifiedVars.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace cudalint {

bool mentions(const Stmt *S, StringRef Name) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (DRE->getDecl()->getIdentifier() && DRE->getDecl()->getName() == Name)
      return true;
  for (const Stmt *C : S->children())
    if (mentions(C, Name))
      return true;
  return false;
}

bool isSum(const AtomicCall &Op) {
  return Op.Kind == AtomicKind::Add || Op.Kind == AtomicKind::Sub;
}

namespace {

// Lanes of a warp that must aim at one address before it is a hotspot.
constexpr unsigned MinContenders = 8;
// Largest bin count reported as a privatizable histogram.
constexpr int64_t MaxBins = 4096;

bool isFloatLike(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isFloatingType())
    return true;
  if (const auto *RD = T->getAsRecordDecl())
    if (RD->getIdentifier()) {
      StringRef N = RD->getName();
      return N == "__half" || N == "__half2" || N == "__nv_bfloat16" ||
             N == "__nv_bfloat162";
    }
  return false;
}

using Range = std::pair<int64_t, int64_t>;

// The values a narrow integer type (16 bits or fewer) can hold.
std::optional<Range> narrowTypeRange(QualType T, const ASTContext &Ctx) {
  if (!T->isIntegerType() || T->isBooleanType())
    return std::nullopt;
  uint64_t Bits = Ctx.getTypeSize(T);
  if (Bits > 16)
    return std::nullopt;
  if (T->isUnsignedIntegerType())
    return std::make_pair(int64_t(0), (int64_t(1) << Bits) - 1);
  return std::make_pair(-(int64_t(1) << (Bits - 1)),
                        (int64_t(1) << (Bits - 1)) - 1);
}

std::optional<Range> rangeOf(const Expr *E, const KernelModel &M,
                             const ASTContext &Ctx, unsigned Depth = 0);

// The range of `v & 15`, `v % NBINS`, `v >> 4`, `v / 16`, `v + 1`.
std::optional<Range> binaryRange(const BinaryOperator *BO, const KernelModel &M,
                                 const ASTContext &Ctx, unsigned Depth) {
  std::optional<int64_t> R = integerConstant(BO->getRHS(), Ctx);
  auto L = rangeOf(BO->getLHS(), M, Ctx, Depth + 1);
  switch (BO->getOpcode()) {
  case BO_And:
    if (R && *R >= 0)
      return std::make_pair(int64_t(0), *R);
    if (std::optional<int64_t> LV = integerConstant(BO->getLHS(), Ctx))
      if (*LV >= 0)
        return std::make_pair(int64_t(0), *LV);
    return std::nullopt;
  case BO_Rem:
    if (R && *R > 0)
      return std::make_pair(int64_t(0), *R - 1);
    return std::nullopt;
  case BO_Shr:
    if (R && L && *R >= 0 && *R < 62 && L->first >= 0)
      return std::make_pair(L->first >> *R, L->second >> *R);
    return std::nullopt;
  case BO_Div:
    if (R && L && *R > 0 && L->first >= 0)
      return std::make_pair(L->first / *R, L->second / *R);
    return std::nullopt;
  case BO_Add:
  case BO_Sub:
    if (R && L)
      return BO->getOpcode() == BO_Add
                 ? std::make_pair(L->first + *R, L->second + *R)
                 : std::make_pair(L->first - *R, L->second - *R);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

// The values an integer index can take, as [Lo, Hi], from its shape: a mask
// `v & 15`, a remainder `v % NBINS`, a narrow unsigned type, a shift.
std::optional<Range> rangeOf(const Expr *E, const KernelModel &M,
                             const ASTContext &Ctx, unsigned Depth) {
  if (Depth > 6)
    return std::nullopt;
  E = E->IgnoreParens();
  if (std::optional<int64_t> V = integerConstant(E, Ctx))
    return std::make_pair(*V, *V);
  QualType T = E->getType().getCanonicalType();
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    auto Inner = rangeOf(CE->getSubExpr(), M, Ctx, Depth + 1);
    auto Narrow = narrowTypeRange(T, Ctx);
    if (Narrow && (!Inner || Inner->second - Inner->first >
                                 Narrow->second - Narrow->first))
      return Narrow;
    return Inner;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return binaryRange(BO, M, Ctx, Depth);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      const LocalVar *L = M.local(V);
      if (L && L->Assignments == 0 && !L->AddressTaken && V->getInit())
        if (auto R = rangeOf(V->getInit(), M, Ctx, Depth + 1))
          return R;
    }
  }
  return narrowTypeRange(T, Ctx);
}

// The index of `&hist[i]`, `hist + i`.
const Expr *indexOf(const Expr *Ptr) {
  Ptr = Ptr->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Ptr))
    if (UO->getOpcode() == UO_AddrOf)
      if (const auto *AS =
              dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
        return AS->getIdx();
  if (const auto *BO = dyn_cast<BinaryOperator>(Ptr))
    if (BO->getOpcode() == BO_Add)
      return BO->getLHS()->getType()->isPointerType() ? BO->getRHS()
                                                      : BO->getLHS();
  return nullptr;
}

// The number of bins of a histogram update: an index computed from data
// into at most MaxBins addresses, by the index's type and shape, else by its
// symbolic range, else by the array's size (declared, or the buffer the
// host passes, \p BufferElements).
std::optional<int64_t> histogramBins(const MemAccess &A,
                                     const AddressSharing &Sharing,
                                     const KernelModel &M,
                                     const ASTContext &Ctx,
                                     std::optional<int64_t> BufferElements) {
  if (!A.Offset->hasVarying())
    return std::nullopt;
  std::optional<int64_t> Bins;
  const auto *CE = cast<CallExpr>(A.E);
  if (!isa_and_nonnull<CXXMethodDecl>(CE->getDirectCallee()) &&
      CE->getNumArgs() > 0)
    if (const Expr *Idx = indexOf(CE->getArg(0)))
      if (auto R = rangeOf(Idx, M, Ctx))
        if (R->first >= 0)
          Bins = R->second + 1;
  if (!Bins)
    Bins = Sharing.Elements;
  if (!Bins)
    if (const auto *V = dyn_cast_or_null<VarDecl>(A.Root))
      if (const auto *CAT = Ctx.getAsConstantArrayType(V->getType()))
        Bins = CAT->getSize().getZExtValue();
  if (!Bins)
    Bins = BufferElements;
  if (!Bins || *Bins < 1 || *Bins > MaxBins)
    return std::nullopt;
  return Bins;
}

// The variable a `do { assumed = old; old = atomicCAS(p, assumed, f(assumed));
// } while (assumed != old)` loop compares with, if \p E names one.
const ValueDecl *namedVar(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return DRE->getDecl();
  return nullptr;
}

// A compare-and-swap retried in a loop to build a value: the expected
// value is a variable and the new one is computed from it (a float max, a
// product), or the loop refreshes the expected value from what the swap
// read (`if (cur >= v) break; old = atomicCAS(p, cur, v); cur = old;`: an
// integer max whose new value ignores the old one retries all the same). A
// lock (`atomicCAS(mutex, 0, 1)`) compares with a constant.
bool isCasRetryLoop(const MemAccess &A, const AtomicCall &Op) {
  const auto *CE = cast<CallExpr>(A.E);
  unsigned First = Op.FirstOperand;
  if (A.Loops.empty() || CE->getNumArgs() < First + 2)
    return false;
  const ValueDecl *Expected = namedVar(CE->getArg(First));
  if (!Expected)
    return false;
  if (mentions(CE->getArg(First + 1), Expected->getName()))
    return true;
  const auto *V = dyn_cast<VarDecl>(Expected);
  return V && writesOfLoop(A.Loops.back()).Count.count(V);
}

// `atomicExch(flag, 1)`: every thread stores one constant, a signal rather
// than an update that piles up.
bool exchangesConstant(const MemAccess &A, const AtomicCall &Op,
                       const ASTContext &Ctx) {
  const auto *CE = cast<CallExpr>(A.E);
  unsigned Val = Op.FirstOperand;
  return Op.Kind == AtomicKind::Exch && CE->getNumArgs() > Val &&
         integerConstant(CE->getArg(Val), Ctx).has_value();
}

// Updates that add up in a histogram's bins.
bool isCounting(const AtomicCall &Op) {
  return isSum(Op) || Op.Kind == AtomicKind::Inc || Op.Kind == AtomicKind::Dec;
}

// Every warp of a block (or of the grid) aims at the one address.
bool wholeBlockShares(const AddressSharing &S) {
  return S.Kind == SharingKind::PerBlock || S.Kind == SharingKind::PerGrid;
}

} // namespace

// `atomicOr(p, 0)`, `atomicAdd(p, 0)`, `atomicAnd(p, ~0u)`, `atomicCAS(p,
// x, x)`: an atomic whose operand leaves the word as it is, spelled to read
// it coherently.
bool onlyReads(const AtomicCall &Op, const CallExpr *CE,
               const ASTContext &Ctx) {
  if (Op.Libcuxx)
    return false;
  // Swapping in what is compared leaves the word as it was, match or not.
  if (Op.Kind == AtomicKind::CAS) {
    if (CE->getNumArgs() != 3)
      return false;
    std::optional<int64_t> Compare = integerConstant(CE->getArg(1), Ctx);
    return Compare
               ? Compare == integerConstant(CE->getArg(2), Ctx)
               : Expr::isSameComparisonOperand(CE->getArg(1), CE->getArg(2));
  }
  if (CE->getNumArgs() != 2)
    return false;
  std::optional<int64_t> V = integerConstant(CE->getArg(1), Ctx);
  if (!V)
    return false;
  switch (Op.Kind) {
  case AtomicKind::Add:
  case AtomicKind::Sub:
  case AtomicKind::Or:
  case AtomicKind::Xor:
    return *V == 0;
  case AtomicKind::And: {
    uint64_t Width = Ctx.getTypeSize(CE->getArg(1)->getType());
    uint64_t Ones = Width >= 64 ? ~uint64_t(0) : (uint64_t(1) << Width) - 1;
    return *V == -1 || (uint64_t(*V) & Ones) == Ones;
  }
  default:
    return false;
  }
}

// The hotspot of an atomic whose address \p S the lanes share, if it is one.
std::optional<AtomicFinding>
classifyHotspot(const MemAccess &A, const AtomicCall &Op,
                const AddressSharing &S, const KernelModel &M,
                const ASTContext &Ctx, std::optional<int64_t> BufferElements) {
  if (S.LanesPerAddress < MinContenders)
    return std::nullopt;
  if (S.Kind == SharingKind::DataBounded ||
      S.Kind == SharingKind::DataUnbounded) {
    std::optional<int64_t> Bins = histogramBins(A, S, M, Ctx, BufferElements);
    if (!Bins || !isCounting(Op))
      return std::nullopt;
    return AtomicFinding{Hotspot::Histogram, Op, S, *Bins};
  }
  // A compare-and-swap that only reads queues like any integer atomic.
  bool Reads = onlyReads(Op, cast<CallExpr>(A.E), Ctx);
  if (Op.Kind == AtomicKind::CAS && !Reads)
    return S.warpUniform() && isCasRetryLoop(A, Op)
               ? std::optional<AtomicFinding>(
                     AtomicFinding{Hotspot::CasLoop, Op, S})
               : std::nullopt;
  if (isFloatLike(A.Type)) {
    if (!isSum(Op))
      return std::nullopt;
    if (S.warpUniform())
      return AtomicFinding{Hotspot::FloatSum, Op, S};
    if (S.Kind == SharingKind::LaneGroups)
      return AtomicFinding{Hotspot::LaneGroupSum, Op, S};
    return std::nullopt;
  }
  // Integers: nvcc leaves one atomic per warp, so only an address that the
  // warps of a block share piles up.
  if (!wholeBlockShares(S) || exchangesConstant(A, Op, Ctx))
    return std::nullopt;
  if (Op.Kind == AtomicKind::Inc || Op.Kind == AtomicKind::Dec)
    return AtomicFinding{Hotspot::WrappingCounter, Op, S};
  return AtomicFinding{Hotspot::IntegerOneAddress, Op, S};
}

} // namespace cudalint
