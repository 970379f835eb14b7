//===--- Analyzer.cpp -----------------------------------------------------===//

#include "worker/Analyzer.h"
#include "report/Report.h"
#include "run/Discovery.h"
#include "worker/HeaderReuse.h"
#include "worker/ParseStrategies.h"
#include "worker/Reinclusion.h"

#include "analysis/CudaAST.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Path.h"

#include <limits>
#include <set>

using namespace clang;
using namespace clang::tidy;

namespace cudalint {

namespace {

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

// What the worker learns from the parse besides the checks' findings.
struct ParseFacts {
  std::set<std::string> Included;
  std::set<std::string> Inputs;            ///< Every file read, for the cache.
  std::set<std::string> MissingHeaderDirs; ///< Where missing ones were sought.
  std::vector<MissingHeader> Missing;
  std::vector<KernelRecord> Kernels;
  /// Where the front end reported errors that can break a statement.
  std::vector<SourceLocation> CompilerErrors;
  bool Parsed = false;
  /// A leading directive that the chain of precompiled headers holds
  /// included a file again: the parse is not the one it stands for.
  bool ChainMissed = false;
};

// Records the user files a TU includes, and turns a missing header from a
// fatal error (which ends the parse, so that no kernel after it is seen)
// into an ordinary one: the directive is skipped and the parse goes on, so
// every kernel that does not need the header is still analysed.
class IncludeRecorder : public PPCallbacks {
public:
  IncludeRecorder(Preprocessor &PP, ParseFacts &Facts) : PP(PP), Facts(Facts) {
    MissingID = PP.getDiagnostics().getCustomDiagID(
        DiagnosticsEngine::Error,
        "'%0' file not found; parsing went on without it (install it, or "
        "add its directory with -I)");
  }
  bool FileNotFound(StringRef) override { return true; }
  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef Name,
                          bool Angled, CharSourceRange,
                          OptionalFileEntryRef File, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind Kind) override {
    if (!File) {
      PP.getDiagnostics().Report(HashLoc, MissingID) << Name;
      const SourceManager &SM = PP.getSourceManager();
      SourceLocation Loc = SM.getFileLoc(HashLoc);
      if (OptionalFileEntryRef Includer =
              SM.getFileEntryRefForID(SM.getFileID(Loc)))
        Facts.Missing.push_back({Name.str(), absolute(Includer->getName()),
                                 SM.getFileOffset(Loc), Angled,
                                 SM.isInSystemHeader(Loc)});
      recordSearchedDirs(Loc, Angled);
      return;
    }
    // The name as opened may climb out through `..` past symbolic links
    // (libstdc++'s headers do); the real path is where the bytes are.
    Facts.Inputs.insert(inputPath(*File));
    if (Kind == SrcMgr::C_User)
      Facts.Included.insert(absolute(File->getName()));
  }

private:
  // The directories a missing header was looked for in: the include path,
  // and for `#include "..."` the including file's own directory.
  void recordSearchedDirs(SourceLocation Directive, bool Angled) {
    const SourceManager &SM = PP.getSourceManager();
    if (!Angled)
      if (OptionalFileEntryRef Includer =
              SM.getFileEntryRefForID(SM.getFileID(Directive)))
        Facts.MissingHeaderDirs.insert(
            absolute(llvm::sys::path::parent_path(Includer->getName())));
    for (const DirectoryLookup &Dir :
         PP.getHeaderSearchInfo().search_dir_range())
      if (OptionalDirectoryEntryRef Entry = Dir.getDirRef())
        Facts.MissingHeaderDirs.insert(absolute(Entry->getName()));
  }

  Preprocessor &PP;
  ParseFacts &Facts;
  unsigned MissingID = 0;
};

// Lists the kernel definitions of the TU outside system headers, and
// whether each parsed cleanly (then the checks, which use the same
// predicate, analysed it). Kernels live at namespace scope (a kernel cannot
// be a member function), so only namespaces and linkage blocks are walked,
// never function bodies or classes, and nothing in system headers.
class KernelCensus : public ASTConsumer {
public:
  KernelCensus(std::vector<KernelRecord> &Kernels,
               const std::vector<SourceLocation> &CompilerErrors)
      : Kernels(Kernels), CompilerErrors(CompilerErrors) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    SM = &Ctx.getSourceManager();
    walk(Ctx.getTranslationUnitDecl());
  }

private:
  // What this parse declared: a precompiled header holds system headers
  // alone (HeaderReuse.h), whose declarations are passed over anyway.
  void walk(const DeclContext *DC) {
    for (const Decl *D : DC->noload_decls()) {
      if (SM->isInSystemHeader(D->getLocation()))
        continue;
      if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
        D = FT->getTemplatedDecl();
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        record(FD);
      else if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D))
        walk(cast<DeclContext>(D));
    }
  }
  void record(const FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody())
      return;
    SourceLocation Begin = SM->getFileLoc(FD->getBeginLoc());
    if (Begin.isInvalid() || SM->isInSystemHeader(Begin))
      return;
    OptionalFileEntryRef File = SM->getFileEntryRefForID(SM->getFileID(Begin));
    if (!File)
      return;
    KernelRecord K;
    K.Name = FD->getQualifiedNameAsString();
    K.File = absolute(File->getName());
    K.Line = SM->getSpellingLineNumber(SM->getFileLoc(FD->getLocation()));
    K.LastLine = SM->getSpellingLineNumber(SM->getFileLoc(FD->getEndLoc()));
    K.Analysed = !hasParseErrors(FD, CompilerErrors);
    Kernels.push_back(std::move(K));
  }

  std::vector<KernelRecord> &Kernels;
  const std::vector<SourceLocation> &CompilerErrors;
  const SourceManager *SM = nullptr;
};

// Limits what the checks traverse (the matchers, the parent map, the
// kernel-use index) to the declarations outside system headers: CUDA's,
// libstdc++'s and CCCL's headers are most of every translation unit, and
// nothing in them is linted. Runs before the checks' consumer.
class UserCodeScope : public ASTConsumer {
public:
  void HandleTranslationUnit(ASTContext &Ctx) override {
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<Decl *> Scope;
    // What this parse declared (a precompiled header holds system headers
    // alone).
    for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
      if (!D->isImplicit() && D->getLocation().isValid() &&
          !SM.isInSystemHeader(D->getLocation()))
        Scope.push_back(D);
    Ctx.setTraversalScope(Scope);
  }
};

// The parse with the checks, from the chain of precompiled headers that
// \p Reuse keeps for its flags, if any.
class LintActionFactory : public tooling::FrontendActionFactory {
public:
  LintActionFactory(ClangTidyContext &Context, ParseFacts &Facts,
                    const HeaderReuse *Reuse, StringRef WorkingDirectory)
      : ConsumerFactory(Context), Facts(Facts), Reuse(Reuse),
        WorkingDirectory(WorkingDirectory) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(ConsumerFactory, Facts, Chain);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHOperations,
                     DiagnosticConsumer *Diagnostics) override {
    if (Reuse)
      Chain = Reuse->chainFor(*Invocation, WorkingDirectory);
    if (!Chain.Pch.empty())
      Invocation->getPreprocessorOpts().ImplicitPCHInclude = Chain.Pch;
    return FrontendActionFactory::runInvocation(Invocation, Files,
                                                PCHOperations, Diagnostics);
  }

  /// The chain the parse started from (no Pch: none).
  const ReusedHeaders &chain() const { return Chain; }

private:
  class Action : public ASTFrontendAction {
  public:
    Action(ClangTidyASTConsumerFactory &Factory, ParseFacts &Facts,
           const ReusedHeaders &Chain)
        : Factory(Factory), Facts(Facts), Chain(Chain) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                   StringRef File) override {
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<IncludeRecorder>(CI.getPreprocessor(), Facts));
      if (!Chain.Pch.empty()) {
        std::vector<Watch> Held;
        for (const WatchedDirectives &Directives : Chain.Held)
          Held.push_back({Directives, &Facts.ChainMissed});
        CI.getPreprocessor().addPPCallbacks(std::make_unique<ReinclusionWatch>(
            CI.getPreprocessor(), std::move(Held)));
      }
      std::vector<std::unique_ptr<ASTConsumer>> Consumers;
      Consumers.push_back(std::make_unique<UserCodeScope>());
      Consumers.push_back(Factory.createASTConsumer(CI, File));
      Consumers.push_back(
          std::make_unique<KernelCensus>(Facts.Kernels, Facts.CompilerErrors));
      return std::make_unique<MultiplexConsumer>(std::move(Consumers));
    }
    void EndSourceFileAction() override { Facts.Parsed = true; }

  private:
    ClangTidyASTConsumerFactory &Factory;
    ParseFacts &Facts;
    const ReusedHeaders &Chain;
  };

  ClangTidyASTConsumerFactory ConsumerFactory;
  ParseFacts &Facts;
  const HeaderReuse *Reuse;
  StringRef WorkingDirectory;
  ReusedHeaders Chain;
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

namespace {

// Passes the front end's diagnostics on to clang-tidy's consumer, and
// records where the errors that can break a statement are, for the kernel
// census's hasParseErrors (the checks keep their own record: see
// TranslationUnitAnalysis).
class ErrorRecorder : public DiagnosticConsumer {
public:
  ErrorRecorder(DiagnosticConsumer &Target, std::vector<SourceLocation> &Errors)
      : Target(Target), Errors(Errors) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error && Info.getLocation().isValid() &&
        Info.hasSourceManager() && breaksStatement(Info))
      Errors.push_back(Info.getLocation());
    Target.HandleDiagnostic(Level, Info);
  }

private:
  DiagnosticConsumer &Target;
  std::vector<SourceLocation> &Errors;
};

Severity severityOf(tooling::Diagnostic::Level Level) {
  switch (Level) {
  case tooling::Diagnostic::Error:
    return Severity::Error;
  case tooling::Diagnostic::Remark:
    return Severity::Note;
  default:
    return Severity::Warning;
  }
}

Finding toFinding(const ClangTidyError &Error, LineTable &Lines) {
  Finding F;
  F.Check = Error.DiagnosticName;
  F.Level = severityOf(Error.DiagLevel);
  F.Main = convert(Error.Message, Error.BuildDirectory, Lines);
  for (const tooling::DiagnosticMessage &Note : Error.Notes)
    F.Notes.push_back(convert(Note, Error.BuildDirectory, Lines));
  return F;
}

// One parse of the file with the checks; the headers it could not find go
// to \p Missing.
FileResult parseAndCheck(const LintSettings &Settings,
                         const ParseRequest &Request,
                         std::vector<MissingHeader> &Missing,
                         const HeaderReuse *Reuse) {
  const std::string &File = Request.File;
  FileResult Result;
  Result.File = File;

  // Every finding comes back; the parent filters headers.
  ClangTidyContext Context(makeOptionsProvider(Settings, /*AllHeaders=*/true));
  SingleCommandDatabase Database(tooling::CompileCommand(
      Request.WorkingDirectory, File, Request.Command, ""));
  tooling::ClangTool Tool(Database, {File});
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  Tool.setPrintErrorMessage(false);

  ClangTidyDiagnosticConsumer DiagConsumer(Context, nullptr,
                                           /*RemoveIncompatibleErrors=*/true,
                                           /*GetFixesFromNotes=*/true);
  DiagnosticsEngine DE(new DiagnosticIDs(), new DiagnosticOptions(),
                       &DiagConsumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&DE);
  ParseFacts Facts;
  ErrorRecorder Recorder(DiagConsumer, Facts.CompilerErrors);
  Tool.setDiagnosticConsumer(&Recorder);

  LintActionFactory Factory(Context, Facts, Reuse, Request.WorkingDirectory);
  Tool.run(&Factory);
  const ReusedHeaders &Chain = Factory.chain();
  // A chain that could not be loaded, or that a directive showed to stand
  // for another parse: the file is parsed again on its own.
  if (!Chain.Pch.empty() && (!Facts.Parsed || Facts.ChainMissed))
    return parseAndCheck(Settings, Request, Missing, nullptr);
  Facts.Inputs.insert(Chain.Inputs.begin(), Chain.Inputs.end());
  Facts.Included.insert(Chain.Included.begin(), Chain.Included.end());
  Result.Parsed = Facts.Parsed;

  LineTable Lines;
  for (const ClangTidyError &Error : DiagConsumer.take())
    Result.Findings.push_back(toFinding(Error, Lines));
  Result.Included.assign(Facts.Included.begin(), Facts.Included.end());
  Facts.Inputs.insert(absolute(File));
  Result.Inputs.assign(Facts.Inputs.begin(), Facts.Inputs.end());
  Result.MissingHeaderDirs.assign(Facts.MissingHeaderDirs.begin(),
                                  Facts.MissingHeaderDirs.end());
  // A kernel with a compiler error inside it, even one that left no trace
  // in the AST, is not analysed: hasParseErrors sees the places the
  // ErrorRecorder kept (the checks record the same errors themselves).
  Result.Kernels = std::move(Facts.Kernels);
  Missing = std::move(Facts.Missing);
  if (!Result.Parsed && Result.Findings.empty())
    Result.FileErrors.push_back(
        "the front end could not parse this file; 'cudalint --print-commands "
        "FILE' shows the flags it was given (pass missing ones after --, or "
        "use the build's compile_commands.json with -p)");
  return Result;
}

// The preprocessor alone, with IncludeRecorder: what a parse would include
// and miss, at a fraction of a parse's cost (no semantic analysis, no
// checks).
class IncludeProbeFactory : public tooling::FrontendActionFactory {
public:
  explicit IncludeProbeFactory(ParseFacts &Facts) : Facts(Facts) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(Facts);
  }

private:
  class Action : public PreprocessOnlyAction {
  public:
    explicit Action(ParseFacts &Facts) : Facts(Facts) {}
    bool BeginSourceFileAction(CompilerInstance &CI) override {
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<IncludeRecorder>(CI.getPreprocessor(), Facts));
      return true;
    }

  private:
    ParseFacts &Facts;
  };
  ParseFacts &Facts;
};

// The headers a parse of \p Request would not find.
std::vector<MissingHeader> probeMissingHeaders(const ParseRequest &Request) {
  SingleCommandDatabase Database(tooling::CompileCommand(
      Request.WorkingDirectory, Request.File, Request.Command, ""));
  tooling::ClangTool Tool(Database, {Request.File});
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  Tool.setPrintErrorMessage(false);
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  ParseFacts Facts;
  IncludeProbeFactory Factory(Facts);
  Tool.run(&Factory);
  return std::move(Facts.Missing);
}

} // namespace

FileResult analyzeFile(const LintSettings &Settings,
                       const ParseRequest &Request, const HeaderReuse *Reuse) {
  FrontEnd Clang{[&](const ParseRequest &R, std::vector<MissingHeader> &M) {
                   return parseAndCheck(Settings, R, M, Reuse);
                 },
                 probeMissingHeaders};
  FileResult Result = parseBest(Request, Clang);
  Result.ConfigHeaderFilter = configHeaderFilter(Settings, Request.File);
  return Result;
}

} // namespace cudalint
