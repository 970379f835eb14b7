//===--- DivergentBarrierCheck.cpp - cudalint -----------------------------===//

#include "DivergentBarrierCheck.h"
#include "analysis/Divergence.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

std::string barrierName(const CallExpr *CE, const ASTContext &Ctx) {
  std::string S = sourceText(CE, Ctx, 60);
  return S == "<expr>" ? "the barrier" : "'" + S + "'";
}

// Guard \p I of \p P is an if/else each of whose arms runs the same number
// of barriers, straight (not under a further condition or loop): the warp
// specialisation of double-buffered kernels, where every thread meets the
// same count of barriers whichever way it goes. On sm_70 and later a block
// barrier counts arrivals, not places, so the threads meet.
bool matchedArms(const KernelModel &M, const SyncPoint &P, size_t I) {
  const Guard &G = P.Guards[I];
  const auto *If = dyn_cast_or_null<IfStmt>(G.Where);
  if (!If || !If->getElse() || G.Exit)
    return false;
  auto SamePrefix = [&](const SyncPoint &Q) {
    if (Q.Guards.size() <= I || Q.Scope != P.Scope)
      return false;
    for (size_t K = 0; K < I; ++K)
      if (Q.Guards[K].Where != P.Guards[K].Where ||
          Q.Guards[K].Taken != P.Guards[K].Taken)
        return false;
    return Q.Guards[I].Where == If;
  };
  unsigned Count[2] = {0, 0};
  for (const SyncPoint &Q : M.syncs()) {
    if (!SamePrefix(Q))
      continue;
    // Deeper in an arm: under another condition, or in a loop of its own.
    if (Q.Guards.size() != I + 1 || Q.Loops.size() != P.Loops.size() ||
        Q.CallStack.size() != P.CallStack.size())
      return false;
    ++Count[Q.Guards[I].Taken];
  }
  return Count[0] > 0 && Count[0] == Count[1];
}

} // namespace

void DivergentBarrierCheck::checkKernel(const FunctionDecl *Kernel,
                                        ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<BlockShape> Shapes =
      blockShapesOf(Kernel, launchesOf(Kernel, Ctx));
  std::vector<WarpSampler> Samplers;
  for (const BlockShape &S : Shapes)
    Samplers.emplace_back(S);

  for (const FunctionDecl *F : analysedInstances(*Kernel)) {
    const KernelModel &M = KernelModel::get(*F);
    for (const SyncPoint &P : M.syncs()) {
      SourceLocation Loc = SM.getExpansionLoc(P.E->getBeginLoc());
      if (alreadyReported(Loc))
        continue;
      bool WarpOnly = P.Scope == SyncScope::Warp;
      // The first guard on which the threads that should meet can disagree.
      for (size_t I = 0; I < P.Guards.size(); ++I) {
        const Guard &G = P.Guards[I];
        if (!G.Cond->threadDependent())
          continue;
        if (matchedArms(M, P, I))
          continue;
        ThreadSplit TS;
        for (const WarpSampler &S : Samplers) {
          TS = threadSplit(G.Cond, llvm::ArrayRef(P.Guards).take_front(I), S,
                           WarpOnly);
          if (TS.Kind == ThreadSplit::Witnessed ||
              TS.Kind == ThreadSplit::ForSomeBound)
            break;
        }
        if (TS.Kind != ThreadSplit::Witnessed &&
            TS.Kind != ThreadSplit::ForSomeBound)
          continue;
        markReported(Loc);
        const Expr *CondE = conditionOf(G.Where);
        std::string CondText =
            CondE ? "'" + sourceText(CondE, Ctx, 60) + "'" : "a condition";
        const char *Who = WarpOnly ? "lanes of a warp" : "threads of a block";
        std::string Why;
        if (G.Exit)
          Why = "some " + std::string(Who) + " leave before it (where " +
                CondText + (G.Taken ? " is false" : " is true") + ")";
        else if (isLoopStmt(G.Where))
          Why = "it sits in a loop whose trip count differs between " +
                std::string(Who) + " (" + CondText + ")";
        else
          Why = "it is reached under " + CondText + ", which differs between " +
                std::string(Who);
        if (TS.Kind == ThreadSplit::ForSomeBound)
          Why += " whenever " + TS.Bound + " falls inside a " +
                 (WarpOnly ? "warp" : "block");
        std::string Msg =
            barrierName(P.E, Ctx) + " is not reached by every thread that " +
            "waits at it: " + Why + "; that is undefined behaviour, which " +
            "hangs the " + (WarpOnly ? "warp" : "block") +
            " or lets threads read shared memory that was not written yet";
        diag(Loc, "%0", DiagnosticIDs::Error) << Msg;
        for (const CallExpr *Call : P.CallStack)
          diag(Call->getExprLoc(), "inlined from this call",
               DiagnosticIDs::Note);
        if (CondE) {
          const char *What = G.Exit ? "the early exit is here"
                             : isLoopStmt(G.Where)
                                 ? "the loop condition is here"
                                 : "the condition is here";
          diag(SM.getExpansionLoc(CondE->getBeginLoc()), What,
               DiagnosticIDs::Note);
        }
        std::string Remedy =
            G.Exit ? "instead of leaving early, put the work under the "
                     "opposite condition and let every thread reach the "
                     "barrier"
            : isLoopStmt(G.Where)
                ? "give every thread the same trip count (loop to a "
                  "bound that is the same in the whole block and guard the "
                  "work inside), so that each iteration's barrier is met by "
                  "all"
                : "move the barrier out of the branch, so that every thread "
                  "reaches it";
        if (WarpOnly)
          Remedy += ", or pass '__syncwarp' the mask of the lanes that "
                    "take this way";
        diag(Loc, "%0", DiagnosticIDs::Note) << Remedy;
        break;
      }
    }
  }
}

} // namespace cudalint
