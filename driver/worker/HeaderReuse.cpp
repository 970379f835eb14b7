//===--- HeaderReuse.cpp --------------------------------------------------===//
//
// A link named KEY lives in the run's directory as KEY.cu (its stub),
// KEY.pch, and KEY.link, its record:
//
//   { "status": "holds" | "nothing" | "stops", "why": "...",
//     "read": [[path, size, mtime_ns], ...],
//     "inputs": [path, ...], "included": [path, ...] }
//
// The record is written to a temporary file and renamed into place after
// the header; KEY.lock serialises the workers (of this run or another) that
// need the link at once.
//
//===----------------------------------------------------------------------===//

#include "worker/HeaderReuse.h"
#include "run/Digest.h"
#include "run/Discovery.h"
#include "worker/PchLink.h"
#include "worker/SourceScan.h"

#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <unistd.h>

using namespace clang;
using llvm::StringRef;
namespace fs = llvm::sys::fs;

namespace cudalint {

std::string inputPath(FileEntryRef File) {
  // A header found through a chain of precompiled headers can come with a
  // real path that names nothing (libstdc++'s, reached through
  // "<gcc>/12/../../../../include", one `..` too far): the file system
  // says where the bytes are then.
  StringRef RealPath = File.getFileEntry().tryGetRealPathName();
  if (!RealPath.empty() && fs::exists(RealPath))
    return RealPath.str();
  llvm::SmallString<256> Real;
  if (!fs::real_path(File.getName(), Real))
    return std::string(Real);
  return absolute(File.getName());
}

namespace {

const char *const StatusNames[] = {"holds", "nothing", "stops"};

// The longest chain a parse starts from. clang 19 crashes loading some
// chains of six (<float.h>, <cublas_v2.h>, <cooperative_groups.h> and its
// reduce.h and scan.h over the first link); four load on every code base
// linted here. The headers after the last link are parsed as usual.
constexpr unsigned MaxLinks = 4;

nlohmann::json toJson(const LinkRecord &Record) {
  nlohmann::json Read = nlohmann::json::array();
  for (const FileStamp &S : Record.Read)
    Read.push_back({S.Path, S.Size, S.MTimeNs});
  return {{"status", StatusNames[Record.Status]},
          {"why", Record.Why},
          {"read", Read},
          {"inputs", Record.Inputs},
          {"included", Record.Included}};
}

std::optional<LinkRecord> fromJson(const nlohmann::json &J) {
  LinkRecord Record;
  std::string Status = J.at("status");
  auto *Name =
      std::find(std::begin(StatusNames), std::end(StatusNames), Status);
  if (Name == std::end(StatusNames))
    return std::nullopt;
  Record.Status = LinkRecord::Kind(Name - std::begin(StatusNames));
  Record.Why = J.at("why");
  for (const nlohmann::json &S : J.at("read"))
    Record.Read.push_back({S.at(0), S.at(1), S.at(2)});
  Record.Inputs = J.at("inputs").get<std::vector<std::string>>();
  Record.Included = J.at("included").get<std::vector<std::string>>();
  return Record;
}

// The files of the link named Key.
struct LinkNames {
  LinkNames(StringRef Dir, StringRef Key) {
    llvm::SmallString<256> Base(Dir);
    llvm::sys::path::append(Base, Key);
    std::string B(Base);
    Files = {B + ".cu", B + ".pch", ""};
    Record = B + ".link";
    Lock = B + ".lock";
  }
  LinkFiles Files;
  std::string Record, Lock;
};

// The link's record, when it is whole and nothing it read has changed.
std::optional<LinkRecord> currentRecord(const LinkNames &Names) {
  std::ifstream In(Names.Record, std::ios::binary);
  if (!In)
    return std::nullopt;
  std::optional<LinkRecord> Record;
  try {
    Record = fromJson(nlohmann::json::parse(In));
  } catch (const std::exception &) {
    return std::nullopt;
  }
  if (!Record ||
      (Record->Status == LinkRecord::Holds && !fs::exists(Names.Files.Pch)))
    return std::nullopt;
  for (const FileStamp &Then : Record->Read) {
    FileStamp Now = stampOf(Then.Path);
    if (Now.Size != Then.Size || Now.MTimeNs != Then.MTimeNs)
      return std::nullopt;
  }
  return Record;
}

void writeRecord(const LinkNames &Names, const LinkRecord &Record) {
  std::string Temp = Names.Record + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream Out(Temp, std::ios::binary | std::ios::trunc);
    Out << toJson(Record).dump();
    if (!Out)
      return (void)fs::remove(Temp);
  }
  if (fs::rename(Temp, Names.Record))
    fs::remove(Temp);
}

// An exclusive lock on a file, held while it lives; none when the file
// cannot be opened (the link is then built unlocked, at worst twice).
class FileLock {
public:
  explicit FileLock(const std::string &Path) {
    if (fs::openFileForReadWrite(Path, FD, fs::CD_OpenAlways, fs::OF_None))
      FD = -1;
    else if (fs::lockFile(FD))
      Locked = false;
  }
  ~FileLock() {
    if (FD < 0)
      return;
    if (Locked)
      fs::unlockFile(FD);
    ::close(FD);
  }

private:
  int FD = -1;
  bool Locked = true;
};

// The link named \p Key: its record, built first when missing or out of
// date.
LinkRecord currentLink(StringRef Dir, StringRef Key,
                       const CompilerInvocation &Invocation,
                       StringRef WorkingDirectory, StringRef Parent,
                       StringRef Header) {
  LinkNames Names(Dir, Key);
  Names.Files.Parent = Parent.str();
  if (std::optional<LinkRecord> Record = currentRecord(Names))
    return *Record;
  FileLock Lock(Names.Lock);
  if (std::optional<LinkRecord> Record = currentRecord(Names))
    return *Record;
  LinkRecord Record =
      buildLink(Invocation, WorkingDirectory, Names.Files, Header);
  writeRecord(Names, Record);
  return Record;
}

// The first link's name: cudalint and the parse's flags (its cc1 command
// without what names the input), and where they apply.
std::string flagsKey(const CompilerInvocation &Invocation,
                     StringRef WorkingDirectory) {
  CompilerInvocation Flags(Invocation);
  Flags.getFrontendOpts().Inputs.clear();
  Flags.getFrontendOpts().OutputFile.clear();
  Flags.getCodeGenOpts().MainFileName.clear();
  // The CUDA unit ID, a digest of the file's path, names device statics in
  // code generation only.
  Flags.getLangOpts().CUID.clear();
  Flags.getDependencyOutputOpts() = DependencyOutputOptions();
  Flags.getPreprocessorOpts().ImplicitPCHInclude.clear();
  Digest D;
  D.add("cudalint-header-reuse-v1");
  D.add(toolIdentity());
  D.add(Flags.getCC1CommandLine());
  D.add(WorkingDirectory);
  return D.hex();
}

std::string nextKey(StringRef Key, StringRef Header) {
  Digest D;
  D.add(Key);
  D.add("<" + Header.str() + ">");
  return D.hex();
}

void append(std::vector<std::string> &To, const std::vector<std::string> &S) {
  To.insert(To.end(), S.begin(), S.end());
}

} // namespace

namespace {

// Grows a chain link by link.
class ChainBuilder {
public:
  ChainBuilder(StringRef Dir, const CompilerInvocation &Invocation,
               StringRef WorkingDirectory, ReusedHeaders &Chain)
      : Dir(Dir), Invocation(Invocation), WorkingDirectory(WorkingDirectory),
        Chain(Chain) {}

  /// The first link, for the implicit includes: false when none holds them.
  bool start() {
    Key = flagsKey(Invocation, WorkingDirectory);
    LinkRecord First =
        currentLink(Dir, Key, Invocation, WorkingDirectory, "", "");
    if (First.Status != LinkRecord::Holds)
      return false;
    Chain.Pch = LinkNames(Dir, Key).Files.Pch;
    take(First);
    return true;
  }

  /// Links for the leading `#include <...>` of \p Includes, up to the first
  /// one that may not be in a chain: how many the chain now holds.
  size_t extend(llvm::ArrayRef<LeadingInclude> Includes) {
    size_t Held = 0;
    for (const LeadingInclude &Include : Includes) {
      if ((!Include.Angled && Include.Define.empty()) || !open())
        break;
      if (!link(Include.Define.empty() ? Include.Name : Include.Define)) {
        Stopped = true;
        break;
      }
      ++Held;
    }
    return Held;
  }

  /// Whether a further link may follow.
  bool open() const { return !Stopped && Links < MaxLinks; }

private:
  // The link for \p Header after the chain so far: false when it stops the
  // chain. A link that adds nothing leaves the chain as it was, so that the
  // files whose headers differ only by such ones share the links after.
  bool link(StringRef Header) {
    std::string Next = nextKey(Key, Header);
    LinkRecord Link =
        currentLink(Dir, Next, Invocation, WorkingDirectory, Chain.Pch, Header);
    if (Link.Status == LinkRecord::Stops)
      return false;
    if (Link.Status == LinkRecord::Holds) {
      ++Links;
      Key = Next;
      Chain.Pch = LinkNames(Dir, Key).Files.Pch;
    }
    take(Link);
    return true;
  }

  void take(const LinkRecord &Link) {
    append(Chain.Inputs, Link.Inputs);
    append(Chain.Included, Link.Included);
  }

  StringRef Dir;
  const CompilerInvocation &Invocation;
  StringRef WorkingDirectory;
  ReusedHeaders &Chain;
  std::string Key;
  unsigned Links = 1;
  bool Stopped = false;
};

// The project header \p Include names, when it is beside \p Includer
// (where a quoted include is looked for first): its real path, else "".
std::string headerBeside(StringRef Includer, const LeadingInclude &Include) {
  llvm::SmallString<256> Path(llvm::sys::path::parent_path(Includer));
  llvm::sys::path::append(Path, Include.Name);
  llvm::SmallString<256> Real;
  if (Include.Angled || !Include.Define.empty() || fs::real_path(Path, Real) ||
      !fs::is_regular_file(Real))
    return "";
  return std::string(Real);
}

} // namespace

ReusedHeaders HeaderReuse::chainFor(const CompilerInvocation &Invocation,
                                    StringRef WorkingDirectory) const {
  ReusedHeaders Chain;
  const auto &Inputs = Invocation.getFrontendOpts().Inputs;
  if (Dir.empty() || Inputs.size() != 1 || !Inputs.front().isFile() ||
      fs::create_directories(Dir))
    return Chain;
  ChainBuilder Builder(Dir, Invocation, WorkingDirectory, Chain);
  if (!Builder.start())
    return ReusedHeaders();

  llvm::SmallString<256> MainFile(Inputs.front().getFile());
  fs::make_absolute(WorkingDirectory, MainFile);
  std::vector<LeadingInclude> Main = leadingIncludes(std::string(MainFile));
  size_t Held = Builder.extend(Main);
  if (Held)
    Chain.Held.push_back({"", 0, Main[Held - 1].End});
  if (Held == Main.size() || !Builder.open())
    return Chain;
  // The project header the file includes next, opening with system
  // headers of its own.
  std::string Header = headerBeside(MainFile, Main[Held]);
  if (Header.empty())
    return Chain;
  std::vector<LeadingInclude> Inner = leadingIncludes(Header);
  if (size_t InnerHeld = Builder.extend(Inner))
    Chain.Held.push_back({Header, 0, Inner[InnerHeld - 1].End});
  return Chain;
}

} // namespace cudalint
