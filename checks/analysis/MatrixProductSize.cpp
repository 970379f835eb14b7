//===--- MatrixProductSize.cpp - the sizes launches give a product --------===//

#include "LaunchValues.h"
#include "MatrixProduct.h"

using namespace clang;

namespace cudalint {

std::optional<LaunchedSize> launchedSize(const MatrixProduct &P,
                                         const FunctionDecl &Kernel,
                                         llvm::ArrayRef<LaunchSite> Launches,
                                         ASTContext &Ctx) {
  if (Launches.empty() && P.ConstantDepth)
    return LaunchedSize{*P.ConstantDepth, -1};
  if (Launches.empty() || (!P.ConstantDepth && !P.DepthParameter))
    return std::nullopt;
  LaunchedSize Largest{0, 0};
  for (const LaunchSite &L : Launches) {
    std::optional<int64_t> Depth = P.ConstantDepth;
    unsigned Index =
        P.DepthParameter ? P.DepthParameter->getFunctionScopeIndex() : 0;
    if (!Depth && Index < Kernel.getNumParams())
      Depth = integerArgumentAtLaunch(*Kernel.getParamDecl(Index), L.Call,
                                      L.Caller, Ctx);
    if (!Depth || *Depth <= 0)
      return std::nullopt; // A launch of unknown depth may be large.
    Largest.Depth = std::max(Largest.Depth, *Depth);
    const CallExpr *Config = L.Call->getConfig();
    std::optional<int64_t> Threads = 1;
    for (unsigned Arg = 0; Arg < 2; ++Arg) {
      std::optional<Dim3Extents> D;
      if (Config && Config->getNumArgs() >= 2)
        D = dim3ExtentsAtLaunch(Config->getArg(Arg), L.Call, L.Caller, Ctx);
      for (unsigned I = 0; I < 3; ++I)
        Threads = D && (*D)[I] && Threads ? *Threads * *(*D)[I]
                                          : std::optional<int64_t>();
    }
    // Unknown threads: the product may be as large as its depth allows.
    if (!Threads || Largest.Threads < 0)
      Largest.Threads = -1;
    else
      Largest.Threads = std::max(Largest.Threads, *Threads);
  }
  return Largest;
}

} // namespace cudalint
