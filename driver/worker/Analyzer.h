//===--- Analyzer.h - lint one translation unit in this process -----------===//

#ifndef CUDALINT_DRIVER_WORKER_ANALYZER_H
#define CUDALINT_DRIVER_WORKER_ANALYZER_H

#include "report/Findings.h"
#include "worker/Config.h"

#include <string>
#include <vector>

namespace cudalint {

class HeaderReuse;

/// One file and how to parse it.
struct ParseRequest {
  std::vector<std::string> Command; ///< Program first, file last.
  std::string File;
  std::string WorkingDirectory;
  /// The compile_commands.json the command comes from; empty without one.
  std::string Database;
  /// Set when the file has no compile command, so that its include
  /// directories are unknown: the files a missing header is looked for in.
  const std::vector<std::string> *SearchableHeaders = nullptr;
};

/// Parses \p Request.Command and runs the enabled checks. A header that
/// cannot be found does not end the parse. With \p Request.SearchableHeaders,
/// a missing header is looked for among those files, and the file is parsed
/// again with the directory of the match nearest to the including file
/// (when exactly one is nearest) appended to the include path (as -I, after
/// the command's own); a remark says which. With \p Reuse, each parse
/// starts from the precompiled headers it keeps for the parse's flags.
FileResult analyzeFile(const LintSettings &Settings,
                       const ParseRequest &Request,
                       const HeaderReuse *Reuse = nullptr);

} // namespace cudalint

#endif
