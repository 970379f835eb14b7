//===--- ChangedLines.cpp -------------------------------------------------===//

#include "ci/ChangedLines.h"
#include "run/Discovery.h"

using llvm::StringRef;

namespace cudalint {

// The file a `+++ ` line names, or "" for a deleted file.
static std::string newSideFile(StringRef Line) {
  StringRef Path = Line.drop_front(4).split('\t').first.trim();
  if (Path == "/dev/null")
    return "";
  if (Path.size() > 1 && Path.front() == '"' && Path.back() == '"')
    Path = Path.drop_front().drop_back(); // git quotes unusual names.
  // As `patch -p1`: git's "b/" (or any first component) goes.
  auto [First, Rest] = Path.split('/');
  return absolute(Rest.empty() ? First : Rest);
}

// "@@ -a,b +c,d @@": the new side's first line and count (d defaults to 1).
static std::optional<std::pair<unsigned, unsigned>>
newSideHunk(StringRef Line) {
  size_t Plus = Line.find(" +");
  if (Plus == StringRef::npos)
    return std::nullopt;
  StringRef Spec = Line.drop_front(Plus + 2).split(' ').first;
  auto [Start, Count] = Spec.split(',');
  unsigned First = 0, N = 1;
  if (Start.getAsInteger(10, First) ||
      (!Count.empty() && Count.getAsInteger(10, N)))
    return std::nullopt;
  return std::make_pair(First, N);
}

std::optional<ChangedLines> ChangedLines::parse(StringRef Diff,
                                                std::string &Error) {
  ChangedLines Out;
  std::string File;
  bool SawHeader = false;
  llvm::SmallVector<StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.rtrim('\r');
    if (Line.starts_with("+++ ")) {
      SawHeader = true;
      File = newSideFile(Line);
      if (!File.empty())
        Out.Ranges[File]; // Touched, even by deletions only.
      continue;
    }
    if (File.empty() || !Line.starts_with("@@ "))
      continue;
    if (auto Hunk = newSideHunk(Line); Hunk && Hunk->second > 0)
      Out.Ranges[File].push_back({Hunk->first, Hunk->first + Hunk->second - 1});
  }
  if (!SawHeader) {
    Error = "the diff names no file (no '+++ ' line): give --changed-lines "
            "the output of 'git diff -U0', or - to read it from stdin";
    return std::nullopt;
  }
  return Out;
}

bool ChangedLines::contains(const std::string &File, unsigned Line) const {
  auto It = Ranges.find(File);
  if (It == Ranges.end())
    return false;
  for (const auto &[First, Last] : It->second)
    if (Line >= First && Line <= Last)
      return true;
  return false;
}

} // namespace cudalint
