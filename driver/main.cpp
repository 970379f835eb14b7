//===--- main.cpp - the cudalint command ----------------------------------===//
//
// cudalint [options] <path>... [-- <extra compiler flags>]
//
//===----------------------------------------------------------------------===//

#include "CudaLintModule.h"
#include "Options.h"
#include "analysis/GpuTargets.h"
#include "ci/Baseline.h"
#include "ci/ChangedLines.h"
#include "ci/ExportCommands.h"
#include "ci/Launch.h"
#include "ci/Shards.h"
#include "fix/FixPlan.h"
#include "fix/Fixes.h"
#include "report/Output.h"
#include "report/Report.h"
#include "run/Discovery.h"
#include "run/Lint.h"
#include "run/Project.h"
#include "worker/Analyzer.h"
#include "worker/CompileCommands.h"
#include "worker/Config.h"

#include "clang/Basic/Version.h"
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

#include <memory>
#include <thread>

using namespace llvm;
using namespace cudalint;

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
    cl::desc("Regex of headers whose findings are shown (default: the "
             "project's headers: under each directory given, and for a file "
             "given, under its project: the CMake source tree its "
             "compilation database names, else its database's common root, "
             "else the CMake source tree of the working directory, else its "
             "version-control root; system headers never)"),
    cl::cat(Category));
static cl::opt<ReportFormat> OutputFormat(
    "format", cl::desc("Output format"),
    cl::values(
        clEnumValN(ReportFormat::Text, "text", "clang-style diagnostics"),
        clEnumValN(ReportFormat::Json, "json", "one JSON document"),
        clEnumValN(ReportFormat::Sarif, "sarif", "SARIF 2.1.0"),
        clEnumValN(ReportFormat::CodeClimate, "codeclimate",
                   "GitLab's code quality report (Code Climate)"),
        clEnumValN(ReportFormat::Html, "html", "one self-contained HTML page")),
    cl::init(ReportFormat::Text), cl::cat(Category));
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
static cl::opt<std::string> GpuArch(
    "gpu-arch",
    cl::desc("GPU architectures the advice is for, comma-separated (sm_61,"
             "sm_90a; all; all-major), instead of those the compile command "
             "targets (nvcc -arch/-gencode/-code, clang --cuda-gpu-arch/"
             "--offload-arch); files are parsed for the newest. Default: the "
             "command's, else the CudaTargets option, else every architecture "
             "CUDA 13 builds for (sm_75 to sm_121), parsed as sm_80"),
    cl::value_desc("ARCHS"), cl::cat(Category));
static cl::opt<unsigned> Timeout(
    "timeout",
    cl::desc("Seconds one file may take before it is abandoned (0: none)"),
    cl::init(300), cl::cat(Category));
static cl::opt<std::string> WorkerMemory(
    "worker-memory",
    cl::desc("Memory one file's worker may allocate before the file is "
             "abandoned (default 1G; K, M, G suffixes; 0: no limit)"),
    cl::value_desc("SIZE"), cl::init("1G"), cl::cat(Category));
static cl::opt<bool> ListChecks("list-checks",
                                cl::desc("List the enabled checks and exit"),
                                cl::cat(Category));
static cl::opt<std::string>
    Explain("explain",
            cl::desc("Print the documentation of CHECK (its page of "
                     "docs/checks/, compiled in; 'cudalint-' may be left out) "
                     "and exit"),
            cl::value_desc("CHECK"), cl::cat(Category));
static cl::opt<bool> PrintCommands(
    "print-commands",
    cl::desc("Print the clang command each file would be parsed with, one "
             "JSON array per line, and exit"),
    cl::cat(Category));
static cl::opt<std::string> ExportCompileCommands(
    "export-compile-commands",
    cl::desc("Write DIR/compile_commands.json from the database of -p: each "
             "CUDA entry as the clang command cudalint parses it with (for "
             "clang-tidy with the plugin, run-clang-tidy and clangd), the "
             "other entries unchanged; then exit"),
    cl::value_desc("DIR"), cl::cat(Category));
static cl::opt<std::string> ChangedLinesFrom(
    "changed-lines",
    cl::desc("Lint only the files a unified diff touches and report only "
             "findings on the lines it adds or changes: git diff -U0 "
             "origin/main | cudalint --changed-lines - src/"),
    cl::value_desc("DIFF|-"), cl::cat(Category));
static cl::opt<std::string> BaselineFile(
    "baseline",
    cl::desc("Report only the findings not recorded in FILE (written by "
             "--write-baseline): CI fails on new findings only"),
    cl::value_desc("FILE"), cl::cat(Category));
static cl::opt<std::string> WriteBaselineFile(
    "write-baseline",
    cl::desc("Record this run's findings in FILE, for --baseline"),
    cl::value_desc("FILE"), cl::cat(Category));
static cl::opt<std::string> DocsUrl(
    "docs-url",
    cl::desc("Base URL of cudalint's docs/ for the SARIF rules' helpUri "
             "(default: the installed docs, file://<prefix>/share/doc/"
             "cudalint)"),
    cl::value_desc("URL"), cl::cat(Category));
static cl::opt<bool> Quiet("quiet", cl::desc("No summary on stderr"),
                           cl::cat(Category));
static cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Keep the results of unchanged files in DIR (default: "
             "$CUDALINT_CACHE_DIR, else $XDG_CACHE_HOME/cudalint, else "
             "~/.cache/cudalint)"),
    cl::value_desc("DIR"), cl::cat(Category));
static cl::opt<bool>
    NoCache("no-cache", cl::desc("Neither read nor write the result cache"),
            cl::cat(Category));
static cl::opt<bool>
    NoPch("no-pch",
          cl::desc("Parse every file's headers in full: no precompiled headers "
                   "shared by the files of the run (findings are the same)"),
          cl::cat(Category));
static cl::opt<std::string>
    Shard("shard",
          cl::desc("Lint the K-th of N stable shares of the files (by a hash "
                   "of each path), for CI matrices; merge the shards' JSON or "
                   "SARIF reports with --merge"),
          cl::value_desc("K/N"), cl::cat(Category));
static cl::opt<std::string>
    Merge("merge",
          cl::desc("Merge the JSON or SARIF reports of every shard (the "
                   "paths given) into OUT, as one run would have written it"),
          cl::value_desc("OUT"), cl::cat(Category));
static cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Findings of the checks these globs match are errors; with "
             "--launch they fail the compile: --warnings-as-errors='*'"),
    cl::value_desc("globs"), cl::cat(Category));
static cl::opt<bool> LaunchFlag(
    "launch",
    cl::desc("Compiler-launcher mode: 'cudalint [options] --launch <compile "
             "command>' lints the unit the command compiles, prints the "
             "findings, then runs the command (CMAKE_CUDA_COMPILER_LAUNCHER)"),
    cl::cat(Category));
static cl::opt<std::string> CacheMaxSize(
    "cache-max-size",
    cl::desc("Bound on the result cache's size, least recently used "
             "results evicted first (default 1G; K, M, G suffixes)"),
    cl::value_desc("SIZE"), cl::init("1G"), cl::cat(Category));

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

//===----------------------------------------------------------------------===//
// Reading the command line
//===----------------------------------------------------------------------===//

// The command line split at `--`, as with clang-tidy: cudalint's own
// arguments, for LLVM's parser, and the compiler flags after it.
struct SplitArgs {
  std::vector<const char *> Own;
  std::vector<std::string> Extra;
  /// After --launch: the compile command, untouched.
  std::optional<std::vector<std::string>> Launch;
};

// --color=auto|always|never, as in other tools, in terms of LLVM's own
// boolean --color; nullptr for auto, which is what no flag means.
const char *translateColorFlag(const char *Arg) {
  StringRef A = Arg;
  if (A == "--color=always" || A == "-color=always")
    return "--color=true";
  if (A == "--color=never" || A == "-color=never")
    return "--color=false";
  if (A == "--color=auto" || A == "-color=auto")
    return nullptr;
  return Arg;
}

SplitArgs splitAtDashDash(int Argc, const char **Argv) {
  SplitArgs Args;
  bool AfterDashDash = false;
  for (int I = 0; I < Argc; ++I) {
    StringRef Arg = Argv[I];
    if (!AfterDashDash && I > 0 && Arg == "--") {
      AfterDashDash = true;
      continue;
    }
    if (!AfterDashDash && I > 0 && (Arg == "--launch" || Arg == "-launch")) {
      // What follows is the build's command, not cudalint's options.
      Args.Own.push_back(Argv[I]);
      Args.Launch.emplace(Argv + I + 1, Argv + Argc);
      break;
    }
    if (AfterDashDash)
      Args.Extra.push_back(Argv[I]);
    else if (const char *Own = translateColorFlag(Argv[I]))
      Args.Own.push_back(Own);
  }
  return Args;
}

// Fills in the cl::opt flags above; false, said on stderr, on a usage error.
bool parseFlags(const std::vector<const char *> &Own) {
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "cudalint version " << CUDALINT_VERSION << "\n"
       << "  built with " << clang::getClangFullVersion() << "\n";
    std::string Why;
    if (std::optional<std::string> Cuda = findCudaInstall(CudaPath, Why)) {
      std::string Version = cudaVersionOf(*Cuda);
      OS << "  CUDA " << (Version.empty() ? "(version unknown)" : Version)
         << " at " << *Cuda << "\n";
    } else {
      OS << "  no CUDA installation found: " << Why << "\n";
    }
  });
  std::string UsageError;
  raw_string_ostream UsageErrors(UsageError);
  if (cl::ParseCommandLineOptions(Own.size(), Own.data(), Overview,
                                  &UsageErrors))
    return true;
  UsageErrors.flush();
  printError(StringRef(UsageError).trim());
  errs() << "Run 'cudalint --help' for usage.\n";
  return false;
}

DriverOptions optionsFromFlags(std::vector<std::string> ExtraArgs) {
  DriverOptions Options;
  Options.Mode = !Explain.empty()                 ? DriverMode::Explain
                 : ListChecks                     ? DriverMode::ListChecks
                 : PrintCommands                  ? DriverMode::PrintCommands
                 : !Merge.empty()                 ? DriverMode::Merge
                 : LaunchFlag                     ? DriverMode::Launch
                 : !ExportCompileCommands.empty() ? DriverMode::ExportCommands
                                                  : DriverMode::Lint;
  Options.Settings.ChecksOverride = Checks;
  if (!ConfigFile.empty())
    Options.Settings.ConfigFile = absolute(ConfigFile);

  InputOptions &Input = Options.Input;
  Input.Paths = Paths;
  Input.BuildPath = BuildPath;
  Input.ExtraArgs = std::move(ExtraArgs);
  Input.CudaPath = CudaPath;
  Input.GpuArch = GpuArch;
  if (!HeaderFilter.empty())
    Input.HeaderFilter = HeaderFilter;

  Options.Output.Format = OutputFormat;
  Options.Output.File = Merge.empty() ? std::string(OutputFile) : Merge;
  Options.Output.Quiet = Quiet;
  Options.Output.Baseline = BaselineFile;
  Options.Output.WriteBaseline = WriteBaselineFile;
  Options.Output.DocsUrl = DocsUrl;

  Options.Fixes.Apply = Fix || FixNotes;
  Options.Fixes.FromNotes = FixNotes;
  Options.Fixes.EvenIfBroken = FixErrors;
  Options.Fixes.Diff = Diff;
  Options.Fixes.ExportFile = ExportFixes;

  Options.Workers.Jobs =
      Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  Options.Workers.TimeoutSeconds = Timeout;
  Options.Workers.ShowProgress =
      !Quiet && sys::Process::StandardErrIsDisplayed();

  Options.WarningsAsErrors = WarningsAsErrors;
  Options.ExportCommandsDir = ExportCompileCommands;
  Options.ChangedLinesFrom = ChangedLinesFrom;
  Options.Cache.Enabled = !NoCache;
  Options.ReuseHeaders = !NoPch;
  Options.Cache.Dir = CacheDir.empty() ? defaultCacheDir() : absolute(CacheDir);
  return Options;
}

// What is wrong with the config file or --checks, or "".
std::string settingsProblem(const LintSettings &Settings) {
  if (!Settings.ConfigFile.empty())
    if (std::string Error = validateConfigFor(Settings, ""); !Error.empty())
      return Error;
  return unknownCheckIn(Settings.ChecksOverride);
}

// What is wrong with the paths to lint or --header-filter, or "".
std::string inputProblem(const InputOptions &Input) {
  if (Input.Paths.empty())
    return "no input paths; usage: cudalint [options] <path>... [-- "
           "<compiler flags>]";
  std::string Error;
  if (Input.HeaderFilter && !Regex(*Input.HeaderFilter).isValid(Error))
    return "invalid --header-filter: " + Error;
  if (!Input.GpuArch.empty() &&
      !GpuTargets::parse(Input.GpuArch, TargetSource::Build, &Error))
    return "invalid --gpu-arch: " +
           (Error.empty() ? "it names no architecture" : Error);
  return "";
}

std::nullopt_t usageError(StringRef Error) {
  printError(Error);
  return std::nullopt;
}

// The options of this run, checked; nullopt, said on stderr, when they are
// wrong (exit status 2).
std::optional<DriverOptions> parseOptions(int Argc, const char **Argv) {
  SplitArgs Args = splitAtDashDash(Argc, Argv);
  if (!parseFlags(Args.Own))
    return std::nullopt;
  DriverOptions Options = optionsFromFlags(std::move(Args.Extra));
  if (Args.Launch)
    Options.LaunchCommand = std::move(*Args.Launch);
  std::optional<uint64_t> MaxBytes = parseByteSize(CacheMaxSize);
  if (!MaxBytes)
    return usageError("invalid --cache-max-size '" + CacheMaxSize +
                      "'; expected a size such as 500M or 2G");
  Options.Cache.MaxBytes = *MaxBytes;
  std::optional<uint64_t> WorkerBytes = parseByteSize(WorkerMemory);
  if (!WorkerBytes)
    return usageError("invalid --worker-memory '" + WorkerMemory +
                      "'; expected a size such as 2G, or 0 for no limit");
  Options.Workers.MemoryBytes = *WorkerBytes;
  if (!Shard.empty()) {
    std::optional<ShardSpec> Spec = parseShardSpec(Shard);
    if (!Spec)
      return usageError("invalid --shard '" + Shard +
                        "'; expected K/N with 1 <= K <= N, as in 2/4");
    Options.Shard = *Spec;
  }
  if (std::string Error = settingsProblem(Options.Settings); !Error.empty())
    return usageError(Error);
  Options.ExplainCheck = Explain;
  if (Options.Mode == DriverMode::ListChecks ||
      Options.Mode == DriverMode::ExportCommands ||
      Options.Mode == DriverMode::Explain)
    return Options; // Listing or explaining the checks, or exporting, needs
                    // no paths.
  if (Options.Mode == DriverMode::Launch)
    return Options.LaunchCommand.empty()
               ? usageError("--launch needs the compile command after it: "
                            "cudalint --launch nvcc -c x.cu -o x.o")
               : std::optional<DriverOptions>(std::move(Options));
  if (std::string Error = inputProblem(Options.Input); !Error.empty())
    return usageError(Error);
  return Options;
}

//===----------------------------------------------------------------------===//
// The modes that lint nothing
//===----------------------------------------------------------------------===//

// --list-checks: the checks enabled for a file under the first path.
int listChecks(const DriverOptions &Options) {
  const std::vector<std::string> &Paths = Options.Input.Paths;
  std::string Probe =
      absolute(Paths.empty() ? "probe.cu" : Paths.front() + "/probe.cu");
  for (const std::string &Name : enabledChecks(Options.Settings, Probe))
    outs() << Name << "\n";
  return ExitClean;
}

// --explain: a check's page, as `rustc --explain` prints an error's.
int explainCheck(const std::string &Name) {
  std::string Check =
      StringRef(Name).starts_with("cudalint-") ? Name : "cudalint-" + Name;
  std::string Page = checkPage(Check);
  if (Page.empty()) {
    std::string Known;
    for (const CheckInfo &C : checkCatalogue())
      Known += (Known.empty() ? "" : ", ") + C.Name;
    printError("unknown check '" + Name + "'; the checks are: " + Known);
    return ExitTrouble;
  }
  outs() << Page;
  if (!StringRef(Page).ends_with("\n"))
    outs() << "\n";
  return ExitClean;
}

// --print-commands: one JSON line per translation unit.
int printCommands(LintProject &Project) {
  for (const std::string &File : Project.Files.Sources) {
    ParseRequest Request = parseRequestFor(Project, File);
    nlohmann::json Line = {{"file", File},
                           {"directory", Request.WorkingDirectory},
                           {"arguments", Request.Command}};
    outs() << dumpJson(Line) << "\n";
  }
  return ExitClean;
}

//===----------------------------------------------------------------------===//
// The report
//===----------------------------------------------------------------------===//

// The diff --changed-lines names; nullopt, said on stderr, when it cannot
// be read or holds no file.
std::optional<ChangedLines> readChangedLines(const std::string &From) {
  auto Buffer =
      From == "-" ? MemoryBuffer::getSTDIN() : MemoryBuffer::getFile(From);
  if (!Buffer) {
    printError("cannot read the diff '" + From +
               "': " + Buffer.getError().message());
    return std::nullopt;
  }
  std::string Error;
  std::optional<ChangedLines> Changed =
      ChangedLines::parse((*Buffer)->getBuffer(), Error);
  if (!Changed)
    printError(Error);
  return Changed;
}

// Keeps of \p Project's files those the diff touches.
void keepChangedFiles(LintProject &Project, const ChangedLines &Changed) {
  for (std::vector<std::string> *Files :
       {&Project.Files.Sources, &Project.Files.Headers})
    llvm::erase_if(*Files,
                   [&](const std::string &F) { return !Changed.touches(F); });
}

// Keeps of \p Report's findings those on changed lines.
void keepChangedFindings(RunReport &Report, const ChangedLines &Changed) {
  llvm::erase_if(Report.Findings, [&](const Finding &F) {
    return !Changed.contains(F.Main.File, F.Main.Line);
  });
}

// --write-baseline records the findings, then --baseline hides the known
// ones; false, said on stderr, when either file fails.
bool useBaseline(const OutputOptions &Output, RunReport &Report) {
  std::string Error;
  if (!Output.WriteBaseline.empty() &&
      !writeFileAtomically(absolute(Output.WriteBaseline), baselineText(Report),
                           Error)) {
    printError(Error);
    return false;
  }
  if (Output.Baseline.empty())
    return true;
  std::optional<std::set<std::string>> Known =
      readBaseline(Output.Baseline, Error);
  if (!Known) {
    printError(Error);
    return false;
  }
  applyBaseline(Report, *Known);
  return true;
}

// --merge OUT IN...: the shards' reports as one run's, in their format.
int mergeShards(DriverOptions &Options) {
  std::vector<ShardReport> Shards;
  for (const std::string &Path : Options.Input.Paths) {
    std::string Error;
    std::optional<ShardReport> Shard = readShardReport(Path, Error);
    if (!Shard) {
      printError(Error);
      return ExitTrouble;
    }
    Shards.push_back(std::move(*Shard));
  }
  Options.Output.Format = Shards.front().Format;
  std::string Error;
  std::optional<LintRecord> Whole = combineShards(std::move(Shards), Error);
  if (!Whole) {
    printError(Error);
    return ExitTrouble;
  }
  return writeReport(Options, mergeRecord(*Whole), FixPlan());
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  (void)CudaLintModuleAnchorSource;
  std::optional<DriverOptions> Options = parseOptions(argc, argv);
  if (!Options)
    return ExitTrouble;
  if (Options->Mode == DriverMode::ListChecks)
    return listChecks(*Options);
  if (Options->Mode == DriverMode::Explain)
    return explainCheck(Options->ExplainCheck);
  if (Options->Mode == DriverMode::Merge)
    return mergeShards(*Options);
  if (Options->Mode == DriverMode::Launch)
    return lintThenLaunch(*Options, argv[0]);
  std::optional<LintProject> Project = loadProject(Options->Input, argv[0]);
  if (!Project)
    return ExitTrouble;
  if (Options->Mode == DriverMode::PrintCommands)
    return printCommands(*Project);
  if (Options->Mode == DriverMode::ExportCommands)
    return exportCompileCommands(*Project, Options->ExportCommandsDir);
  std::optional<ChangedLines> Changed;
  if (!Options->ChangedLinesFrom.empty()) {
    Changed = readChangedLines(Options->ChangedLinesFrom);
    if (!Changed)
      return ExitTrouble;
    keepChangedFiles(*Project, *Changed);
  }
  LintRecord Record = collectResults(*Options, *Project);
  RunReport Report = mergeRecord(Record);
  if (Changed)
    keepChangedFindings(Report, *Changed);
  promoteToErrors(Report, Options->WarningsAsErrors);
  if (!useBaseline(Options->Output, Report))
    return ExitTrouble;
  FixPlan Fixes = planFixes(Options->Fixes, *Project, Report);
  if (!Options->Shard.active())
    return writeReport(*Options, Report, Fixes);
  nlohmann::json ShardData = shardRecord(Record, Options->Shard);
  return writeReport(*Options, Report, Fixes, &ShardData);
}
