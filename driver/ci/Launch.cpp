//===--- Launch.cpp -------------------------------------------------------===//
//
// The lint never stands between the user and the build: a file cudalint
// cannot analyse (no CUDA found, a crash, a time-out) is said in a warning,
// and the command runs. Compiler errors clang finds are not printed: the
// real compiler reports its own. Only --warnings-as-errors fails a compile.
//
//===----------------------------------------------------------------------===//

#include "ci/Launch.h"
#include "ci/LaunchOnce.h"
#include "run/Discovery.h"
#include "run/Lint.h"
#include "run/Project.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

using llvm::StringRef;

namespace cudalint {

namespace {

// Tools that run the compiler named after them.
bool isLauncher(StringRef Program) {
  return llvm::StringSwitch<bool>(llvm::sys::path::filename(Program))
      .Cases("ccache", "sccache", "distcc", "icecc", "buildcache", true)
      .Default(false);
}

// The report of the launched unit, as a compiler's warnings: no compiler
// diagnostics, and what stopped the analysis said as a warning.
void keepFindingsOnly(RunReport &Report) {
  llvm::erase_if(Report.Findings,
                 [](const Finding &F) { return F.isCompilerDiagnostic(); });
  for (const FileError &E : Report.Errors)
    printWarning((E.File.empty() ? "" : displayPath(E.File) + ": ") +
                 "not linted: " + E.Text + "; compiling it anyway");
  Report.Errors.clear();
}

// Lints \p Sources with \p Compiler's flags; true when a finding fails the
// build.
bool lintLaunched(DriverOptions &Options,
                  const std::vector<std::string> &Compiler,
                  const std::vector<std::string> &Sources, const char *Argv0) {
  Options.Input.Paths = Sources;
  std::optional<LintProject> Project = loadProject(Options.Input, Argv0);
  if (!Project) {
    printWarning("not linted; compiling anyway");
    return false;
  }
  for (const std::string &Source : Sources)
    Project->Commands.useCommand(
        clang::tooling::CompileCommand(Project->Cwd, Source, Compiler, ""));
  Options.Workers.ShowProgress = false;
  RunReport Report = mergeRecord(collectResults(Options, *Project));
  keepFindingsOnly(Report);
  // A header's findings once per build: the first unit that reports them
  // (and fails under --warnings-as-errors) claims them (LaunchOnce.h).
  if (Options.Cache.Enabled)
    dropHeaderFindingsShown(Report, Sources, Options.Cache.Dir,
                            enclosingBuildId());
  unsigned Failing = promoteToErrors(Report, Options.WarningsAsErrors);
  if (!Report.Findings.empty()) {
    llvm::raw_ostream &Out = llvm::errs();
    printText(Out, Report, llvm::WithColor(Out).colorsEnabled());
  }
  if (Failing)
    printError(std::to_string(Failing) +
               (Failing == 1 ? " finding fails" : " findings fail") +
               " the build (--warnings-as-errors); not compiled");
  return Failing != 0;
}

// Runs \p Command in this process's place; returns only if it cannot.
int execute(const std::vector<std::string> &Command) {
  std::vector<char *> Argv;
  for (const std::string &Arg : Command)
    Argv.push_back(const_cast<char *>(Arg.c_str()));
  Argv.push_back(nullptr);
  llvm::outs().flush();
  llvm::errs().flush();
  execvp(Argv[0], Argv.data());
  printError("cannot run '" + Command.front() + "': " + strerror(errno));
  return 127; // As a shell says of a command it cannot find.
}

} // namespace

std::vector<std::string>
compilerCommand(const std::vector<std::string> &Command) {
  size_t First = 0;
  while (First + 1 < Command.size() && isLauncher(Command[First]))
    ++First;
  return std::vector<std::string>(Command.begin() + First, Command.end());
}

std::vector<std::string>
compiledSources(const std::vector<std::string> &Compiler) {
  std::vector<std::string> Sources;
  for (size_t I = 1; I < Compiler.size(); ++I)
    if (isCudaSource(Compiler[I]) &&
        llvm::sys::fs::is_regular_file(Compiler[I]))
      Sources.push_back(absolute(Compiler[I]));
  return Sources;
}

int lintThenLaunch(DriverOptions &Options, const char *Argv0) {
  const std::vector<std::string> &Command = Options.LaunchCommand;
  std::vector<std::string> Compiler = compilerCommand(Command);
  std::vector<std::string> Sources = compiledSources(Compiler);
  if (!Sources.empty() && lintLaunched(Options, Compiler, Sources, Argv0))
    return 1;
  return execute(Command);
}

} // namespace cudalint
