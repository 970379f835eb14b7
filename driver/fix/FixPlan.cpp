//===--- FixPlan.cpp ------------------------------------------------------===//

#include "fix/FixPlan.h"
#include "fix/Fixes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <optional>

using llvm::MemoryBuffer;
namespace fs = llvm::sys::fs;

namespace cudalint {

namespace {

struct EditedFile {
  std::string Original, Edited;
};

// \p File with \p Edits applied, in memory; nullopt, with the reason in
// \p Errors, when it cannot be read or no longer matches the edits.
std::optional<EditedFile>
applyToFile(const std::string &File, const std::vector<Replacement> &Edits,
            std::vector<cudalint::FileError> &Errors) {
  auto Buffer = MemoryBuffer::getFile(File);
  if (!Buffer) {
    Errors.push_back({File, "cannot read file to fix it"});
    return std::nullopt;
  }
  EditedFile Text;
  Text.Original = (*Buffer)->getBuffer().str();
  std::optional<std::string> Edited = applyEdits(Text.Original, Edits);
  if (!Edited) {
    Errors.push_back({File,
                      "fix-its not applied: they no longer match the file (did "
                      "it change during the run?)"});
    return std::nullopt;
  }
  Text.Edited = std::move(*Edited);
  return Text;
}

// --export-fixes: the YAML is written now; a failure is an error of the run.
void exportFixes(const FixOptions &Fixes, const LintProject &Project,
                 RunReport &Report) {
  const std::vector<std::string> &Sources = Project.Files.Sources;
  std::string Yaml = exportFixesYaml(Report, Fixes.FromNotes,
                                     Sources.empty() ? "" : Sources.front());
  std::string Error;
  if (!writeFileAtomically(absolute(Fixes.ExportFile), Yaml, Error))
    Report.Errors.push_back({absolute(Fixes.ExportFile), Error});
}

} // namespace

FixPlan planFixes(const FixOptions &Fixes, const LintProject &Project,
                  RunReport &Report) {
  FixPlan Plan;
  if (!Fixes.wanted())
    return Plan;
  auto Editable = [&](const std::string &File) {
    return isEditable(Project, File);
  };
  auto ByFile = collectFixes(Report, Fixes.FromNotes, Editable, Plan.Problems,
                             Fixes.EvenIfBroken);
  for (const auto &[File, Edits] : ByFile) {
    if (Edits.empty())
      continue;
    std::optional<EditedFile> Text = applyToFile(File, Edits, Report.Errors);
    if (!Text)
      continue;
    if (Fixes.Diff)
      Plan.DiffText +=
          unifiedDiff(displayPath(File), Text->Original, Text->Edited);
    else if (Fixes.Apply && Text->Edited != Text->Original)
      Plan.Writes.push_back({File, std::move(Text->Edited)});
  }
  if (!Fixes.ExportFile.empty())
    exportFixes(Fixes, Project, Report);
  return Plan;
}

namespace {

// A file nobody may write: replacing it through a rename would succeed
// (the directory is writable), and go against what its mode says.
bool isReadOnly(const std::string &File) {
  fs::file_status Status;
  return !fs::status(File, Status) &&
         (Status.permissions() & fs::all_write) == 0;
}

} // namespace

std::pair<unsigned, bool> writeFixedFiles(const FixPlan &Plan) {
  unsigned FixedFiles = 0;
  bool WriteFailed = false;
  for (const auto &[File, Text] : Plan.Writes) {
    std::string Error;
    if (isReadOnly(File)) {
      printError("'" + displayPath(File) +
                 "' is read-only: its fix-its were not applied; make it "
                 "writable (chmod u+w, or check it out for editing) and run "
                 "again");
      WriteFailed = true;
      continue;
    }
    if (writeFileAtomically(File, Text, Error)) {
      ++FixedFiles;
    } else {
      printError(Error);
      WriteFailed = true;
    }
  }
  return {FixedFiles, WriteFailed};
}

} // namespace cudalint
