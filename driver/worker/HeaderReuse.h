//===--- HeaderReuse.h - the headers a run's parses share, parsed once ----===//
//
// Every parse of a run starts with the same headers: clang's CUDA wrapper
// and cudalint's compatibility header (the implicit -include files), and
// most files then include the same system headers first. A chain of
// precompiled headers holds them: its first link the implicit includes of
// one set of compiler flags, each further link one more of a file's leading
// `#include <...>` directives (and then of the project header it includes
// next, as llm.c's files include "common.h"), built on the link before. A link
// is built once (under a lock, by whichever worker needs it first) and kept in
// the run's directory (the result cache's, or a scratch one), named by a digest
// of cudalint itself, the flags and the includes before it. A record beside it
// lists the files its parse read (size and modification time): a link whose
// files changed is built again.
//
// A parse that starts from a chain sees what it would have parsed itself.
// A link is kept only when its parse gave no diagnostic, found every header,
// and declared nothing outside system headers. A file's own directive
// includes the header again after the chain, so a link takes a header only
// when including it a second time does nothing (Reinclusion.h); a header
// whose inclusion did nothing at all (already included) adds no link, so
// files whose leading includes differ only by such headers share a chain.
// The parse watches its own directives do nothing; the worker parses the
// file without the chain if one did something, or if the chain cannot be
// loaded, and the parent lints a file again without it if its worker died.
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_WORKER_HEADERREUSE_H
#define CUDALINT_DRIVER_WORKER_HEADERREUSE_H

#include "worker/Reinclusion.h"

#include "clang/Basic/FileEntry.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
}

namespace cudalint {

/// The chain one parse starts from.
struct ReusedHeaders {
  std::string Pch; ///< Its last link, for -include-pch; empty: no chain.
  /// What the links' parses read (every file an #include named, by real
  /// path) and included as user headers: the parse's own record misses them.
  std::vector<std::string> Inputs, Included;
  /// The leading directives the chain holds: the main file's, and those of
  /// the project header it includes next (its own `#include "..."`,
  /// found beside it), which also open with system headers. Met again in
  /// the parse, each must include nothing.
  std::vector<WatchedDirectives> Held;
};

/// A run's precompiled headers, kept in one directory.
class HeaderReuse {
public:
  explicit HeaderReuse(std::string Dir) : Dir(std::move(Dir)) {}

  /// The chain for a parse of \p Invocation (run in \p WorkingDirectory):
  /// every link it needs that is missing or out of date is built first. No
  /// chain when even the first link cannot hold the implicit includes.
  ReusedHeaders chainFor(const clang::CompilerInvocation &Invocation,
                         llvm::StringRef WorkingDirectory) const;

private:
  std::string Dir;
};

/// The path a parse's input \p File is recorded under: its real path (the
/// bytes it names), else its name made absolute.
std::string inputPath(clang::FileEntryRef File);

} // namespace cudalint

#endif
