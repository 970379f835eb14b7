//===--- Fixes.h - turning fix-its into edits, diffs and YAML -------------===//

#ifndef CUDALINT_DRIVER_FIX_FIXES_H
#define CUDALINT_DRIVER_FIX_FIXES_H

#include "report/Report.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// The fix-it a finding offers: its own, or (with \p FromNotes) that of its
/// first note that has one, as clang-tidy's --fix-notes does.
const std::vector<Replacement> *chosenFix(const Finding &F, bool FromNotes);

/// Replacements per file for every finding, duplicates merged (a header
/// seen through several translation units offers the same fix each time).
/// A fix that overlaps one already taken, or that touches a file for which
/// \p Editable says no, is left out whole (a half-applied fix can break the
/// build) and explained in \p Skipped.
std::map<std::string, std::vector<Replacement>>
collectFixes(const RunReport &Report, bool FromNotes,
             const std::function<bool(const std::string &)> &Editable,
             std::vector<std::string> &Skipped, bool EvenIfBroken = false);

/// Sorts one file's edits into the order applyEdits takes them: by offset,
/// then length.
void sortEdits(std::vector<Replacement> &Edits);

/// \p Original with \p Edits applied (sorted, non-overlapping); nullopt if
/// one of them does not fit the file (it changed since it was analysed).
std::optional<std::string> applyEdits(const std::string &Original,
                                      const std::vector<Replacement> &Edits);

/// Writes \p Contents to \p Path through a temporary file in the same
/// directory and a rename, keeping the file's permissions.
bool writeFileAtomically(const std::string &Path, const std::string &Contents,
                         std::string &Error);

/// A unified diff (`git apply` accepts it) from \p Original to \p Edited.
std::string unifiedDiff(const std::string &DisplayPath,
                        const std::string &Original, const std::string &Edited,
                        unsigned Context = 3);

/// clang-apply-replacements YAML for every finding with a fix.
std::string exportFixesYaml(const RunReport &Report, bool FromNotes,
                            const std::string &MainSourceFile);

} // namespace cudalint

#endif
