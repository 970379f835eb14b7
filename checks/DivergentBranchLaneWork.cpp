//===--- DivergentBranchLaneWork.cpp - work a lane's index sets ----------===//
//
// divergent-branch's findings on work each lane's own index decides: a loop
// whose lanes compute trip counts that spread within their warps (a
// triangle over the lanes), and single-thread roles that lanes of one warp
// run one after the other (`tx == 0` and `tx == 1` each running a loop).
//
//===----------------------------------------------------------------------===//

#include "DivergentBranchCheck.h"
#include "DivergentBranchCost.h"
#include "analysis/CudaAST.h"
#include "analysis/Divergence.h"

#include "llvm/Support/FormatVariadic.h"

#include <climits>

using namespace clang;

namespace cudalint {

bool DivergentBranchCheck::reportLaneTrips(SourceLocation Loc,
                                           const BranchCondition &C,
                                           const BranchWays &Ways,
                                           llvm::ArrayRef<WarpSampler> Samplers,
                                           ASTContext &Ctx, FindingSink &Sink) {
  std::optional<LaneTrips> Trips = wastefulLaneTrips(C, Ways, Samplers);
  if (!Trips)
    return false;
  BranchText Text;
  Text.Warning =
      llvm::formatv("loop condition '{0}' gives the lanes of a "
                    "warp {1} to {2} trips",
                    sourceText(C.Cond, Ctx, 40), Trips->Fewest, Trips->Most);
  Text.Why = llvm::formatv(
      "a warp runs as many trips as its slowest lane: the lanes need {0}% of "
      "the trips their warps run",
      int(Trips->Utilisation * 100 + 0.5));
  // Measured before it was given a severity: the balanced form was slower.
  reportBranch(Loc, C, Text,
               "only a remark: pairing short rows with long ones on one lane "
               "(65 trips each) measured 0.64x on an H200 for 64-row "
               "triangles, one thread per row (verify/ fixture "
               "triangle_rows); idle lanes of a loop that waits on memory "
               "cost little",
               DiagnosticIDs::Remark, Ctx, Sink);
  return true;
}

// The 'then' arm of a role's `if`.
static const Stmt *thenArm(const SoleThreadArm &R) {
  return cast<IfStmt>(R.C->S)->getThen();
}

std::optional<SoleThreadArm> DivergentBranchCheck::soleThreadArm(
    const BranchCondition &C, const KernelModel &M,
    llvm::ArrayRef<WarpSampler> Samplers, const ASTContext &Ctx) const {
  const auto *If = dyn_cast<IfStmt>(C.S);
  if (!If ||
      If->getCond()->IgnoreParenImpCasts() != C.Cond->IgnoreParenImpCasts() ||
      !workOf(If->getThen(), Ctx, M).heavy())
    return std::nullopt;
  std::optional<std::pair<unsigned, unsigned>> Thread;
  unsigned Warps = UINT_MAX;
  for (const WarpSampler &S : Samplers) {
    for (unsigned Sample = 0; Sample < S.samples(); ++Sample)
      Warps = std::min(Warps, S.warps(Sample));
    std::optional<std::pair<unsigned, unsigned>> Here =
        soleThread(C.Value, C.Guards, S);
    if (!Here || (Thread && *Thread != *Here))
      return std::nullopt;
    Thread = Here;
  }
  if (!Thread)
    return std::nullopt;
  return SoleThreadArm{&C, Thread->first, Thread->second, Warps};
}

void DivergentBranchCheck::reportSerialRoles(llvm::ArrayRef<SoleThreadArm> Arms,
                                             ASTContext &Ctx,
                                             FindingSink &Sink) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (size_t J = 1; J < Arms.size(); ++J) {
    const SoleThreadArm &B = Arms[J];
    // One role's arm holds neither the other (an `else if` is not in the
    // 'then' arm it follows).
    auto Before =
        llvm::find_if(Arms.take_front(J), [&](const SoleThreadArm &A) {
          return A.Warp == B.Warp && A.Lane != B.Lane &&
                 !containsStmt(thenArm(A), B.C->S) &&
                 !containsStmt(thenArm(B), A.C->S);
        });
    if (Before == Arms.begin() + J)
      continue;
    SourceLocation Loc = SM.getExpansionLoc(B.C->Cond->getBeginLoc());
    if (!markReported(Loc))
      continue;
    BranchText Text;
    Text.Warning = llvm::formatv(
        "lanes {0} and {1} of one warp run the loops of '{2}' and '{3}' one "
        "after the other",
        Before->Lane, B.Lane, sourceText(Before->C->Cond, Ctx, 24),
        sourceText(B.C->Cond, Ctx, 24));
    Text.Why = "the lanes of one warp run their single-thread roles one at a "
               "time, so the block waits for both loops in turn: moving the "
               "second of two such loops to the next warp measured 1.60x "
               "(128 blocks) and 1.62x (8192 blocks) on an H200";
    Text.Remedy =
        B.Warps > B.Warp + 1
            ? llvm::formatv("give one role to a thread of another warp "
                            "(thread {0} is lane 0 of the next): warps run "
                            "at the same time",
                            (B.Warp + 1) * 32)
                  .str()
            : "give each role a warp of its own (this block has no other "
              "warp to take one): warps run at the same time";
    reportBranch(Loc, *B.C, Text, "", DiagnosticIDs::Warning, Ctx, Sink);
  }
}

} // namespace cudalint
