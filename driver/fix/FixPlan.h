//===--- FixPlan.h - applying the run's fix-its to the files --------------===//
//
// Fix-its are planned before the report is written (as a diff, as edited
// texts, as clang-apply-replacements YAML) and written to the files after
// it, so that the report shows the source as it was linted.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_FIX_FIXPLAN_H
#define CUDALINT_DRIVER_FIX_FIXPLAN_H

#include "Options.h"
#include "report/Report.h"
#include "run/Project.h"

#include <string>
#include <utility>
#include <vector>

namespace cudalint {

struct FixPlan {
  std::string DiffText;                                    ///< With --diff.
  std::vector<std::pair<std::string, std::string>> Writes; ///< (file, text)
  std::vector<std::string> Problems; ///< Fix-its left out, and why.
};

/// What \p Fixes asks for, from \p Report's fix-its in the files of
/// \p Project that may be edited. A file that cannot be read or no longer
/// matches its edits, or an --export-fixes file that cannot be written, is
/// an error of \p Report.
FixPlan planFixes(const FixOptions &Fixes, const LintProject &Project,
                  RunReport &Report);

/// Writes the edited files, each atomically; a read-only one is refused.
/// Returns how many were written, and whether one failed (said on stderr).
std::pair<unsigned, bool> writeFixedFiles(const FixPlan &Plan);

} // namespace cudalint

#endif
