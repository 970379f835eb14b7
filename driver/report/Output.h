//===--- Output.h - the report, the fixed files, the summary, the status --===//
//
// What a lint run ends with: the report in the chosen format (to --output,
// else stdout; stderr with --diff, whose diff has stdout), then the diff or
// the fixed files, then the summary on stderr, and the exit status.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_REPORT_OUTPUT_H
#define CUDALINT_DRIVER_REPORT_OUTPUT_H

#include "Options.h"
#include "fix/FixPlan.h"
#include "report/Report.h"

#include <nlohmann/json_fwd.hpp>

namespace cudalint {

/// The exit status: 0 no findings, 1 findings, 2 usage error or a file
/// could not be analysed.
enum ExitStatus { ExitClean = 0, ExitFindings = 1, ExitTrouble = 2 };

/// Writes \p Report as \p Options say, applies \p Fixes, prints the
/// summary; returns the exit status. A shard's JSON or SARIF report also
/// carries \p ShardData, what --merge needs.
int writeReport(const DriverOptions &Options, const RunReport &Report,
                const FixPlan &Fixes,
                const nlohmann::json *ShardData = nullptr);

} // namespace cudalint

#endif
