//===--- main.cpp - the cudalint command ----------------------------------===//
//
// cudalint [options] <path>... [-- <extra compiler flags>]
//
//===----------------------------------------------------------------------===//

#include "Analyzer.h"
#include "CompileCommands.h"
#include "CudaLintModule.h"
#include "Discovery.h"
#include "Fixes.h"
#include "Report.h"
#include "Runner.h"

#include "clang/Basic/Version.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <set>
#include <thread>

using namespace llvm;
using namespace cudalint;
namespace tooling = clang::tooling;

static cl::OptionCategory Category("cudalint options");

static cl::list<std::string> Paths(cl::Positional, cl::desc("<path>..."),
                                   cl::cat(Category));
static cl::opt<std::string> BuildPath(
    "p",
    cl::desc("Build directory containing compile_commands.json (or the "
             "file itself). Without it, one is searched for up the tree "
             "from each file."),
    cl::value_desc("build-path"), cl::cat(Category));
static cl::opt<std::string>
    Checks("checks",
           cl::desc("Comma-separated globs of checks to run, on top of the "
                    "config file's: '-*,cudalint-missing-restrict'"),
           cl::cat(Category));
static cl::opt<std::string> ConfigFile(
    "config-file",
    cl::desc("Read the configuration from this file instead of searching for "
             ".cudalint.yaml or .clang-tidy up the tree"),
    cl::cat(Category));
static cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regex of headers whose findings are shown (default: headers "
             "under the paths given)"),
    cl::cat(Category));
enum class Format { Text, Json, Sarif };
static cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(Format::Text, "text", "clang-style diagnostics"),
               clEnumValN(Format::Json, "json", "one JSON document"),
               clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0")),
    cl::init(Format::Text), cl::cat(Category));
static cl::opt<std::string> OutputFile("output",
                                       cl::desc("Write the report to FILE"),
                                       cl::value_desc("FILE"),
                                       cl::cat(Category));
static cl::alias OutputFileShort("o", cl::aliasopt(OutputFile),
                                 cl::desc("Alias for --output"));
static cl::opt<bool> Fix("fix",
                         cl::desc("Apply the fix-its of warnings in "
                                  "place"),
                         cl::cat(Category));
static cl::opt<bool> FixNotes(
    "fix-notes",
    cl::desc("Also apply fix-its attached to notes (those that rest on an "
             "assumption the tool cannot prove); implies --fix"),
    cl::cat(Category));
static cl::opt<bool>
    FixErrors("fix-errors",
              cl::desc("Apply fix-its even in files that had compiler errors"),
              cl::cat(Category));
static cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the fix-its as clang-apply-replacements YAML to FILE"),
    cl::value_desc("FILE"), cl::cat(Category));
static cl::opt<bool> Diff(
    "diff",
    cl::desc("Print the fix-its as a unified diff on stdout (for git apply) "
             "instead of applying them; findings go to stderr"),
    cl::cat(Category));
static cl::opt<unsigned>
    Jobs("j", cl::desc("Files analysed in parallel (default: all cores)"),
         cl::init(0), cl::Prefix, cl::cat(Category));
static cl::opt<std::string> CudaPath("cuda-path",
                                     cl::desc("CUDA installation to use"),
                                     cl::cat(Category));
static cl::opt<std::string>
    GpuArch("gpu-arch",
            cl::desc("GPU architecture to parse for (sm_80...), instead of the "
                     "newest one the compile command targets"),
            cl::cat(Category));
static cl::opt<unsigned> Timeout(
    "timeout",
    cl::desc("Seconds one file may take before it is abandoned (0: none)"),
    cl::init(300), cl::cat(Category));
static cl::opt<bool> ListChecks("list-checks",
                                cl::desc("List the enabled checks and exit"),
                                cl::cat(Category));
static cl::opt<bool> PrintCommands(
    "print-commands",
    cl::desc("Print the clang command each file would be parsed with, one "
             "JSON array per line, and exit"),
    cl::cat(Category));
static cl::opt<bool> Quiet("quiet", cl::desc("No summary on stderr"),
                           cl::cat(Category));

static const char *const Overview =
    R"(cudalint: performance lint for CUDA kernels.

  cudalint [options] <path>... [-- <extra compiler flags>]

Lints every .cu file under the given paths (and .cuh headers, through the
files that include them or on their own), with the flags from
compile_commands.json when there is one (nvcc's flags are translated).

Exit status: 0 no findings, 1 findings, 2 usage error or a file could not
be analysed (the others are still linted and reported).
)";

namespace {

// Compile commands, from -p or from a compile_commands.json up the tree.
class CommandSource {
public:
  explicit CommandSource(std::vector<cudalint::FileError> &Errors)
      : Errors(Errors) {}

  bool loadExplicit(StringRef Path) {
    std::string File = Path.str();
    if (sys::fs::is_directory(File))
      File = (Twine(File) + "/compile_commands.json").str();
    Explicit = load(File);
    return Explicit != nullptr;
  }

  std::optional<tooling::CompileCommand> commandFor(const std::string &File) {
    tooling::CompilationDatabase *DB = Explicit;
    if (!DB && !HasExplicit)
      DB = findUpwards(sys::path::parent_path(File));
    if (!DB)
      return std::nullopt;
    std::vector<tooling::CompileCommand> Commands =
        DB->getCompileCommands(File);
    if (Commands.empty())
      return std::nullopt;
    return Commands.front();
  }
  bool HasExplicit = false;

private:
  tooling::CompilationDatabase *load(const std::string &File) {
    auto It = Loaded.find(File);
    if (It != Loaded.end())
      return It->second.get();
    std::string Error;
    std::unique_ptr<tooling::CompilationDatabase> DB;
    if (auto JSON = tooling::JSONCompilationDatabase::loadFromFile(
            File, Error, tooling::JSONCommandLineSyntax::AutoDetect))
      DB = tooling::inferMissingCompileCommands(std::move(JSON));
    else
      Errors.push_back({File, "cannot use compilation database: " + Error +
                                  "; files are parsed with default flags"});
    return (Loaded[File] = std::move(DB)).get();
  }

  tooling::CompilationDatabase *findUpwards(StringRef Dir) {
    for (; !Dir.empty(); Dir = sys::path::parent_path(Dir)) {
      auto Cached = DirCache.find(Dir);
      if (Cached != DirCache.end())
        return Cached->second;
      SmallString<256> Candidate(Dir);
      sys::path::append(Candidate, "compile_commands.json");
      if (sys::fs::exists(Candidate)) {
        tooling::CompilationDatabase *DB = load(std::string(Candidate));
        DirCache[Dir] = DB;
        return DB;
      }
    }
    return nullptr;
  }

  std::vector<cudalint::FileError> &Errors;
  tooling::CompilationDatabase *Explicit = nullptr;
  std::map<std::string, std::unique_ptr<tooling::CompilationDatabase>> Loaded;
  StringMap<tooling::CompilationDatabase *> DirCache;
};

// Checks that every positive glob of --checks names a known check.
std::string validateCheckGlobs(StringRef Globs) {
  std::vector<std::string> Known = allChecks();
  SmallVector<StringRef, 8> Items;
  Globs.split(Items, ',', -1, false);
  for (StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty() || Item.starts_with("-"))
      continue;
    Expected<GlobPattern> Pattern = GlobPattern::create(Item);
    if (!Pattern) {
      consumeError(Pattern.takeError());
      return "invalid check glob '" + Item.str() + "'";
    }
    bool Matches = Item.starts_with("clang-diagnostic-");
    for (const std::string &Name : Known)
      Matches |= Pattern->match(Name);
    if (!Matches)
      return "unknown check '" + Item.str() +
             "'; --list-checks --checks='*' shows the available checks";
  }
  return "";
}

bool isSystemPath(const std::string &Path, const Toolchain &TC) {
  for (StringRef Prefix :
       {"/usr/include/", "/usr/lib/", "/usr/local/include/", "/opt/"})
    if (StringRef(Path).starts_with(Prefix))
      return true;
  return !TC.CudaPath.empty() &&
         StringRef(Path).starts_with(absolute(TC.CudaPath) + "/");
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  (void)CudaLintModuleAnchorSource;

  // Everything after `--` is compiler flags, as with clang-tidy.
  std::vector<const char *> OwnArgs;
  std::vector<std::string> ExtraArgs;
  bool AfterDashDash = false;
  for (int I = 0; I < argc; ++I) {
    if (!AfterDashDash && I > 0 && StringRef(argv[I]) == "--") {
      AfterDashDash = true;
      continue;
    }
    if (AfterDashDash) {
      ExtraArgs.push_back(argv[I]);
      continue;
    }
    // --color=auto|always|never, as in other tools, on top of LLVM's own
    // boolean --color.
    StringRef Arg = argv[I];
    if (Arg == "--color=always" || Arg == "-color=always")
      OwnArgs.push_back("--color=true");
    else if (Arg == "--color=never" || Arg == "-color=never")
      OwnArgs.push_back("--color=false");
    else if (Arg == "--color=auto" || Arg == "-color=auto")
      continue;
    else
      OwnArgs.push_back(argv[I]);
  }

  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "cudalint version " << CUDALINT_VERSION << "\n"
       << "  built with " << clang::getClangFullVersion() << "\n";
  });
  std::string UsageError;
  raw_string_ostream UsageErrors(UsageError);
  if (!cl::ParseCommandLineOptions(OwnArgs.size(), OwnArgs.data(), Overview,
                                   &UsageErrors)) {
    UsageErrors.flush();
    WithColor::error(errs(), "cudalint")
        << StringRef(UsageError).trim() << "\n";
    errs() << "Run 'cudalint --help' for usage.\n";
    return 2;
  }

  LintSettings Settings;
  Settings.ChecksOverride = Checks;
  if (!ConfigFile.empty()) {
    Settings.ConfigFile = absolute(ConfigFile);
    std::string Error = validateConfigFor(Settings, "");
    if (!Error.empty()) {
      WithColor::error(errs(), "cudalint") << Error << "\n";
      return 2;
    }
  }
  if (std::string Error = validateCheckGlobs(Checks); !Error.empty()) {
    WithColor::error(errs(), "cudalint") << Error << "\n";
    return 2;
  }
  if (ListChecks) {
    std::string Probe =
        absolute(Paths.empty() ? "probe.cu" : Paths.front() + "/probe.cu");
    for (const std::string &Name : enabledChecks(Settings, Probe))
      outs() << Name << "\n";
    return 0;
  }
  if (Paths.empty()) {
    WithColor::error(errs(), "cudalint")
        << "no input paths; usage: cudalint [options] <path>... [-- "
           "<compiler flags>]\n";
    return 2;
  }
  std::optional<Regex> HeaderRegex;
  if (!HeaderFilter.empty()) {
    HeaderRegex.emplace(HeaderFilter);
    std::string Error;
    if (!HeaderRegex->isValid(Error)) {
      WithColor::error(errs(), "cudalint")
          << "invalid --header-filter: " << Error << "\n";
      return 2;
    }
  }

  Toolchain TC;
  TC.ResourceDir = findResourceDir();
  TC.ShimDir = findShimDir(argv[0]);
  if (!isHermetic(ExtraArgs)) {
    std::string Why;
    std::optional<std::string> Cuda = findCudaInstall(CudaPath, Why);
    if (!Cuda) {
      WithColor::error(errs(), "cudalint") << Why << "\n";
      return 2;
    }
    TC.CudaPath = *Cuda;
    TC.SdkVersionOverride = sdkVersionOverrideFor(cudaVersionOf(TC.CudaPath));
  }

  RunReport Report;
  Discovered Files = discoverFiles(Paths);
  Report.Errors = Files.Errors;
  Report.FilesTotal += Files.UnreadablePaths;
  Report.FilesFailed += Files.UnreadablePaths;

  CommandSource Commands(Report.Errors);
  if (!BuildPath.empty()) {
    Commands.HasExplicit = true;
    if (!Commands.loadExplicit(BuildPath) && Report.Errors.empty())
      Report.Errors.push_back(
          {absolute(BuildPath), "cannot use compilation database"});
  }

  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  // The clang command and working directory one file is parsed with, and
  // whether they come from a compilation database.
  auto ParseCommandFor = [&](const std::string &File) {
    TranslatedCommand Build;
    std::string Directory = std::string(Cwd);
    bool FromDatabase = false;
    if (auto Command = Commands.commandFor(File)) {
      Build = translateCompileCommand(Command->CommandLine);
      Directory = Command->Directory;
      FromDatabase = true;
    }
    return std::make_tuple(
        buildParseCommand(TC, Build, GpuArch, ExtraArgs, File), Directory,
        FromDatabase);
  };
  auto Work = [&](const std::string &File) -> FileResult {
    std::string ConfigError = validateConfigFor(Settings, File);
    if (!ConfigError.empty()) {
      FileResult R;
      R.File = File;
      R.FileErrors.push_back(ConfigError);
      return R;
    }
    auto [Command, Directory, FromDatabase] = ParseCommandFor(File);
    // A compile command's include path is the truth; without one, headers
    // missing from it are looked for under the linted directories.
    return analyzeFile(Settings, Command, File, Directory,
                       FromDatabase ? nullptr : &Files.Includable);
  };

  if (PrintCommands) {
    for (const std::string &File : Files.Sources) {
      auto [Command, Directory, FromDatabase] = ParseCommandFor(File);
      (void)FromDatabase;
      nlohmann::json Line = {
          {"file", File}, {"directory", Directory}, {"arguments", Command}};
      outs() << dumpJson(Line) << "\n";
    }
    return 0;
  }

  unsigned JobCount =
      Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  bool Progress = !Quiet && sys::Process::StandardErrIsDisplayed();
  // Fragments (a .cu that another .cu #includes) are linted through the
  // file that includes them, not parsed on their own.
  std::set<std::string> Fragments = includedSources(Files.Sources);
  std::vector<std::string> Units;
  for (const std::string &Source : Files.Sources)
    if (!Fragments.count(Source))
      Units.push_back(Source);
  std::vector<FileResult> Results =
      runIsolated(Units, JobCount, Timeout, Work, Progress);

  // Headers, and presumed fragments, that no translation unit includes are
  // linted on their own.
  std::map<std::string, std::string> IncludedBy;
  for (const FileResult &R : Results)
    for (const std::string &File : R.Included)
      IncludedBy.emplace(File, R.File);
  // A source that another one turned out to include (through an include
  // path the textual scan does not know) is a fragment too: its lone parse
  // is dropped, unless the file including it is itself such a source.
  {
    std::set<std::string> Dropped;
    for (const FileResult &R : Results) {
      auto It = IncludedBy.find(R.File);
      if (It != IncludedBy.end() && It->second != R.File)
        Dropped.insert(R.File);
    }
    llvm::erase_if(Results, [&](const FileResult &R) {
      if (!Dropped.count(R.File) || Dropped.count(IncludedBy[R.File]))
        return false;
      Fragments.insert(R.File);
      return true;
    });
  }
  std::vector<std::string> Orphans;
  for (const std::string &H : Files.Headers)
    if (!IncludedBy.count(H))
      Orphans.push_back(H);
  for (const std::string &F : Fragments)
    if (!IncludedBy.count(F))
      Orphans.push_back(F);
  for (FileResult &R : runIsolated(Orphans, JobCount, Timeout, Work, Progress))
    Results.push_back(std::move(R));

  // Merge, filter and deduplicate.
  std::set<std::string> Seen;
  std::map<std::string, FileStatus> StatusOf;
  // Kernel (file, line, name) -> analysed by at least one translation unit.
  std::map<std::tuple<std::string, unsigned, std::string>, bool> Kernels;
  for (const FileResult &R : Results) {
    ++Report.FilesTotal;
    FileSummary Summary;
    Summary.File = R.File;
    // The first problem: the errors come sorted by place, not in the order
    // clang found them, so a missing header (the usual root cause) comes
    // first, then an error in the file itself, then any other.
    const Finding *First = nullptr;
    auto Rank = [&](const Finding &F) {
      if (StringRef(F.Main.Text).contains("' file not found"))
        return 0;
      return F.Main.File == R.File ? 1 : F.Main.File.empty() ? 3 : 2;
    };
    for (const Finding &F : R.Findings) {
      if (F.Level != Severity::Error || !F.isCompilerDiagnostic())
        continue;
      ++Summary.CompilerErrors;
      if (!First || Rank(F) < Rank(*First))
        First = &F;
    }
    if (First)
      Summary.FirstProblem =
          (First->Main.File.empty()
               ? ""
               : displayPath(First->Main.File) + ":" +
                     std::to_string(First->Main.Line) + ": ") +
          First->Main.Text;
    if (!R.FileErrors.empty() || !R.Parsed) {
      Summary.Status = FileStatus::Failed;
      if (!R.FileErrors.empty())
        Summary.FirstProblem = R.FileErrors.front();
      ++Report.FilesFailed;
    } else if (Summary.CompilerErrors) {
      Summary.Status = FileStatus::Partial;
      ++Report.FilesPartial;
    } else {
      ++Report.FilesAnalysed;
    }
    StatusOf[R.File] = Summary.Status;
    Report.Files.push_back(std::move(Summary));
    bool HadError = Report.Files.back().Status != FileStatus::Analysed;
    // Findings are shown, and kernels counted, in the file itself, a
    // fragment, or a header the filter keeps: --header-filter, else the
    // config's HeaderFilterRegex, else the paths given on the command line.
    std::optional<Regex> ConfigRegex;
    if (!HeaderRegex && !R.ConfigHeaderFilter.empty())
      ConfigRegex.emplace(R.ConfigHeaderFilter);
    auto Shown = [&](const std::string &File) {
      if (File == R.File || Fragments.count(File))
        return true;
      if (HeaderRegex)
        return HeaderRegex->match(File);
      if (ConfigRegex)
        return ConfigRegex->match(File);
      return isUnderRoots(File, Files.Roots);
    };
    for (const KernelRecord &K : R.Kernels)
      if (Shown(K.File))
        Kernels[{K.File, K.Line, K.Name}] |= K.Analysed;
    for (const std::string &E : R.FileErrors)
      Report.Errors.push_back({R.File, E});
    for (Finding F : R.Findings) {
      F.InBrokenUnit = HadError;
      bool Keep =
          F.isCompilerDiagnostic() || F.Main.File.empty() || Shown(F.Main.File);
      if (!Keep)
        continue;
      std::string Key = F.Check + "\x1f" + F.Main.File + "\x1f" +
                        std::to_string(F.Main.Offset) + "\x1f" + F.Main.Text;
      if (Seen.insert(Key).second)
        Report.Findings.push_back(std::move(F));
    }
  }
  for (const std::string &F : Fragments) {
    auto Includer = IncludedBy.find(F);
    if (Includer == IncludedBy.end())
      continue; // Linted on its own above.
    // The best status among the files that include it (the first includer
    // when none did better than failing).
    FileSummary Summary;
    Summary.File = F;
    Summary.IncludedBy = Includer->second;
    Summary.Status = FileStatus::Failed;
    for (const FileResult &R : Results)
      if (llvm::is_contained(R.Included, F) && StatusOf.count(R.File) &&
          StatusOf[R.File] < Summary.Status) {
        Summary.Status = StatusOf[R.File];
        Summary.IncludedBy = R.File;
      }
    Report.Files.push_back(std::move(Summary));
  }
  std::map<std::string, FileSummary *> SummaryOf;
  for (FileSummary &S : Report.Files)
    SummaryOf[S.File] = &S;
  for (const auto &[Key, Analysed] : Kernels) {
    ++Report.Kernels;
    Report.KernelsAnalysed += Analysed;
    auto It = SummaryOf.find(std::get<0>(Key));
    if (It != SummaryOf.end()) {
      ++It->second->Kernels;
      It->second->KernelsAnalysed += Analysed;
    }
  }
  std::sort(Report.Files.begin(), Report.Files.end(),
            [](const FileSummary &A, const FileSummary &B) {
              return A.File < B.File;
            });
  std::stable_sort(Report.Findings.begin(), Report.Findings.end(),
                   [](const Finding &A, const Finding &B) {
                     return std::tie(A.Main.File, A.Main.Line, A.Main.Column,
                                     A.Check, A.Main.Text) <
                            std::tie(B.Main.File, B.Main.Line, B.Main.Column,
                                     B.Check, B.Main.Text);
                   });

  // Fix-its: computed now, written after the report so that the report
  // shows the source as it was linted.
  bool WantFixes = Fix || FixNotes || Diff || !ExportFixes.empty();
  std::string DiffText;
  std::vector<std::pair<std::string, std::string>> Writes; // (file, text)
  std::vector<std::string> FixProblems;
  if (WantFixes) {
    auto Editable = [&](const std::string &File) {
      return isUnderRoots(File, Files.EditRoots) && !isSystemPath(File, TC);
    };
    auto ByFile =
        collectFixes(Report, FixNotes, Editable, FixProblems, FixErrors);
    for (auto &[File, Edits] : ByFile) {
      if (Edits.empty())
        continue;
      auto Buffer = MemoryBuffer::getFile(File);
      if (!Buffer) {
        Report.Errors.push_back({File, "cannot read file to fix it"});
        continue;
      }
      std::string Original = (*Buffer)->getBuffer().str();
      std::optional<std::string> Result = applyEdits(Original, Edits);
      if (!Result) {
        Report.Errors.push_back(
            {File, "fix-its not applied: they no longer match the file (did "
                   "it change during the run?)"});
        continue;
      }
      std::string Edited = std::move(*Result);
      if (Diff)
        DiffText += unifiedDiff(displayPath(File), Original, Edited);
      else if ((Fix || FixNotes) && Edited != Original)
        Writes.push_back({File, std::move(Edited)});
    }
    if (!ExportFixes.empty()) {
      std::string Yaml = exportFixesYaml(
          Report, FixNotes, Files.Sources.empty() ? "" : Files.Sources.front());
      std::string Error;
      if (!writeFileAtomically(absolute(ExportFixes), Yaml, Error))
        Report.Errors.push_back({absolute(ExportFixes), Error});
    }
  }

  // The report.
  std::unique_ptr<raw_fd_ostream> FileOut;
  raw_ostream *Out = Diff ? &errs() : &outs();
  if (!OutputFile.empty()) {
    std::error_code EC;
    FileOut = std::make_unique<raw_fd_ostream>(OutputFile, EC);
    if (EC) {
      WithColor::error(errs(), "cudalint")
          << "cannot write '" << OutputFile << "': " << EC.message() << "\n";
      return 2;
    }
    Out = FileOut.get();
  }
  switch (OutputFormat) {
  case Format::Text: {
    // LLVM's own --color option (--color, --color=false) decides, and
    // without it colour is used on a terminal.
    bool UseColor = !FileOut && WithColor(*Out).colorsEnabled();
    printText(*Out, Report, UseColor);
    break;
  }
  case Format::Json:
    *Out << dumpJson(toJson(Report), 2) << "\n";
    break;
  case Format::Sarif:
    *Out << dumpJson(toSarif(Report, CUDALINT_VERSION), 2) << "\n";
    break;
  }
  Out->flush();
  if (Diff)
    outs() << DiffText;
  for (const std::string &Problem : FixProblems)
    WithColor::warning(errs(), "cudalint") << Problem << "\n";
  unsigned FixedFiles = 0;
  bool WriteFailed = false;
  for (const auto &[File, Text] : Writes) {
    std::string Error;
    if (writeFileAtomically(File, Text, Error)) {
      ++FixedFiles;
    } else {
      WithColor::error(errs(), "cudalint") << Error << "\n";
      WriteFailed = true;
    }
  }

  if (!Quiet) {
    errs() << "cudalint: " << Report.warningCount() << " finding"
           << (Report.warningCount() == 1 ? "" : "s") << " in "
           << Report.FilesTotal << " file"
           << (Report.FilesTotal == 1 ? "" : "s");
    if (Report.FilesPartial)
      errs() << "; " << Report.FilesPartial
             << " analysed in part (compiler errors)";
    if (Report.FilesFailed)
      errs() << "; " << Report.FilesFailed << " not analysed";
    if ((Report.FilesPartial || Report.FilesFailed) && Report.Kernels)
      errs() << "; " << Report.KernelsAnalysed << " of " << Report.Kernels
             << " kernel" << (Report.Kernels == 1 ? "" : "s") << " analysed";
    if (FixedFiles)
      errs() << "; fix-its applied to " << FixedFiles << " file"
             << (FixedFiles == 1 ? "" : "s");
    errs() << "\n";
  }
  if (!Report.Errors.empty() || Report.FilesFailed || Report.FilesPartial ||
      WriteFailed)
    return 2;
  return Report.warningCount() ? 1 : 0;
}
