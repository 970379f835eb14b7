//===--- Reinclusion.h - a directive that must include nothing -----------===//
//
// A parse that starts from a chain of precompiled headers meets the main
// file's leading directives again, after the chain took the headers they
// name (HeaderReuse.h): each must then do nothing. A guarded header is
// skipped; one without a guard that the preprocessor can see (libstdc++'s
// <stdlib.h>, whose guard sits in an #else) is entered again, and must give
// the parser no token and hold no pragma, and leave every macro as it was.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_WORKER_REINCLUSION_H
#define CUDALINT_DRIVER_WORKER_REINCLUSION_H

#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace clang {
class MacroInfo;
class Preprocessor;
} // namespace clang

namespace cudalint {

/// The `#include` directives that start in [Begin, End) of a file (the main
/// file when File is empty, else the one at that real path).
struct WatchedDirectives {
  std::string File;
  unsigned Begin = 0, End = 0;
};

/// Directives to watch, and what is set when one of them includes
/// something that does something.
struct Watch {
  WatchedDirectives Directives;
  bool *DidSomething;
};

/// Watches the directives of \p Watched (one preprocessor has one token
/// watcher, which this installs).
class ReinclusionWatch : public clang::PPCallbacks {
public:
  ReinclusionWatch(clang::Preprocessor &PP, std::vector<Watch> Watched);

  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind,
                   clang::FileID PrevFID) override;
  void MacroDefined(const clang::Token &Name,
                    const clang::MacroDirective *MD) override;
  void MacroUndefined(const clang::Token &Name,
                      const clang::MacroDefinition &MD,
                      const clang::MacroDirective *) override;
  void PragmaDirective(clang::SourceLocation,
                       clang::PragmaIntroducerKind) override {
    noteEffect();
  }

private:
  void noteEffect() {
    if (Depth)
      *Active->DidSomething = true;
  }
  // The macro \p Name is about to change; \p Before is its definition
  // before the watched inclusion began, if this is the first change to it.
  void noteMacro(const clang::IdentifierInfo *Name,
                 const clang::MacroInfo *Before);
  // The watched inclusion ended: a macro it changed must be as it was (a
  // header that undefines and defines `assert` again, as <assert.h> does,
  // leaves it the same).
  void settleMacros();

  clang::Preprocessor &PP;
  // Whether \p Directive (in \p Includer) is one of \p W's.
  bool watches(const WatchedDirectives &W, clang::FileID Includer,
               unsigned Offset) const;

  const clang::SourceManager &SM;
  std::vector<Watch> Watched;
  /// How deep the files entered from a watched directive are (0 outside),
  /// and which directives that one is among.
  unsigned Depth = 0;
  const Watch *Active = nullptr;
  /// The macros the watched inclusion changed, as they were before it.
  llvm::DenseMap<const clang::IdentifierInfo *, const clang::MacroInfo *>
      MacrosBefore;
};

} // namespace cudalint

#endif
