//===--- Fingerprint.cpp --------------------------------------------------===//

#include "Fingerprint.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <optional>

using llvm::StringRef;

namespace cudalint {

namespace {

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

std::string keyOf(const Finding &F, SourceFiles &Sources) {
  std::string Key = F.Check + '\x1f' + F.Kernel + '\x1f';
  std::optional<StringRef> Line = F.Main.File.empty()
                                      ? std::nullopt
                                      : Sources.line(F.Main.File, F.Main.Line);
  if (Line)
    Key += normalized(*Line);
  else
    Key += F.Main.Text; // No source: the message stands for the place.
  return llvm::utohexstr(llvm::xxh3_64bits(Key), /*LowerCase=*/true, 16);
}

} // namespace

void assignFingerprints(RunReport &Report) {
  SourceFiles Sources;
  std::map<std::pair<std::string, std::string>, unsigned> Seen;
  for (Finding &F : Report.Findings) {
    std::string Key = keyOf(F, Sources);
    unsigned N = ++Seen[{F.Main.File, Key}];
    F.Fingerprint = Key + ":" + std::to_string(N);
  }
}

} // namespace cudalint
