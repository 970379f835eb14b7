//===--- IncludeSearch.h - headers missing from a file's include path -----===//
//
// A file linted without a compile command has no include directories: a
// header the project keeps elsewhere is looked for under the linted paths,
// first with the preprocessor alone (a plan), then, where the plan's parse
// cannot be shown best, parse by parse.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_WORKER_INCLUDESEARCH_H
#define CUDALINT_DRIVER_WORKER_INCLUDESEARCH_H

#include "worker/ParseStrategies.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileUtilities.h"

#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cudalint {

// A missing header and the directory chosen for it.
using HeaderGuess = std::pair<MissingHeader, std::string>;

// Without a compile command, a project's own include directories are
// unknown: look for each missing header under the paths being linted and
// parse again with the directories found, saying so. A header found this
// way may include others of its own, hence a few rounds. The result is
// kept only when it has fewer compiler errors than the first parse (a
// directory that shadows a header the file needs makes things worse, and
// is dropped).
// The headers found go into a header map (the format clang reads for
// Xcode's -I foo.hmap), so that exactly those names resolve and nothing
// else on the include path is shadowed. The map lives as long as this
// object: the legacy re-parse may reuse it.
class IncludeSearch {
public:
  IncludeSearch(const ParseRequest &Request, const FrontEnd &Clang)
      : Request(Request), Clang(Clang) {}

  void run(std::vector<MissingHeader> Missing, BestParse &Best);

  // The same search with the preprocessor alone, before any parse: the
  // request to parse once, with the header map of every directory guessed;
  // nullopt when no header is missing or none could be placed.
  std::optional<ParseRequest> plan();

  // A lower bound on the compiler errors of every parse the search would
  // make before the planned one: each has at least one error per directive
  // outside system headers whose header it misses. A planned parse with
  // fewer errors is the one the search would keep.
  unsigned errorsOfEveryOtherParse() const { return FewestMissing; }

  // Keeps the planned parse: made with every guess.
  void adoptPlan() { Guesses = Tried; }

  // The planned parse was not kept: the search starts over, parse by parse,
  // in the same header map. The round that makes the plan's guesses again
  // would parse the very same command: it takes \p Result and \p Missing,
  // the planned parse's, instead.
  void startOver(FileResult Result, std::vector<MissingHeader> Missing);

  // The guesses the best parse was made with.
  const std::vector<HeaderGuess> &guesses() const { return Guesses; }

private:
  // A header found in one round may include others, found in the next.
  static constexpr int MaxRounds = 4;

  static unsigned missingInUserCode(const std::vector<MissingHeader> &Missing);

  unsigned FewestMissing = std::numeric_limits<unsigned>::max();

  // What the header map says: each guessed name and its directory.
  static std::vector<std::pair<std::string, std::string>>
  mapContents(const std::vector<HeaderGuess> &Guesses);

  // The planned parse, kept by startOver for the round that repeats it.
  struct PlannedParse {
    std::vector<std::pair<std::string, std::string>> Map;
    FileResult Result;
    std::vector<MissingHeader> Missing;
  };
  std::optional<PlannedParse> Planned;

  // The parse of round \p Retry: the planned one if it is the same.
  FileResult parseRound(const ParseRequest &Retry,
                        std::vector<MissingHeader> &Missing);

  // The request for the next round: a directory guessed for each header of
  // \p Missing that one can be chosen for, every guess so far in the header
  // map; nullopt when nothing new was guessed (or the map cannot be
  // written), or the file has no headers to search.
  std::optional<ParseRequest>
  nextRound(const std::vector<MissingHeader> &Missing);

  // Adds a directory for each missing header that one can be chosen for;
  // false when there was none.
  bool guessDirs(const std::vector<MissingHeader> &Missing);

  // The missing names not tried yet, each with its candidate directories.
  // Names with one candidate add it to \p Used: their directories then
  // settle the names that have several.
  std::vector<std::pair<const MissingHeader *, std::vector<std::string>>>
  openNames(const std::vector<MissingHeader> &Missing,
            std::set<std::string> &Used) const;

  bool ensureMapFile();

  const ParseRequest &Request;
  const FrontEnd &Clang;
  std::vector<HeaderGuess> Guesses, Tried;
  llvm::SmallString<128> MapPath;
  std::optional<llvm::FileRemover> RemoveMap;
};

} // namespace cudalint

#endif
