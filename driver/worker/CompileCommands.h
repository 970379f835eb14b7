//===--- CompileCommands.h - from a project's build to a clang parse ------===//
//
// Finds the CUDA toolchain, translates the compile command a project records
// (usually nvcc's) into clang driver flags, and assembles the device-side
// command cudalint parses each file with.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_WORKER_COMPILECOMMANDS_H
#define CUDALINT_DRIVER_WORKER_COMPILECOMMANDS_H

#include "analysis/GpuTargets.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// Where the pieces of the parse come from.
struct Toolchain {
  std::string CudaPath;    ///< Empty when parsing without CUDA (hermetic).
  std::string ResourceDir; ///< Clang's builtin headers.
  std::string ShimDir;     ///< cudalint's own headers (texture_fetch shim).
  /// The toolkit's version as clang should see it ("12.5"): set when the
  /// toolkit is newer than this clang knows, since clang then neither reads
  /// its version nor declares the launch API that `<<<...>>>` needs.
  std::string SdkVersionOverride;
};

/// "13.0" from the CUDA_VERSION in `<cuda>/include/cuda.h`; empty if unknown.
std::string cudaVersionOf(llvm::StringRef CudaPath);

/// The SDK version to tell clang for \p CudaVersion, or "" if clang knows it.
std::string sdkVersionOverrideFor(llvm::StringRef CudaVersion);

/// Finds a CUDA installation: \p Explicit (from --cuda-path), then
/// CUDA_PATH, CUDA_HOME, the nvcc on PATH, /usr/local/cuda. On failure,
/// returns nullopt and says what was tried in \p Why.
std::optional<std::string> findCudaInstall(llvm::StringRef Explicit,
                                           std::string &Why);

/// Clang's resource directory for the clang cudalint was built with.
std::string findResourceDir();

/// cudalint's shim include directory, next to the executable
/// (`<prefix>/share/cudalint/include`).
std::string findShimDir(const char *Argv0);

/// A compile command translated into clang's terms.
struct TranslatedCommand {
  std::vector<std::string> Args;     ///< Clang flags, no program, no input.
  std::vector<std::string> GpuArchs; ///< `sm_80`, ... as the build targets.
  std::vector<std::string> Dropped;  ///< Flags with no clang meaning.
};

/// Translates \p CommandLine (program name first: nvcc, clang++, g++, ...)
/// into clang driver flags. nvcc's own flags are mapped or dropped, response
/// files are expanded, the source files are removed, and anything clang's
/// driver does not know is dropped rather than failing the parse.
TranslatedCommand
translateCompileCommand(llvm::ArrayRef<std::string> CommandLine);

/// The architectures the advice is for: \p Override (--gpu-arch, a
/// comma-separated list), else \p BuildArchs (the command's); none when
/// neither names one (`native` names none known here).
std::optional<GpuTargets> buildTargets(llvm::ArrayRef<std::string> BuildArchs,
                                       llvm::StringRef Override);

/// Picks the GPU architecture to parse for: the newest of buildTargets in
/// clang's spelling (sm_90a for one newer than clang knows), else sm_80.
std::string chooseGpuArch(llvm::ArrayRef<std::string> BuildArchs,
                          llvm::StringRef Override);

/// `-D__CUDALINT_TARGETS__=sm_61,sm_90` (or `=unstated`): how the parse
/// command carries buildTargets to the checks (GpuTargets.h).
std::string targetsDefinition(llvm::ArrayRef<std::string> BuildArchs,
                              llvm::StringRef Override);

/// The complete clang command (program name first, file last) for parsing
/// \p File on the device side.
std::vector<std::string>
buildParseCommand(const Toolchain &TC, const TranslatedCommand &Build,
                  llvm::StringRef GpuArchOverride,
                  llvm::ArrayRef<std::string> ExtraArgs, llvm::StringRef File);

/// True when \p ExtraArgs ask for a parse without the CUDA installation
/// (`-nocudainc`), as hermetic tests do.
bool isHermetic(llvm::ArrayRef<std::string> ExtraArgs);

} // namespace cudalint

#endif
