//===--- Findings.h - what one analysis run reports -----------------------===//
//
// A SourceManager-independent record of diagnostics and fix-its. Workers
// produce it, send it to the parent as JSON, and every output format reads
// it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_REPORT_FINDINGS_H
#define CUDALINT_DRIVER_REPORT_FINDINGS_H

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace cudalint {

struct Replacement {
  std::string File; ///< Absolute path.
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  bool operator==(const Replacement &O) const {
    return File == O.File && Offset == O.Offset && Length == O.Length &&
           Text == O.Text;
  }
};

struct Message {
  std::string Text;
  std::string File; ///< Absolute path; empty for messages without a place.
  unsigned Line = 0, Column = 0, Offset = 0;
  std::vector<Replacement> Fixes;
};

enum class Severity { Note, Warning, Error };
const char *severityName(Severity S);

struct Finding {
  std::string Check; ///< "cudalint-..." or "clang-diagnostic-error".
  Severity Level = Severity::Warning;
  Message Main;
  std::vector<Message> Notes;
  /// Found in a translation unit with compiler errors (set by the parent):
  /// its fix-its are applied only with --fix-errors, as in clang-tidy.
  bool InBrokenUnit = false;
  /// The kernel whose definition encloses the finding, if any (set by the
  /// parent, from the translation unit's kernels): its name and the lines
  /// of its definition are part of the finding's fingerprint.
  std::string Kernel;
  unsigned KernelLine = 0, KernelLastLine = 0;
  /// Its identity across commits (Fingerprint.h), given once the run's
  /// findings are merged, before any of them is filtered out: SARIF,
  /// GitLab's report and the baseline all read this one.
  std::string Fingerprint;
  bool isCompilerDiagnostic() const {
    return Check.rfind("clang-diagnostic-", 0) == 0;
  }
  /// A front-end error: the file did not parse as written.
  bool isCompilerError() const {
    return Level == Severity::Error && isCompilerDiagnostic();
  }
};

/// A kernel definition a translation unit holds (in the file itself or in a
/// header or fragment it includes), and whether the checks could analyse it.
struct KernelRecord {
  std::string Name;
  std::string File;      ///< Absolute path.
  unsigned Line = 0;     ///< Of its name.
  unsigned LastLine = 0; ///< Of the brace that closes its body.
  /// Its body parsed without error, so the checks ran on it.
  bool Analysed = false;
};

/// Everything one worker learned about one translation unit.
struct FileResult {
  std::string File; ///< Absolute path of the file analysed.
  std::vector<Finding> Findings;
  /// Why the file could not be analysed (crash, time-out, unreadable...),
  /// one line each. Compiler errors are Findings, not FileErrors.
  std::vector<std::string> FileErrors;
  /// Files the translation unit #included (absolute), for header ownership.
  std::vector<std::string> Included;
  bool Parsed = false; ///< The front end ran to the end of the TU.
  /// Kernel definitions outside system headers, templates once.
  std::vector<KernelRecord> Kernels;
  /// The HeaderFilterRegex of the config that applies to the file, if it
  /// sets one; the parent applies it.
  std::string ConfigHeaderFilter;

  // What the result cache needs to tell whether the result still holds.
  /// Every file the parse read (system headers too), absolute.
  std::vector<std::string> Inputs;
  /// Directories a header that was not found was looked for in: a file
  /// appearing there could change the result.
  std::vector<std::string> MissingHeaderDirs;
  /// The include search over the linted directories placed or missed a
  /// header, so the set of headers it searched decides the result too.
  bool UsedHeaderSearch = false;
  /// Its worker crashed or exited abnormally (not timed out); kept in
  /// memory only.
  bool WorkerDied = false;
};

/// \p J as text. Paths and messages are not always UTF-8 (a file named in
/// Latin-1, a comment quoted in a diagnostic): invalid bytes become U+FFFD
/// instead of throwing.
std::string dumpJson(const nlohmann::json &J, int Indent = -1);

void to_json(nlohmann::json &J, const Replacement &R);
void from_json(const nlohmann::json &J, Replacement &R);
void to_json(nlohmann::json &J, const Message &M);
void from_json(const nlohmann::json &J, Message &M);
void to_json(nlohmann::json &J, const Finding &F);
void from_json(const nlohmann::json &J, Finding &F);
void to_json(nlohmann::json &J, const KernelRecord &K);
void from_json(const nlohmann::json &J, KernelRecord &K);
void to_json(nlohmann::json &J, const FileResult &R);
void from_json(const nlohmann::json &J, FileResult &R);

} // namespace cudalint

#endif
