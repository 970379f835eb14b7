//===--- ChangedLines.h - judge a pull request on what it changed ---------===//
//
// `git diff -U0 origin/main | cudalint --changed-lines - src/`, after
// clang-tidy-diff.py: only the files the diff touches are linted, and only
// findings on the lines it adds or changes are reported.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_CI_CHANGEDLINES_H
#define CUDALINT_DRIVER_CI_CHANGEDLINES_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudalint {

/// The lines a unified diff adds or changes, on its new side, per file
/// (absolute: the diff's paths, less their first component as with
/// `patch -p1`, against the working directory).
class ChangedLines {
public:
  /// Parses \p Diff (`git diff -U0`, `diff -u`); nullopt, with the reason in
  /// \p Error, when it holds no file header at all.
  static std::optional<ChangedLines> parse(llvm::StringRef Diff,
                                           std::string &Error);

  bool touches(const std::string &File) const { return Ranges.count(File); }
  bool contains(const std::string &File, unsigned Line) const;
  size_t files() const { return Ranges.size(); }

private:
  /// First and last line of each added hunk, per file.
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Ranges;
};

} // namespace cudalint

#endif
