//===--- KernelCheck.cpp - what every cudalint check shares ---------------===//

#include "KernelCheck.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

// Reports straight to clang-tidy, as this check.
class KernelCheck::ReportingSink : public FindingSink {
public:
  explicit ReportingSink(KernelCheck &Check) : Check(Check) {}
  DiagnosticBuilder diag(SourceLocation Loc, StringRef Description,
                         DiagnosticIDs::Level Level) override {
    return Check.ClangTidyCheck::diag(Loc, Description, Level);
  }

private:
  KernelCheck &Check;
};

// Adds to each warning the note that its figures were measured on other
// GPUs than the build targets (measuredElsewhereText), before the next
// finding starts and when the kernel is done: a note belongs to the last
// warning reported.
class KernelCheck::MeasuredElsewhereSink : public FindingSink {
public:
  MeasuredElsewhereSink(FindingSink &Inner, std::string Caveat)
      : Inner(Inner), Caveat(std::move(Caveat)) {}
  ~MeasuredElsewhereSink() override { flush(); }
  DiagnosticBuilder diag(SourceLocation Loc, StringRef Description,
                         DiagnosticIDs::Level Level) override {
    if (Level != DiagnosticIDs::Note) {
      flush();
      if (Level == DiagnosticIDs::Warning && !Caveat.empty())
        Pending = Loc;
    }
    return Inner.diag(Loc, Description, Level);
  }

private:
  void flush() {
    if (Pending.isValid())
      Inner.diag(Pending, "%0", DiagnosticIDs::Note) << Caveat;
    Pending = SourceLocation();
  }

  FindingSink &Inner;
  std::string Caveat;
  SourceLocation Pending; ///< The warning still owed the note.
};

KernelCheck::KernelCheck(StringRef Name, tidy::ClangTidyContext *Context,
                         std::shared_ptr<TranslationUnitAnalysis> Analysis)
    : ClangTidyCheck(Name, Context), Analysis(std::move(Analysis)),
      CheckUnlaunchedKernels(parseBoolOption(
          Options.getLocalOrGlobal("CheckUnlaunchedKernels", "false"))),
      CudaTargets(Options.getLocalOrGlobal("CudaTargets", "").str()) {}

void KernelCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                      Preprocessor *) {
  Analysis->recordCompilerErrors(PP->getDiagnostics());
  Analysis->recordTargets(*PP, CudaTargets);
}

void KernelCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(kernelDefinition().bind("kernel"), this);
}

void KernelCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  Analysis->moveToKernel(*Kernel);
  if (Analysis->hasParseErrors(*Kernel) ||
      isDeadInThisProgram(*Kernel, *Result.Context))
    return;
  llvm::ArrayRef<TemplateStandIn> StandIns;
  if (usesTemplateStandIns())
    StandIns = Analysis->standIns(*Kernel);
  if (StandIns.empty()) {
    ReportingSink Sink(*this);
    MeasuredElsewhereSink Figures(Sink, figuresCaveat());
    checkKernel(KernelView{*Kernel}, Figures);
  } else {
    checkTemplateAsWritten(*Kernel, StandIns, *Result.Context);
  }
}

// A kernel that the translation unit never names where a run can reach
// (not at all, or only in host functions that `main` never calls: code
// left for reference, or reached only through a branch of an `#if` that is
// not compiled), while its host code launches other kernels, is dead code
// there: whatever it would cost, no run of the program pays it. Every
// kernel of a file that launches none (a kernel library, launched from
// other files) is checked, and so is every kernel under the
// `CheckUnlaunchedKernels` option.
bool KernelCheck::isDeadInThisProgram(const FunctionDecl &Kernel,
                                      ASTContext &Ctx) const {
  if (CheckUnlaunchedKernels)
    return false;
  const KernelUseIndex &Uses = uses(Ctx);
  return Uses.launchesAnyKernel() && !Uses.isNamedWhereRunsReach(&Kernel);
}

// One round per stand-in, each with the locations reported so far; what
// every round found is reported once, and its locations marked.
void KernelCheck::checkTemplateAsWritten(const FunctionDecl &Kernel,
                                         ArrayRef<TemplateStandIn> StandIns,
                                         ASTContext &Ctx) {
  CapturedFindings Capture(Ctx);
  std::set<unsigned> Before = Reported, EditedBefore = EditedOnce;
  std::set<unsigned> EditedInFirstRound;
  for (const TemplateStandIn &S : StandIns) {
    Capture.startRound();
    Reported = Before;
    EditedOnce = EditedBefore;
    {
      MeasuredElsewhereSink Figures(Capture, figuresCaveat());
      checkKernel(KernelView{Kernel, &S}, Figures);
    }
    if (&S == &StandIns.front())
      EditedInFirstRound = EditedOnce;
  }
  Reported = std::move(Before);
  std::vector<CapturedFinding> Agreed = Capture.agreed();
  // The once-per-file edits stand made when a reported finding carries them.
  bool KeptEdits = llvm::any_of(
      Agreed, [](const CapturedFinding &F) { return !F.FixesDiffer; });
  EditedOnce = KeptEdits ? EditedInFirstRound : EditedBefore;
  for (const CapturedFinding &F : Agreed)
    reportAgreed(F, Kernel, StandIns);
}

void KernelCheck::reportAgreed(const CapturedFinding &F,
                               const FunctionDecl &Kernel,
                               ArrayRef<TemplateStandIn> StandIns) {
  auto Emit = [&](const CapturedDiagnostic &D) {
    auto B = diag(D.Loc, "%0", D.Level) << D.Message;
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
  diag(Kernel.getLocation(),
       "%0 has no analysable instantiation in view: analysed as written "
       "with %1, and each gives this finding (figures for %2)",
       DiagnosticIDs::Note)
      << &Kernel << describeStandIns(StandIns) << Figures;
  if (F.FixesDiffer)
    diag(F.Main.Loc,
         "no fix-it: the edit depends on the template's "
         "arguments (it differs between %0); make it by hand "
         "for the arguments the kernel is launched with",
         DiagnosticIDs::Note)
        << describeStandIns(StandIns);
}

std::string KernelCheck::figuresCaveat() const {
  return quotesMeasuredFigures() ? measuredElsewhereText(targets()) : "";
}

void KernelCheck::onStartOfTranslationUnit() { Analysis->forgetResults(); }

void KernelCheck::onEndOfTranslationUnit() {
  Reported.clear();
  EditedOnce.clear();
  Analysis->forgetResults();
}

std::vector<LaunchConfig> KernelCheck::launchesOf(const KernelView &Kernel) {
  ASTContext &Ctx = Kernel.context();
  return launchConfigs(uses(Ctx), &Kernel.Decl, Ctx);
}

BlockShapeCheck::BlockShapeCheck(
    StringRef Name, tidy::ClangTidyContext *Context,
    std::shared_ptr<TranslationUnitAnalysis> Analysis)
    : KernelCheck(Name, Context, std::move(Analysis)),
      AssumedBlockDim(Options.get("AssumedBlockDim", "").str()) {}

void BlockShapeCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "AssumedBlockDim", AssumedBlockDim);
}

std::vector<BlockShape>
BlockShapeCheck::blockShapesOf(const KernelView &Kernel,
                               ArrayRef<LaunchConfig> Launches) {
  std::vector<KernelView> Instances = analysedInstances(Kernel);
  bool OneDimensional = llvm::all_of(Instances, [&](const KernelView &K) {
    return model(K).oneDimensional();
  });
  return blockShapes(Launches, assumedBlockShape(), OneDimensional);
}

std::vector<WarpSampler>
BlockShapeCheck::warpSamplersOf(const KernelView &Kernel) {
  return warpSamplers(blockShapesOf(Kernel, launchesOf(Kernel)));
}

} // namespace cudalint
