//===--- ResultCache.cpp --------------------------------------------------===//
//
// One JSON file per unit key, under a two-character fan-out directory:
//
//   { "inputs": [[path, size, mtime_ns, xxh3], ...],
//     "missing_header_dirs": [[dir, mtime_ns], ...],
//     "search_set": digest or "",  "result": FileResult }
//
// Entries are written to a temporary file and renamed into place, so a
// reader sees a whole entry or none, and concurrent writers (the workers of
// several runs, several CI jobs on one runner) at worst store the same
// entry twice. A hit refreshes the entry's modification time, which is what
// trim() evicts by.
//
//===----------------------------------------------------------------------===//

#include "run/ResultCache.h"
#include "fix/Fixes.h"
#include "run/Digest.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sys/time.h>
#include <unistd.h>

using llvm::StringRef;
namespace fs = llvm::sys::fs;

namespace cudalint {

namespace {

int64_t nowNs() { return nanoseconds(std::chrono::system_clock::now()); }

// A file modified this recently may still change within the same tick of a
// coarse file-system clock: its time is not trusted, its contents are.
constexpr int64_t TooNewNs = 2'000'000'000;

std::optional<nlohmann::json> readEntry(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return std::nullopt;
  try {
    return nlohmann::json::parse(In);
  } catch (const std::exception &) {
    // A torn or foreign file: it is dropped, and the unit linted again.
    fs::remove(Path);
    return std::nullopt;
  }
}

// Writes \p Text to \p Path through a temporary file renamed into place.
bool writeEntry(const std::string &Path, const std::string &Text,
                std::string &Error) {
  StringRef Dir = llvm::sys::path::parent_path(Path);
  if (std::error_code EC = fs::create_directories(Dir)) {
    Error = "cannot create '" + Dir.str() + "': " + EC.message();
    return false;
  }
  return writeFileAtomically(Path, Text, Error);
}

// The results of a run that failed (crash, time-out, unreadable file, bad
// config) say something about that run, not about the file.
bool isCacheable(const FileResult &R) {
  return R.FileErrors.empty() && !R.Inputs.empty();
}

} // namespace

std::string defaultCacheDir() {
  if (std::optional<std::string> Dir =
          llvm::sys::Process::GetEnv("CUDALINT_CACHE_DIR"))
    return *Dir;
  llvm::SmallString<256> Path;
  if (std::optional<std::string> Xdg =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      Xdg && llvm::sys::path::is_absolute(*Xdg))
    Path = *Xdg;
  else if (std::optional<std::string> Home = llvm::sys::Process::GetEnv("HOME");
           Home && !Home->empty())
    llvm::sys::path::append(Path, *Home, ".cache");
  else
    return "";
  llvm::sys::path::append(Path, "cudalint");
  return std::string(Path);
}

std::optional<uint64_t> parseByteSize(StringRef Text) {
  Text = Text.trim();
  uint64_t Scale = 1;
  if (!Text.empty()) {
    switch (llvm::toUpper(Text.back())) {
    case 'K':
      Scale = uint64_t(1) << 10;
      break;
    case 'M':
      Scale = uint64_t(1) << 20;
      break;
    case 'G':
      Scale = uint64_t(1) << 30;
      break;
    }
    if (Scale != 1)
      Text = Text.drop_back();
  }
  uint64_t Value = 0;
  if (Text.empty() || Text.getAsInteger(10, Value))
    return std::nullopt;
  return Value * Scale;
}

std::string unitKey(const UnitIdentity &Unit) {
  Digest D;
  D.add("cudalint-result-cache-v1");
  D.add(toolIdentity());
  D.add(Unit.Command);
  D.add(Unit.WorkingDirectory);
  D.add(Unit.File);
  D.add(Unit.Config);
  return D.hex();
}

ResultCache::ResultCache(CacheOptions Opts,
                         const std::vector<std::string> &SearchSet)
    : Options(std::move(Opts)), RunStartNs(nowNs()) {
  Digest D;
  D.add(SearchSet);
  SearchSetDigest = D.hex();
  Usable = Options.Enabled && !Options.Dir.empty();
}

ResultCache::FileState &ResultCache::stateOf(const std::string &Path) {
  auto [It, Inserted] = States.try_emplace(Path);
  FileState &S = It->second;
  if (Inserted) {
    fs::file_status Status;
    if (!fs::status(Path, Status)) {
      S.Exists = true;
      S.Size = Status.getSize();
      S.MTimeNs = nanoseconds(Status.getLastModificationTime());
    }
  }
  return S;
}

const std::string &ResultCache::hashOf(const std::string &Path) {
  FileState &S = stateOf(Path);
  if (S.Hash.empty() && S.Exists) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    S.Hash = Buffer ? llvm::utohexstr(llvm::xxh3_64bits(
                          llvm::arrayRefFromStringRef((*Buffer)->getBuffer())))
                    : "unreadable";
  }
  return S.Hash;
}

bool ResultCache::inputsUnchanged(const nlohmann::json &Entry) {
  for (const nlohmann::json &Input : Entry.at("inputs")) {
    std::string Path = Input.at(0).get<std::string>();
    FileState &Now = stateOf(Path);
    if (!Now.Exists || Now.Size != Input.at(1).get<uint64_t>())
      return false;
    // Same size and time: unchanged, as make and ninja judge. Otherwise the
    // contents decide (a `touch` or a checkout does not invalidate).
    if (Now.MTimeNs != Input.at(2).get<int64_t>() &&
        hashOf(Path) != Input.at(3).get<std::string>())
      return false;
  }
  for (const nlohmann::json &Dir : Entry.at("missing_header_dirs")) {
    FileState &Now = stateOf(Dir.at(0).get<std::string>());
    if (Now.MTimeNs != Dir.at(1).get<int64_t>())
      return false; // An entry was added or removed there.
  }
  std::string SearchSet = Entry.at("search_set").get<std::string>();
  return SearchSet.empty() || SearchSet == SearchSetDigest;
}

std::string ResultCache::entryPath(const std::string &Key) const {
  return Options.Dir + "/" + Key.substr(0, 2) + "/" + Key.substr(2) + ".json";
}

void ResultCache::disable(const std::string &Why) {
  if (!Usable)
    return;
  Usable = false;
  llvm::errs() << "cudalint: warning: result cache disabled for this run: "
               << Why << " (--cache-dir DIR chooses another place)\n";
}

std::optional<FileResult> ResultCache::lookup(const std::string &Key) {
  if (!Usable)
    return std::nullopt;
  std::string Path = entryPath(Key);
  std::optional<nlohmann::json> Entry = readEntry(Path);
  try {
    if (Entry && inputsUnchanged(*Entry)) {
      FileResult R = Entry->at("result").get<FileResult>();
      ::utimes(Path.c_str(), nullptr); // Recently used: evicted last.
      ++Stats.Hits;
      return R;
    }
  } catch (const std::exception &) {
    fs::remove(Path); // Written by another version of the format.
  }
  ++Stats.Misses;
  return std::nullopt;
}

void ResultCache::store(const std::string &Key, const FileResult &R) {
  if (!Usable || !isCacheable(R))
    return;
  nlohmann::json Inputs = nlohmann::json::array();
  for (const std::string &Path : R.Inputs) {
    FileState &S = stateOf(Path);
    fs::file_status Now;
    if (!S.Exists || S.MTimeNs > RunStartNs || fs::status(Path, Now) ||
        nanoseconds(Now.getLastModificationTime()) != S.MTimeNs ||
        Now.getSize() != S.Size)
      return; // Changed while the run went on: what was parsed is unknown.
    int64_t Trusted = RunStartNs - S.MTimeNs < TooNewNs ? 0 : S.MTimeNs;
    Inputs.push_back({Path, S.Size, Trusted, hashOf(Path)});
  }
  nlohmann::json Dirs = nlohmann::json::array();
  for (const std::string &Dir : R.MissingHeaderDirs)
    Dirs.push_back({Dir, stateOf(Dir).MTimeNs});
  FileResult Kept = R;
  Kept.Inputs.clear();
  Kept.MissingHeaderDirs.clear();
  nlohmann::json Entry = {
      {"inputs", std::move(Inputs)},
      {"missing_header_dirs", std::move(Dirs)},
      {"search_set", R.UsedHeaderSearch ? SearchSetDigest : ""},
      {"result", Kept}};
  std::string Error;
  if (!writeEntry(entryPath(Key), dumpJson(Entry), Error))
    return disable(Error);
  ++Stats.Stored;
}

void ResultCache::trim() {
  if (!Usable || !Stats.Stored)
    return;
  struct Found {
    std::string Path;
    uint64_t Size;
    int64_t Used;
  };
  std::vector<Found> Entries;
  uint64_t Total = 0;
  std::error_code EC;
  for (fs::recursive_directory_iterator It(Options.Dir, EC), End;
       It != End && !EC; It.increment(EC)) {
    // Results, and the precompiled headers of HeaderReuse (whose records
    // tell a later run to build one again once it is gone).
    if (!StringRef(It->path()).ends_with(".json") &&
        !StringRef(It->path()).ends_with(".pch"))
      continue;
    fs::file_status Status;
    if (fs::status(It->path(), Status) ||
        Status.type() != fs::file_type::regular_file)
      continue;
    Entries.push_back({It->path(), Status.getSize(),
                       nanoseconds(Status.getLastModificationTime())});
    Total += Status.getSize();
  }
  if (Total <= Options.MaxBytes)
    return;
  std::sort(Entries.begin(), Entries.end(),
            [](const Found &A, const Found &B) { return A.Used < B.Used; });
  uint64_t Goal = Options.MaxBytes / 10 * 9;
  for (const Found &E : Entries) {
    if (Total <= Goal)
      break;
    if (!fs::remove(E.Path)) {
      Total -= E.Size;
      ++Stats.Evicted;
    }
  }
}

} // namespace cudalint
