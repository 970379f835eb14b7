//===--- ResultCache.h - the findings of unchanged files, kept on disk ----===//
//
// A translation unit's findings depend on its compile command, the config
// that applies to it, cudalint itself, and the contents of every file the
// parse read. The cache keys an entry by the first three (the unit key) and
// records the fourth inside the entry (like ccache's direct mode): a lookup
// checks each file the unit read, by size and modification time first and
// by content hash when those differ, so that a changed header invalidates
// exactly the units that read it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_RUN_RESULTCACHE_H
#define CUDALINT_DRIVER_RUN_RESULTCACHE_H

#include "report/Findings.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct CacheOptions {
  bool Enabled = true;
  std::string Dir; ///< Where entries live; see defaultCacheDir().
  uint64_t MaxBytes = uint64_t(1) << 30;
};

/// $CUDALINT_CACHE_DIR, else $XDG_CACHE_HOME/cudalint, else
/// ~/.cache/cudalint; empty when none of them can be told.
std::string defaultCacheDir();

/// "500M", "2G", "64K", "1000" (bytes) as a byte count; nullopt if not one.
std::optional<uint64_t> parseByteSize(llvm::StringRef Text);

/// What decides a unit's findings besides the files it reads.
struct UnitIdentity {
  std::vector<std::string> Command; ///< The parse command, file last.
  std::string WorkingDirectory;
  std::string File;
  std::string Config; ///< The effective configuration, as text.
};

/// The hex digest naming the entry of \p Unit for this build of cudalint.
std::string unitKey(const UnitIdentity &Unit);

/// Counts a run reports.
struct CacheStats {
  unsigned Hits = 0, Misses = 0, Stored = 0, Evicted = 0;
};

class ResultCache {
public:
  /// A cache over \p Options.Dir. \p SearchSet names the headers the include
  /// search of files without a compile command may place (their digest is
  /// part of the entries whose parse used that search).
  ResultCache(CacheOptions Options, const std::vector<std::string> &SearchSet);

  /// The result stored under \p Key, if every file it read is unchanged.
  std::optional<FileResult> lookup(const std::string &Key);

  /// Stores \p R under \p Key. Results that record a failure of the run
  /// (a crash, a time-out) and results whose inputs changed while the run
  /// went on are not stored. Never fails the run: a cache that cannot be
  /// written is said once on stderr and then left alone.
  void store(const std::string &Key, const FileResult &R);

  /// Deletes the least recently used entries while the cache is over its
  /// size bound (down to 90% of it).
  void trim();

  const CacheStats &stats() const { return Stats; }

private:
  struct FileState {
    bool Exists = false;
    uint64_t Size = 0;
    int64_t MTimeNs = 0;
    std::string Hash; ///< Of the contents; empty until asked for.
  };
  FileState &stateOf(const std::string &Path);
  const std::string &hashOf(const std::string &Path);
  bool inputsUnchanged(const nlohmann::json &Entry);
  std::string entryPath(const std::string &Key) const;
  void disable(const std::string &Why);

  CacheOptions Options;
  std::string SearchSetDigest;
  int64_t RunStartNs = 0;
  bool Usable = true;
  CacheStats Stats;
  std::map<std::string, FileState> States; ///< Each file read once per run.
};

} // namespace cudalint

#endif
