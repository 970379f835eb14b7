//===--- FindingSink.h - where a check's findings go ----------------------===//
//
// A check reports each finding (a warning or error with its notes) into the
// sink it is handed with the kernel: straight to clang-tidy for an ordinary
// kernel, or into a round of captured findings while a kernel template is
// analysed under its stand-ins (CapturedFindings.h). Checks never call
// ClangTidyCheck::diag themselves, so no finding can bypass the capture.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_FINDINGSINK_H
#define CUDALINT_FINDINGSINK_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"

namespace cudalint {

class FindingSink {
public:
  virtual ~FindingSink() = default;
  /// Starts a diagnostic of the check at \p Loc.
  virtual clang::DiagnosticBuilder
  diag(clang::SourceLocation Loc, llvm::StringRef Description,
       clang::DiagnosticIDs::Level Level = clang::DiagnosticIDs::Warning) = 0;
};

} // namespace cudalint

#endif
