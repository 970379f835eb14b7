//===--- Config.h - the checks and options that apply to a file ----------===//
//
// clang-tidy's configuration as cudalint reads it: `.cudalint.yaml` or
// `.clang-tidy` up the tree from each file (or --config-file), cudalint's
// defaults underneath, the command line on top. The worker parses with it;
// the parent validates it and keys the result cache by it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_WORKER_CONFIG_H
#define CUDALINT_DRIVER_WORKER_CONFIG_H

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/StringRef.h"

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

/// The HeaderFilterRegex of the config that applies to \p File, if it sets
/// one, else "". The parent applies it: clang-tidy 19's consumer takes the
/// options of the working directory, not of the file.
std::string configHeaderFilter(const LintSettings &Settings,
                               const std::string &File);

} // namespace cudalint

#endif
