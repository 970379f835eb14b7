//===--- Html.cpp - a report a person would rather look at ----------------===//
//
// `--format=html`: one self-contained page (inline style, no script, no
// fetch), findings grouped by check and then by file, each with its source
// excerpt, its message (what it costs) and its fix-it as a diff.
//
//===----------------------------------------------------------------------===//

#include "fix/Fixes.h"
#include "report/Report.h"

#include <map>
#include <optional>

namespace cudalint {

namespace {

std::string escape(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

constexpr const char *Style = R"css(
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; margin-top: 2em; }
h3 { font-family: monospace; font-size: 1.05em; color: #444; }
.summary td { padding: 0 1.5em 0 0; }
.finding { border: 1px solid #ddd; border-radius: 6px; padding: .6em 1em; margin: 1em 0; }
.where { font-family: monospace; color: #555; }
.level { font-weight: bold; text-transform: uppercase; font-size: .8em; padding: .1em .5em; border-radius: 3px; }
.level.warning { background: #fff1c2; } .level.error { background: #ffd3d3; } .level.note { background: #e3eefc; }
pre { background: #f7f7f7; padding: .5em; overflow-x: auto; }
pre .hit { background: #fff1c2; display: block; }
pre.diff .add { color: #116611; } pre.diff .del { color: #aa1111; }
ul.notes { color: #444; }
)css";

// Lines Line-2 .. Line+2 of \p File, the finding's line marked.
std::string excerpt(const std::string &File, unsigned Line,
                    SourceFiles &Files) {
  std::string Out = "<pre class=\"source\">";
  unsigned First = Line > 2 ? Line - 2 : 1;
  for (unsigned L = First; L <= Line + 2; ++L) {
    std::optional<llvm::StringRef> Text = Files.line(File, L);
    if (!Text)
      break;
    std::string Row = std::to_string(L) + "  " + escape(*Text);
    Out += L == Line ? "<span class=\"hit\">" + Row + "</span>" : Row + "\n";
  }
  return Out + "</pre>";
}

// What applies the edit shown, as driver/fix/ decides (collectFixes): never
// a compiler's fix-it, and in a file with compiler errors only --fix-errors.
const char *fixLabel(const Finding &F, bool OnNote) {
  if (F.isCompilerDiagnostic())
    return "the compiler's suggested edit (cudalint's --fix does not apply "
           "it)";
  if (F.InBrokenUnit)
    return OnNote ? "suggested edit (not applied: the file has compiler "
                    "errors; --fix-notes --fix-errors applies it)"
                  : "fix-it (not applied: the file has compiler errors; "
                    "--fix --fix-errors applies it)";
  return OnNote ? "suggested edit (--fix-notes applies it; check its "
                  "assumption)"
                : "fix-it (--fix applies it)";
}

// The fix-it as a unified diff, coloured; "" without one.
std::string fixDiff(const Finding &F, SourceFiles &Files) {
  const std::vector<Replacement> *Edits = &F.Main.Fixes;
  const char *Label = fixLabel(F, /*OnNote=*/false);
  for (const Message &N : F.Notes)
    if (Edits->empty() && !N.Fixes.empty()) {
      Edits = &N.Fixes;
      Label = fixLabel(F, /*OnNote=*/true);
    }
  if (Edits->empty() || F.Main.File.empty())
    return "";
  std::map<std::string, std::vector<Replacement>> ByFile;
  for (const Replacement &R : *Edits)
    ByFile[R.File].push_back(R);
  std::string Diff;
  for (auto &[File, FileEdits] : ByFile) {
    sortEdits(FileEdits);
    const std::string *Text = Files.text(File);
    std::optional<std::string> Edited =
        Text ? applyEdits(*Text, FileEdits) : std::nullopt;
    if (Edited)
      Diff += unifiedDiff(displayPath(File), *Text, *Edited);
  }
  std::string Out = std::string("<p>") + Label + ":</p><pre class=\"diff\">";
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Diff).split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    const char *Class = L.starts_with("+") && !L.starts_with("+++")   ? "add"
                        : L.starts_with("-") && !L.starts_with("---") ? "del"
                                                                      : "";
    Out +=
        std::string("<span class=\"") + Class + "\">" + escape(L) + "</span>\n";
  }
  return Out + "</pre>";
}

std::string findingHtml(const Finding &F, SourceFiles &Files) {
  std::string Level = severityName(F.Level);
  std::string Out = "<article class=\"finding\"><p><span class=\"level " +
                    Level + "\">" + Level + "</span> <span class=\"where\">" +
                    escape(displayPath(F.Main.File)) + ":" +
                    std::to_string(F.Main.Line) + ":" +
                    std::to_string(F.Main.Column) + "</span></p><p>" +
                    escape(F.Main.Text) + "</p>";
  if (Files.text(F.Main.File) && F.Main.Line)
    Out += excerpt(F.Main.File, F.Main.Line, Files);
  if (!F.Notes.empty()) {
    Out += "<ul class=\"notes\">";
    for (const Message &N : F.Notes)
      Out += "<li><span class=\"where\">" + escape(displayPath(N.File)) + ":" +
             std::to_string(N.Line) + "</span> " + escape(N.Text) + "</li>";
    Out += "</ul>";
  }
  return Out + fixDiff(F, Files) + "</article>\n";
}

std::string summaryHtml(const RunReport &Report) {
  auto Row = [](const char *Name, unsigned N) {
    return std::string("<tr><td>") + Name + "</td><td>" + std::to_string(N) +
           "</td></tr>";
  };
  return "<table class=\"summary\">" + Row("findings", Report.warningCount()) +
         Row("files", Report.FilesTotal) +
         Row("analysed in part (compiler errors)", Report.FilesPartial) +
         Row("not analysed", Report.FilesFailed) +
         Row("kernels analysed", Report.KernelsAnalysed) + "</table>\n";
}

} // namespace

std::string toHtml(const RunReport &Report) {
  // Check -> file -> findings, in the report's order.
  std::map<std::string, std::map<std::string, std::vector<const Finding *>>>
      Groups;
  for (const Finding &F : Report.Findings)
    Groups[F.Check][F.Main.File].push_back(&F);
  std::map<std::string, std::string> Summaries;
  for (const CheckInfo &C : checkCatalogue())
    Summaries[C.Name] = C.Summary;

  SourceFiles Files;
  std::string Out = std::string("<!DOCTYPE html>\n<html lang=\"en\"><head>"
                                "<meta charset=\"utf-8\"><title>cudalint "
                                "report</title><style>") +
                    Style +
                    "</style></head><body>\n<h1>cudalint report</h1>\n" +
                    summaryHtml(Report);
  // The checks' findings first, the compiler's diagnostics last.
  std::vector<const std::string *> Order;
  for (bool Compiler : {false, true})
    for (const auto &[Check, ByFile] : Groups)
      if (ByFile.begin()->second.front()->isCompilerDiagnostic() == Compiler)
        Order.push_back(&Check);
  Out += "<nav><ul>";
  for (const std::string *C : Order) {
    const std::string &Check = *C;
    const auto &ByFile = Groups[Check];
    size_t N = 0;
    for (const auto &Entry : ByFile)
      N += Entry.second.size();
    Out += "<li><a href=\"#" + escape(Check) + "\">" + escape(Check) +
           "</a>: " + std::to_string(N) + "</li>";
  }
  Out += "</ul></nav>\n";
  for (const std::string *C : Order) {
    const std::string &Check = *C;
    const auto &ByFile = Groups[Check];
    Out += "<section id=\"" + escape(Check) + "\"><h2>" + escape(Check) +
           "</h2><p>" + escape(Summaries[Check]) + "</p>\n";
    for (const auto &[File, Findings] : ByFile) {
      Out += "<h3>" + escape(File.empty() ? "(no file)" : displayPath(File)) +
             "</h3>\n";
      for (const Finding *F : Findings)
        Out += findingHtml(*F, Files);
    }
    Out += "</section>\n";
  }
  if (!Report.Errors.empty()) {
    Out += "<section id=\"errors\"><h2>Files not analysed</h2><ul>";
    for (const FileError &E : Report.Errors)
      Out += "<li><span class=\"where\">" + escape(displayPath(E.File)) +
             "</span> " + escape(E.Text) + "</li>";
    Out += "</ul></section>\n";
  }
  return Out + "</body></html>\n";
}

} // namespace cudalint
