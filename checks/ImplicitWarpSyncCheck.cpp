//===--- ImplicitWarpSyncCheck.cpp - cudalint -----------------------------===//

#include "ImplicitWarpSyncCheck.h"
#include "analysis/CudaNames.h"
#include "analysis/InlinedHelpers.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>
#include <map>

using namespace clang;

namespace cudalint {

namespace {

//===--- Sequences on shared memory
//----------------------------------------===//

// The statement of the kernel's body that \p E (inlined through \p Stack)
// is in: one step of a sequence.
const Stmt *topStatement(const Expr *E, llvm::ArrayRef<const CallExpr *> Stack,
                         ASTContext &Ctx) {
  const Stmt *Cur = siteInKernel(E, Stack);
  for (int Depth = 0; Depth < 64; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    const Stmt *P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!P)
      return Cur;
    DynTypedNodeList Up = Ctx.getParents(*P);
    if (!Up.empty() && Up[0].get<FunctionDecl>())
      return Cur;
    Cur = P;
  }
  return Cur;
}

// The assignment statement that stores \p E, when it is a statement of its
// own (`v[t] += v[t + 16];`), with its left side free of side effects.
const BinaryOperator *storingStatement(const Expr *E, ASTContext &Ctx) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(assignmentStoring(E, Ctx));
  if (!BO || BO->getLHS()->IgnoreParenImpCasts() != E->IgnoreParenImpCasts() ||
      BO->getLHS()->HasSideEffects(Ctx))
    return nullptr;
  DynTypedNodeList Up = Ctx.getParents(*BO);
  const Stmt *Holder = Up.empty() ? nullptr : Up[0].get<Stmt>();
  return Holder && !isa<Expr>(Holder) ? BO : nullptr;
}

std::optional<std::string> fileText(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return std::nullopt;
  CharSourceRange CR = CharSourceRange::getTokenRange(R);
  bool Invalid = false;
  StringRef T = Lexer::getSourceText(CR, SM, Ctx.getLangOpts(), &Invalid);
  if (Invalid || T.empty())
    return std::nullopt;
  return T.str();
}

// `v[t] += v[t + 16];` as the ordered step `{ auto cudalint_next = v[t] +
// (v[t + 16]); __syncwarp(); v[t] = cudalint_next; __syncwarp(); }`: every
// lane reads, the warp meets, every lane writes, the warp meets. Under
// lockstep it computes what the statement did.
std::optional<FixItHint> orderedStep(const BinaryOperator *BO,
                                     const ASTContext &Ctx) {
  std::optional<std::string> L = fileText(BO->getLHS()->getSourceRange(), Ctx),
                             R = fileText(BO->getRHS()->getSourceRange(), Ctx);
  if (!L || !R || BO->getBeginLoc().isMacroID())
    return std::nullopt;
  std::string Value = *R;
  if (BO->isCompoundAssignmentOp())
    Value = *L + " " +
            BinaryOperator::getOpcodeStr(
                BinaryOperator::getOpForCompoundAssignment(BO->getOpcode()))
                .str() +
            " (" + *R + ")";
  std::string Text = "{ auto cudalint_next = " + Value + "; __syncwarp(); " +
                     *L + " = cudalint_next; __syncwarp(); }";
  // The statement's `;` goes with it.
  SourceLocation End = Lexer::findLocationAfterToken(
      BO->getEndLoc(), tok::semi, Ctx.getSourceManager(), Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (End.isInvalid())
    return std::nullopt;
  return FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(BO->getBeginLoc(), End), Text);
}

// The fix-its of a sequence: each store's statement made an ordered step;
// none, and why, when some lanes of the warp do not reach a store or a
// store is not a plain statement of the kernel itself.
struct StepFixes {
  std::vector<FixItHint> Fixes;
  bool PartialWarp = false;
};

StepFixes orderedSteps(llvm::ArrayRef<const WarpSyncHazard *> Group,
                       ASTContext &Ctx) {
  StepFixes Out;
  std::set<const BinaryOperator *> Done;
  for (const WarpSyncHazard *H : Group)
    if (!H->WholeWarp) {
      Out.PartialWarp = true;
      return Out;
    }
  for (const WarpSyncHazard *H : Group) {
    const BinaryOperator *BO = H->Write->CallStack.empty()
                                   ? storingStatement(H->Write->E, Ctx)
                                   : nullptr;
    if (!BO)
      return {};
    if (!Done.insert(BO).second)
      continue;
    std::optional<FixItHint> F = orderedStep(BO, Ctx);
    if (!F)
      return {};
    Out.Fixes.push_back(*F);
  }
  return Out;
}

std::string arrayName(const MemAccess &A) {
  return A.Root && A.Root->getIdentifier() ? A.Root->getName().str()
                                           : "shared memory";
}

SourceLocation expansionOf(const Expr *E, const ASTContext &Ctx) {
  return Ctx.getSourceManager().getExpansionLoc(E->getBeginLoc());
}

//===--- Warp intrinsics
//---------------------------------------------------===//

// The `_sync` form of a legacy warp intrinsic; empty for any other name.
StringRef syncFormOf(StringRef Name) {
  return llvm::StringSwitch<StringRef>(Name)
      .Case("__shfl", "__shfl_sync")
      .Case("__shfl_up", "__shfl_up_sync")
      .Case("__shfl_down", "__shfl_down_sync")
      .Case("__shfl_xor", "__shfl_xor_sync")
      .Case("__ballot", "__ballot_sync")
      .Case("__any", "__any_sync")
      .Case("__all", "__all_sync")
      .Default("");
}

// A warp intrinsic whose first argument is a mask of lanes.
bool takesLaneMask(StringRef Name) {
  return Name == "__syncwarp" ||
         (Name.starts_with("__") && Name.ends_with("_sync") &&
          (Name.starts_with("__shfl") || Name.starts_with("__ballot") ||
           Name.starts_with("__any") || Name.starts_with("__all") ||
           Name.starts_with("__match") || Name.starts_with("__reduce") ||
           Name.starts_with("__uni")));
}

// The calls of \p Body and of the helpers the model inlines into it, each
// helper's once.
std::vector<const CallExpr *> inlinedCalls(const Stmt *Body,
                                           const SourceManager &SM) {
  std::vector<const CallExpr *> Calls;
  std::set<const FunctionDecl *> Seen;
  walkInlinedCalls(Body, SM,
                   [&](const CallExpr *CE, ArrayRef<const CallExpr *>,
                       const FunctionDecl *Helper) {
                     Calls.push_back(CE);
                     return Helper && Seen.insert(Helper).second;
                   });
  return Calls;
}

// True when every lane of the warp reaches \p CE wherever the model
// walked it: in each sample, all lanes or none (early exits aside).
bool wholeWarpAt(const CallExpr *CE, const KernelModel &M,
                 llvm::ArrayRef<WarpSampler> Samplers, ASTContext &Ctx) {
  auto Sets = guardSetsAt(CE, M, Ctx);
  if (Sets.empty())
    return false;
  for (const auto &G : Sets)
    for (const LaneMasks &L : lanesReaching(G, Samplers))
      if (L.Reaching && (L.Reaching != L.Existing || L.Existing != ~0u))
        return false;
  return true;
}

// The lanes \p Mask names that exist but cannot reach \p CE in every
// sample where some lane does; 0 when that is not shown.
uint32_t absentLanes(const CallExpr *CE, uint32_t Mask, const KernelModel &M,
                     llvm::ArrayRef<WarpSampler> Samplers, ASTContext &Ctx) {
  auto Sets = guardSetsAt(CE, M, Ctx);
  // A loop's trips depend on sizes the samples draw (`for (r = lane % 4; r <
  // blockDim.z; r += 4)` runs every lane once blockDim.z >= 4): only the
  // branches of `if` and `?:` are judged.
  for (const auto &G : Sets)
    for (const Guard &X : G)
      if (!X.Exit &&
          isa_and_nonnull<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(X.Where))
        return 0;
  uint32_t Absent = 0;
  bool Judged = false;
  for (const auto &G : Sets)
    for (const LaneMasks &L : lanesReaching(G, Samplers)) {
      if (!L.Reaching)
        continue;
      uint32_t Missing = Mask & L.Existing & ~L.Reaching;
      if (!Missing)
        return 0;
      Absent |= Missing;
      Judged = true;
    }
  return Judged ? Absent : 0;
}

// `16-31`, `0, 2, 4-7`.
std::string laneList(uint32_t Lanes) {
  std::string Out;
  for (unsigned L = 0; L < WarpSize;) {
    if (!(Lanes >> L & 1)) {
      ++L;
      continue;
    }
    unsigned E = L;
    while (E + 1 < WarpSize && (Lanes >> (E + 1) & 1))
      ++E;
    if (!Out.empty())
      Out += ", ";
    Out += std::to_string(L);
    if (E > L)
      Out += "-" + std::to_string(E);
    L = E + 1;
  }
  return Out;
}

} // namespace

DiagnosticIDs::Level ImplicitWarpSyncCheck::severity() const {
  const GpuTargets &T = targets();
  if (!T.stated() ||
      T.lacking(GpuFeature::ThreadScheduling).size() < T.all().size())
    return DiagnosticIDs::Error;
  return DiagnosticIDs::Warning;
}

void ImplicitWarpSyncCheck::checkKernel(const KernelView &Kernel,
                                        FindingSink &Sink) {
  ASTContext &Ctx = Kernel.context();
  std::vector<WarpSampler> Samplers = warpSamplersOf(Kernel);
  for (const KernelView &F : analysedInstances(Kernel)) {
    const KernelModel &M = model(F);
    const Stmt *Body = F.Decl.getBody();
    std::vector<WarpSyncHazard> Hazards = warpSyncHazards(
        M, Samplers, warpSeparators(Body, Ctx.getSourceManager()), Ctx);
    reportSequences(Hazards, M, Ctx, Sink);
    reportLegacyIntrinsics(Body, M, Samplers, Ctx, Sink);
  }
}

void ImplicitWarpSyncCheck::reportSequences(
    llvm::ArrayRef<WarpSyncHazard> Hazards, const KernelModel &,
    ASTContext &Ctx, FindingSink &Sink) {
  // Statements chained by a hazard (one's store, another's load) are the
  // steps of one sequence: one finding each.
  std::map<const Stmt *, const Stmt *> Parent;
  std::function<const Stmt *(const Stmt *)> Find = [&](const Stmt *S) {
    auto It = Parent.find(S);
    if (It == Parent.end() || It->second == S)
      return Parent[S] = S;
    return It->second = Find(It->second);
  };
  auto StepOf = [&](const MemAccess *A) {
    return topStatement(A->E, A->CallStack, Ctx);
  };
  for (const WarpSyncHazard &H : Hazards)
    Parent[Find(StepOf(H.Write))] = Find(StepOf(H.Read));
  std::map<const Stmt *, std::vector<const WarpSyncHazard *>> Groups;
  for (const WarpSyncHazard &H : Hazards)
    Groups[Find(StepOf(H.Read))].push_back(&H);
  for (const auto &[Key, Group] : Groups)
    reportSequence(Group, Ctx, Sink);
}

void ImplicitWarpSyncCheck::reportSequence(
    llvm::ArrayRef<const WarpSyncHazard *> Group, ASTContext &Ctx,
    FindingSink &Sink) {
  const SourceManager &SM = Ctx.getSourceManager();
  // The earliest load that follows another lane's store, else the
  // earliest that precedes one.
  const WarpSyncHazard *First = Group.front();
  for (const WarpSyncHazard *H : Group)
    if (std::make_pair(H->LoadFirst, !SM.isBeforeInTranslationUnit(
                                         expansionOf(H->Read->E, Ctx),
                                         expansionOf(First->Read->E, Ctx))) <
        std::make_pair(First->LoadFirst, false))
      First = H;
  SourceLocation Loc = expansionOf(First->Read->E, Ctx);
  if (!markReported(Loc))
    return;
  StepFixes Steps = orderedSteps(Group, Ctx);
  const std::vector<FixItHint> &Fixes = Steps.Fixes;
  {
    auto D = Sink.diag(Loc,
                       First->LoadFirst
                           ? "lane %0 reads '%1' where lane %2 of its warp "
                             "then writes, with no __syncwarp() between: a "
                             "data race since sm_70"
                           : "lane %0 reads '%1' after lane %2 of its warp "
                             "wrote it, with no __syncwarp() between: a data "
                             "race since sm_70",
                       severity())
             << First->Reader << arrayName(*First->Read) << First->Writer;
    for (const FixItHint &F : Fixes)
      D << F;
  }
  Sink.diag(expansionOf(First->Write->E, Ctx),
            First->LoadFirst     ? "lane %0 writes it here"
            : First->AcrossTrips ? "lane %0 wrote it here, in the loop's trip "
                                   "before"
                                 : "lane %0 wrote it here",
            DiagnosticIDs::Note)
      << First->Writer;
  Sink.diag(Loc,
            "since Volta (sm_70) the lanes of a warp are scheduled "
            "independently: neither lockstep nor 'volatile' orders one "
            "lane's store before another's load (compute-sanitizer "
            "--tool racecheck reports the hazard)",
            DiagnosticIDs::Note);
  if (!Fixes.empty())
    Sink.diag(Loc,
              "every lane of the warp runs these steps: each store's "
              "statement becomes read, __syncwarp(), write, __syncwarp() "
              "(applied by --fix)",
              DiagnosticIDs::Note);
  else if (!Steps.PartialWarp)
    Sink.diag(Loc,
              "every lane of the warp runs these steps: make each store's "
              "statement read into a register, __syncwarp(), write, "
              "__syncwarp() (no fix-it: a step is in a macro or a helper, or "
              "not a plain assignment)",
              DiagnosticIDs::Note);
  else
    Sink.diag(Loc,
              "not every lane of the warp is known to run these steps, so a "
              "__syncwarp() there could name lanes that never arrive: pass "
              "the values with __shfl_down_sync/__shfl_up_sync and the mask "
              "of the lanes that take part instead of through shared memory",
              DiagnosticIDs::Note);
}

void ImplicitWarpSyncCheck::reportLegacyIntrinsics(
    const Stmt *Body, const KernelModel &M,
    llvm::ArrayRef<WarpSampler> Samplers, ASTContext &Ctx, FindingSink &Sink) {
  for (const CallExpr *CE : inlinedCalls(Body, Ctx.getSourceManager())) {
    StringRef Name = calleeName(CE);
    if (!syncFormOf(Name).empty() && CE->getNumArgs() > 0) {
      reportLegacyCall(CE, wholeWarpAt(CE, M, Samplers, Ctx), Ctx, Sink);
      continue;
    }
    if (!takesLaneMask(Name))
      continue;
    std::optional<int64_t> Mask = CE->getNumArgs()
                                      ? integerConstant(CE->getArg(0), Ctx)
                                      : std::optional<int64_t>(0xffffffff);
    if (!Mask)
      continue;
    if (uint32_t Absent = absentLanes(CE, uint32_t(*Mask), M, Samplers, Ctx))
      reportAbsentLanes(CE, uint32_t(*Mask), Absent, Ctx, Sink);
  }
}

void ImplicitWarpSyncCheck::reportLegacyCall(const CallExpr *CE, bool WholeWarp,
                                             ASTContext &Ctx,
                                             FindingSink &Sink) {
  SourceLocation Loc = Ctx.getSourceManager().getExpansionLoc(CE->getExprLoc());
  if (!markReported(Loc))
    return;
  StringRef Name = calleeName(CE), Sync = syncFormOf(Name);
  const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
  bool Fixable = WholeWarp && !CE->getBeginLoc().isMacroID() &&
                 !CE->getArg(0)->getBeginLoc().isMacroID() &&
                 isa<DeclRefExpr>(Callee);
  {
    auto D = Sink.diag(Loc,
                       "'%0' has no lane mask: deprecated since CUDA 9 and "
                       "gone for sm_70 and later",
                       severity())
             << Name;
    if (Fixable) {
      D << FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(Callee->getSourceRange()), Sync);
      D << FixItHint::CreateInsertion(CE->getArg(0)->getBeginLoc(),
                                      "0xffffffff, ");
    }
  }
  if (Fixable)
    Sink.diag(Loc,
              "every lane of the warp reaches it: '%0(0xffffffff, ...)' "
              "(applied by --fix)",
              DiagnosticIDs::Note)
        << Sync;
  else
    Sink.diag(Loc,
              "use '%0(mask, ...)' with the mask of the lanes that reach "
              "it, taken before the branch with __ballot_sync(0xffffffff, "
              "condition)",
              DiagnosticIDs::Note)
        << Sync;
}

void ImplicitWarpSyncCheck::reportAbsentLanes(const CallExpr *CE, uint32_t Mask,
                                              uint32_t Absent, ASTContext &Ctx,
                                              FindingSink &Sink) {
  SourceLocation Loc = Ctx.getSourceManager().getExpansionLoc(CE->getExprLoc());
  if (!markReported(Loc))
    return;
  Sink.diag(Loc,
            "'%0' names lanes %1 in its mask, which cannot reach it here: "
            "undefined behaviour",
            DiagnosticIDs::Error)
      << calleeName(CE) << laneList(Absent);
  Sink.diag(Loc,
            "every lane a mask names must call it with the same mask "
            "(0x%0 here); take the mask of the lanes that branch here "
            "before the branch: 'unsigned m = __ballot_sync(0xffffffff, "
            "condition);'",
            DiagnosticIDs::Note)
      << llvm::utohexstr(Mask, /*LowerCase=*/true);
}

} // namespace cudalint
