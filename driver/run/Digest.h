//===--- Digest.h - what names cached artefacts ---------------------------===//
//
// The result cache and the precompiled headers a run shares both key what
// they keep by a digest of what decides it, cudalint itself among it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_RUN_DIGEST_H
#define CUDALINT_DRIVER_RUN_DIGEST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Chrono.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cudalint {

/// Mixes length-prefixed strings into a BLAKE3 digest, so that no two lists
/// of strings hash alike by concatenation.
class Digest {
public:
  void add(llvm::StringRef S);
  void add(const std::vector<std::string> &List);
  std::string hex();

private:
  llvm::BLAKE3 H;
};

/// cudalint's own identity: its version, its clang, and the executable
/// itself (size and time), so that a rebuilt cudalint never reads what the
/// one before kept.
const std::string &toolIdentity();

/// \p T in nanoseconds since the epoch.
int64_t nanoseconds(llvm::sys::TimePoint<> T);

} // namespace cudalint

#endif
