//===--- CapturedFindings.h - findings held back, then agreed on ----------===//
//
// A kernel template with no instantiation in view is analysed once per
// stand-in (TemplateStandIn.h). Its findings are captured rather than
// reported, one round per stand-in; a finding is then reported only when
// every round gave one of the same level at the same place, with the first
// round's message and notes, and its fix-its only when every round proposed
// the same edits.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_CAPTUREDFINDINGS_H
#define CUDALINT_CAPTUREDFINDINGS_H

#include "FindingSink.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"

#include <memory>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace cudalint {

/// One captured diagnostic.
struct CapturedDiagnostic {
  clang::DiagnosticIDs::Level Level;
  clang::SourceLocation Loc;
  std::string Message;
  std::vector<clang::CharSourceRange> Ranges;
  std::vector<clang::FixItHint> FixIts;
};

/// A warning, error or remark with the notes that follow it.
struct CapturedFinding {
  CapturedDiagnostic Main;
  std::vector<CapturedDiagnostic> Notes;
  /// The rounds proposed different fix-its: none is kept.
  bool FixesDiffer = false;
  /// Every fix-it of the finding, spelled, to compare rounds.
  std::string editsKey() const;
};

/// Diagnostics issued into a private engine, grouped into findings, one
/// round at a time.
class CapturedFindings : public FindingSink {
public:
  explicit CapturedFindings(clang::ASTContext &Ctx);
  ~CapturedFindings() override;

  /// Starts the next round.
  void startRound();
  /// A builder that captures into the current round.
  clang::DiagnosticBuilder diag(clang::SourceLocation Loc,
                                llvm::StringRef Description,
                                clang::DiagnosticIDs::Level Level =
                                    clang::DiagnosticIDs::Warning) override;
  /// The findings every round gave, as the first round gave them.
  std::vector<CapturedFinding> agreed() const;

private:
  class Consumer;
  std::unique_ptr<Consumer> Client;
  std::unique_ptr<clang::DiagnosticsEngine> Engine;
};

} // namespace cudalint

#endif
