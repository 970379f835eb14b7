//===--- Runner.h - lint many files in isolated worker processes ----------===//

#ifndef CUDALINT_DRIVER_RUNNER_H
#define CUDALINT_DRIVER_RUNNER_H

#include "Findings.h"

#include <functional>
#include <string>
#include <vector>

namespace cudalint {

/// Runs \p Work for each file in a forked child process, at most \p Jobs at
/// once. A child that crashes, is killed, or runs past \p TimeoutSeconds is
/// reported as a FileResult with a FileError; the others carry on. Results
/// come back in the order of \p Files.
std::vector<FileResult>
runIsolated(const std::vector<std::string> &Files, unsigned Jobs,
            unsigned TimeoutSeconds,
            const std::function<FileResult(const std::string &)> &Work,
            bool ShowProgress);

} // namespace cudalint

#endif
