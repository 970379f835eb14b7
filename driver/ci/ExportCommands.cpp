//===--- ExportCommands.cpp -----------------------------------------------===//

#include "ci/ExportCommands.h"
#include "fix/Fixes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

namespace cudalint {

namespace {

// The file an entry compiles, absolute (entries may name it relative to
// their directory).
std::string entryFile(const nlohmann::json &Entry) {
  std::string File = Entry.value("file", "");
  std::string Dir = Entry.value("directory", "");
  if (File.empty() || llvm::sys::path::is_absolute(File))
    return File;
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, File);
  return absolute(Path);
}

// Whether an entry compiles CUDA: a .cu file, or nvcc's command.
bool isCudaEntry(const nlohmann::json &Entry, const std::string &File) {
  if (isCudaSource(File))
    return true;
  std::string Program;
  if (Entry.contains("arguments") && !Entry["arguments"].empty())
    Program = Entry["arguments"][0].get<std::string>();
  else
    Program =
        llvm::StringRef(Entry.value("command", "")).split(' ').first.str();
  return llvm::sys::path::filename(Program) == "nvcc";
}

// \p Entry as cudalint parses its file.
nlohmann::json cudaEntry(LintProject &Project, const nlohmann::json &Entry,
                         const std::string &File) {
  ParseRequest Request = parseRequestFor(Project, File);
  nlohmann::json Out = {{"directory", Request.WorkingDirectory},
                        {"file", File},
                        {"arguments", Request.Command}};
  if (Entry.contains("output"))
    Out["output"] = Entry["output"];
  return Out;
}

} // namespace

int exportCompileCommands(LintProject &Project, const std::string &OutDir) {
  std::string From = Project.Commands.explicitPath();
  if (From.empty()) {
    for (const FileError &E : Project.Commands.errors())
      printError(displayPath(E.File) + ": " + E.Text);
    printError("--export-compile-commands needs the build's database: "
               "-p BUILD_DIR (or the compile_commands.json itself)");
    return 2;
  }
  auto Buffer = llvm::MemoryBuffer::getFile(From);
  nlohmann::json In = nlohmann::json::parse(
      Buffer ? (*Buffer)->getBuffer() : llvm::StringRef("[]"), nullptr, false);
  if (!In.is_array()) {
    printError("'" + From + "' is not a JSON array of compile commands");
    return 2;
  }
  nlohmann::json Out = nlohmann::json::array();
  for (const nlohmann::json &Entry : In) {
    std::string File = Entry.is_object() ? entryFile(Entry) : "";
    Out.push_back(!File.empty() && isCudaEntry(Entry, File)
                      ? cudaEntry(Project, Entry, File)
                      : Entry);
  }
  std::string Error;
  if (std::error_code EC = llvm::sys::fs::create_directories(OutDir)) {
    printError("cannot create '" + OutDir + "': " + EC.message());
    return 2;
  }
  std::string Target = absolute(OutDir + "/compile_commands.json");
  if (absolute(From) == Target) {
    printError("--export-compile-commands would overwrite the build's own "
               "database '" +
               From + "'; choose another directory");
    return 2;
  }
  if (!writeFileAtomically(Target, dumpJson(Out, 2) + "\n", Error)) {
    printError(Error);
    return 2;
  }
  return 0;
}

} // namespace cudalint
