//===--- Baseline.h - adopt cudalint on a code base with findings ---------===//
//
// `--write-baseline FILE` records the findings of a run; `--baseline FILE`
// then reports only the findings not in it, so CI fails on new findings
// while the known ones are worked off. Findings are matched by their
// fingerprint (Fingerprint.h), which does not move when lines are added
// elsewhere in the file, with the check and the file.
//
// The file is text, one finding per line, sorted, for review in a diff:
//
//   # cudalint baseline: ...
//   <fingerprint> <check> <file, relative to the working directory>
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_CI_BASELINE_H
#define CUDALINT_DRIVER_CI_BASELINE_H

#include "report/Report.h"

#include <optional>
#include <set>
#include <string>

namespace cudalint {

/// The baseline of \p Report's findings (compiler diagnostics left out).
std::string baselineText(const RunReport &Report);

/// The entries of the baseline in \p Path; nullopt, with the reason in
/// \p Error, when it cannot be read or is not a baseline.
std::optional<std::set<std::string>> readBaseline(const std::string &Path,
                                                  std::string &Error);

/// Drops from \p Report the findings \p Known holds, and records how many
/// were hidden and how many entries of \p Known matched nothing (stale).
void applyBaseline(RunReport &Report, const std::set<std::string> &Known);

} // namespace cudalint

#endif
