//===--- LaunchOnce.cpp - a header's findings once per build --------------===//

#include "ci/LaunchOnce.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <fcntl.h>
#include <unistd.h>

using namespace llvm;

namespace cudalint {

namespace {

/// Claims older than this belong to builds long over.
constexpr auto StaleAfter = std::chrono::hours(24);

struct ProcessInfo {
  std::string Name;
  std::string Parent;
  std::string StartTime;
};

// /proc/<pid>/stat: "pid (comm) state ppid ... starttime(22nd field) ...".
std::optional<ProcessInfo> processInfo(const std::string &Pid) {
  // /proc files report no size: read them as a stream.
  auto Buffer = MemoryBuffer::getFileAsStream("/proc/" + Pid + "/stat");
  if (!Buffer)
    return std::nullopt;
  StringRef Stat = (*Buffer)->getBuffer();
  size_t Open = Stat.find('('), Close = Stat.rfind(')');
  if (Open == StringRef::npos || Close == StringRef::npos || Close < Open)
    return std::nullopt;
  SmallVector<StringRef, 48> Fields;
  Stat.drop_front(Close + 2).split(Fields, ' ');
  // After the name: state(0) ppid(1) ... starttime is field 22 overall,
  // index 19 here.
  if (Fields.size() < 20)
    return std::nullopt;
  return ProcessInfo{Stat.slice(Open + 1, Close).str(), Fields[1].str(),
                     Fields[19].str()};
}

bool isBuildTool(StringRef Name) {
  return is_contained({"ninja", "make", "gmake", "cmake", "msbuild", "bazel",
                       "scons", "buck", "buck2", "samu"},
                      Name);
}

// A file name for \p F: its check, place and message.
std::string claimName(const Finding &F) {
  std::string Key = F.Check + "\n" + F.Main.File + "\n" +
                    std::to_string(F.Main.Line) + ":" +
                    std::to_string(F.Main.Column) + "\n" + F.Main.Text;
  return toHex(SHA256::hash(arrayRefFromStringRef(Key)), /*LowerCase=*/true)
      .substr(0, 32);
}

// True when this process is the first of the build to claim \p Name.
bool claim(const std::string &Dir, const std::string &Name) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Name);
  int FD = ::open(Path.c_str(), O_CREAT | O_EXCL | O_WRONLY, 0644);
  if (FD < 0)
    return errno != EEXIST; // Cannot claim: report rather than lose it.
  ::close(FD);
  return true;
}

// Removes the claims of builds over a day old.
void removeStaleBuilds(const std::string &Root) {
  std::error_code EC;
  auto Now = std::chrono::system_clock::now();
  for (sys::fs::directory_iterator It(Root, EC), End; It != End && !EC;
       It.increment(EC)) {
    sys::fs::file_status Status;
    if (sys::fs::status(It->path(), Status) ||
        Now - Status.getLastModificationTime() < StaleAfter)
      continue;
    sys::fs::remove_directories(It->path(), /*IgnoreErrors=*/true);
  }
}

} // namespace

std::string enclosingBuildId() {
  std::string Pid = std::to_string(::getppid());
  for (int Depth = 0; Depth < 16 && Pid != "0" && Pid != "1"; ++Depth) {
    std::optional<ProcessInfo> P = processInfo(Pid);
    if (!P)
      return "";
    if (isBuildTool(P->Name))
      return Pid + "-" + P->StartTime;
    Pid = P->Parent;
  }
  return "";
}

unsigned dropHeaderFindingsShown(RunReport &Report,
                                 const std::vector<std::string> &Sources,
                                 const std::string &CacheDir,
                                 const std::string &Build) {
  if (Build.empty() || CacheDir.empty())
    return 0;
  SmallString<256> Root(CacheDir);
  sys::path::append(Root, "launch-shown");
  SmallString<256> Dir(Root);
  sys::path::append(Dir, Build);
  bool Fresh = !sys::fs::exists(Dir);
  if (sys::fs::create_directories(Dir))
    return 0;
  if (Fresh)
    removeStaleBuilds(std::string(Root));
  size_t Before = Report.Findings.size();
  erase_if(Report.Findings, [&](const Finding &F) {
    return !F.Main.File.empty() && !is_contained(Sources, F.Main.File) &&
           !claim(std::string(Dir), claimName(F));
  });
  return unsigned(Before - Report.Findings.size());
}

} // namespace cudalint
