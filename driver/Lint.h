//===--- Lint.h - lint every file of a project into one report ------------===//

#ifndef CUDALINT_DRIVER_LINT_H
#define CUDALINT_DRIVER_LINT_H

#include "Options.h"
#include "Project.h"
#include "Report.h"

namespace cudalint {

/// Lints the translation units of \p Project, then the headers and
/// fragments none of them included, each in a worker process, and merges
/// what they found: findings filtered by the header filter and
/// deduplicated, a summary per file, kernels counted once, all sorted.
RunReport runLint(const DriverOptions &Options, LintProject &Project);

} // namespace cudalint

#endif
