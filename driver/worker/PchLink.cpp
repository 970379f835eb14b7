//===--- PchLink.cpp ------------------------------------------------------===//

#include "worker/PchLink.h"
#include "run/Digest.h"
#include "run/Discovery.h"
#include "worker/HeaderReuse.h"
#include "worker/Reinclusion.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace clang;
using llvm::StringRef;
namespace fs = llvm::sys::fs;

namespace cudalint {

FileStamp stampOf(const std::string &Path) {
  FileStamp Stamp{Path, 0, -1};
  fs::file_status Status;
  if (!fs::status(Path, Status) &&
      Status.type() == fs::file_type::regular_file) {
    Stamp.Size = Status.getSize();
    Stamp.MTimeNs = nanoseconds(Status.getLastModificationTime());
  }
  return Stamp;
}

namespace {

// The stub's text: its header's directive, then the same again, which must
// include nothing, as the file's own directive will after the link.
std::string directive(StringRef Header) {
  return "#include <" + Header.str() + ">\n";
}
// A link for one of the file's leading `#define`s, not a header.
bool isDefine(StringRef Step) { return Step.starts_with("#"); }
unsigned secondDirective(StringRef Header) { return directive(Header).size(); }

// Each macro's name and definition (parameters and tokens, spelled).
using MacroTable = std::map<std::string, std::string>;

std::string spelled(const MacroInfo &Macro, const Preprocessor &PP) {
  std::string Text;
  if (Macro.isFunctionLike()) {
    Text += "(";
    for (const IdentifierInfo *Param : Macro.params())
      Text += Param->getName().str() + ",";
    Text += Macro.isVariadic() ? "...)" : ")";
  }
  for (const Token &Tok : Macro.tokens())
    Text += " " + PP.getSpelling(Tok);
  return Text;
}

// The macros \p PP has defined, as the lexer finds them: each of \p Names
// looked up through the identifier table, else each name the parse met.
MacroTable macrosOf(Preprocessor &PP, const MacroTable *Names) {
  MacroTable Table;
  auto Add = [&](const IdentifierInfo *Name) {
    if (const MacroInfo *Macro = PP.getMacroInfo(Name))
      Table[Name->getName().str()] = spelled(*Macro, PP);
  };
  if (Names) {
    for (const auto &Entry : *Names) {
      const IdentifierInfo *Name = PP.getIdentifierInfo(Entry.first);
      // What the lexer does first with a name it meets (a keyword's, made
      // before the chain was loaded, is out of date).
      if (Name->isOutOfDate() && PP.getExternalSource())
        PP.getExternalSource()->updateOutOfDateIdentifier(*Name);
      Add(Name);
    }
    return Table;
  }
  // The names this parse met: the others were not read from the chain, so
  // the link cannot have written them again.
  for (const auto &Entry : PP.getIdentifierTable())
    if (Entry.getValue()->hasMacroDefinition())
      Add(Entry.getValue());
  return Table;
}

// What a link's parse showed.
struct LinkWatch {
  std::set<std::string> Inputs, Included;
  std::string Why; ///< The first reason no parse may start from the link.
  /// What the stub's first directive, and its second (the header again),
  /// did to the parse: a link whose first did nothing adds nothing.
  bool FirstDidSomething = false, AgainDidSomething = false;

  /// Every macro defined at the end of the link's parse, spelled.
  MacroTable Macros;

  void refuse(std::string Reason) {
    if (Why.empty())
      Why = std::move(Reason);
  }
};

// Records what the link's parse includes, as the worker's IncludeRecorder
// does for a whole parse.
class LinkRecorder : public PPCallbacks {
public:
  explicit LinkRecorder(LinkWatch &Watch) : Watch(Watch) {}
  void InclusionDirective(SourceLocation, const Token &, StringRef Name, bool,
                          CharSourceRange, OptionalFileEntryRef File, StringRef,
                          StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind Kind) override {
    if (!File) {
      Watch.refuse("'" + Name.str() + "' was not found");
      return;
    }
    Watch.Inputs.insert(inputPath(*File));
    if (Kind == SrcMgr::C_User)
      Watch.Included.insert(absolute(File->getName()));
  }
  // These two would tell the link's stub from the file it stands for.
  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    StringRef Macro = Name.getIdentifierInfo()->getName();
    if (Macro == "__BASE_FILE__" || Macro == "__INCLUDE_LEVEL__")
      Watch.refuse("it expands " + Macro.str());
  }

private:
  LinkWatch &Watch;
};

// A link may declare nothing that the worker's user-code scope would take
// (UserCodeScope in Analyzer.cpp): those declarations would be in the
// chain, not in the parse that the scope is drawn from.
class SystemDeclarationsOnly : public ASTConsumer {
public:
  explicit SystemDeclarationsOnly(LinkWatch &Watch) : Watch(Watch) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    const SourceManager &SM = Ctx.getSourceManager();
    for (const Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
      if (!D->isImplicit() && D->getLocation().isValid() &&
          !SM.isInSystemHeader(D->getLocation()))
        return Watch.refuse("it declares code outside system headers");
  }

private:
  LinkWatch &Watch;
};

// Any diagnostic the link's parse reports would be reported by the parses
// that start from it too, but for the chain.
class LinkDiagnostics : public DiagnosticConsumer {
public:
  explicit LinkDiagnostics(LinkWatch &Watch) : Watch(Watch) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Warning)
      return;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    Watch.refuse("its parse reported '" + Text.str().str() + "'");
  }

private:
  LinkWatch &Watch;
};

class LinkAction : public GeneratePCHAction {
public:
  LinkAction(LinkWatch &Watch, StringRef Header)
      : Watch(Watch), Header(Header) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    Preprocessor &PP = CI.getPreprocessor();
    PP.addPPCallbacks(std::make_unique<LinkRecorder>(Watch));
    if (!Header.empty() && !isDefine(Header)) {
      unsigned Second = secondDirective(Header);
      PP.addPPCallbacks(std::make_unique<ReinclusionWatch>(
          PP, std::vector<cudalint::Watch>{
                  {{"", 0, Second}, &Watch.FirstDidSomething},
                  {{"", Second, ~0u}, &Watch.AgainDidSomething}}));
    }
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }

  void EndSourceFileAction() override {
    if (!getCompilerInstance().getPreprocessorOpts().ImplicitPCHInclude.empty())
      Watch.Macros = macrosOf(getCompilerInstance().getPreprocessor(), nullptr);
    if (Watch.AgainDidSomething)
      Watch.refuse("<" + Header.str() +
                   "> does something when included again, as the file's own "
                   "directive will include it");
    GeneratePCHAction::EndSourceFileAction();
  }

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    std::unique_ptr<ASTConsumer> Writer =
        GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!Writer)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<SystemDeclarationsOnly>(Watch));
    Consumers.push_back(std::move(Writer));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

private:
  LinkWatch &Watch;
  StringRef Header;
};

// Loads a link just written and looks up every macro its parse ended with.
class LoadedMacros : public ASTFrontendAction {
public:
  LoadedMacros(const MacroTable &Expected, MacroTable &Found)
      : Expected(Expected), Found(Found) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<ASTConsumer>();
  }
  void EndSourceFileAction() override {
    Found = macrosOf(getCompilerInstance().getPreprocessor(), &Expected);
  }

private:
  const MacroTable &Expected;
  MacroTable &Found;
};

// The stub's text: its header twice, then, for each macro of \p Kept,
// `#pragma push_macro` and `pop_macro`, which put the macro back as it was,
// as a change of this link: clang writes it into the link then, and does
// not lose it (macroLostInLoading).
bool writeStub(const std::string &Path, StringRef Header,
               const std::vector<std::string> &Kept) {
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC);
  if (EC)
    return false;
  if (isDefine(Header))
    Out << Header << "\n";
  else if (!Header.empty())
    Out << directive(Header) << directive(Header);
  for (const std::string &Name : Kept)
    Out << "#pragma push_macro(\"" << Name << "\")\n#pragma pop_macro(\""
        << Name << "\")\n";
  return true;
}

// \p Invocation parsing \p Input (of the same kind as its own input) over
// the precompiled header \p Pch (none when empty), writing nothing.
std::shared_ptr<CompilerInvocation>
invocationOver(const CompilerInvocation &Invocation, StringRef Input,
               StringRef Pch) {
  auto Over = std::make_shared<CompilerInvocation>(Invocation);
  FrontendOptions &Frontend = Over->getFrontendOpts();
  InputKind Kind = Frontend.Inputs.empty() ? InputKind(Language::CUDA)
                                           : Frontend.Inputs.front().getKind();
  Frontend.Inputs = {FrontendInputFile(Input, Kind)};
  Frontend.OutputFile.clear();
  Frontend.ProgramAction = frontend::ParseSyntaxOnly;
  Over->getCodeGenOpts().MainFileName.clear();
  Over->getDependencyOutputOpts() = DependencyOutputOptions();
  Over->getPreprocessorOpts().ImplicitPCHInclude = Pch.str();
  return Over;
}

// \p Invocation turned to writing \p Files.Pch from \p Files.Stub.
std::shared_ptr<CompilerInvocation>
linkInvocation(const CompilerInvocation &Invocation, const LinkFiles &Files) {
  auto Link = invocationOver(Invocation, Files.Stub, Files.Parent);
  Link->getFrontendOpts().OutputFile = Files.Pch;
  Link->getFrontendOpts().ProgramAction = frontend::GeneratePCH;
  // No "N warnings generated." on the worker's stderr.
  Link->getDiagnosticOpts().ShowCarets = false;
  return Link;
}

// A compiler instance for \p Invocation, reading files from
// \p WorkingDirectory, its diagnostics to \p Diagnostics.
void prepare(CompilerInstance &CI, std::shared_ptr<CompilerInvocation> Inv,
             StringRef WorkingDirectory, DiagnosticConsumer &Diagnostics) {
  CI.setInvocation(std::move(Inv));
  CI.createDiagnostics(&Diagnostics, /*ShouldOwnClient=*/false);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      llvm::vfs::createPhysicalFileSystem();
  FS->setCurrentWorkingDirectory(WorkingDirectory);
  CI.createFileManager(FS);
}

// clang 19 can lose, loading a chain of precompiled headers, a macro of an
// earlier link whose identifier a later one writes again (libstdc++'s __N,
// a parameter's name in CCCL's cuda/ptx; CUDA's __cdecl, a keyword too):
// the lexer then meets the name unexpanded. The link just written is loaded
// over an empty file, and each macro its parse ended with looked up as the
// lexer would: those lost or changed.
std::vector<std::string>
macrosLostInLoading(const CompilerInvocation &Invocation,
                    StringRef WorkingDirectory, const LinkFiles &Files,
                    const MacroTable &Expected) {
  std::string Empty = Files.Pch + ".empty.cu";
  auto Load = invocationOver(Invocation, Empty, Files.Pch);
  Load->getPreprocessorOpts().addRemappedFile(
      Empty, llvm::MemoryBuffer::getMemBuffer("").release());
  CompilerInstance CI;
  IgnoringDiagConsumer Quiet;
  prepare(CI, Load, WorkingDirectory, Quiet);
  MacroTable Found;
  LoadedMacros Action(Expected, Found);
  std::vector<std::string> Lost;
  if (!CI.ExecuteAction(Action))
    return {"(all: it could not be loaded)"};
  for (const auto &[Name, Definition] : Expected) {
    auto It = Found.find(Name);
    if (It == Found.end() || It->second != Definition)
      Lost.push_back(Name);
  }
  return Lost;
}

// One parse of the link's stub (keeping \p Kept, see writeStub) into
// \p Watch: false when it failed.
bool parseLink(const CompilerInvocation &Invocation, StringRef WorkingDirectory,
               const LinkFiles &Files, StringRef Header,
               const std::vector<std::string> &Kept, LinkWatch &Watch) {
  if (!writeStub(Files.Stub, Header, Kept)) {
    Watch.refuse("its stub could not be written");
    return false;
  }
  CompilerInstance CI;
  LinkDiagnostics Diagnostics(Watch);
  prepare(CI, linkInvocation(Invocation, Files), WorkingDirectory, Diagnostics);
  LinkAction Action(Watch, Header);
  return CI.ExecuteAction(Action);
}

// The link's record from what its parse showed.
LinkRecord recordOf(LinkWatch &Watch, bool Parsed, const LinkFiles &Files,
                    StringRef Header) {
  LinkRecord Record;
  if (!Parsed)
    Watch.refuse("its parse failed");
  if (!Watch.Why.empty()) {
    Record.Status = LinkRecord::Stops;
    Record.Why = Watch.Why;
  } else if (!Header.empty() && !isDefine(Header) && !Watch.FirstDidSomething) {
    Record.Status = LinkRecord::Nothing;
  } else {
    Record.Status = LinkRecord::Holds;
  }
  if (Record.Status != LinkRecord::Holds)
    fs::remove(Files.Pch);
  Record.Inputs.assign(Watch.Inputs.begin(), Watch.Inputs.end());
  Record.Included.assign(Watch.Included.begin(), Watch.Included.end());
  for (const std::string &Input : Record.Inputs)
    Record.Read.push_back(stampOf(Input));
  Record.Read.push_back(stampOf(Files.Stub));
  if (!Files.Parent.empty())
    Record.Read.push_back(stampOf(Files.Parent));
  return Record;
}

} // namespace

LinkRecord buildLink(const CompilerInvocation &Invocation,
                     StringRef WorkingDirectory, const LinkFiles &Files,
                     StringRef Header) {
  LinkWatch Watch;
  bool Parsed =
      parseLink(Invocation, WorkingDirectory, Files, Header, {}, Watch);
  if (!Parsed || !Watch.Why.empty() ||
      (!Watch.FirstDidSomething && !isDefine(Header)) || Files.Parent.empty())
    return recordOf(Watch, Parsed, Files, Header);
  // A link over another: the macros loading it loses are written into it
  // again, once.
  std::vector<std::string> Lost =
      macrosLostInLoading(Invocation, WorkingDirectory, Files, Watch.Macros);
  if (Lost.empty())
    return recordOf(Watch, Parsed, Files, Header);
  LinkWatch Again;
  Parsed = parseLink(Invocation, WorkingDirectory, Files, Header, Lost, Again);
  if (Parsed && Again.Why.empty()) {
    Lost =
        macrosLostInLoading(Invocation, WorkingDirectory, Files, Again.Macros);
    if (!Lost.empty())
      Again.refuse("loading it loses macro '" + Lost.front() +
                   "' (a clang bug)");
  }
  return recordOf(Again, Parsed, Files, Header);
}

} // namespace cudalint
