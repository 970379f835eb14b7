//===--- ProjectRoot.h - whose headers a run shows ------------*- C++ -*-===//
//
// Findings in a header are shown when the header belongs to the project
// being linted. For a directory given, the project is that directory; for a
// file given (`cudalint -p build src/runner.cu`, or the one unit a
// `--launch` compile builds), it is the source tree the file belongs to:
// the one its compilation database describes (the CMake source directory
// the database's CMakeCache.txt names, else the common root of the
// database's files), the CMake source tree of the working directory (a
// launcher runs in the build tree), else the version-control root of the
// file, else the file's directory. System headers never count: their
// findings are not made.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_RUN_PROJECTROOT_H
#define CUDALINT_DRIVER_RUN_PROJECTROOT_H

#include "run/Project.h"

#include <string>
#include <vector>

namespace cudalint {

/// The project directory of \p File, as above.
std::string projectRootOf(const std::string &File, LintProject &Project);

/// The directories whose headers a run over \p Paths (absolute, as given)
/// shows: each directory given, and each file's project directory.
std::vector<std::string> headerRoots(const std::vector<std::string> &Paths,
                                     LintProject &Project);

/// The directory CMakeCache.txt in \p BuildDir names as the source tree
/// (CMAKE_HOME_DIRECTORY); empty when there is none.
std::string cmakeSourceDir(const std::string &BuildDir);

} // namespace cudalint

#endif
