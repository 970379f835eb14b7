//===--- CapturedFindings.cpp - findings held back, then agreed on --------===//

#include "CapturedFindings.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTDiagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

#include <map>
#include <set>

using namespace clang;

namespace cudalint {

namespace {

DiagnosticIDs::Level levelOf(DiagnosticsEngine::Level L) {
  switch (L) {
  case DiagnosticsEngine::Note:
    return DiagnosticIDs::Note;
  case DiagnosticsEngine::Remark:
    return DiagnosticIDs::Remark;
  case DiagnosticsEngine::Error:
  case DiagnosticsEngine::Fatal:
    return DiagnosticIDs::Error;
  default:
    return DiagnosticIDs::Warning;
  }
}

std::pair<unsigned, int> keyOf(const CapturedFinding &F) {
  return {F.Main.Loc.getRawEncoding(), static_cast<int>(F.Main.Level)};
}

} // namespace

class CapturedFindings::Consumer : public DiagnosticConsumer {
public:
  std::vector<std::vector<CapturedFinding>> Rounds;

  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    if (Rounds.empty())
      return;
    CapturedDiagnostic D;
    D.Level = levelOf(L);
    D.Loc = Info.getLocation();
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    D.Message = Text.str().str();
    D.Ranges.assign(Info.getRanges().begin(), Info.getRanges().end());
    D.FixIts.assign(Info.getFixItHints().begin(), Info.getFixItHints().end());
    std::vector<CapturedFinding> &Round = Rounds.back();
    if (D.Level == DiagnosticIDs::Note) {
      if (!Round.empty())
        Round.back().Notes.push_back(std::move(D));
      return;
    }
    Round.push_back(CapturedFinding{std::move(D), {}});
  }
};

std::string CapturedFinding::editsKey() const {
  std::string Key;
  auto Add = [&](const CapturedDiagnostic &D) {
    for (const FixItHint &H : D.FixIts)
      Key += std::to_string(H.RemoveRange.getBegin().getRawEncoding()) + ":" +
             std::to_string(H.RemoveRange.getEnd().getRawEncoding()) + "=" +
             H.CodeToInsert + ";";
  };
  Add(Main);
  for (const CapturedDiagnostic &N : Notes)
    Add(N);
  return Key;
}

CapturedFindings::CapturedFindings(ASTContext &Ctx)
    : Client(std::make_unique<Consumer>()) {
  Engine = std::make_unique<DiagnosticsEngine>(
      llvm::makeIntrusiveRefCnt<DiagnosticIDs>(), new DiagnosticOptions,
      Client.get(), /*ShouldOwnClient=*/false);
  Engine->setSourceManager(&Ctx.getSourceManager());
  // Declarations and types as arguments, spelled as clang spells them.
  Engine->SetArgToStringFn(&FormatASTNodeDiagnosticArgument, &Ctx);
}

CapturedFindings::~CapturedFindings() = default;

void CapturedFindings::startRound() { Client->Rounds.emplace_back(); }

DiagnosticBuilder CapturedFindings::diag(SourceLocation Loc,
                                         StringRef Description,
                                         DiagnosticIDs::Level Level) {
  unsigned ID = Engine->getDiagnosticIDs()->getCustomDiagID(Level, Description);
  return Engine->Report(Loc, ID);
}

std::vector<CapturedFinding> CapturedFindings::agreed() const {
  const auto &Rounds = Client->Rounds;
  if (Rounds.empty())
    return {};
  // How many rounds gave each finding, and whether they all edited alike.
  std::map<std::pair<unsigned, int>, unsigned> Seen;
  std::map<std::pair<unsigned, int>, std::set<std::string>> Edits;
  for (const std::vector<CapturedFinding> &Round : Rounds) {
    std::set<std::pair<unsigned, int>> InRound;
    for (const CapturedFinding &F : Round)
      if (InRound.insert(keyOf(F)).second) {
        ++Seen[keyOf(F)];
        Edits[keyOf(F)].insert(F.editsKey());
      }
  }
  std::vector<CapturedFinding> Out;
  for (const CapturedFinding &F : Rounds.front()) {
    if (Seen[keyOf(F)] != Rounds.size())
      continue;
    CapturedFinding Kept = F;
    if (Edits[keyOf(F)].size() > 1) {
      Kept.FixesDiffer = true;
      Kept.Main.FixIts.clear();
      for (CapturedDiagnostic &N : Kept.Notes)
        N.FixIts.clear();
    }
    Out.push_back(std::move(Kept));
  }
  return Out;
}

} // namespace cudalint
