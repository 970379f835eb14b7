//===--- IncludeSearch.cpp ------------------------------------------------===//

#include "worker/IncludeSearch.h"

#include "clang/Lex/HeaderMapTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace clang;
using llvm::StringRef;

namespace cudalint {

namespace {

unsigned commonDirDepth(StringRef A, StringRef B) {
  unsigned Depth = 0;
  for (auto IA = llvm::sys::path::begin(A), IB = llvm::sys::path::begin(B),
            EA = llvm::sys::path::end(A), EB = llvm::sys::path::end(B);
       IA != EA && IB != EB && *IA == *IB; ++IA, ++IB)
    ++Depth;
  return Depth;
}

// The directories that would make \p M resolve: those of the files in
// \p Headers whose path ends with the name written.
std::vector<std::string>
candidateDirs(const MissingHeader &M, const std::vector<std::string> &Headers) {
  StringRef Name = M.Name;
  while (Name.consume_front("./"))
    ;
  std::vector<std::string> Dirs;
  if (Name.empty() || llvm::sys::path::is_absolute(Name) || Name.contains(".."))
    return Dirs;
  std::string Suffix = "/" + Name.str();
  for (const std::string &H : Headers)
    if (StringRef(H).ends_with(Suffix))
      Dirs.push_back(H.substr(0, H.size() - Suffix.size()));
  return Dirs;
}

// Of \p Candidates, the one to use: the only one; else the only one in a
// directory that already provided another header of this translation unit
// (the project's include directory, in all likelihood); else the one
// nearest the including file, then the translation unit \p MainFile (a
// header shared by two trees belongs with the tree being compiled), if
// exactly one is nearest.
std::optional<std::string> pickDir(const MissingHeader &M, StringRef MainFile,
                                   const std::vector<std::string> &Candidates,
                                   const std::set<std::string> &Used) {
  if (Candidates.size() == 1)
    return Candidates.front();
  std::vector<std::string> InUsed;
  for (const std::string &Dir : Candidates)
    if (Used.count(Dir))
      InUsed.push_back(Dir);
  if (InUsed.size() == 1)
    return InUsed.front();
  StringRef IncluderDir = llvm::sys::path::parent_path(M.Includer);
  StringRef MainDir = llvm::sys::path::parent_path(MainFile);
  std::optional<std::string> Best;
  std::pair<unsigned, unsigned> BestDepth;
  bool Tie = false;
  for (const std::string &Dir : Candidates) {
    std::pair<unsigned, unsigned> Depth = {commonDirDepth(Dir, IncluderDir),
                                           commonDirDepth(Dir, MainDir)};
    if (!Best || Depth > BestDepth) {
      Best = Dir;
      BestDepth = Depth;
      Tie = false;
    } else if (Depth == BestDepth && Dir != *Best) {
      Tie = true;
    }
  }
  if (!Best || Tie)
    return std::nullopt;
  return Best;
}

// Writes a clang header map that resolves each guessed name to the file in
// its directory. Format: clang/Lex/HeaderMapTypes.h (buckets hashed by
// HeaderMap.cpp's case-insensitive key hash, linear probing).
bool writeHeaderMap(
    StringRef Path,
    llvm::ArrayRef<std::pair<MissingHeader, std::string>> Entries) {
  std::string Strings(1, '\0'); // Offset 0 stands for "no string".
  auto Add = [&](StringRef Text) {
    uint32_t Offset = Strings.size();
    Strings.append(Text.data(), Text.size());
    Strings.push_back('\0');
    return Offset;
  };
  uint32_t NumBuckets = 8;
  while (NumBuckets < 2 * Entries.size())
    NumBuckets *= 2;
  std::vector<HMapBucket> Buckets(NumBuckets,
                                  HMapBucket{HMAP_EmptyBucketKey, 0, 0});
  uint32_t MaxValueLength = 0;
  for (const auto &[M, Dir] : Entries) {
    unsigned Hash = 0;
    for (char C : M.Name)
      Hash += llvm::toLower(C) * 13;
    uint32_t Slot = Hash & (NumBuckets - 1);
    while (Buckets[Slot].Key != HMAP_EmptyBucketKey)
      Slot = (Slot + 1) & (NumBuckets - 1);
    std::string Prefix = Dir + "/";
    Buckets[Slot] = {Add(M.Name), Add(Prefix), Add(M.Name)};
    MaxValueLength =
        std::max<uint32_t>(MaxValueLength, Prefix.size() + M.Name.size());
  }
  HMapHeader Header{};
  Header.Magic = HMAP_HeaderMagicNumber;
  Header.Version = HMAP_HeaderVersion;
  Header.Reserved = 0;
  Header.StringsOffset = sizeof(HMapHeader) + NumBuckets * sizeof(HMapBucket);
  Header.NumEntries = Entries.size();
  Header.NumBuckets = NumBuckets;
  Header.MaxValueLength = MaxValueLength;
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC);
  if (EC)
    return false;
  Out.write(reinterpret_cast<const char *>(&Header), sizeof Header);
  Out.write(reinterpret_cast<const char *>(Buckets.data()),
            Buckets.size() * sizeof(HMapBucket));
  Out << Strings;
  return !Out.has_error();
}

} // namespace

void IncludeSearch::run(std::vector<MissingHeader> Missing, BestParse &Best) {
  for (int Round = 0; Round < MaxRounds && !Missing.empty(); ++Round) {
    std::optional<ParseRequest> Retry = nextRound(Missing);
    if (!Retry)
      break;
    std::vector<MissingHeader> StillMissing;
    FileResult Again = parseRound(*Retry, StillMissing);
    Missing = std::move(StillMissing);
    // A header found in one round may need another, found in the next:
    // the best parse so far wins, and it must beat the first one.
    if (Best.offer(Again, *Retry))
      Guesses = Tried;
  }
  // The legacy re-parse may reuse the map: as the best parse knew it.
  if (RemoveMap && !Guesses.empty())
    writeHeaderMap(MapPath, Guesses);
}

std::vector<std::pair<std::string, std::string>>
IncludeSearch::mapContents(const std::vector<HeaderGuess> &Guesses) {
  std::vector<std::pair<std::string, std::string>> Map;
  for (const auto &[M, Dir] : Guesses)
    Map.push_back({M.Name, Dir});
  return Map;
}

void IncludeSearch::startOver(FileResult Result,
                              std::vector<MissingHeader> Missing) {
  Planned =
      PlannedParse{mapContents(Tried), std::move(Result), std::move(Missing)};
  Tried.clear();
  Guesses.clear();
}

FileResult IncludeSearch::parseRound(const ParseRequest &Retry,
                                     std::vector<MissingHeader> &Missing) {
  if (!Planned || mapContents(Tried) != Planned->Map)
    return Clang.Parse(Retry, Missing);
  // The same command, the same header map: the same parse.
  FileResult Result = std::move(Planned->Result);
  Missing = std::move(Planned->Missing);
  Planned.reset();
  return Result;
}

std::optional<ParseRequest> IncludeSearch::plan() {
  std::vector<MissingHeader> Missing = Clang.Probe(Request);
  std::optional<ParseRequest> Planned;
  for (int Round = 0; Round < MaxRounds && !Missing.empty(); ++Round) {
    std::optional<ParseRequest> Next = nextRound(Missing);
    if (!Next)
      break;
    FewestMissing = std::min(FewestMissing, missingInUserCode(Missing));
    Planned = std::move(Next);
    Missing = Clang.Probe(*Planned);
  }
  return Planned;
}

unsigned
IncludeSearch::missingInUserCode(const std::vector<MissingHeader> &Missing) {
  std::set<std::pair<std::string, unsigned>> Directives;
  for (const MissingHeader &M : Missing)
    if (!M.InSystemHeader)
      Directives.insert({M.Includer, M.Offset});
  return Directives.size();
}

std::optional<ParseRequest>
IncludeSearch::nextRound(const std::vector<MissingHeader> &Missing) {
  if (!Request.SearchableHeaders || !guessDirs(Missing) || !ensureMapFile() ||
      !writeHeaderMap(MapPath, Tried))
    return std::nullopt;
  return withFlags(Request, {"-I" + std::string(MapPath)});
}

bool IncludeSearch::guessDirs(const std::vector<MissingHeader> &Missing) {
  std::set<std::string> Used;
  for (const HeaderGuess &T : Tried)
    Used.insert(T.second);
  bool Added = false;
  for (const auto &[M, Dirs] : openNames(Missing, Used))
    if (std::optional<std::string> Dir =
            pickDir(*M, Request.File, Dirs, Used)) {
      Tried.push_back({*M, *Dir});
      Used.insert(*Dir);
      Added = true;
    }
  return Added;
}

std::vector<std::pair<const MissingHeader *, std::vector<std::string>>>
IncludeSearch::openNames(const std::vector<MissingHeader> &Missing,
                         std::set<std::string> &Used) const {
  std::vector<std::pair<const MissingHeader *, std::vector<std::string>>> Open;
  for (const MissingHeader &M : Missing) {
    if (M.InSystemHeader)
      continue; // A system header's dependencies are not the project's.
    if (llvm::any_of(Tried,
                     [&](const auto &T) { return T.first.Name == M.Name; }) ||
        llvm::any_of(Open,
                     [&](const auto &O) { return O.first->Name == M.Name; }))
      continue;
    std::vector<std::string> Dirs =
        candidateDirs(M, *Request.SearchableHeaders);
    if (Dirs.size() == 1)
      Used.insert(Dirs.front());
    if (!Dirs.empty())
      Open.push_back({&M, std::move(Dirs)});
  }
  return Open;
}

bool IncludeSearch::ensureMapFile() {
  if (!MapPath.empty())
    return true;
  if (llvm::sys::fs::createTemporaryFile("cudalint-include-search", "hmap",
                                         MapPath))
    return false;
  RemoveMap.emplace(MapPath);
  return true;
}

} // namespace cudalint
