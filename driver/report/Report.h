//===--- Report.h - the findings of a whole run, and how they are shown ---===//

#ifndef CUDALINT_DRIVER_REPORT_REPORT_H
#define CUDALINT_DRIVER_REPORT_REPORT_H

#include "report/Findings.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct FileError {
  std::string File; ///< Absolute; empty for errors of the run as a whole.
  std::string Text;
};

/// How far the analysis of one linted file got.
enum class FileStatus {
  Analysed, ///< Parsed with no error at all.
  Partial,  ///< Parsed with compiler errors: the kernels that parsed cleanly
            ///< were analysed, the others were not.
  Failed,   ///< Not analysed: crash, time-out, unreadable, bad config.
};
const char *fileStatusName(FileStatus S);

/// One file of the run: a translation unit, a header linted on its own, or
/// a fragment (`kernel.cu` #included by `main.cu`), which shares the status
/// of the translation unit it was linted through.
struct FileSummary {
  std::string File;
  FileStatus Status = FileStatus::Analysed;
  std::string IncludedBy; ///< For a fragment: the file that includes it.
  unsigned CompilerErrors = 0;
  std::string FirstProblem; ///< The first compiler error or file error.
  unsigned Kernels = 0, KernelsAnalysed = 0; ///< Defined in this file.
};

/// What a run found, deduplicated and in a stable order.
struct RunReport {
  std::vector<Finding> Findings;
  std::vector<FileError> Errors;
  std::vector<FileSummary> Files;
  unsigned FilesTotal = 0;     ///< Translation units and lone headers.
  unsigned FilesAnalysed = 0;  ///< Parsed with no error at all.
  unsigned FilesPartial = 0;   ///< Parsed with compiler errors.
  unsigned FilesFailed = 0;    ///< Not analysed at all.
  unsigned FilesFromCache = 0; ///< Results the result cache held.
  /// With --baseline: findings it hid, and its entries that matched none.
  unsigned BaselineHidden = 0, BaselineStale = 0;
  /// Kernel definitions outside system headers (each once, however many
  /// translation units include it), and those the checks analysed.
  unsigned Kernels = 0, KernelsAnalysed = 0;
  unsigned warningCount() const;
};

/// Documentation for one check, for SARIF rules and --list-checks.
struct CheckInfo {
  std::string Name;
  std::string Summary;
  std::string HelpUri; ///< The check's page, relative to docs/.
  /// SARIF level of its findings: "warning", or "error" for undefined
  /// behaviour.
  std::string Level = "warning";
};
const std::vector<CheckInfo> &checkCatalogue();

/// The documentation page of \p Check (`cudalint-<name>`), compiled in from
/// docs/checks/ (markdown); empty for an unknown check.
std::string checkPage(const std::string &Check);

/// The texts of the files findings point into, each read once per report;
/// nullptr (or nullopt) for a file that cannot be read.
class SourceFiles {
public:
  const std::string *text(const std::string &File);
  /// Line \p Line (from 1) of \p File, without its line break.
  std::optional<llvm::StringRef> line(const std::string &File, unsigned Line);

private:
  std::map<std::string, std::optional<std::string>> Files;
};

/// The lines and columns of messages, from their offsets (each file read
/// once).
class LineTable {
public:
  /// Sets \p M's line and column from its offset; 0 when its file cannot be
  /// read or is shorter.
  void locate(Message &M);

private:
  SourceFiles Files;
};

/// A path as the user should read it: relative to the working directory
/// when inside it.
std::string displayPath(const std::string &AbsolutePath);

/// Makes errors of the warnings of the checks \p Globs matches (the globs of
/// clang-tidy's --warnings-as-errors); returns how many findings are errors.
unsigned promoteToErrors(RunReport &Report, llvm::StringRef Globs);

void printText(llvm::raw_ostream &OS, const RunReport &Report, bool Color);
nlohmann::json toJson(const RunReport &Report);
/// SARIF 2.1.0. \p DocsBase is where docs/ is read (a URL, or a file://
/// one): the rules' helpUri is its check page; empty, no helpUri.
nlohmann::json toSarif(const RunReport &Report, const std::string &Version,
                       const std::string &DocsBase);

/// One self-contained HTML page: findings by check and by file, each with
/// its source excerpt, message and fix-it as a diff.
std::string toHtml(const RunReport &Report);

/// GitLab's code quality report (the Code Climate issue format): one issue
/// per finding, with the fields GitLab reads (description, check_name,
/// fingerprint, severity, location.path, location.lines.begin).
nlohmann::json toCodeClimate(const RunReport &Report);

/// `cudalint: error: <Message>` on stderr: how the driver reports a problem
/// of the run itself (a bad option, an unwritable output).
void printError(llvm::StringRef Message);
/// `cudalint: warning: <Message>` on stderr.
void printWarning(llvm::StringRef Message);

} // namespace cudalint

#endif
