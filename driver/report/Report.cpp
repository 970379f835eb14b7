//===--- Report.cpp -------------------------------------------------------===//

#include "report/Report.h"

#include "clang-tidy/GlobList.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <map>
#include <nlohmann/json.hpp>
#include <optional>

namespace cudalint {

unsigned RunReport::warningCount() const {
  unsigned N = 0;
  for (const Finding &F : Findings)
    if (!F.isCompilerDiagnostic() && F.Level != Severity::Note)
      ++N; // Remarks (low-severity findings) do not fail a run.
  return N;
}

const char *fileStatusName(FileStatus S) {
  switch (S) {
  case FileStatus::Analysed:
    return "analysed";
  case FileStatus::Partial:
    return "partial";
  case FileStatus::Failed:
    return "failed";
  }
  return "failed";
}

const std::vector<CheckInfo> &checkCatalogue() {
  static const std::vector<CheckInfo> Checks = {
      {"cudalint-atomic-hotspot",
       "Flags global atomics that many lanes aim at one address: a uniform "
       "accumulator, or a small histogram indexed by data.",
       "checks/atomic-hotspot.md"},
      {"cudalint-divergent-barrier",
       "Flags barriers that some threads of their block or warp can miss: "
       "undefined behaviour.",
       "checks/divergent-barrier.md", "error"},
      {"cudalint-divergent-branch",
       "Flags branches on which the lanes of most warps disagree while both "
       "ways do real work, and rewrites the interleaved tree reduction.",
       "checks/divergent-branch.md"},
      {"cudalint-implicit-warp-sync",
       "Flags warp-synchronous code that independent thread scheduling "
       "(sm_70 and later) broke: unsynchronised shared-memory steps, legacy "
       "intrinsics without a mask, masks naming absent lanes.",
       "checks/implicit-warp-sync.md", "error"},
      {"cudalint-missing-restrict",
       "Flags kernel pointer parameters without '__restrict__' where a store "
       "through one of them forces the compiler to reload through another.",
       "checks/missing-restrict.md"},
      {"cudalint-naive-gemm",
       "Flags matrix products computed on CUDA cores and offers the cuBLAS "
       "call that runs them on tensor cores.",
       "checks/naive-gemm.md"},
      {"cudalint-shared-bank-conflict",
       "Flags __shared__ array accesses where lanes of a warp hit one bank "
       "at different addresses, and pads the array where that is safe.",
       "checks/shared-bank-conflict.md"},
      {"cudalint-uncoalesced-access",
       "Flags global loads and stores where a warp touches many more 32-byte "
       "sectors than the data it uses needs.",
       "checks/uncoalesced-access.md"},
  };
  return Checks;
}

std::string displayPath(const std::string &AbsolutePath) {
  llvm::SmallString<256> Cwd;
  if (AbsolutePath.empty() || llvm::sys::fs::current_path(Cwd))
    return AbsolutePath;
  llvm::StringRef Path(AbsolutePath);
  if (Path.consume_front(Cwd) && Path.consume_front("/"))
    return Path.str();
  return AbsolutePath;
}

namespace {

class SourceLines {
public:
  std::optional<std::string> line(const std::string &File, unsigned Line) {
    auto &Lines = load(File);
    if (Line == 0 || Line > Lines.size())
      return std::nullopt;
    return Lines[Line - 1];
  }

private:
  const std::vector<std::string> &load(const std::string &File) {
    auto It = Cache.find(File);
    if (It != Cache.end())
      return It->second;
    std::vector<std::string> &Lines = Cache[File];
    if (auto Buffer = llvm::MemoryBuffer::getFile(File)) {
      llvm::SmallVector<llvm::StringRef, 0> Split;
      (*Buffer)->getBuffer().split(Split, '\n');
      for (llvm::StringRef L : Split)
        Lines.push_back(L.rtrim('\r').str());
    }
    return Lines;
  }
  std::map<std::string, std::vector<std::string>> Cache;
};

// The text report: clang's layout, each message with its source line and
// a caret under the column.
class TextPrinter {
public:
  TextPrinter(llvm::raw_ostream &OS, bool Color) : OS(OS), Color(Color) {}

  void print(const RunReport &Report) {
    std::string LastFile;
    for (const Finding &F : Report.Findings) {
      if (F.Main.File != LastFile) {
        sayHidden(LastFile);
        LastFile = F.Main.File;
      }
      printFinding(F);
    }
    sayHidden(LastFile);
    for (const FileError &E : Report.Errors) {
      Message M;
      M.File = E.File;
      M.Text = E.Text;
      printMessage(M, "error", llvm::raw_ostream::RED);
    }
  }

private:
  // A broken file can have hundreds of compiler errors; the first few say
  // what is wrong, and the JSON report has them all.
  static constexpr unsigned MaxCompilerErrorsPerFile = 20;

  void printFinding(const Finding &F) {
    bool IsError = F.Level == Severity::Error;
    if (F.isCompilerError() &&
        ++CompilerErrors[F.Main.File] > MaxCompilerErrorsPerFile)
      return;
    const char *Label = IsError                     ? "error"
                        : F.Level == Severity::Note ? "remark"
                                                    : "warning";
    printMessage(F.Main, Label,
                 IsError ? llvm::raw_ostream::RED : llvm::raw_ostream::MAGENTA,
                 F.Check);
    for (const Message &Note : F.Notes)
      printMessage(Note, "note", llvm::raw_ostream::CYAN);
  }

  // How many compiler errors of \p File were not shown; said after the
  // last finding of the file (findings are sorted by file).
  void sayHidden(const std::string &File) {
    auto It = CompilerErrors.find(File);
    if (It == CompilerErrors.end() || It->second <= MaxCompilerErrorsPerFile)
      return;
    Message M;
    M.File = File;
    M.Text = std::to_string(It->second - MaxCompilerErrorsPerFile) +
             " more compiler errors in this file not shown (--format=json "
             "lists them all)";
    printMessage(M, "note", llvm::raw_ostream::CYAN);
  }

  void printMessage(const Message &M, const char *Level,
                    llvm::raw_ostream::Colors LevelColor,
                    const std::string &Check = "") {
    if (Color)
      OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
    if (!M.File.empty()) {
      OS << displayPath(M.File);
      if (M.Line)
        OS << ":" << M.Line << ":" << M.Column;
      OS << ": ";
    }
    if (Color)
      OS.changeColor(LevelColor, /*Bold=*/true);
    OS << Level << ": ";
    if (Color)
      OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
    OS << M.Text;
    if (!Check.empty())
      OS << " [" << Check << "]";
    if (Color)
      OS.resetColor();
    OS << "\n";
    printSourceLine(M);
  }

  // The line \p M points into, and a caret under its column.
  void printSourceLine(const Message &M) {
    std::optional<std::string> Line = Sources.line(M.File, M.Line);
    if (!Line)
      return;
    OS << *Line << "\n";
    std::string Caret;
    for (unsigned I = 1; I < M.Column && I <= Line->size(); ++I)
      Caret += (*Line)[I - 1] == '\t' ? '\t' : ' ';
    if (Color)
      OS.changeColor(llvm::raw_ostream::GREEN, true);
    OS << Caret << "^";
    if (Color)
      OS.resetColor();
    OS << "\n";
  }

  llvm::raw_ostream &OS;
  bool Color;
  SourceLines Sources;
  std::map<std::string, unsigned> CompilerErrors; ///< Per file, so far.
};

} // namespace

const std::string *SourceFiles::text(const std::string &File) {
  auto [It, Inserted] = Files.try_emplace(File);
  if (Inserted)
    if (auto Buffer = llvm::MemoryBuffer::getFile(File))
      It->second = (*Buffer)->getBuffer().str();
  return It->second ? &*It->second : nullptr;
}

std::optional<llvm::StringRef> SourceFiles::line(const std::string &File,
                                                 unsigned Line) {
  const std::string *Text = text(File);
  if (!Text || Line == 0)
    return std::nullopt;
  llvm::StringRef Rest = *Text;
  for (unsigned L = 1; L < Line; ++L) {
    size_t Break = Rest.find('\n');
    if (Break == llvm::StringRef::npos)
      return std::nullopt;
    Rest = Rest.drop_front(Break + 1);
  }
  return Rest.take_until([](char C) { return C == '\n'; });
}

void LineTable::locate(Message &M) {
  if (M.File.empty())
    return;
  const std::string *Text = Files.text(M.File);
  if (!Text || M.Offset > Text->size()) {
    M.Line = M.Column = 0;
    return;
  }
  unsigned Line = 1, LineStart = 0;
  for (unsigned I = 0; I < M.Offset; ++I)
    if ((*Text)[I] == '\n')
      ++Line, LineStart = I + 1;
  M.Line = Line;
  M.Column = M.Offset - LineStart + 1;
}

unsigned promoteToErrors(RunReport &Report, llvm::StringRef Globs) {
  clang::tidy::GlobList AsErrors(Globs);
  unsigned Errors = 0;
  for (Finding &F : Report.Findings) {
    if (F.isCompilerDiagnostic())
      continue;
    if (F.Level == Severity::Warning && AsErrors.contains(F.Check))
      F.Level = Severity::Error;
    Errors += F.Level == Severity::Error;
  }
  return Errors;
}

void printText(llvm::raw_ostream &OS, const RunReport &Report, bool Color) {
  TextPrinter(OS, Color).print(Report);
}

static nlohmann::json messageJson(const Message &M) {
  nlohmann::json Fixes = nlohmann::json::array();
  for (const Replacement &R : M.Fixes)
    Fixes.push_back({{"file", displayPath(R.File)},
                     {"offset", R.Offset},
                     {"length", R.Length},
                     {"replacement", R.Text}});
  return {{"file", displayPath(M.File)}, {"line", M.Line},
          {"column", M.Column},          {"offset", M.Offset},
          {"message", M.Text},           {"fixes", Fixes}};
}

nlohmann::json toJson(const RunReport &Report) {
  nlohmann::json Diags = nlohmann::json::array();
  for (const Finding &F : Report.Findings) {
    nlohmann::json D = messageJson(F.Main);
    D["check"] = F.Check;
    D["severity"] = severityName(F.Level);
    D["notes"] = nlohmann::json::array();
    for (const Message &N : F.Notes)
      D["notes"].push_back(messageJson(N));
    Diags.push_back(std::move(D));
  }
  nlohmann::json Errors = nlohmann::json::array();
  for (const FileError &E : Report.Errors)
    Errors.push_back({{"file", displayPath(E.File)}, {"message", E.Text}});
  nlohmann::json Files = nlohmann::json::array();
  for (const FileSummary &F : Report.Files) {
    nlohmann::json J = {{"file", displayPath(F.File)},
                        {"status", fileStatusName(F.Status)},
                        {"compiler_errors", F.CompilerErrors},
                        {"kernels", F.Kernels},
                        {"kernels_analysed", F.KernelsAnalysed}};
    if (!F.IncludedBy.empty())
      J["included_by"] = displayPath(F.IncludedBy);
    if (!F.FirstProblem.empty())
      J["first_problem"] = F.FirstProblem;
    Files.push_back(std::move(J));
  }
  nlohmann::json J = {{"version", CUDALINT_VERSION},
                      {"diagnostics", Diags},
                      {"errors", Errors},
                      {"files", Files},
                      {"summary",
                       {{"files", Report.FilesTotal},
                        {"analysed", Report.FilesAnalysed},
                        {"partial", Report.FilesPartial},
                        {"failed", Report.FilesFailed},
                        {"kernels", Report.Kernels},
                        {"kernels_analysed", Report.KernelsAnalysed},
                        {"findings", Report.warningCount()}}}};
  if (Report.BaselineHidden || Report.BaselineStale)
    J["summary"]["baseline"] = {{"hidden", Report.BaselineHidden},
                                {"stale", Report.BaselineStale}};
  return J;
}

void printError(llvm::StringRef Message) {
  llvm::WithColor::error(llvm::errs(), "cudalint") << Message << "\n";
}

void printWarning(llvm::StringRef Message) {
  llvm::WithColor::warning(llvm::errs(), "cudalint") << Message << "\n";
}

} // namespace cudalint
