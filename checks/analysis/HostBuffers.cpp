//===--- HostBuffers.cpp - buffer sizes the host side gives ---------------===//

#include "HostBuffers.h"
#include "CudaAST.h"

#include "clang/AST/Expr.h"
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

} // namespace cudalint
