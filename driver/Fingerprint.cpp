//===--- Fingerprint.cpp --------------------------------------------------===//

#include "Fingerprint.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <optional>

using llvm::StringRef;

namespace cudalint {

namespace {

// A file's lines, read once per report.
class SourceLines {
public:
  const std::vector<std::string> *of(const std::string &File) {
    auto [It, Inserted] = Files.try_emplace(File);
    if (Inserted) {
      auto Buffer = llvm::MemoryBuffer::getFile(File);
      if (Buffer) {
        llvm::SmallVector<StringRef, 0> Lines;
        (*Buffer)->getBuffer().split(Lines, '\n');
        It->second.emplace(Lines.begin(), Lines.end());
      }
    }
    return It->second ? &*It->second : nullptr;
  }

private:
  std::map<std::string, std::optional<std::vector<std::string>>> Files;
};

// \p Line with runs of whitespace as one space, trimmed.
std::string normalized(StringRef Line) {
  std::string Out;
  for (char C : Line.trim()) {
    if (llvm::isSpace(C)) {
      if (!Out.empty() && Out.back() != ' ')
        Out += ' ';
    } else {
      Out += C;
    }
  }
  return Out;
}

std::string keyOf(const Finding &F, SourceLines &Sources) {
  std::string Key = F.Check + '\x1f' + F.Kernel + '\x1f';
  const std::vector<std::string> *Lines =
      F.Main.File.empty() ? nullptr : Sources.of(F.Main.File);
  if (Lines && F.Main.Line >= 1 && F.Main.Line <= Lines->size())
    Key += normalized((*Lines)[F.Main.Line - 1]);
  else
    Key += F.Main.Text; // No source: the message stands for the place.
  return llvm::utohexstr(llvm::xxh3_64bits(Key), /*LowerCase=*/true, 16);
}

} // namespace

void assignFingerprints(RunReport &Report) {
  SourceLines Sources;
  std::map<std::pair<std::string, std::string>, unsigned> Seen;
  for (Finding &F : Report.Findings) {
    std::string Key = keyOf(F, Sources);
    unsigned N = ++Seen[{F.Main.File, Key}];
    F.Fingerprint = Key + ":" + std::to_string(N);
  }
}

} // namespace cudalint
