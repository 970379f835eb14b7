//===--- Launch.h - cudalint as the build's compiler launcher -------------===//
//
// CMake has no clang-tidy hook for CUDA, but every generator honours
// CMAKE_CUDA_COMPILER_LAUNCHER. With
//
//   -DCMAKE_CUDA_COMPILER_LAUNCHER="cudalint;--launch"
//
// the build runs `cudalint --launch nvcc <flags> -c x.cu -o x.o` for each
// unit: cudalint lints x.cu with exactly that command, prints its findings
// as the compiler prints warnings, then runs the command. A launcher after
// --launch (ccache, sccache, distcc) stays in the command that is run and
// is skipped in the one that is linted.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_CI_LAUNCH_H
#define CUDALINT_DRIVER_CI_LAUNCH_H

#include "Options.h"

#include <string>
#include <vector>

namespace cudalint {

/// \p Command without the launchers in front of the compiler.
std::vector<std::string>
compilerCommand(const std::vector<std::string> &Command);

/// The CUDA sources \p Compiler compiles (nvcc's or clang's command).
std::vector<std::string>
compiledSources(const std::vector<std::string> &Compiler);

/// Lints the sources of \p Options.LaunchCommand, prints the findings on
/// stderr, then runs the command in this process's place. Returns only when
/// the findings fail the build (--warnings-as-errors) or the command cannot
/// be run: the exit status to leave with.
int lintThenLaunch(DriverOptions &Options, const char *Argv0);

} // namespace cudalint

#endif
