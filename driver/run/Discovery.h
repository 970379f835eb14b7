//===--- Discovery.h - which files a run lints ----------------------------===//

#ifndef CUDALINT_DRIVER_RUN_DISCOVERY_H
#define CUDALINT_DRIVER_RUN_DISCOVERY_H

#include "report/Report.h"

#include <set>
#include <string>
#include <vector>

namespace cudalint {

struct Discovered {
  std::vector<std::string> Sources; ///< Translation units (.cu), absolute.
  std::vector<std::string> Headers; ///< .cuh files, absolute.
  std::vector<std::string> Roots;   ///< The paths given, absolute.
  /// Where fix-its may write: the directories given, and the directory of
  /// each file given (its own headers usually sit beside it).
  std::vector<std::string> EditRoots;
  /// Every file under the directories given that an #include could name
  /// (headers, fragments), absolute and sorted: where a header missing from
  /// the include path of a file without a compile command is looked for.
  std::vector<std::string> Includable;
  std::vector<FileError> Errors; ///< Missing or unreadable paths.
  /// The errors above that stand for a file that could not be analysed (a
  /// directory without CUDA files is an error, but no such file).
  unsigned UnreadablePaths = 0;
  void fail(std::string Path, std::string Why);
};

/// Expands files and directories (recursively, skipping hidden ones) into
/// the CUDA files to lint, sorted and without duplicates.
Discovered discoverFiles(const std::vector<std::string> &Paths);

/// The sources that another of \p Sources `#include`s by a path relative to
/// its own directory (`#include "kernel.cu"`): fragments, linted through
/// the file that includes them rather than on their own. A textual scan, so
/// an include under `#if 0` is taken too; the caller lints a presumed
/// fragment on its own when no translation unit turns out to include it.
std::set<std::string> includedSources(const std::vector<std::string> &Sources);

/// \p Path made absolute (against the working directory), without `.` and
/// `..` components.
std::string absolute(llvm::StringRef Path);

/// True when \p Path lies under one of \p Roots (a root may be a file).
bool isUnderRoots(const std::string &Path,
                  const std::vector<std::string> &Roots);

/// "file.cu" and friends: the extensions cudalint lints.
bool isCudaSource(llvm::StringRef Path);
bool isCudaHeader(llvm::StringRef Path);

} // namespace cudalint

#endif
