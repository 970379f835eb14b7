//===--- Reinclusion.cpp --------------------------------------------------===//

#include "worker/Reinclusion.h"

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cudalint {

ReinclusionWatch::ReinclusionWatch(Preprocessor &PP,
                                   std::vector<WatchedDirectives> Watched)
    : PP(PP), SM(PP.getSourceManager()), Watched(std::move(Watched)) {
  // The preprocessor owns the watch, so the watch outlives the watcher.
  PP.setTokenWatcher([this](const Token &) { noteEffect(); });
}

void ReinclusionWatch::FileChanged(SourceLocation Loc, FileChangeReason Reason,
                                   SrcMgr::CharacteristicKind, FileID PrevFID) {
  if (Reason == ExitFile) {
    if (Depth && --Depth == 0)
      settleMacros();
    return;
  }
  if (Reason != EnterFile)
    return;
  if (Depth) {
    ++Depth;
    return;
  }
  if (PrevFID != SM.getMainFileID())
    return;
  SourceLocation Directive = SM.getIncludeLoc(SM.getFileID(Loc));
  if (Directive.isInvalid() || SM.getFileID(Directive) != PrevFID)
    return;
  unsigned Offset = SM.getFileOffset(Directive);
  for (const WatchedDirectives &W : Watched)
    if (Offset >= W.Begin && Offset < W.End) {
      Active = &W;
      Depth = 1;
    }
}

void ReinclusionWatch::MacroDefined(const Token &Name,
                                    const MacroDirective *MD) {
  const MacroDirective *Previous = MD ? MD->getPrevious() : nullptr;
  noteMacro(Name.getIdentifierInfo(),
            Previous ? Previous->getMacroInfo() : nullptr);
}

void ReinclusionWatch::MacroUndefined(const Token &Name,
                                      const MacroDefinition &MD,
                                      const MacroDirective *) {
  noteMacro(Name.getIdentifierInfo(), MD.getMacroInfo());
}

void ReinclusionWatch::noteMacro(const IdentifierInfo *Name,
                                 const MacroInfo *Before) {
  if (Depth)
    MacrosBefore.try_emplace(Name, Before);
}

void ReinclusionWatch::settleMacros() {
  for (const auto &[Name, Before] : MacrosBefore) {
    const MacroInfo *Now = PP.getMacroInfo(Name);
    if (bool(Now) != bool(Before) ||
        (Now && !Now->isIdenticalTo(*Before, PP, /*Syntactically=*/true)))
      *Active->DidSomething = true;
  }
  MacrosBefore.clear();
}

} // namespace cudalint
