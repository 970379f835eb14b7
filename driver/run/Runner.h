//===--- Runner.h - lint many files in isolated worker processes ----------===//

#ifndef CUDALINT_DRIVER_RUN_RUNNER_H
#define CUDALINT_DRIVER_RUN_RUNNER_H

#include "report/Findings.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cudalint {

/// How the files of a run are spread over worker processes.
struct WorkerOptions {
  unsigned Jobs = 1;           ///< Workers at once (0 counts as 1).
  unsigned TimeoutSeconds = 0; ///< Time one file may take; 0: no limit.
  /// The resident memory one worker may reach, in bytes (it is stopped
  /// just below); 0: no limit.
  uint64_t MemoryBytes = uint64_t(1) << 30;
  bool ShowProgress = false; ///< A `[done/total] file` line on stderr.
};

/// What a worker does with one file.
using FileWork = std::function<FileResult(const std::string &)>;

/// Runs \p Work for each file in a forked child process, at most
/// \p Options.Jobs at once. A child that crashes, is killed, or runs past
/// \p Options.TimeoutSeconds or needs more memory than
/// \p Options.MemoryBytes is reported as a FileResult with a FileError; the
/// others carry on. Results come back in the order of \p Files.
std::vector<FileResult> runIsolated(const std::vector<std::string> &Files,
                                    const WorkerOptions &Options,
                                    const FileWork &Work);

} // namespace cudalint

#endif
