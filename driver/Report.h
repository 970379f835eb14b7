//===--- Report.h - the findings of a whole run, and how they are shown ---===//

#ifndef CUDALINT_DRIVER_REPORT_H
#define CUDALINT_DRIVER_REPORT_H

#include "Findings.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace cudalint {

struct FileError {
  std::string File; ///< Absolute; empty for errors of the run as a whole.
  std::string Text;
};

/// What a run found, deduplicated and in a stable order.
struct RunReport {
  std::vector<Finding> Findings;
  std::vector<FileError> Errors;
  unsigned FilesTotal = 0;
  unsigned FilesAnalysed = 0; ///< Parsed with no error at all.
  unsigned FilesFailed = 0;   ///< Not analysed, or analysed with errors.
  unsigned warningCount() const;
};

/// Documentation for one check, for SARIF rules and --list-checks.
struct CheckInfo {
  std::string Name;
  std::string Summary;
  std::string HelpUri;
};
const std::vector<CheckInfo> &checkCatalogue();

/// A path as the user should read it: relative to the working directory
/// when inside it.
std::string displayPath(const std::string &AbsolutePath);

void printText(llvm::raw_ostream &OS, const RunReport &Report, bool Color);
nlohmann::json toJson(const RunReport &Report);
nlohmann::json toSarif(const RunReport &Report, const std::string &Version);

} // namespace cudalint

#endif
