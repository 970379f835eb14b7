//===--- CudaLintModule.h - registration of the cudalint checks -----------===//

#ifndef CUDALINT_CUDALINTMODULE_H
#define CUDALINT_CUDALINTMODULE_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace cudalint {

/// The clang version these checks were compiled against ("19.1.7").
const char *builtForClangVersion();

/// True when a module built for \p Built can run inside clang \p Host.
bool isCompatibleClangVersion(llvm::StringRef Built, llvm::StringRef Host);

/// The dotted version number inside a clang version banner.
std::string versionNumberIn(llvm::StringRef FullVersion);

/// Registers the `cudalint` module with clang-tidy's registry unless
/// \p HostVersion is incompatible, in which case it explains why on stderr.
bool registerCudaLintModule(llvm::StringRef HostVersion);

/// Referencing this keeps the module's object file in a static link.
extern volatile int CudaLintModuleAnchorSource;

} // namespace cudalint

#endif
