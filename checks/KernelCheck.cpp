//===--- KernelCheck.cpp - what every cudalint check shares ---------------===//

#include "KernelCheck.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

void KernelCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(analysableKernel().bind("kernel"), this);
}

void KernelCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  std::vector<TemplateStandIn> StandIns;
  if (usesTemplateStandIns())
    StandIns = templateStandIns(*Kernel, *Result.Context);
  if (StandIns.empty())
    checkKernel(Kernel, *Result.Context);
  else
    checkTemplateAsWritten(Kernel, StandIns, *Result.Context);
}

DiagnosticBuilder KernelCheck::diag(SourceLocation Loc, StringRef Description,
                                    DiagnosticIDs::Level Level) {
  if (Capture)
    return Capture->diag(Loc, Description, Level);
  return ClangTidyCheck::diag(Loc, Description, Level);
}

// One round per stand-in, each with the locations reported so far; what
// every round found is reported once, and its locations marked.
void KernelCheck::checkTemplateAsWritten(const FunctionDecl *Kernel,
                                         ArrayRef<TemplateStandIn> StandIns,
                                         ASTContext &Ctx) {
  Capture = std::make_unique<CapturedFindings>(Ctx);
  std::set<unsigned> Before = Reported, EditedBefore = EditedOnce;
  std::set<unsigned> EditedInFirstRound;
  for (const TemplateStandIn &S : StandIns) {
    StandInScope Scope(S);
    Capture->startRound();
    Reported = Before;
    EditedOnce = EditedBefore;
    checkKernel(Kernel, Ctx);
    if (&S == &StandIns.front())
      EditedInFirstRound = EditedOnce;
  }
  Reported = std::move(Before);
  std::vector<CapturedFinding> Agreed = Capture->agreed();
  Capture.reset();
  // The once-per-file edits stand made when a reported finding carries them.
  bool KeptEdits = llvm::any_of(
      Agreed, [](const CapturedFinding &F) { return !F.FixesDiffer; });
  EditedOnce = KeptEdits ? EditedInFirstRound : EditedBefore;
  for (const CapturedFinding &F : Agreed)
    reportAgreed(F, Kernel, StandIns);
}

void KernelCheck::reportAgreed(const CapturedFinding &F,
                               const FunctionDecl *Kernel,
                               ArrayRef<TemplateStandIn> StandIns) {
  auto Emit = [&](const CapturedDiagnostic &D) {
    auto B = ClangTidyCheck::diag(D.Loc, "%0", D.Level) << D.Message;
    for (const CharSourceRange &R : D.Ranges)
      B << R;
    for (const FixItHint &H : D.FixIts)
      B << H;
  };
  markReported(F.Main.Loc);
  Emit(F.Main);
  for (const CapturedDiagnostic &N : F.Notes)
    Emit(N);
  std::string Figures = StandIns.front().str();
  ClangTidyCheck::diag(
      Kernel->getLocation(),
      "%0 has no analysable instantiation in view: analysed as written "
      "with %1, and each gives this finding (figures for %2)",
      DiagnosticIDs::Note)
      << Kernel << describeStandIns(StandIns) << Figures;
  if (F.FixesDiffer)
    ClangTidyCheck::diag(F.Main.Loc,
                         "no fix-it: the edit depends on the template's "
                         "arguments (it differs between %0); make it by hand "
                         "for the arguments the kernel is launched with",
                         DiagnosticIDs::Note)
        << describeStandIns(StandIns);
}

void KernelCheck::onStartOfTranslationUnit() {
  KernelModel::resetCache();
  KernelUseIndex::resetCache();
}

void KernelCheck::onEndOfTranslationUnit() {
  Reported.clear();
  EditedOnce.clear();
  KernelModel::resetCache();
  KernelUseIndex::resetCache();
}

const KernelUseIndex &KernelCheck::uses(ASTContext &Ctx) {
  return KernelUseIndex::of(Ctx);
}

std::vector<LaunchConfig> KernelCheck::launchesOf(const FunctionDecl *Kernel,
                                                  ASTContext &Ctx) {
  return launchConfigs(uses(Ctx), Kernel, Ctx);
}

BlockShapeCheck::BlockShapeCheck(StringRef Name,
                                 tidy::ClangTidyContext *Context)
    : KernelCheck(Name, Context),
      AssumedBlockDim(Options.get("AssumedBlockDim", "").str()) {}

void BlockShapeCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "AssumedBlockDim", AssumedBlockDim);
}

std::vector<BlockShape>
BlockShapeCheck::blockShapesOf(const FunctionDecl *Kernel,
                               ArrayRef<LaunchConfig> Launches) const {
  return blockShapes(Launches, assumedBlockShape(), Kernel);
}

std::vector<WarpSampler>
BlockShapeCheck::warpSamplersOf(const FunctionDecl *Kernel, ASTContext &Ctx) {
  return warpSamplers(blockShapesOf(Kernel, launchesOf(Kernel, Ctx)));
}

} // namespace cudalint
