//===--- Analyzer.cpp -----------------------------------------------------===//

#include "Analyzer.h"
#include "Discovery.h"
#include "Report.h"
#include "SourceScan.h"

#include "analysis/CudaAST.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/HeaderMapTypes.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace clang;
using namespace clang::tidy;

namespace cudalint {

namespace {

// A `.clang-tidy` file is written for clang-tidy's own checks: its Checks
// line only speaks to cudalint when it names cudalint checks.
llvm::ErrorOr<ClangTidyOptions>
parseClangTidyFile(llvm::MemoryBufferRef Config) {
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

// What the worker learns from the parse besides the checks' findings.
struct MissingHeader {
  std::string Name;     ///< As written in the directive.
  std::string Includer; ///< Absolute path of the file with the directive.
  unsigned Offset = 0;  ///< Of the directive in Includer.
  bool Angled = false;
  bool InSystemHeader = false; ///< The directive is in a system header.
};

struct ParseFacts {
  std::set<std::string> Included;
  std::set<std::string> Inputs;            ///< Every file read, for the cache.
  std::set<std::string> MissingHeaderDirs; ///< Where missing ones were sought.
  std::vector<MissingHeader> Missing;
  std::vector<KernelRecord> Kernels;
  bool Parsed = false;
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
    StringRef RealPath = File->getFileEntry().tryGetRealPathName();
    Facts.Inputs.insert(RealPath.empty() ? absolute(File->getName())
                                         : RealPath.str());
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
  explicit KernelCensus(std::vector<KernelRecord> &Kernels)
      : Kernels(Kernels) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    SM = &Ctx.getSourceManager();
    walk(Ctx.getTranslationUnitDecl());
  }

private:
  void walk(const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
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
    K.Analysed = !hasParseErrors(FD);
    Kernels.push_back(std::move(K));
  }

  std::vector<KernelRecord> &Kernels;
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
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (!D->isImplicit() && D->getLocation().isValid() &&
          !SM.isInSystemHeader(D->getLocation()))
        Scope.push_back(D);
    Ctx.setTraversalScope(Scope);
  }
};

class LintActionFactory : public tooling::FrontendActionFactory {
public:
  LintActionFactory(ClangTidyContext &Context, ParseFacts &Facts)
      : ConsumerFactory(Context), Facts(Facts) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(ConsumerFactory, Facts);
  }

private:
  class Action : public ASTFrontendAction {
  public:
    Action(ClangTidyASTConsumerFactory &Factory, ParseFacts &Facts)
        : Factory(Factory), Facts(Facts) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                   StringRef File) override {
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<IncludeRecorder>(CI.getPreprocessor(), Facts));
      std::vector<std::unique_ptr<ASTConsumer>> Consumers;
      Consumers.push_back(std::make_unique<UserCodeScope>());
      Consumers.push_back(Factory.createASTConsumer(CI, File));
      Consumers.push_back(std::make_unique<KernelCensus>(Facts.Kernels));
      return std::make_unique<MultiplexConsumer>(std::move(Consumers));
    }
    void EndSourceFileAction() override { Facts.Parsed = true; }

  private:
    ClangTidyASTConsumerFactory &Factory;
    ParseFacts &Facts;
  };

  ClangTidyASTConsumerFactory ConsumerFactory;
  ParseFacts &Facts;
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
makeOptionsProvider(const LintSettings &Settings, bool AllHeaders) {
  ClangTidyOptions Overrides;
  if (!Settings.ChecksOverride.empty())
    Overrides.Checks = Settings.ChecksOverride;
  if (AllHeaders)
    Overrides.HeaderFilterRegex = ".*";
  if (!Settings.ConfigFile.empty()) {
    ClangTidyOptions FromFile;
    if (auto Buffer = llvm::MemoryBuffer::getFile(Settings.ConfigFile))
      if (auto Parsed = parseConfiguration((*Buffer)->getMemBufferRef()))
        FromFile = *Parsed;
    return std::make_unique<ConfigOptionsProvider>(
        ClangTidyGlobalOptions(), defaultOptions(), FromFile, Overrides);
  }
  std::vector<std::pair<
      std::string,
      std::function<llvm::ErrorOr<ClangTidyOptions>(llvm::MemoryBufferRef)>>>
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

namespace {

// Errors after which clang builds the statement exactly as written: a
// kernel launched from a kernel (dynamic parallelism, which clang 19 does
// not support; the launch is kept and the checks treat it as an opaque
// call), and a C++11 attribute after a CUDA one (`__shared__ alignas(16)
// float a[..]`, which nvcc accepts; clang drops the attribute only), and a
// `__shared__` object clang refuses to construct (whether the kernel is
// still analysable is hasParseErrors' call: only class-type objects, whose
// references are the only error nodes). The file is still reported as
// analysed in part.
bool leavesStatementIntact(const Diagnostic &Info) {
  switch (Info.getID()) {
  case diag::err_attributes_not_allowed:
  case diag::err_shared_var_init:
    return true;
  case diag::err_ref_bad_target:
    // "reference to __global__ function ... in __global__ function": the
    // %select arguments 0 (target), 1 (function) and 3 (caller).
    return Info.getRawArg(0) == 1 && Info.getRawArg(1) == 0 &&
           Info.getRawArg(3) == 1;
  default:
    return false;
  }
}

// Passes the front end's diagnostics on to clang-tidy's consumer, and
// records where the errors that can break a statement are, for
// hasParseErrors (the checks run before the consumer's findings are seen).
class ErrorRecorder : public DiagnosticConsumer {
public:
  explicit ErrorRecorder(DiagnosticConsumer &Target) : Target(Target) {
    compilerErrorLocations().clear();
  }
  ~ErrorRecorder() override { compilerErrorLocations().clear(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error && Info.getLocation().isValid() &&
        Info.hasSourceManager() && !leavesStatementIntact(Info))
      compilerErrorLocations().push_back(Info.getLocation());
    Target.HandleDiagnostic(Level, Info);
  }

private:
  DiagnosticConsumer &Target;
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
                         std::vector<MissingHeader> &Missing) {
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
  ErrorRecorder Recorder(DiagConsumer);
  Tool.setDiagnosticConsumer(&Recorder);

  ParseFacts Facts;
  LintActionFactory Factory(Context, Facts);
  Tool.run(&Factory);
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
  // ErrorRecorder kept, and the checks and the census both ask it.
  Result.Kernels = std::move(Facts.Kernels);
  Missing = std::move(Facts.Missing);
  if (!Result.Parsed && Result.Findings.empty())
    Result.FileErrors.push_back("the front end could not parse this file");
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

unsigned commonDirDepth(StringRef A, StringRef B) {
  unsigned Depth = 0;
  for (auto IA = llvm::sys::path::begin(A), IB = llvm::sys::path::begin(B),
            EA = llvm::sys::path::end(A), EB = llvm::sys::path::end(B);
       IA != EA && IB != EB && *IA == *IB; ++IA, ++IB)
    ++Depth;
  return Depth;
}

// The directories that would make \p M resolve: those of the files in
// \p Headers whose path ends with the name written.
std::vector<std::string>
candidateDirs(const MissingHeader &M, const std::vector<std::string> &Headers) {
  StringRef Name = M.Name;
  while (Name.consume_front("./"))
    ;
  std::vector<std::string> Dirs;
  if (Name.empty() || llvm::sys::path::is_absolute(Name) || Name.contains(".."))
    return Dirs;
  std::string Suffix = "/" + Name.str();
  for (const std::string &H : Headers)
    if (StringRef(H).ends_with(Suffix))
      Dirs.push_back(H.substr(0, H.size() - Suffix.size()));
  return Dirs;
}

// Of \p Candidates, the one to use: the only one; else the only one in a
// directory that already provided another header of this translation unit
// (the project's include directory, in all likelihood); else the one
// nearest the including file, then the translation unit \p MainFile (a
// header shared by two trees belongs with the tree being compiled), if
// exactly one is nearest.
std::optional<std::string> pickDir(const MissingHeader &M, StringRef MainFile,
                                   const std::vector<std::string> &Candidates,
                                   const std::set<std::string> &Used) {
  if (Candidates.size() == 1)
    return Candidates.front();
  std::vector<std::string> InUsed;
  for (const std::string &Dir : Candidates)
    if (Used.count(Dir))
      InUsed.push_back(Dir);
  if (InUsed.size() == 1)
    return InUsed.front();
  StringRef IncluderDir = llvm::sys::path::parent_path(M.Includer);
  StringRef MainDir = llvm::sys::path::parent_path(MainFile);
  std::optional<std::string> Best;
  std::pair<unsigned, unsigned> BestDepth;
  bool Tie = false;
  for (const std::string &Dir : Candidates) {
    std::pair<unsigned, unsigned> Depth = {commonDirDepth(Dir, IncluderDir),
                                           commonDirDepth(Dir, MainDir)};
    if (!Best || Depth > BestDepth) {
      Best = Dir;
      BestDepth = Depth;
      Tie = false;
    } else if (Depth == BestDepth && Dir != *Best) {
      Tie = true;
    }
  }
  if (!Best || Tie)
    return std::nullopt;
  return Best;
}

// Writes a clang header map that resolves each guessed name to the file in
// its directory. Format: clang/Lex/HeaderMapTypes.h (buckets hashed by
// HeaderMap.cpp's case-insensitive key hash, linear probing).
bool writeHeaderMap(
    StringRef Path,
    llvm::ArrayRef<std::pair<MissingHeader, std::string>> Entries) {
  std::string Strings(1, '\0'); // Offset 0 stands for "no string".
  auto Add = [&](StringRef Text) {
    uint32_t Offset = Strings.size();
    Strings.append(Text.data(), Text.size());
    Strings.push_back('\0');
    return Offset;
  };
  uint32_t NumBuckets = 8;
  while (NumBuckets < 2 * Entries.size())
    NumBuckets *= 2;
  std::vector<HMapBucket> Buckets(NumBuckets,
                                  HMapBucket{HMAP_EmptyBucketKey, 0, 0});
  uint32_t MaxValueLength = 0;
  for (const auto &[M, Dir] : Entries) {
    unsigned Hash = 0;
    for (char C : M.Name)
      Hash += llvm::toLower(C) * 13;
    uint32_t Slot = Hash & (NumBuckets - 1);
    while (Buckets[Slot].Key != HMAP_EmptyBucketKey)
      Slot = (Slot + 1) & (NumBuckets - 1);
    std::string Prefix = Dir + "/";
    Buckets[Slot] = {Add(M.Name), Add(Prefix), Add(M.Name)};
    MaxValueLength =
        std::max<uint32_t>(MaxValueLength, Prefix.size() + M.Name.size());
  }
  HMapHeader Header{};
  Header.Magic = HMAP_HeaderMagicNumber;
  Header.Version = HMAP_HeaderVersion;
  Header.Reserved = 0;
  Header.StringsOffset = sizeof(HMapHeader) + NumBuckets * sizeof(HMapBucket);
  Header.NumEntries = Entries.size();
  Header.NumBuckets = NumBuckets;
  Header.MaxValueLength = MaxValueLength;
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC);
  if (EC)
    return false;
  Out.write(reinterpret_cast<const char *>(&Header), sizeof Header);
  Out.write(reinterpret_cast<const char *>(Buckets.data()),
            Buckets.size() * sizeof(HMapBucket));
  Out << Strings;
  return !Out.has_error();
}

unsigned compilerErrors(const FileResult &R) {
  return llvm::count_if(R.Findings,
                        [](const Finding &F) { return F.isCompilerError(); });
}

// \p Request with \p Flags added just before the file (which comes last).
ParseRequest withFlags(ParseRequest Request,
                       llvm::ArrayRef<std::string> Flags) {
  Request.Command.insert(Request.Command.end() - 1, Flags.begin(), Flags.end());
  return Request;
}

// The first error of \p R that shows the file uses an API that CUDA 12 or
// 13 removed, if any.
const Finding *removedApiSymptom(const FileResult &R) {
  static const char *const Names[] = {"'texture'",
                                      "'surface'",
                                      "'textureReference'",
                                      "'surfaceReference'",
                                      "'cudaThread",
                                      "'cudaBindTexture",
                                      "'cudaBindSurface",
                                      "'cudaUnbindTexture'",
                                      "'cudaGetTextureReference'",
                                      "'cudaGetSurfaceReference'",
                                      "'cudaGetTextureAlignmentOffset'",
                                      "'cudaMemPrefetchAsync'",
                                      "'cudaMemAdvise'",
                                      "'CUFFT_LICENSE_ERROR'",
                                      "in 'cudaDeviceProp'"};
  for (const Finding &F : R.Findings)
    if (F.isCompilerError())
      for (const char *Name : Names)
        if (StringRef(F.Main.Text).contains(Name))
          return &F;
  return nullptr;
}

// The parse whose findings are kept: the one with the fewest compiler
// errors so far, and how it was made.
struct BestParse {
  FileResult Result;
  ParseRequest Request;

  // Keeps \p Again when it has fewer compiler errors.
  bool offer(FileResult &Again, const ParseRequest &How) {
    if (compilerErrors(Again) >= compilerErrors(Result))
      return false;
    Result = std::move(Again);
    Request = How;
    return true;
  }
};

// A missing header and the directory chosen for it.
using HeaderGuess = std::pair<MissingHeader, std::string>;

// Without a compile command, a project's own include directories are
// unknown: look for each missing header under the paths being linted and
// parse again with the directories found, saying so. A header found this
// way may include others of its own, hence a few rounds. The result is
// kept only when it has fewer compiler errors than the first parse (a
// directory that shadows a header the file needs makes things worse, and
// is dropped).
// The headers found go into a header map (the format clang reads for
// Xcode's -I foo.hmap), so that exactly those names resolve and nothing
// else on the include path is shadowed. The map lives as long as this
// object: the legacy re-parse may reuse it.
class IncludeSearch {
public:
  IncludeSearch(const LintSettings &Settings, const ParseRequest &Request)
      : Settings(Settings), Request(Request) {}

  void run(std::vector<MissingHeader> Missing, BestParse &Best) {
    for (int Round = 0; Round < MaxRounds && !Missing.empty(); ++Round) {
      std::optional<ParseRequest> Retry = nextRound(Missing);
      if (!Retry)
        break;
      std::vector<MissingHeader> StillMissing;
      FileResult Again = parseAndCheck(Settings, *Retry, StillMissing);
      Missing = std::move(StillMissing);
      // A header found in one round may need another, found in the next:
      // the best parse so far wins, and it must beat the first one.
      if (Best.offer(Again, *Retry))
        Guesses = Tried;
    }
    // The legacy re-parse may reuse the map: as the best parse knew it.
    if (RemoveMap && !Guesses.empty())
      writeHeaderMap(MapPath, Guesses);
  }

  // The same search with the preprocessor alone, before any parse: the
  // request to parse once, with the header map of every directory guessed;
  // nullopt when no header is missing or none could be placed.
  std::optional<ParseRequest> plan() {
    std::vector<MissingHeader> Missing = probeMissingHeaders(Request);
    std::optional<ParseRequest> Planned;
    for (int Round = 0; Round < MaxRounds && !Missing.empty(); ++Round) {
      std::optional<ParseRequest> Next = nextRound(Missing);
      if (!Next)
        break;
      Planned = std::move(Next);
      Missing = probeMissingHeaders(*Planned);
    }
    return Planned;
  }

  // Keeps the planned parse: made with every guess.
  void adoptPlan() { Guesses = Tried; }

  // The guesses the best parse was made with.
  const std::vector<HeaderGuess> &guesses() const { return Guesses; }

private:
  // A header found in one round may include others, found in the next.
  static constexpr int MaxRounds = 4;

  // The request for the next round: a directory guessed for each header of
  // \p Missing that one can be chosen for, every guess so far in the header
  // map; nullopt when nothing new was guessed (or the map cannot be
  // written), or the file has no headers to search.
  std::optional<ParseRequest>
  nextRound(const std::vector<MissingHeader> &Missing) {
    if (!Request.SearchableHeaders || !guessDirs(Missing) || !ensureMapFile() ||
        !writeHeaderMap(MapPath, Tried))
      return std::nullopt;
    return withFlags(Request, {"-I" + std::string(MapPath)});
  }

  // Adds a directory for each missing header that one can be chosen for;
  // false when there was none.
  bool guessDirs(const std::vector<MissingHeader> &Missing) {
    std::set<std::string> Used;
    for (const HeaderGuess &T : Tried)
      Used.insert(T.second);
    bool Added = false;
    for (const auto &[M, Dirs] : openNames(Missing, Used))
      if (std::optional<std::string> Dir =
              pickDir(*M, Request.File, Dirs, Used)) {
        Tried.push_back({*M, *Dir});
        Used.insert(*Dir);
        Added = true;
      }
    return Added;
  }

  // The missing names not tried yet, each with its candidate directories.
  // Names with one candidate add it to \p Used: their directories then
  // settle the names that have several.
  std::vector<std::pair<const MissingHeader *, std::vector<std::string>>>
  openNames(const std::vector<MissingHeader> &Missing,
            std::set<std::string> &Used) const {
    std::vector<std::pair<const MissingHeader *, std::vector<std::string>>>
        Open;
    for (const MissingHeader &M : Missing) {
      if (M.InSystemHeader)
        continue; // A system header's dependencies are not the project's.
      if (llvm::any_of(Tried,
                       [&](const auto &T) { return T.first.Name == M.Name; }) ||
          llvm::any_of(Open,
                       [&](const auto &O) { return O.first->Name == M.Name; }))
        continue;
      std::vector<std::string> Dirs =
          candidateDirs(M, *Request.SearchableHeaders);
      if (Dirs.size() == 1)
        Used.insert(Dirs.front());
      if (!Dirs.empty())
        Open.push_back({&M, std::move(Dirs)});
    }
    return Open;
  }

  bool ensureMapFile() {
    if (!MapPath.empty())
      return true;
    if (llvm::sys::fs::createTemporaryFile("cudalint-include-search", "hmap",
                                           MapPath))
      return false;
    RemoveMap.emplace(MapPath);
    return true;
  }

  const LintSettings &Settings;
  const ParseRequest &Request;
  std::vector<HeaderGuess> Guesses, Tried;
  llvm::SmallString<128> MapPath;
  std::optional<llvm::FileRemover> RemoveMap;
};

// Code written for an older toolkit: parses again with the declarations of
// the APIs CUDA 12 and 13 removed (cudalint_nvcc_compat.h keeps them behind
// a macro, since names like `texture` clash with valid new code), and keeps
// that parse if it is better. Returns the remark that says so, placed at
// the error that gave it away.
std::optional<Message> reparseWithLegacyApis(const LintSettings &Settings,
                                             BestParse &Best) {
  const Finding *Symptom = removedApiSymptom(Best.Result);
  if (!Symptom)
    return std::nullopt;
  Message Where = Symptom->Main;
  std::vector<MissingHeader> Ignored;
  ParseRequest Legacy =
      withFlags(Best.Request, {"-DCUDALINT_LEGACY_CUDA_APIS"});
  FileResult Again = parseAndCheck(Settings, Legacy, Ignored);
  if (!Best.offer(Again, Legacy))
    return std::nullopt;
  Where.Fixes.clear();
  return Where;
}

const char *const LegacyApiText =
    "this file uses APIs that CUDA 12 or 13 removed (texture or surface "
    "references, cudaThread*, old cudaDeviceProp fields or "
    "cudaMemAdvise/cudaMemPrefetchAsync overloads): it was analysed with "
    "their old declarations, and does not build with the installed toolkit";

Finding legacyApiRemark(const Message &Where) {
  Finding F;
  F.Check = "clang-diagnostic-removed-cuda-api";
  F.Level = Severity::Note;
  F.Main = Where;
  F.Main.Text = LegacyApiText;
  return F;
}

Finding includeSearchRemark(const HeaderGuess &Guess, LineTable &Lines) {
  const auto &[M, Dir] = Guess;
  Finding F;
  F.Check = "clang-diagnostic-include-search";
  F.Level = Severity::Note;
  F.Main.File = M.Includer;
  F.Main.Offset = M.Offset;
  std::string Shown = displayPath(Dir);
  F.Main.Text = "'" + M.Name +
                "' is not on the include path; using the one "
                "in '" +
                Shown + "', found under the linted paths (pass -I " + Shown +
                " or use a compile_commands.json to make it explicit)";
  Lines.locate(F.Main);
  return F;
}

// The HeaderFilterRegex of the config that applies to \p File, if it sets
// one. The parent applies it: clang-tidy 19's consumer takes the options of
// the working directory, not of the file.
std::string configHeaderFilter(const LintSettings &Settings,
                               const std::string &File) {
  std::optional<std::string> HeaderFilter =
      makeOptionsProvider(Settings)->getOptions(File).HeaderFilterRegex;
  if (HeaderFilter && *HeaderFilter != ".*")
    return *HeaderFilter;
  return "";
}

} // namespace

// The parse with every header the include search places, when the
// preprocessor alone shows that headers are missing and the parse then has
// no compiler error (no other parse could beat it); else a parse not made
// (Parsed false), and the caller searches parse by parse.
static BestParse parseOnceIfPlanned(const LintSettings &Settings,
                                    const ParseRequest &Request,
                                    IncludeSearch &Search) {
  BestParse Best{FileResult(), Request};
  if (!Request.SearchableHeaders ||
      !includesHeaderOffPath(Request.File, Request.Command,
                             Request.WorkingDirectory,
                             *Request.SearchableHeaders))
    return Best;
  std::optional<ParseRequest> Planned = Search.plan();
  if (!Planned)
    return Best;
  std::vector<MissingHeader> Ignored;
  FileResult Result = parseAndCheck(Settings, *Planned, Ignored);
  if (!Result.Parsed || compilerErrors(Result) != 0)
    return Best;
  Search.adoptPlan();
  return BestParse{std::move(Result), *Planned};
}

FileResult analyzeFile(const LintSettings &Settings,
                       const ParseRequest &Request) {
  std::vector<MissingHeader> Missing;
  // A file that names removed APIs is parsed once, with their declarations.
  std::optional<unsigned> LegacyAt = removedApiInText(Request.File);
  ParseRequest First =
      LegacyAt ? withFlags(Request, {"-DCUDALINT_LEGACY_CUDA_APIS"}) : Request;
  IncludeSearch Planner(Settings, First), Search(Settings, First);
  BestParse Best = parseOnceIfPlanned(Settings, First, Planner);
  const IncludeSearch *Placed = &Planner;
  if (!Best.Result.Parsed) {
    // No plan, or its parse still has errors: the search parse by parse,
    // which keeps whichever parse has the fewest.
    Best = BestParse{parseAndCheck(Settings, First, Missing), First};
    Search.run(std::move(Missing), Best);
    Placed = &Search;
  }
  std::optional<Message> LegacyRemark;
  if (LegacyAt) {
    LegacyRemark.emplace();
    LegacyRemark->File = Request.File;
    LegacyRemark->Offset = *LegacyAt;
  } else {
    LegacyRemark = reparseWithLegacyApis(Settings, Best);
  }

  FileResult Result = std::move(Best.Result);
  if (LegacyRemark)
    Result.Findings.push_back(legacyApiRemark(*LegacyRemark));
  LineTable Lines;
  if (LegacyRemark)
    Lines.locate(Result.Findings.back().Main);
  for (const HeaderGuess &Guess : Placed->guesses())
    Result.Findings.push_back(includeSearchRemark(Guess, Lines));
  Result.UsedHeaderSearch =
      Request.SearchableHeaders &&
      (!Placed->guesses().empty() || !Result.MissingHeaderDirs.empty());
  Result.ConfigHeaderFilter = configHeaderFilter(Settings, Request.File);
  return Result;
}

std::string effectiveConfig(const LintSettings &Settings,
                            const std::string &File) {
  return configurationAsText(makeOptionsProvider(Settings)->getOptions(File));
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
