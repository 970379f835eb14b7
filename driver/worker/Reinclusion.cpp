//===--- Reinclusion.cpp --------------------------------------------------===//

#include "worker/Reinclusion.h"

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cudalint {

ReinclusionWatch::ReinclusionWatch(Preprocessor &PP, std::vector<Watch> Watched)
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
  SourceLocation Directive = SM.getIncludeLoc(SM.getFileID(Loc));
  if (Directive.isInvalid() || SM.getFileID(Directive) != PrevFID)
    return;
  unsigned Offset = SM.getFileOffset(Directive);
  for (const Watch &W : Watched)
    if (watches(W.Directives, PrevFID, Offset)) {
      Active = &W;
      Depth = 1;
    }
}

bool ReinclusionWatch::watches(const WatchedDirectives &W, FileID Includer,
                               unsigned Offset) const {
  if (Offset < W.Begin || Offset >= W.End)
    return false;
  if (W.File.empty())
    return Includer == SM.getMainFileID();
  OptionalFileEntryRef File = SM.getFileEntryRefForID(Includer);
  return File && File->getFileEntry().tryGetRealPathName() == W.File;
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
