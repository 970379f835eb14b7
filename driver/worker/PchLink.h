//===--- PchLink.h - one link of a chain of precompiled headers ----------===//
//
// Building one link of HeaderReuse's chains: a parse of a stub (empty for
// the first link, `#include <header>` for the others) over the link before,
// written as a precompiled header, and the judgement whether a parse may
// start from it (HeaderReuse.h says when).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_WORKER_PCHLINK_H
#define CUDALINT_DRIVER_WORKER_PCHLINK_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
}

namespace cudalint {

/// What a link depends on: a file and the size and time it had.
struct FileStamp {
  std::string Path;
  uint64_t Size = 0;
  int64_t MTimeNs = 0;
};

/// \p Path's stamp now; size 0 and time -1 when it cannot be read.
FileStamp stampOf(const std::string &Path);

/// A link as built.
struct LinkRecord {
  enum Kind {
    Holds,   ///< Its precompiled header holds the header.
    Nothing, ///< The header was already included: the link adds nothing.
    Stops,   ///< A parse may not start from it (Why says why).
  } Status = Stops;
  std::vector<FileStamp> Read;               ///< Its inputs, parent and stub.
  std::vector<std::string> Inputs, Included; ///< As ReusedHeaders has them.
  std::string Why;
};

/// Where one link lives.
struct LinkFiles {
  std::string Stub, Pch;
  std::string Parent; ///< The link before's header; empty for the first.
};

/// Parses \p Files.Stub (written first: the implicit includes alone when
/// \p Header is empty, else `#include <Header>`) as \p Invocation would
/// parse its input, over \p Files.Parent, in \p WorkingDirectory; writes
/// \p Files.Pch when the link holds the header.
LinkRecord buildLink(const clang::CompilerInvocation &Invocation,
                     llvm::StringRef WorkingDirectory, const LinkFiles &Files,
                     llvm::StringRef Header);

} // namespace cudalint

#endif
