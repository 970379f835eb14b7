//===--- Baseline.cpp -----------------------------------------------------===//

#include "ci/Baseline.h"

#include "llvm/Support/MemoryBuffer.h"

#include <vector>

using llvm::StringRef;

namespace cudalint {

static constexpr const char *Header =
    "# cudalint baseline: findings known when it was written, one per line "
    "(fingerprint, check, file), sorted.\n"
    "# `cudalint --baseline FILE` reports only the others. Delete a line once "
    "its finding is fixed, or write it again with --write-baseline.\n";

// The entry of each finding of \p Report ("" for compiler diagnostics).
static std::vector<std::string> entriesOf(const RunReport &Report) {
  std::vector<std::string> Entries;
  for (const Finding &F : Report.Findings)
    Entries.push_back(F.isCompilerDiagnostic()
                          ? ""
                          : F.Fingerprint + " " + F.Check + " " +
                                displayPath(F.Main.File));
  return Entries;
}

std::string baselineText(const RunReport &Report) {
  std::set<std::string> Sorted;
  for (std::string &E : entriesOf(Report))
    if (!E.empty())
      Sorted.insert(std::move(E));
  std::string Text = Header;
  for (const std::string &E : Sorted)
    Text += E + "\n";
  return Text;
}

std::optional<std::set<std::string>> readBaseline(const std::string &Path,
                                                  std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = "cannot read baseline '" + Path +
            "': " + Buffer.getError().message() +
            " (write one with --write-baseline FILE)";
    return std::nullopt;
  }
  std::set<std::string> Entries;
  llvm::SmallVector<StringRef, 0> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  unsigned Number = 0;
  for (StringRef Line : Lines) {
    ++Number;
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    // fingerprint, check, then the file (which may hold spaces).
    auto [Print, Rest] = Line.split(' ');
    if (!Print.contains(':') || Rest.split(' ').second.empty()) {
      Error = "'" + Path + "' line " + std::to_string(Number) +
              " is not a baseline entry (fingerprint, check, file): '" +
              Line.str() + "'";
      return std::nullopt;
    }
    Entries.insert(Line.str());
  }
  return Entries;
}

void applyBaseline(RunReport &Report, const std::set<std::string> &Known) {
  std::vector<std::string> Entries = entriesOf(Report);
  std::set<std::string> Matched;
  std::vector<Finding> Kept;
  for (size_t I = 0; I < Report.Findings.size(); ++I) {
    if (!Entries[I].empty() && Known.count(Entries[I])) {
      Matched.insert(Entries[I]);
      ++Report.BaselineHidden;
      continue;
    }
    Kept.push_back(std::move(Report.Findings[I]));
  }
  Report.Findings = std::move(Kept);
  Report.BaselineStale = Known.size() - Matched.size();
}

} // namespace cudalint
