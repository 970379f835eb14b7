//===--- Fingerprint.cpp --------------------------------------------------===//

#include "report/Fingerprint.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
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

// The nearest line from \p From stepping by \p Step, within [\p First,
// \p Last], that holds more than whitespace, normalized; empty if none.
std::string nearestText(SourceFiles &Sources, const std::string &File, int From,
                        int Step, int First, int Last) {
  for (int N = From; N >= First && N <= Last; N += Step)
    if (std::optional<StringRef> Line = Sources.line(File, N))
      if (!Line->trim().empty())
        return normalized(*Line);
  return "";
}

// The finding's line and, within its kernel's definition only, the lines
// around it: code added above or below the kernel never reaches the key.
std::string contextOf(const Finding &F, SourceFiles &Sources) {
  const std::string &File = F.Main.File;
  std::optional<StringRef> Line =
      File.empty() ? std::nullopt : Sources.line(File, F.Main.Line);
  if (!Line)
    return F.Main.Text; // No source: the message stands for the place.
  int At = F.Main.Line;
  // Outside any kernel the range is empty: no neighbours.
  int First = std::max(1u, F.KernelLine), Last = F.KernelLastLine;
  return nearestText(Sources, File, At - 1, -1, First, Last) + '\x1e' +
         normalized(*Line) + '\x1e' +
         nearestText(Sources, File, At + 1, +1, First, Last);
}

std::string keyOf(const Finding &F, SourceFiles &Sources) {
  std::string Key =
      F.Check + '\x1f' + F.Kernel + '\x1f' + contextOf(F, Sources);
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
