//===--- Options.h - what one cudalint command asks for -------------------===//
//
// The command line read into plain structs (main.cpp declares the flags and
// fills these in): the rest of the driver takes them instead of reading
// global flags or long parameter lists.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_OPTIONS_H
#define CUDALINT_DRIVER_OPTIONS_H

#include "run/ResultCache.h"
#include "run/Runner.h"
#include "worker/Config.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// What the command does once its options are read.
enum class DriverMode {
  Lint,           ///< Lint the paths and report.
  ListChecks,     ///< --list-checks: print the enabled checks.
  PrintCommands,  ///< --print-commands: print how each file would be parsed.
  Merge,          ///< --merge: merge the reports of shards into one.
  Launch,         ///< --launch: lint a unit, then run its compile command.
  ExportCommands, ///< --export-compile-commands: a database for clang tools.
  Explain,        ///< --explain: print a check's documentation page.
};

/// Which files are linted, and how each one is parsed.
struct InputOptions {
  std::vector<std::string> Paths;     ///< Files and directories, as given.
  std::string BuildPath;              ///< -p: compile_commands.json or its dir.
  std::vector<std::string> ExtraArgs; ///< Compiler flags after `--`.
  std::string CudaPath;               ///< --cuda-path.
  std::string GpuArch;                ///< --gpu-arch.
  /// --header-filter; unset: the config's, else the paths given.
  std::optional<std::string> HeaderFilter;
};

/// --shard K/N: this run lints the K-th of N stable shares of the files.
struct ShardSpec {
  unsigned Index = 1, Count = 1; ///< K and N; 1/1 is the whole run.
  bool active() const { return Count > 1; }
};

enum class ReportFormat { Text, Json, Sarif, CodeClimate, Html };

/// Where the report goes, and in which form.
struct OutputOptions {
  ReportFormat Format = ReportFormat::Text;
  std::string File;          ///< --output; empty: stdout (stderr with --diff).
  bool Quiet = false;        ///< No summary on stderr.
  std::string Baseline;      ///< --baseline: report only findings not in it.
  std::string WriteBaseline; ///< --write-baseline: record the findings.
  std::string DocsUrl;       ///< --docs-url.
};

/// What becomes of the fix-its.
struct FixOptions {
  bool Apply = false;        ///< --fix or --fix-notes: edit the files.
  bool FromNotes = false;    ///< --fix-notes: fix-its of notes too.
  bool EvenIfBroken = false; ///< --fix-errors: in files with compiler errors.
  bool Diff = false;         ///< --diff: print them instead of applying.
  std::string ExportFile;    ///< --export-fixes: YAML for them.
  bool wanted() const { return Apply || Diff || !ExportFile.empty(); }
};

struct DriverOptions {
  DriverMode Mode = DriverMode::Lint;
  LintSettings Settings;
  InputOptions Input;
  OutputOptions Output;
  FixOptions Fixes;
  WorkerOptions Workers;
  CacheOptions Cache;
  /// Parses start from precompiled headers shared by the run (--no-pch:
  /// off); kept in the cache's directory, or a scratch one without it.
  bool ReuseHeaders = true;
  ShardSpec Shard;
  /// --warnings-as-errors: globs of checks whose findings are errors.
  std::string WarningsAsErrors;
  /// --changed-lines: the unified diff to read ("-": stdin).
  std::string ChangedLinesFrom;
  /// --explain: the check whose page to print.
  std::string ExplainCheck;
  /// --export-compile-commands: the directory to write the database to.
  std::string ExportCommandsDir;
  /// --launch: the compile command after it, launchers included.
  std::vector<std::string> LaunchCommand;
};

} // namespace cudalint

#endif
