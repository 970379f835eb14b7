//===--- Analyzer.cpp -----------------------------------------------------===//

#include "Analyzer.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace clang;
using namespace clang::tidy;

namespace cudalint {

namespace {

// A `.clang-tidy` file is written for clang-tidy's own checks: its Checks
// line only speaks to cudalint when it names cudalint checks.
llvm::ErrorOr<ClangTidyOptions> parseClangTidyFile(llvm::MemoryBufferRef Config) {
  auto Parsed = parseConfiguration(Config);
  if (Parsed && Parsed->Checks &&
      !StringRef(*Parsed->Checks).contains("cudalint"))
    Parsed->Checks.reset();
  return Parsed;
}

ClangTidyOptions defaultOptions() {
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,cudalint-*";
  // Every file's findings come back; the parent applies the header filter,
  // since it alone knows which paths the user asked for.
  Defaults.HeaderFilterRegex = ".*";
  Defaults.SystemHeaders = false;
  Defaults.WarningsAsErrors = "";
  return Defaults;
}

// FileOptionsProvider's constructor that takes config file handlers leaves
// its file system unset in clang-tidy 19; this one sets it.
class ConfigSearchProvider : public FileOptionsProvider {
public:
  ConfigSearchProvider(ClangTidyOptions Defaults, ClangTidyOptions Overrides,
                       ConfigFileHandlers Handlers)
      : FileOptionsProvider(ClangTidyGlobalOptions(), std::move(Defaults),
                            std::move(Overrides), std::move(Handlers)) {
    FS = llvm::vfs::getRealFileSystem();
  }
};

class SingleCommandDatabase : public tooling::CompilationDatabase {
public:
  SingleCommandDatabase(tooling::CompileCommand Command)
      : Command(std::move(Command)) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(StringRef) const override {
    return {Command};
  }
  std::vector<std::string> getAllFiles() const override {
    return {Command.Filename};
  }

private:
  tooling::CompileCommand Command;
};

class IncludeRecorder : public PPCallbacks {
public:
  IncludeRecorder(std::set<std::string> &Included) : Included(Included) {}
  void InclusionDirective(SourceLocation, const Token &, StringRef, bool,
                          CharSourceRange, OptionalFileEntryRef File,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind Kind) override {
    if (!File || Kind != SrcMgr::C_User)
      return;
    llvm::SmallString<256> Path(File->getName());
    llvm::sys::fs::make_absolute(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Included.insert(std::string(Path));
  }

private:
  std::set<std::string> &Included;
};

class LintActionFactory : public tooling::FrontendActionFactory {
public:
  LintActionFactory(ClangTidyContext &Context, std::set<std::string> &Included)
      : ConsumerFactory(Context), Included(Included) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(ConsumerFactory, Included, Parsed);
  }
  bool parsed() const { return Parsed; }

private:
  class Action : public ASTFrontendAction {
  public:
    Action(ClangTidyASTConsumerFactory &Factory,
           std::set<std::string> &Included, bool &Parsed)
        : Factory(Factory), Included(Included), Parsed(Parsed) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                   StringRef File) override {
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<IncludeRecorder>(Included));
      return Factory.createASTConsumer(CI, File);
    }
    void EndSourceFileAction() override { Parsed = true; }

  private:
    ClangTidyASTConsumerFactory &Factory;
    std::set<std::string> &Included;
    bool &Parsed;
  };

  ClangTidyASTConsumerFactory ConsumerFactory;
  std::set<std::string> &Included;
  bool Parsed = false;
};

// Offsets to lines and columns, reading each file once.
class LineTable {
public:
  void locate(Message &M) {
    if (M.File.empty())
      return;
    const std::string *Text = contents(M.File);
    if (!Text || M.Offset > Text->size()) {
      M.Line = M.Column = 0;
      return;
    }
    unsigned Line = 1, LineStart = 0;
    for (unsigned I = 0; I < M.Offset; ++I)
      if ((*Text)[I] == '\n')
        ++Line, LineStart = I + 1;
    M.Line = Line;
    M.Column = M.Offset - LineStart + 1;
  }

private:
  const std::string *contents(const std::string &File) {
    auto It = Cache.find(File);
    if (It != Cache.end())
      return It->second ? &*It->second : nullptr;
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    auto &Slot = Cache[File];
    if (Buffer)
      Slot = (*Buffer)->getBuffer().str();
    return Slot ? &*Slot : nullptr;
  }
  std::map<std::string, std::optional<std::string>> Cache;
};

std::string absolutePath(StringRef Path, StringRef BuildDir) {
  if (Path.empty())
    return "";
  llvm::SmallString<256> Abs(Path);
  if (!llvm::sys::path::is_absolute(Abs)) {
    Abs = BuildDir;
    llvm::sys::path::append(Abs, Path);
  }
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

Message convert(const tooling::DiagnosticMessage &In, StringRef BuildDir,
                LineTable &Lines) {
  Message Out;
  Out.Text = In.Message;
  Out.File = absolutePath(In.FilePath, BuildDir);
  Out.Offset = In.FileOffset;
  for (const auto &Entry : In.Fix)
    for (const tooling::Replacement &R : Entry.second)
      Out.Fixes.push_back({absolutePath(R.getFilePath(), BuildDir),
                           R.getOffset(), R.getLength(),
                           R.getReplacementText().str()});
  Lines.locate(Out);
  return Out;
}

} // namespace

std::unique_ptr<ClangTidyOptionsProvider>
makeOptionsProvider(const LintSettings &Settings) {
  ClangTidyOptions Overrides;
  if (!Settings.ChecksOverride.empty())
    Overrides.Checks = Settings.ChecksOverride;
  if (!Settings.ConfigFile.empty()) {
    ClangTidyOptions FromFile;
    if (auto Buffer = llvm::MemoryBuffer::getFile(Settings.ConfigFile))
      if (auto Parsed = parseConfiguration((*Buffer)->getMemBufferRef()))
        FromFile = *Parsed;
    return std::make_unique<ConfigOptionsProvider>(
        ClangTidyGlobalOptions(), defaultOptions(), FromFile, Overrides);
  }
  std::vector<std::pair<std::string, std::function<llvm::ErrorOr<
                                         ClangTidyOptions>(llvm::MemoryBufferRef)>>>
      Handlers;
  Handlers.emplace_back(".cudalint.yaml", parseConfiguration);
  Handlers.emplace_back(".clang-tidy", parseClangTidyFile);
  return std::make_unique<ConfigSearchProvider>(defaultOptions(), Overrides,
                                                Handlers);
}

static std::string checkConfigFile(StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return "cannot read config file '" + Path.str() +
           "': " + Buffer.getError().message();
  auto Parsed = parseConfiguration((*Buffer)->getMemBufferRef());
  if (!Parsed)
    return "malformed config file '" + Path.str() +
           "': " + Parsed.getError().message();
  return "";
}

std::string validateConfigFor(const LintSettings &Settings,
                              const std::string &File) {
  if (!Settings.ConfigFile.empty())
    return checkConfigFile(Settings.ConfigFile);
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  for (; !Dir.empty(); Dir = llvm::sys::path::parent_path(Dir)) {
    for (const char *Name : {".cudalint.yaml", ".clang-tidy"}) {
      llvm::SmallString<256> Candidate(Dir);
      llvm::sys::path::append(Candidate, Name);
      if (!llvm::sys::fs::is_regular_file(Candidate))
        continue;
      std::string Error = checkConfigFile(Candidate);
      if (!Error.empty())
        return Error;
      return ""; // The nearest config wins, as in clang-tidy.
    }
  }
  return "";
}

FileResult analyzeFile(const LintSettings &Settings,
                       const std::vector<std::string> &Command,
                       const std::string &File,
                       const std::string &WorkingDirectory) {
  FileResult Result;
  Result.File = File;

  ClangTidyContext Context(makeOptionsProvider(Settings));
  std::optional<std::string> HeaderFilter =
      Context.getOptionsForFile(File).HeaderFilterRegex;
  Result.ConfigHeaderFilter = HeaderFilter && *HeaderFilter != ".*";
  SingleCommandDatabase Database(
      tooling::CompileCommand(WorkingDirectory, File, Command, ""));
  tooling::ClangTool Tool(Database, {File});
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  Tool.setPrintErrorMessage(false);

  ClangTidyDiagnosticConsumer DiagConsumer(Context, nullptr,
                                           /*RemoveIncompatibleErrors=*/true,
                                           /*GetFixesFromNotes=*/true);
  DiagnosticsEngine DE(new DiagnosticIDs(), new DiagnosticOptions(),
                       &DiagConsumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&DE);
  Tool.setDiagnosticConsumer(&DiagConsumer);

  std::set<std::string> Included;
  LintActionFactory Factory(Context, Included);
  Tool.run(&Factory);
  Result.Parsed = Factory.parsed();

  LineTable Lines;
  for (const ClangTidyError &Error : DiagConsumer.take()) {
    Finding F;
    F.Check = Error.DiagnosticName;
    switch (Error.DiagLevel) {
    case tooling::Diagnostic::Error:
      F.Level = Severity::Error;
      break;
    case tooling::Diagnostic::Remark:
      F.Level = Severity::Note;
      break;
    default:
      F.Level = Severity::Warning;
    }
    F.Main = convert(Error.Message, Error.BuildDirectory, Lines);
    for (const tooling::DiagnosticMessage &Note : Error.Notes)
      F.Notes.push_back(convert(Note, Error.BuildDirectory, Lines));
    Result.Findings.push_back(std::move(F));
  }
  Result.Included.assign(Included.begin(), Included.end());
  if (!Result.Parsed && Result.Findings.empty())
    Result.FileErrors.push_back("the front end could not parse this file");
  return Result;
}

std::vector<std::string> enabledChecks(const LintSettings &Settings,
                                       const std::string &File) {
  ClangTidyOptions Options = makeOptionsProvider(Settings)->getOptions(File);
  return getCheckNames(Options, /*AllowEnablingAnalyzerAlphaCheckers=*/false);
}

std::vector<std::string> allChecks() {
  ClangTidyOptions Options;
  Options.Checks = "*";
  std::vector<std::string> Names;
  for (const std::string &Name : getCheckNames(Options, false))
    if (!StringRef(Name).starts_with("clang-analyzer-"))
      Names.push_back(Name);
  return Names;
}

} // namespace cudalint
