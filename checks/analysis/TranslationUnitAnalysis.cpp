//===--- TranslationUnitAnalysis.cpp - the analyses of one translation unit
//===//

#include "TranslationUnitAnalysis.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cudalint {

ASTContext &KernelView::context() const { return Decl.getASTContext(); }

namespace {
// Passes every diagnostic on to the consumer it replaces, and records where
// the errors that can break a statement are. The engine owns it, so it
// lives exactly as long as the translation unit's engine.
class CompilerErrorRecorder : public ForwardingDiagnosticConsumer {
public:
  CompilerErrorRecorder(DiagnosticConsumer &Target,
                        std::unique_ptr<DiagnosticConsumer> OwnedTarget,
                        std::shared_ptr<CompilerErrors> Errors)
      : ForwardingDiagnosticConsumer(Target),
        OwnedTarget(std::move(OwnedTarget)), Errors(std::move(Errors)) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    // Counted here too: the compiler reads the engine's client's counts.
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error && Info.getLocation().isValid() &&
        Info.hasSourceManager() && breaksStatement(Info))
      Errors->push_back(Info.getLocation());
    ForwardingDiagnosticConsumer::HandleDiagnostic(Level, Info);
  }

private:
  std::unique_ptr<DiagnosticConsumer> OwnedTarget;
  std::shared_ptr<CompilerErrors> Errors;
};
} // namespace

TranslationUnitAnalysis::TranslationUnitAnalysis()
    : Errors(std::make_shared<CompilerErrors>()) {}

TranslationUnitAnalysis::~TranslationUnitAnalysis() = default;

void TranslationUnitAnalysis::recordTargets(const Preprocessor &PP,
                                            llvm::StringRef Option) {
  Targets = GpuTargets::of(PP, Option);
}

void TranslationUnitAnalysis::recordCompilerErrors(DiagnosticsEngine &Diags) {
  if (Recorder && Diags.getClient() == Recorder)
    return; // Already recording this translation unit's errors.
  DiagnosticConsumer *Target = Diags.getClient();
  if (!Target)
    return;
  Errors = std::make_shared<CompilerErrors>();
  std::unique_ptr<DiagnosticConsumer> Owned = Diags.takeClient();
  auto R = std::make_unique<CompilerErrorRecorder>(*Target, std::move(Owned),
                                                   Errors);
  Recorder = R.get();
  Diags.setClient(R.release(), /*ShouldOwnClient=*/true);
}

void TranslationUnitAnalysis::forgetResults() {
  Models.clear();
  StandIns.clear();
  Uses.reset();
}

llvm::ArrayRef<TemplateStandIn>
TranslationUnitAnalysis::standIns(const FunctionDecl &Kernel) {
  auto [It, New] = StandIns.try_emplace(&Kernel);
  if (New)
    It->second = templateStandIns(Kernel, Kernel.getASTContext());
  return It->second;
}

const KernelModel &TranslationUnitAnalysis::model(const KernelView &Kernel) {
  std::unique_ptr<KernelModel> &Slot = Models[{&Kernel.Decl, Kernel.StandIn}];
  if (!Slot)
    Slot = std::make_unique<KernelModel>(Kernel);
  return *Slot;
}

void TranslationUnitAnalysis::moveToKernel(const FunctionDecl &Kernel) {
  // About 12 KB each: a few MB at most, against 0.7 GB for the 60,000
  // kernels of a generated 10 MB file.
  constexpr size_t MaxModels = 256;
  if (Models.size() <= MaxModels)
    return;
  for (auto It = Models.begin(); It != Models.end();)
    It = It->first.first == &Kernel ? std::next(It) : Models.erase(It);
}

const KernelUseIndex &TranslationUnitAnalysis::uses(ASTContext &Ctx) {
  if (!Uses)
    Uses = std::make_unique<KernelUseIndex>(Ctx);
  return *Uses;
}

llvm::ArrayRef<SourceLocation> TranslationUnitAnalysis::compilerErrors() const {
  return *Errors;
}

bool TranslationUnitAnalysis::hasParseErrors(const FunctionDecl &FD) const {
  return cudalint::hasParseErrors(&FD, *Errors);
}

} // namespace cudalint
