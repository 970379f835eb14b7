//===--- Output.cpp -------------------------------------------------------===//

#include "report/Output.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <memory>

using namespace llvm;

namespace cudalint {

namespace {

// Where the SARIF rules' help pages are: --docs-url, else the docs
// installed next to this binary, else the source tree's (a build tree).
std::string docsBase(StringRef DocsUrl) {
  if (!DocsUrl.empty())
    return DocsUrl.rtrim('/').str();
  std::string Exe = sys::fs::getMainExecutable(nullptr, nullptr);
  SmallString<256> Installed(
      sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "share", "doc", "cudalint");
  for (StringRef Dir : {StringRef(Installed), StringRef(CUDALINT_SOURCE_DOCS)})
    if (sys::fs::is_directory(Dir + "/checks"))
      return "file://" + Dir.str();
  return "";
}

// The report in \p Output's format; a shard's JSON or SARIF report also
// carries \p ShardData, what --merge needs.
void printReport(raw_ostream &Out, const OutputOptions &Output,
                 const RunReport &Report, bool ToFile,
                 const nlohmann::json *ShardData) {
  switch (Output.Format) {
  case ReportFormat::Text: {
    // LLVM's own --color option (--color, --color=false) decides, and
    // without it colour is used on a terminal.
    bool UseColor = !ToFile && WithColor(Out).colorsEnabled();
    printText(Out, Report, UseColor);
    break;
  }
  case ReportFormat::Json: {
    nlohmann::json J = toJson(Report);
    if (ShardData)
      J["cudalint_shard"] = *ShardData;
    Out << dumpJson(J, 2) << "\n";
    break;
  }
  case ReportFormat::Sarif: {
    nlohmann::json J =
        toSarif(Report, CUDALINT_VERSION, docsBase(Output.DocsUrl));
    if (ShardData)
      J["runs"][0]["properties"]["cudalint_shard"] = *ShardData;
    Out << dumpJson(J, 2) << "\n";
    break;
  }
  case ReportFormat::CodeClimate:
    Out << dumpJson(toCodeClimate(Report), 2) << "\n";
    break;
  case ReportFormat::Html:
    Out << toHtml(Report);
    break;
  }
}

// "cudalint: 3 findings in 2 files; ..." on stderr.
void printSummary(const RunReport &Report, unsigned FixedFiles) {
  errs() << "cudalint: " << Report.warningCount() << " finding"
         << (Report.warningCount() == 1 ? "" : "s") << " in "
         << Report.FilesTotal << " file" << (Report.FilesTotal == 1 ? "" : "s");
  if (Report.FilesPartial)
    errs() << "; " << Report.FilesPartial
           << " analysed in part (compiler errors)";
  if (Report.FilesFailed)
    errs() << "; " << Report.FilesFailed << " not analysed";
  if ((Report.FilesPartial || Report.FilesFailed) && Report.Kernels)
    errs() << "; " << Report.KernelsAnalysed << " of " << Report.Kernels
           << " kernel" << (Report.Kernels == 1 ? "" : "s") << " analysed";
  if (Report.FilesFromCache)
    errs() << "; " << Report.FilesFromCache << " from the cache";
  if (Report.BaselineHidden)
    errs() << "; " << Report.BaselineHidden << " known finding"
           << (Report.BaselineHidden == 1 ? "" : "s")
           << " hidden by the baseline";
  if (Report.BaselineStale)
    errs() << "; " << Report.BaselineStale << " baseline entr"
           << (Report.BaselineStale == 1 ? "y" : "ies")
           << " no longer match (fixed? --write-baseline refreshes it)";
  if (FixedFiles)
    errs() << "; fix-its applied to " << FixedFiles << " file"
           << (FixedFiles == 1 ? "" : "s");
  errs() << "\n";
}

int exitStatus(const RunReport &Report, bool WriteFailed) {
  if (!Report.Errors.empty() || Report.FilesFailed || Report.FilesPartial ||
      WriteFailed)
    return ExitTrouble;
  return Report.warningCount() ? ExitFindings : ExitClean;
}

} // namespace

// Writes the report (to --output, else stdout; stderr with --diff, whose
// diff has stdout), then the diff or the fixed files, then the summary.
int writeReport(const DriverOptions &Options, const RunReport &Report,
                const FixPlan &Fixes, const nlohmann::json *ShardData) {
  std::unique_ptr<raw_fd_ostream> FileOut;
  raw_ostream *Out = Options.Fixes.Diff ? &errs() : &outs();
  if (!Options.Output.File.empty()) {
    std::error_code EC;
    FileOut = std::make_unique<raw_fd_ostream>(Options.Output.File, EC);
    if (EC) {
      printError("cannot write '" + Options.Output.File + "': " + EC.message());
      return ExitTrouble;
    }
    Out = FileOut.get();
  }
  printReport(*Out, Options.Output, Report, FileOut != nullptr, ShardData);
  Out->flush();
  if (Options.Fixes.Diff)
    outs() << Fixes.DiffText;
  for (const std::string &Problem : Fixes.Problems)
    printWarning(Problem);
  auto [FixedFiles, WriteFailed] = writeFixedFiles(Fixes);
  if (!Options.Output.Quiet)
    printSummary(Report, FixedFiles);
  return exitStatus(Report, WriteFailed);
}

} // namespace cudalint
