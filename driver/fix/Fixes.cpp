//===--- Fixes.cpp --------------------------------------------------------===//

#include "fix/Fixes.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <sys/stat.h>

namespace cudalint {

const std::vector<Replacement> *chosenFix(const Finding &F, bool FromNotes) {
  if (!F.Main.Fixes.empty())
    return &F.Main.Fixes;
  if (FromNotes)
    for (const Message &N : F.Notes)
      if (!N.Fixes.empty())
        return &N.Fixes;
  return nullptr;
}

static bool overlaps(const Replacement &A, const Replacement &B) {
  if (A.File != B.File)
    return false;
  // Two insertions at one point conflict unless identical; ranges conflict
  // when they share a byte.
  if (A.Length == 0 && B.Length == 0)
    return A.Offset == B.Offset;
  return A.Offset < B.Offset + std::max(B.Length, 1u) &&
         B.Offset < A.Offset + std::max(A.Length, 1u);
}

namespace {

// "file:line: fix-it not applied: <Why>", said of \p F's fix-it.
std::string notApplied(const Finding &F, const std::string &Why) {
  return displayPath(F.Main.File) + ":" + std::to_string(F.Main.Line) +
         ": fix-it not applied: " + Why;
}

// The last file \p Fix edits that \p Editable refuses, or "".
std::string
fileOutside(const std::vector<Replacement> &Fix,
            const std::function<bool(const std::string &)> &Editable) {
  std::string Outside;
  for (const Replacement &R : Fix)
    if (Editable && !Editable(R.File))
      Outside = R.File;
  return Outside;
}

} // namespace

// Why a fix-it that edits \p Outside is not applied, and what to do.
static std::string outsideReason(const std::string &Outside) {
  std::string Dir = displayPath(llvm::sys::path::parent_path(Outside).str());
  return "it also edits '" + displayPath(Outside) +
         "', which is outside the paths being linted: lint '" + Dir +
         "/' too (add it to the paths given), or, for a system or CUDA "
         "header, make the change by hand";
}

std::map<std::string, std::vector<Replacement>>
collectFixes(const RunReport &Report, bool FromNotes,
             const std::function<bool(const std::string &)> &Editable,
             std::vector<std::string> &Skipped, bool EvenIfBroken) {
  std::map<std::string, std::vector<Replacement>> ByFile;
  for (const Finding &F : Report.Findings) {
    if (F.isCompilerDiagnostic())
      continue;
    const std::vector<Replacement> *Fix = chosenFix(F, FromNotes);
    if (!Fix)
      continue;
    if (F.InBrokenUnit && !EvenIfBroken) {
      Skipped.push_back(notApplied(
          F, "the file had compiler errors, so the analysis may be wrong "
             "(--fix-errors applies it anyway)"));
      continue;
    }
    std::string Outside = fileOutside(*Fix, Editable);
    if (!Outside.empty()) {
      Skipped.push_back(notApplied(F, outsideReason(Outside)));
      continue;
    }
    std::vector<Replacement> New;
    bool Conflict = false;
    for (const Replacement &R : *Fix) {
      auto &Existing = ByFile[R.File];
      if (std::find(Existing.begin(), Existing.end(), R) != Existing.end())
        continue; // The same edit, offered again.
      for (const Replacement &E : Existing)
        Conflict |= overlaps(E, R);
      New.push_back(R);
    }
    if (Conflict) {
      Skipped.push_back(notApplied(
          F, "it overlaps another fix-it; run --fix again to apply it on top "
             "of the other"));
      continue;
    }
    for (const Replacement &R : New)
      ByFile[R.File].push_back(R);
  }
  for (auto &Entry : ByFile)
    sortEdits(Entry.second);
  return ByFile;
}

void sortEdits(std::vector<Replacement> &Edits) {
  std::sort(Edits.begin(), Edits.end(),
            [](const Replacement &A, const Replacement &B) {
              return A.Offset != B.Offset ? A.Offset < B.Offset
                                          : A.Length < B.Length;
            });
}

std::optional<std::string> applyEdits(const std::string &Original,
                                      const std::vector<Replacement> &Edits) {
  std::string Out;
  size_t Pos = 0;
  for (const Replacement &R : Edits) {
    if (R.Offset < Pos || R.Offset + R.Length > Original.size())
      return std::nullopt; // Half an edit set can break the build: none.
    Out.append(Original, Pos, R.Offset - Pos);
    Out += R.Text;
    Pos = R.Offset + R.Length;
  }
  Out.append(Original, Pos, std::string::npos);
  return Out;
}

bool writeFileAtomically(const std::string &Path, const std::string &Contents,
                         std::string &Error) {
  llvm::SmallString<256> Model(Path);
  Model += ".cudalint-%%%%%%";
  int FD = -1;
  llvm::SmallString<256> Temp;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp)) {
    Error = "cannot create a temporary file next to '" + Path +
            "': " + EC.message();
    return false;
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.flush();
    if (OS.has_error()) {
      Error =
          "cannot write '" + std::string(Temp) + "': " + OS.error().message();
      OS.clear_error();
      llvm::sys::fs::remove(Temp);
      return false;
    }
  }
  struct stat St;
  if (stat(Path.c_str(), &St) == 0)
    chmod(Temp.c_str(), St.st_mode & 07777);
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
    Error = "cannot replace '" + Path + "': " + EC.message();
    llvm::sys::fs::remove(Temp);
    return false;
  }
  return true;
}

namespace {
std::vector<std::string> splitLines(const std::string &Text) {
  std::vector<std::string> Lines;
  size_t Start = 0;
  while (Start < Text.size()) {
    size_t End = Text.find('\n', Start);
    if (End == std::string::npos) {
      Lines.push_back(Text.substr(Start)); // No newline at the end.
      break;
    }
    Lines.push_back(Text.substr(Start, End - Start + 1));
    Start = End + 1;
  }
  return Lines;
}
} // namespace

namespace {

// One line of an edit script: ' ' keep, '-' delete, '+' insert, with the
// index of the line in the original (' ', '-') or the edited text ('+').
using EditScript = std::vector<std::pair<char, int>>;

// Myers' O(ND) diff, forward: for each round D, the furthest X reached on
// the diagonals -D..D. Fix-its touch few lines, so D is small.
std::vector<std::vector<int>> myersTrace(const std::vector<std::string> &A,
                                         const std::vector<std::string> &B) {
  const int N = A.size(), M = B.size(), Max = N + M;
  std::vector<int> V(2 * Max + 2, 0);
  std::vector<std::vector<int>> Trace;
  for (int D = 0; D <= Max; ++D) {
    // Only diagonals -D..D can matter in round D: keep that slice, so the
    // trace grows with D squared, not with D times the file's length.
    Trace.emplace_back(V.begin() + Max - D, V.begin() + Max + D + 1);
    for (int K = -D; K <= D; K += 2) {
      int X = (K == -D || (K != D && V[Max + K - 1] < V[Max + K + 1]))
                  ? V[Max + K + 1]
                  : V[Max + K - 1] + 1;
      int Y = X - K;
      while (X < N && Y < M && A[X] == B[Y])
        ++X, ++Y;
      V[Max + K] = X;
      if (X >= N && Y >= M)
        return Trace;
    }
  }
  return Trace;
}

// Walks the trace back from the end of both texts to an edit script.
EditScript editScript(const std::vector<std::vector<int>> &Trace, int N,
                      int M) {
  EditScript Script;
  int X = N, Y = M;
  for (int D = static_cast<int>(Trace.size()) - 1; D > 0; --D) {
    const std::vector<int> &Prev = Trace[D];
    auto At = [&](int K) { return Prev[K + D]; };
    int K = X - Y;
    int PrevK = (K == -D || (K != D && At(K - 1) < At(K + 1))) ? K + 1 : K - 1;
    int PrevX = At(PrevK), PrevY = PrevX - PrevK;
    while (X > PrevX && Y > PrevY)
      Script.push_back({' ', --X}), --Y;
    if (X == PrevX)
      Script.push_back({'+', --Y});
    else
      Script.push_back({'-', --X});
  }
  while (X > 0)
    Script.push_back({' ', --X});
  std::reverse(Script.begin(), Script.end());
  return Script;
}

// Where the hunk with the change at \p First ends: \p Context lines after
// its last change, taking in every change within 2 * Context unchanged
// lines of the one before.
size_t hunkEnd(const EditScript &Script, size_t First, unsigned Context) {
  size_t LastChange = First;
  for (size_t J = First; J < Script.size(); ++J) {
    if (Script[J].first != ' ')
      LastChange = J;
    else if (J - LastChange > 2 * Context)
      break;
  }
  return std::min(Script.size(), LastChange + 1 + Context);
}

// The hunks of \p Script, each change with \p Context lines around it.
std::string formatHunks(const EditScript &Script,
                        const std::vector<std::string> &A,
                        const std::vector<std::string> &B, unsigned Context) {
  auto LineText = [&](char Op, int Index) -> std::string {
    const std::string &L = Op == '+' ? B[Index] : A[Index];
    std::string S = std::string(1, Op) + L;
    if (L.empty() || L.back() != '\n')
      S += "\n\\ No newline at end of file\n";
    return S;
  };
  // Positions in A and B before each script entry.
  std::vector<int> PosA(Script.size() + 1), PosB(Script.size() + 1);
  for (size_t I = 0; I < Script.size(); ++I) {
    PosA[I + 1] = PosA[I] + (Script[I].first != '+');
    PosB[I + 1] = PosB[I] + (Script[I].first != '-');
  }
  std::string Out;
  size_t I = 0;
  while (I < Script.size()) {
    if (Script[I].first == ' ') {
      ++I;
      continue;
    }
    size_t Begin = I >= Context ? I - Context : 0;
    while (Begin < I && Script[Begin].first != ' ')
      ++Begin;
    size_t End = hunkEnd(Script, I, Context);
    int StartA = PosA[Begin], StartB = PosB[Begin];
    int CountA = PosA[End] - StartA, CountB = PosB[End] - StartB;
    Out += "@@ -" + std::to_string(CountA ? StartA + 1 : StartA) + "," +
           std::to_string(CountA) + " +" +
           std::to_string(CountB ? StartB + 1 : StartB) + "," +
           std::to_string(CountB) + " @@\n";
    for (size_t J = Begin; J < End; ++J)
      Out += LineText(Script[J].first, Script[J].second);
    I = End;
  }
  return Out;
}

} // namespace

std::string unifiedDiff(const std::string &DisplayPath,
                        const std::string &Original, const std::string &Edited,
                        unsigned Context) {
  if (Original == Edited)
    return "";
  std::vector<std::string> A = splitLines(Original), B = splitLines(Edited);
  EditScript Script = editScript(myersTrace(A, B), A.size(), B.size());
  return "--- a/" + DisplayPath + "\n+++ b/" + DisplayPath + "\n" +
         formatHunks(Script, A, B, Context);
}

std::string exportFixesYaml(const RunReport &Report, bool FromNotes,
                            const std::string &MainSourceFile) {
  clang::tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = MainSourceFile;
  auto ToMessage = [](const Message &M, const std::vector<Replacement> *Fix) {
    clang::tooling::DiagnosticMessage Out;
    Out.Message = M.Text;
    Out.FilePath = M.File;
    Out.FileOffset = M.Offset;
    if (Fix)
      for (const Replacement &R : *Fix)
        llvm::consumeError(Out.Fix[R.File].add(
            clang::tooling::Replacement(R.File, R.Offset, R.Length, R.Text)));
    return Out;
  };
  for (const Finding &F : Report.Findings) {
    if (F.isCompilerDiagnostic())
      continue;
    const std::vector<Replacement> *Fix = chosenFix(F, FromNotes);
    llvm::SmallVector<clang::tooling::DiagnosticMessage, 1> Notes;
    for (const Message &N : F.Notes)
      Notes.push_back(ToMessage(N, &N.Fixes == Fix ? nullptr : &N.Fixes));
    TUD.Diagnostics.emplace_back(F.Check, ToMessage(F.Main, Fix), Notes,
                                 F.Level == Severity::Error
                                     ? clang::tooling::Diagnostic::Error
                                     : clang::tooling::Diagnostic::Warning,
                                 "");
  }
  std::string Yaml;
  llvm::raw_string_ostream OS(Yaml);
  llvm::yaml::Output YAML(OS);
  YAML << TUD;
  OS.flush();
  return Yaml;
}

} // namespace cudalint
