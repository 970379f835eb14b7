//===--- Analyzer.h - lint one translation unit in this process -----------===//

#ifndef CUDALINT_DRIVER_WORKER_ANALYZER_H
#define CUDALINT_DRIVER_WORKER_ANALYZER_H

#include "report/Findings.h"

#include "clang-tidy/ClangTidyOptions.h"

#include <memory>
#include <string>
#include <vector>

namespace cudalint {

/// The check and config settings of a run, shared by every file.
struct LintSettings {
  std::string ChecksOverride; ///< --checks, appended to the config's.
  std::string ConfigFile;     ///< --config-file; empty: search up the tree.
};

/// The option provider for a run: `.cudalint.yaml` or `.clang-tidy` found
/// up the tree from each file (or --config-file), with cudalint's defaults
/// underneath and the command line on top. With \p AllHeaders, the header
/// filter lets everything through (the parent process filters).
std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
makeOptionsProvider(const LintSettings &Settings, bool AllHeaders = false);

/// Parses and checks the config that applies to \p File; returns an error
/// message when it is malformed (the run then reports the file as not
/// analysed instead of silently using defaults).
std::string validateConfigFor(const LintSettings &Settings,
                              const std::string &File);

/// One file and how to parse it.
struct ParseRequest {
  std::vector<std::string> Command; ///< Program first, file last.
  std::string File;
  std::string WorkingDirectory;
  /// The compile_commands.json the command comes from; empty without one.
  std::string Database;
  /// Set when the file has no compile command, so that its include
  /// directories are unknown: the files a missing header is looked for in.
  const std::vector<std::string> *SearchableHeaders = nullptr;
};

/// Parses \p Request.Command and runs the enabled checks, then parses again
/// where a strategy of ParseStrategies.h expects fewer compiler errors. A
/// header that cannot be found does not end the parse. With
/// \p Request.SearchableHeaders, a missing header is looked for among those
/// files, and the file is parsed again with the directory of the match
/// nearest to the including file (when exactly one is nearest) appended to
/// the include path (as -I, after the command's own); a remark says which.
FileResult analyzeFile(const LintSettings &Settings,
                       const ParseRequest &Request);

/// The configuration that applies to \p File (config files, defaults and
/// command line merged), as YAML: what the result cache keys it by.
std::string effectiveConfig(const LintSettings &Settings,
                            const std::string &File);

/// Every registered cudalint check enabled by \p Settings for \p File.
std::vector<std::string> enabledChecks(const LintSettings &Settings,
                                       const std::string &File);

/// What is wrong with the check globs \p Globs (--checks, a config's
/// Checks), or "": a positive glob that matches no check is an error. With
/// \p OnlyCudalint (a `.clang-tidy`, shared with clang-tidy's own checks),
/// only globs that start with "cudalint" are judged.
std::string unknownCheckIn(llvm::StringRef Globs, bool OnlyCudalint = false);

/// Every registered check name.
std::vector<std::string> allChecks();

} // namespace cudalint

#endif
