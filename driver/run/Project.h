//===--- Project.h - the files a run lints and how each is parsed ---------===//

#ifndef CUDALINT_DRIVER_RUN_PROJECT_H
#define CUDALINT_DRIVER_RUN_PROJECT_H

#include "Options.h"
#include "run/Discovery.h"
#include "worker/Analyzer.h"
#include "worker/CompileCommands.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// Compile commands, from -p or from a compile_commands.json up the tree
/// from each file. A database that cannot be read is an error of the run,
/// and its files are parsed with default flags.
class CommandSource {
public:
  /// Uses only \p Path (a compile_commands.json or its directory), never a
  /// database up the tree; false when it cannot be read.
  bool loadExplicit(llvm::StringRef Path);

  /// Uses \p Command for its file, and no database for any file: the build
  /// is running that very command (--launch).
  void useCommand(clang::tooling::CompileCommand Command);

  /// The command \p File is built with, if a database lists it; the
  /// database's path goes to \p From.
  std::optional<clang::tooling::CompileCommand>
  commandFor(const std::string &File, std::string *From = nullptr);

  /// The files the database at \p Path (as commandFor names it) lists.
  std::vector<std::string> databaseFiles(const std::string &Path);

  /// The compile_commands.json -p named (the file), when it could be used.
  std::string explicitPath() const {
    return Explicit ? PathOf.at(Explicit) : "";
  }

  /// The databases that could not be read, in the order they were tried.
  const std::vector<FileError> &errors() const { return Errors; }
  void addError(FileError Error) { Errors.push_back(std::move(Error)); }

private:
  clang::tooling::CompilationDatabase *load(const std::string &File);
  clang::tooling::CompilationDatabase *findUpwards(llvm::StringRef Dir);

  std::vector<clang::tooling::CompileCommand> Launched;
  bool HasExplicit = false;
  clang::tooling::CompilationDatabase *Explicit = nullptr;
  std::map<std::string, std::unique_ptr<clang::tooling::CompilationDatabase>>
      Loaded;
  std::map<const clang::tooling::CompilationDatabase *, std::string> PathOf;
  llvm::StringMap<clang::tooling::CompilationDatabase *> DirCache;
  std::vector<FileError> Errors;
};

/// Everything a run lints with: the toolchain, the files under the paths
/// given, and the compile commands that apply to them.
struct LintProject {
  const InputOptions *Input = nullptr;
  Toolchain TC;
  Discovered Files;
  CommandSource Commands;
  std::string Cwd; ///< Where files without a compile command are parsed.
};

/// Finds the toolchain, the files to lint and their compilation database.
/// Returns nullopt, having said why on stderr, when there is no CUDA
/// installation to parse with. \p Input must outlive the project.
std::optional<LintProject> loadProject(const InputOptions &Input,
                                       const char *Argv0);

/// The clang command and working directory \p File is parsed with (with
/// SearchableHeaders set when no compilation database lists the file: the
/// headers a missing one is looked for among).
ParseRequest parseRequestFor(LintProject &Project, const std::string &File);

/// True when a fix-it may edit \p File: it lies under the paths given and
/// outside the system's and the CUDA toolkit's headers.
bool isEditable(const LintProject &Project, const std::string &File);

} // namespace cudalint

#endif
