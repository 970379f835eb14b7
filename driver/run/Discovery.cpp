//===--- Discovery.cpp ----------------------------------------------------===//

#include "run/Discovery.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>
#include <unistd.h>

namespace cudalint {

bool isCudaSource(llvm::StringRef Path) {
  return llvm::sys::path::extension(Path) == ".cu";
}
bool isCudaHeader(llvm::StringRef Path) {
  return llvm::sys::path::extension(Path) == ".cuh";
}

static bool isIncludable(llvm::StringRef Path) {
  return llvm::StringSwitch<bool>(llvm::sys::path::extension(Path))
      .Cases(".h", ".hh", ".hpp", ".hxx", ".cuh", ".inc", ".inl", true)
      .Cases(".ipp", ".tcc", ".cu", ".def", true)
      .Default(false);
}

std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

// Where \p Path really is, symbolic links resolved; \p Path if unknown.
static std::string realPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return std::string(Real);
}

// A directory, or a symbolic link to one (which the walk follows).
static bool isDirectoryEntry(const llvm::sys::fs::directory_entry &Entry) {
  if (Entry.type() == llvm::sys::fs::file_type::directory_file)
    return true;
  if (Entry.type() != llvm::sys::fs::file_type::symlink_file)
    return false;
  llvm::ErrorOr<llvm::sys::fs::basic_file_status> Status = Entry.status();
  return Status && llvm::sys::fs::is_directory(*Status);
}

void Discovered::fail(std::string Path, std::string Why) {
  Errors.push_back({std::move(Path), std::move(Why)});
  ++UnreadablePaths;
}

Discovered discoverFiles(const std::vector<std::string> &Paths) {
  Discovered Out;
  std::set<std::string> Sources, Headers, Includable, WalkedDirs;
  auto Take = [&](const std::string &File, bool Explicit) {
    if (access(File.c_str(), R_OK) != 0) {
      Out.fail(File,
               "cannot read file: permission denied (make it readable, or "
               "leave it out of the paths given)");
      return;
    }
    if (isCudaHeader(File))
      Headers.insert(File);
    else if (isCudaSource(File) || Explicit)
      Sources.insert(File); // A file named explicitly is linted as CUDA.
  };
  for (const std::string &Given : Paths) {
    std::string Path = absolute(Given);
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(Path, Status)) {
      Out.fail(Path, "no such file or directory");
      continue;
    }
    Out.Roots.push_back(Path);
    Out.EditRoots.push_back(llvm::sys::fs::is_directory(Status)
                                ? Path
                                : llvm::sys::path::parent_path(Path).str());
    if (llvm::sys::fs::is_regular_file(Status)) {
      Take(Path, /*Explicit=*/true);
      continue;
    }
    if (!llvm::sys::fs::is_directory(Status)) {
      Out.fail(Path, "not a regular file or directory");
      continue;
    }
    size_t Before = Sources.size() + Headers.size();
    std::error_code EC;
    WalkedDirs.insert(realPath(Path));
    for (llvm::sys::fs::recursive_directory_iterator It(Path, EC), End;
         It != End && !EC; It.increment(EC)) {
      llvm::StringRef Name = llvm::sys::path::filename(It->path());
      bool IsDir = isDirectoryEntry(*It);
      if (Name.starts_with(".")) {
        if (IsDir)
          It.no_push();
        continue;
      }
      if (IsDir) {
        // Each real directory once: a symbolic link back up the tree (a
        // loop) or to a directory already walked adds nothing.
        if (!WalkedDirs.insert(realPath(It->path())).second)
          It.no_push();
        continue;
      }
      if (isCudaSource(It->path()) || isCudaHeader(It->path()))
        Take(absolute(It->path()), /*Explicit=*/false);
      if (isIncludable(It->path()))
        Includable.insert(absolute(It->path()));
    }
    if (EC)
      Out.fail(Path, "cannot walk directory: " + EC.message());
    else if (Sources.size() + Headers.size() == Before)
      Out.Errors.push_back(
          {Path, "no CUDA files (.cu, .cuh) found in this directory"});
  }
  Out.Sources.assign(Sources.begin(), Sources.end());
  Out.Headers.assign(Headers.begin(), Headers.end());
  Out.Includable.assign(Includable.begin(), Includable.end());
  return Out;
}

std::set<std::string> includedSources(const std::vector<std::string> &Sources) {
  std::set<std::string> Known(Sources.begin(), Sources.end()), Included;
  for (const std::string &File : Sources) {
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer)
      continue;
    llvm::StringRef Dir = llvm::sys::path::parent_path(File);
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    (*Buffer)->getBuffer().split(Lines, '\n');
    for (llvm::StringRef Line : Lines) {
      Line = Line.ltrim();
      if (!Line.consume_front("#"))
        continue;
      Line = Line.ltrim();
      if (!Line.consume_front("include"))
        continue;
      Line = Line.ltrim();
      if (Line.empty() || (Line[0] != '"' && Line[0] != '<'))
        continue;
      char Close = Line[0] == '"' ? '"' : '>';
      size_t End = Line.find(Close, 1);
      if (End == llvm::StringRef::npos)
        continue;
      llvm::StringRef Name = Line.slice(1, End);
      if (!isCudaSource(Name))
        continue;
      llvm::SmallString<256> Path(Dir);
      llvm::sys::path::append(Path, Name);
      std::string Abs = absolute(Path);
      if (Abs != File && Known.count(Abs))
        Included.insert(Abs);
    }
  }
  return Included;
}

bool isUnderRoots(const std::string &Path,
                  const std::vector<std::string> &Roots) {
  for (const std::string &Root : Roots) {
    if (Path == Root)
      return true;
    if (Path.size() > Root.size() && Path.compare(0, Root.size(), Root) == 0 &&
        Path[Root.size()] == '/')
      return true;
  }
  return false;
}

} // namespace cudalint
