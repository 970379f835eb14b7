//===--- Lint.h - lint every file of a project into one report ------------===//

#ifndef CUDALINT_DRIVER_RUN_LINT_H
#define CUDALINT_DRIVER_RUN_LINT_H

#include "Options.h"
#include "report/Report.h"
#include "run/Project.h"

namespace cudalint {

/// What the workers of a run found, before it is merged into a report:
/// enough to merge the shards of a run (--shard) as one run would have.
struct LintRecord {
  /// The translation units' results, in the order of the files.
  std::vector<FileResult> Units;
  /// The headers and presumed fragments linted on their own: those the
  /// units of this run (or shard) did not include.
  std::vector<FileResult> Lone;
  /// The sources another source names in an #include (textual scan).
  std::vector<std::string> Fragments;
  /// Where shown headers lie: each directory given, each file's project.
  std::vector<std::string> Roots;
  std::optional<std::string> HeaderFilter; ///< --header-filter.
  std::vector<FileError> PathErrors;       ///< Missing or unreadable paths.
  unsigned UnreadablePaths = 0;
  std::vector<FileError> DatabaseErrors; ///< Unusable compile databases.
  unsigned FromCache = 0;                ///< Results the cache held.
};

/// Lints the files of \p Project that belong to this run's shard (every
/// file without --shard), each in a worker process or from the cache.
LintRecord collectResults(const DriverOptions &Options, LintProject &Project);

/// Merges \p Record into one report: findings filtered by the header filter
/// and deduplicated, a summary per file, kernels counted once, all sorted.
RunReport mergeRecord(const LintRecord &Record);

/// Lints the translation units of \p Project, then the headers and
/// fragments none of them included, each in a worker process, and merges
/// what they found: findings filtered by the header filter and
/// deduplicated, a summary per file, kernels counted once, all sorted.
RunReport runLint(const DriverOptions &Options, LintProject &Project);

} // namespace cudalint

#endif
