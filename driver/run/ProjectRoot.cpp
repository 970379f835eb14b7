//===--- ProjectRoot.cpp - whose headers a run shows ----------------------===//

#include "run/ProjectRoot.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

namespace {

// The longest directory every path of \p Files lies under.
std::string commonDirectory(const std::vector<std::string> &Files) {
  std::string Common;
  for (const std::string &F : Files) {
    std::string Dir = sys::path::parent_path(F).str();
    if (Common.empty()) {
      Common = Dir;
      continue;
    }
    while (!Common.empty() && !isUnderRoots(Dir, {Common}))
      Common = sys::path::parent_path(Common).str();
  }
  return Common;
}

// The first answer \p Probe gives for \p Dir or a directory above it,
// nearest first; empty when none gives one.
std::string firstAbove(StringRef Dir,
                       function_ref<std::string(const std::string &)> Probe) {
  for (std::string D = Dir.str(); !D.empty();
       D = sys::path::parent_path(D).str()) {
    if (std::string Found = Probe(D); !Found.empty())
      return Found;
    if (sys::path::parent_path(D) == D)
      break;
  }
  return "";
}

// The nearest directory at or above \p Dir holding a version-control
// checkout (.git, a directory or a worktree's file; .hg; .svn).
std::string versionControlRoot(StringRef Dir) {
  return firstAbove(Dir, [](const std::string &D) -> std::string {
    for (const char *Marker : {".git", ".hg", ".svn"}) {
      SmallString<256> P(D);
      sys::path::append(P, Marker);
      if (sys::fs::exists(P))
        return D;
    }
    return "";
  });
}

// The CMake source tree of the build tree \p Dir is in (CMakeCache.txt in
// it or a directory above).
std::string cmakeSourceAbove(StringRef Dir) {
  return firstAbove(Dir, cmakeSourceDir);
}

// A usable root for \p File: not the filesystem's, holding the file, and
// not holding the CUDA installation (whose headers are never the
// project's).
bool usableRoot(const std::string &Root, const std::string &File,
                const LintProject &Project) {
  if (Root.empty() || sys::path::parent_path(Root) == Root ||
      !isUnderRoots(File, {Root}))
    return false;
  const std::string &Cuda = Project.TC.CudaPath;
  return Cuda.empty() || !isUnderRoots(Cuda, {Root});
}

} // namespace

std::string cmakeSourceDir(const std::string &BuildDir) {
  SmallString<256> Cache(BuildDir);
  sys::path::append(Cache, "CMakeCache.txt");
  auto Buffer = MemoryBuffer::getFile(Cache);
  if (!Buffer)
    return "";
  SmallVector<StringRef, 0> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines)
    if (Line.consume_front("CMAKE_HOME_DIRECTORY:INTERNAL="))
      return Line.rtrim().str();
  return "";
}

std::string projectRootOf(const std::string &File, LintProject &Project) {
  std::vector<std::string> Candidates;
  std::string Database;
  if (Project.Commands.commandFor(File, &Database) && !Database.empty()) {
    std::string BuildDir = sys::path::parent_path(Database).str();
    Candidates.push_back(cmakeSourceDir(BuildDir));
    Candidates.push_back(
        commonDirectory(Project.Commands.databaseFiles(Database)));
  }
  Candidates.push_back(cmakeSourceAbove(Project.Cwd));
  Candidates.push_back(versionControlRoot(sys::path::parent_path(File)));
  for (const std::string &Root : Candidates)
    if (usableRoot(Root, File, Project))
      return Root;
  return sys::path::parent_path(File).str();
}

std::vector<std::string> headerRoots(const std::vector<std::string> &Paths,
                                     LintProject &Project) {
  std::vector<std::string> Roots;
  for (const std::string &Path : Paths)
    Roots.push_back(sys::fs::is_directory(Path) ? Path
                                                : projectRootOf(Path, Project));
  return Roots;
}

} // namespace cudalint
