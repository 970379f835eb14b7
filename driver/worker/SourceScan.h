//===--- SourceScan.h - what a file's text says before it is parsed -------===//
//
// Raw lexes of a file's own text (comments and strings skipped, nothing
// included or expanded) that tell the driver how to parse it the first time,
// instead of parsing it, finding it wanting, and parsing it again.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_WORKER_SOURCESCAN_H
#define CUDALINT_DRIVER_WORKER_SOURCESCAN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// The offset in \p File of its first use of an API that only code written
/// for a toolkit before CUDA 12 uses (cudaThreadSynchronize, texture<...>
/// references, cudaBindTexture, ...); nullopt when it names none, or
/// declares one itself (new code's own `cudaThreadSynchronize()`). The names
/// new code also uses (cudaMemAdvise, cudaDeviceProp's fields) are not
/// looked for.
std::optional<unsigned> removedApiInText(const std::string &File);

/// True when \p File includes (`#include "name"` or `<name>`) a header
/// that neither its own directory (for quotes) nor the include path of
/// \p Command (-I, -iquote, -isystem, -idirafter, relative to
/// \p WorkingDirectory) holds, but one of \p Searchable (the files under
/// the linted paths) is: the include search will place it.
bool includesHeaderOffPath(const std::string &File,
                           const std::vector<std::string> &Command,
                           llvm::StringRef WorkingDirectory,
                           llvm::ArrayRef<std::string> Searchable);

/// A directive of a file's leading run of `#include` (and `#define`) ones.
struct LeadingInclude {
  std::string Name; ///< As spelled between the quotes or brackets.
  bool Angled = false;
  /// For a one-line `#define` among them, its text; then Name is empty.
  std::string Define;
  unsigned End = 0; ///< The offset just past the directive's line.
};

/// The `#include "name"` and `#include <name>` directives \p File opens
/// with, and the one-line `#define`s among them, before any other directive
/// or token (comments, blank lines and `#pragma once` between them are
/// passed over); empty when it opens otherwise.
std::vector<LeadingInclude> leadingIncludes(const std::string &File);

} // namespace cudalint

#endif
