//===--- HostBuffers.cpp - buffer sizes the host side gives ---------------===//

#include "HostBuffers.h"
#include "CudaAST.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cudalint {

namespace {

// The variable \p E names, through parentheses and casts (`(void **)&d`
// after taking the address when \p AddressOf).
const VarDecl *namedVariable(const Expr *E, bool AddressOf) {
  E = E->IgnoreParenCasts();
  if (AddressOf) {
    const auto *UO = dyn_cast<UnaryOperator>(E);
    if (!UO || UO->getOpcode() != UO_AddrOf)
      return nullptr;
    E = UO->getSubExpr()->IgnoreParenCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

// For a runtime call that sizes the buffer its first argument names: whether
// that argument is the pointer's address (an allocation) and which argument
// is the size in bytes; nullopt for any other call.
std::optional<std::pair<bool, unsigned>> sizingCall(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<std::pair<bool, unsigned>>>(Name)
      .Cases("cudaMalloc", "cudaMallocManaged", "cudaMallocAsync",
             std::make_pair(true, 1u))
      .Cases("cudaMemset", "cudaMemsetAsync", std::make_pair(false, 2u))
      .Default(std::nullopt);
}

// The largest constant size, in bytes, with which \p S allocates or clears
// \p V; 0 when it does neither with a constant size.
int64_t sizedBytes(const Stmt *S, const VarDecl *V, const ASTContext &Ctx) {
  if (!S)
    return 0;
  int64_t Bytes = 0;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee();
        FD && FD->getIdentifier())
      if (auto How = sizingCall(FD->getName());
          How && CE->getNumArgs() > How->second &&
          namedVariable(CE->getArg(0), How->first) == V)
        if (std::optional<int64_t> N =
                integerConstant(CE->getArg(How->second), Ctx))
          Bytes = *N;
  for (const Stmt *C : S->children())
    Bytes = std::max(Bytes, sizedBytes(C, V, Ctx));
  return Bytes;
}

} // namespace

std::optional<int64_t>
launchedBufferElements(const ParmVarDecl &P,
                       llvm::ArrayRef<LaunchConfig> Launches, QualType Element,
                       const ASTContext &Ctx) {
  if (Element.isNull() || Element->isIncompleteType() ||
      !Element->isConstantSizeType())
    return std::nullopt;
  int64_t ElementBytes = Ctx.getTypeSizeInChars(Element).getQuantity();
  if (ElementBytes <= 0)
    return std::nullopt;
  unsigned I = P.getFunctionScopeIndex();
  std::optional<int64_t> Most;
  for (const LaunchConfig &L : Launches) {
    if (!L.Call || !L.Caller || I >= L.Call->getNumArgs())
      return std::nullopt;
    const VarDecl *V = namedVariable(L.Call->getArg(I), /*AddressOf=*/false);
    int64_t Bytes = V ? sizedBytes(L.Caller->getBody(), V, Ctx) : 0;
    if (Bytes <= 0)
      return std::nullopt;
    Most = std::max(Most.value_or(0), Bytes / ElementBytes);
  }
  return Most;
}

namespace {

/// Threads times trips evaluated per access before giving up.
constexpr int64_t MaxEvaluations = 1 << 21;
constexpr int64_t MaxTrips = 4096;

/// One block of a constant shape, run a thread and a trip at a time.
class BlockWalk {
public:
  explicit BlockWalk(const BlockShape &B)
      : Dim{*B.X, B.Y.value_or(1), B.Z.value_or(1)} {}

  int64_t threads() const { return Dim[0] * Dim[1] * Dim[2]; }

  /// The highest byte \p A reaches, over every thread and trip; nullopt
  /// when something else than the thread, the block and the trips of its
  /// one loop decides it, or the loop does not end.
  std::optional<int64_t> highestByte(const MemAccess &A) {
    if (A.Loops.size() > 1)
      return std::nullopt;
    Loop = A.Loops.empty() ? nullptr : A.Loops.front();
    std::optional<int64_t> Highest;
    for (Trip = 0; Trip < (Loop ? MaxTrips : 1); ++Trip) {
      bool LoopRuns = false;
      for (int64_t T = 0; T < threads(); ++T) {
        if (++Evaluations > MaxEvaluations)
          return std::nullopt;
        enter(T);
        std::optional<bool> Runs = passes(A.Guards, &LoopRuns);
        if (!Runs)
          return std::nullopt;
        if (!*Runs)
          continue;
        std::optional<int64_t> Off = value(*A.Offset);
        if (!Off)
          return std::nullopt;
        Highest = std::max(Highest.value_or(*Off), *Off + int64_t(A.Width));
      }
      if (Loop && !LoopRuns)
        return Highest.value_or(0);
    }
    return Loop ? std::nullopt : Highest;
  }

private:
  void enter(int64_t T) {
    Tid[0] = T % Dim[0];
    Tid[1] = (T / Dim[0]) % Dim[1];
    Tid[2] = T / (Dim[0] * Dim[1]);
  }
  std::optional<int64_t> value(const SymNode &E) const {
    return evaluate(E, [&](const SymNode &L) -> std::optional<int64_t> {
      switch (L.Kind) {
      case SymKind::ThreadIdx:
        return Tid[L.Dim];
      case SymKind::BlockDim:
        return Dim[L.Dim];
      case SymKind::ArrayDim:
        return L.Value;
      case SymKind::LoopIter:
        if (L.Id == Loop)
          return Trip;
        return std::nullopt;
      default:
        return std::nullopt;
      }
    });
  }
  /// Whether the thread passes every guard; \p LoopRuns is set when it
  /// passes the condition of the loop (the loop has not ended for it).
  std::optional<bool> passes(llvm::ArrayRef<Guard> Guards, bool *LoopRuns) {
    bool All = true;
    for (const Guard &G : Guards) {
      std::optional<int64_t> V = value(*G.Cond);
      if (!V)
        return std::nullopt;
      bool Pass = (*V != 0) == G.Taken;
      if (G.Where == Loop && Loop && Pass)
        *LoopRuns = true;
      All &= Pass;
    }
    if (Loop &&
        llvm::none_of(Guards, [&](const Guard &G) { return G.Where == Loop; }))
      return std::nullopt; // A loop whose condition is not in view.
    return All;
  }

  int64_t Dim[3];
  int64_t Tid[3] = {0, 0, 0};
  const Stmt *Loop = nullptr;
  int64_t Trip = 0;
  int64_t Evaluations = 0;
};

/// The bytes kernel \p M reaches through parameter \p P in a block of
/// shape \p B; nullopt when an access is not bounded.
std::optional<int64_t> bytesUsed(const KernelModel &M, const ParmVarDecl *P,
                                 const BlockShape &B) {
  std::optional<int64_t> Bytes;
  for (const MemAccess &A : M.accesses()) {
    if (A.Root != P)
      continue;
    std::optional<int64_t> H = BlockWalk(B).highestByte(A);
    if (!H)
      return std::nullopt;
    Bytes = std::max(Bytes.value_or(0), *H);
  }
  return Bytes;
}

/// The other launches of \p Caller's body that pass \p V.
void launchesPassing(
    const Stmt *S, const VarDecl *V, const CUDAKernelCallExpr *Except,
    llvm::SmallVectorImpl<std::pair<const CUDAKernelCallExpr *, unsigned>>
        &Out) {
  if (!S)
    return;
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(S); K && K != Except)
    for (unsigned I = 0; I < K->getNumArgs(); ++I)
      if (namedVariable(K->getArg(I), /*AddressOf=*/false) == V)
        Out.push_back({K, I});
  for (const Stmt *C : S->children())
    launchesPassing(C, V, Except, Out);
}

} // namespace

std::optional<int64_t> launchedBufferUsedElsewhere(
    const ParmVarDecl &P, llvm::ArrayRef<LaunchConfig> Launches,
    QualType Element, ASTContext &Ctx,
    llvm::function_ref<const KernelModel *(const FunctionDecl &)> ModelOf) {
  if (Element.isNull() || Element->isIncompleteType() ||
      !Element->isConstantSizeType())
    return std::nullopt;
  int64_t ElementBytes = Ctx.getTypeSizeInChars(Element).getQuantity();
  unsigned I = P.getFunctionScopeIndex();
  std::optional<int64_t> Most;
  for (const LaunchConfig &L : Launches) {
    if (!L.Call || !L.Caller || I >= L.Call->getNumArgs() || ElementBytes <= 0)
      return std::nullopt;
    const VarDecl *V = namedVariable(L.Call->getArg(I), /*AddressOf=*/false);
    llvm::SmallVector<std::pair<const CUDAKernelCallExpr *, unsigned>, 2>
        Others;
    if (V)
      launchesPassing(L.Caller->getBody(), V, L.Call, Others);
    std::optional<int64_t> Bytes;
    for (auto [Other, J] : Others) {
      const FunctionDecl *K = Other->getDirectCallee();
      const FunctionDecl *Def = K ? K->getDefinition() : nullptr;
      LaunchConfig C = readLaunchConfig(Other, L.Caller, Ctx);
      const KernelModel *M = Def ? ModelOf(*Def) : nullptr;
      if (!M || M->incomplete() || !C.Block || !C.Block->X ||
          J >= Def->getNumParams())
        continue;
      if (std::optional<int64_t> B =
              bytesUsed(*M, Def->getParamDecl(J), *C.Block))
        Bytes = std::max(Bytes.value_or(0), *B);
    }
    if (!Bytes || *Bytes <= 0)
      return std::nullopt;
    Most = std::max(Most.value_or(0), *Bytes / ElementBytes);
  }
  return Most;
}

} // namespace cudalint
