//===--- ExportCommands.h - a compile database for clang-based tools ------===//
//
// clang-tidy, run-clang-tidy and clangd read compile_commands.json, and fail
// on what nvcc records there (`--expt-relaxed-constexpr`, `-gencode`,
// `-rdc=true`, CUDA 13's removed headers). `--export-compile-commands DIR`
// writes a database in which every CUDA entry is the clang command cudalint
// itself parses the file with, so those tools work with no extra flags.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_CI_EXPORTCOMMANDS_H
#define CUDALINT_DRIVER_CI_EXPORTCOMMANDS_H

#include "run/Project.h"

#include <string>

namespace cudalint {

/// Writes \p OutDir/compile_commands.json from the database -p named: the
/// CUDA entries as cudalint parses them, every other entry unchanged.
/// Returns the exit status (0, or 2 having said why on stderr).
int exportCompileCommands(LintProject &Project, const std::string &OutDir);

} // namespace cudalint

#endif
