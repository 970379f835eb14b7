//===--- Project.cpp ------------------------------------------------------===//

#include "run/Project.h"
#include "report/Report.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

using namespace llvm;
namespace tooling = clang::tooling;

namespace cudalint {

bool CommandSource::loadExplicit(StringRef Path) {
  HasExplicit = true;
  std::string File = absolute(Path);
  if (!sys::fs::exists(File)) {
    Errors.push_back({File, "-p: no such file or directory; files are parsed "
                            "with default flags"});
    return true; // Said.
  }
  if (sys::fs::is_directory(File)) {
    std::string Dir = File;
    File = (Twine(File) + "/compile_commands.json").str();
    if (!sys::fs::exists(File)) {
      Errors.push_back(
          {Dir, "-p: no compile_commands.json in this directory; configure "
                "the build with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON (or record "
                "it with bear), or give -p the file itself; files are parsed "
                "with default flags"});
      return true;
    }
  }
  Explicit = load(File);
  return Explicit != nullptr;
}

// Why \p File is not a JSON document, or "" when it is one: LLVM's reader
// would say it in YAML's terms, on stderr, before any report.
static std::string jsonProblem(const std::string &File) {
  auto Buffer = MemoryBuffer::getFile(File);
  if (!Buffer)
    return Buffer.getError().message();
  try {
    nlohmann::json Parsed = nlohmann::json::parse((*Buffer)->getBuffer());
    (void)Parsed; // Only whether it parses matters.
  } catch (const nlohmann::json::parse_error &E) {
    StringRef What = E.what();
    What = What.substr(
        What.find("] ") == StringRef::npos ? 0 : What.find("] ") + 2);
    return "not valid JSON (" + What.str() +
           "); was it cut short? Regenerate it (re-run cmake)";
  }
  return "";
}

void CommandSource::useCommand(tooling::CompileCommand Command) {
  HasExplicit = true;
  Launched.push_back(std::move(Command));
}

std::optional<tooling::CompileCommand>
CommandSource::commandFor(const std::string &File, std::string *From) {
  for (const tooling::CompileCommand &Command : Launched)
    if (absolute(Command.Filename) == File)
      return Command;
  tooling::CompilationDatabase *DB = Explicit;
  if (!DB && !HasExplicit)
    DB = findUpwards(sys::path::parent_path(File));
  if (!DB)
    return std::nullopt;
  std::vector<tooling::CompileCommand> Commands = DB->getCompileCommands(File);
  if (Commands.empty())
    return std::nullopt;
  if (From)
    *From = PathOf[DB];
  return Commands.front();
}

std::vector<std::string> CommandSource::databaseFiles(const std::string &Path) {
  tooling::CompilationDatabase *DB = load(Path);
  return DB ? DB->getAllFiles() : std::vector<std::string>();
}

tooling::CompilationDatabase *CommandSource::load(const std::string &File) {
  auto It = Loaded.find(File);
  if (It != Loaded.end())
    return It->second.get();
  std::string Error = jsonProblem(File);
  if (!Error.empty()) {
    Errors.push_back({File, "cannot use compilation database: " + Error +
                                "; files are parsed with default flags"});
    return (Loaded[File] = nullptr).get();
  }
  std::unique_ptr<tooling::CompilationDatabase> DB;
  if (auto JSON = tooling::JSONCompilationDatabase::loadFromFile(
          File, Error, tooling::JSONCommandLineSyntax::AutoDetect))
    DB = tooling::inferMissingCompileCommands(std::move(JSON));
  else
    Errors.push_back({File, "cannot use compilation database: " + Error +
                                "; files are parsed with default flags"});
  PathOf[DB.get()] = File;
  return (Loaded[File] = std::move(DB)).get();
}

tooling::CompilationDatabase *CommandSource::findUpwards(StringRef Dir) {
  for (; !Dir.empty(); Dir = sys::path::parent_path(Dir)) {
    auto Cached = DirCache.find(Dir);
    if (Cached != DirCache.end())
      return Cached->second;
    SmallString<256> Candidate(Dir);
    sys::path::append(Candidate, "compile_commands.json");
    if (sys::fs::exists(Candidate)) {
      tooling::CompilationDatabase *DB = load(std::string(Candidate));
      DirCache[Dir] = DB;
      return DB;
    }
  }
  return nullptr;
}

namespace {

// Clang's headers, cudalint's shims and (unless the extra flags ask for a
// parse without it) the CUDA installation; nullopt, said on stderr, when
// there is none.
std::optional<Toolchain> findToolchain(const InputOptions &Input,
                                       const char *Argv0) {
  Toolchain TC;
  TC.ResourceDir = findResourceDir();
  TC.ShimDir = findShimDir(Argv0);
  if (isHermetic(Input.ExtraArgs))
    return TC;
  std::string Why;
  std::optional<std::string> Cuda = findCudaInstall(Input.CudaPath, Why);
  if (!Cuda) {
    printError(Why);
    return std::nullopt;
  }
  TC.CudaPath = *Cuda;
  TC.SdkVersionOverride = sdkVersionOverrideFor(cudaVersionOf(TC.CudaPath));
  return TC;
}

bool isSystemPath(const std::string &Path, const Toolchain &TC) {
  for (StringRef Prefix :
       {"/usr/include/", "/usr/lib/", "/usr/local/include/", "/opt/"})
    if (StringRef(Path).starts_with(Prefix))
      return true;
  return !TC.CudaPath.empty() &&
         StringRef(Path).starts_with(absolute(TC.CudaPath) + "/");
}

} // namespace

std::optional<LintProject> loadProject(const InputOptions &Input,
                                       const char *Argv0) {
  std::optional<Toolchain> TC = findToolchain(Input, Argv0);
  if (!TC)
    return std::nullopt;
  std::optional<LintProject> Project(std::in_place);
  Project->Input = &Input;
  Project->TC = std::move(*TC);
  Project->Files = discoverFiles(Input.Paths);
  if (!Input.BuildPath.empty() &&
      !Project->Commands.loadExplicit(Input.BuildPath) &&
      Project->Files.Errors.empty() && Project->Commands.errors().empty())
    Project->Commands.addError(
        {absolute(Input.BuildPath), "cannot use compilation database"});
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  Project->Cwd = std::string(Cwd);
  return Project;
}

ParseRequest parseRequestFor(LintProject &Project, const std::string &File) {
  const InputOptions &Input = *Project.Input;
  TranslatedCommand Build;
  ParseRequest Request;
  Request.File = File;
  Request.WorkingDirectory = Project.Cwd;
  // A compile command's include path is the truth; without one, headers
  // missing from it are looked for under the linted directories.
  Request.SearchableHeaders = &Project.Files.Includable;
  if (auto Command = Project.Commands.commandFor(File, &Request.Database)) {
    Build = translateCompileCommand(Command->CommandLine);
    Request.WorkingDirectory = Command->Directory;
    Request.SearchableHeaders = nullptr;
  }
  Request.Command = buildParseCommand(Project.TC, Build, Input.GpuArch,
                                      Input.ExtraArgs, File);
  return Request;
}

bool isEditable(const LintProject &Project, const std::string &File) {
  return isUnderRoots(File, Project.Files.EditRoots) &&
         !isSystemPath(File, Project.TC);
}

} // namespace cudalint
