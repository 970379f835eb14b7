//===--- LaunchOnce.h - a header's findings once per build ----*- C++ -*-===//
//
// Under --launch every compile is its own cudalint process, so a header that
// several units include would be reported by each. The processes of one
// build share its build tool (the nearest ancestor process named ninja,
// make, gmake, cmake, msbuild, bazel, scons or buck): a finding in a header
// is claimed in <cache dir>/launch-shown/<that process's id and start
// time>/ by creating a file named after the finding (atomically; the first
// unit to claim it reports it, the others drop it). Without a build tool
// above, or without a cache directory, every unit reports what it finds.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_CI_LAUNCHONCE_H
#define CUDALINT_DRIVER_CI_LAUNCHONCE_H

#include "report/Findings.h"
#include "report/Report.h"

#include <vector>

#include <string>

namespace cudalint {

/// The build this process runs in: "<pid>-<start time>" of the nearest
/// build-tool ancestor (from /proc), or empty.
std::string enclosingBuildId();

/// Drops from \p Report the findings outside \p Sources (the units the
/// command compiles: headers) that another unit of the same build \p Build
/// already reported, claiming the rest under \p CacheDir. Returns how many
/// it dropped. Does nothing when \p Build or \p CacheDir is empty.
unsigned dropHeaderFindingsShown(RunReport &Report,
                                 const std::vector<std::string> &Sources,
                                 const std::string &CacheDir,
                                 const std::string &Build);

} // namespace cudalint

#endif
