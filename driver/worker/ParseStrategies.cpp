//===--- ParseStrategies.cpp ----------------------------------------------===//

#include "worker/ParseStrategies.h"
#include "report/Report.h"
#include "worker/IncludeSearch.h"
#include "worker/SourceScan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

using llvm::StringRef;

namespace cudalint {

unsigned compilerErrors(const FileResult &R) {
  return llvm::count_if(R.Findings,
                        [](const Finding &F) { return F.isCompilerError(); });
}

ParseRequest withFlags(ParseRequest Request,
                       llvm::ArrayRef<std::string> Flags) {
  Request.Command.insert(Request.Command.end() - 1, Flags.begin(), Flags.end());
  return Request;
}

namespace {

// cudalint_nvcc_compat.h declares the APIs CUDA 12 and 13 removed behind
// this macro, since names like `texture` clash with valid new code.
const char *const LegacyApisFlag = "-DCUDALINT_LEGACY_CUDA_APIS";

// The parses of one file so far, and what the strategies share.
struct FileParses {
  FileParses(const ParseRequest &First, const FrontEnd &Clang)
      : First(First), Clang(Clang), Search(this->First, Clang) {}

  // The request every strategy starts from, as the source scan chose it.
  const ParseRequest First;
  const FrontEnd &Clang;
  // The headers found off the include path: planned with the preprocessor
  // first, then parse by parse, reusing the planned parse.
  IncludeSearch Search;
  // None until a strategy keeps a parse.
  std::optional<BestParse> Best;
  // The headers the parse of First as given did not find.
  std::vector<MissingHeader> MissingAsGiven;
  // Where the file gave away that it uses removed APIs, once it was parsed
  // with their declarations for that reason.
  std::optional<Message> LegacyApisAt;
};

// The file's own text includes a header that neither its directory nor its
// include path holds, but the linted paths do.
bool includesHeaderOffItsPath(const FileParses &P) {
  return P.First.SearchableHeaders &&
         includesHeaderOffPath(P.First.File, P.First.Command,
                               P.First.WorkingDirectory,
                               *P.First.SearchableHeaders);
}

// The include search run with the preprocessor alone, then one parse with
// every header it placed: kept when it has no compiler error, or fewer than
// every other parse of the search must have (no other parse could beat
// it). Otherwise the search starts over parse by parse, after the parse as
// given.
void parseWithPlannedHeaders(FileParses &P) {
  std::optional<ParseRequest> Planned = P.Search.plan();
  if (!Planned)
    return;
  std::vector<MissingHeader> Missing;
  FileResult Result = P.Clang.Parse(*Planned, Missing);
  unsigned Errors = compilerErrors(Result);
  if (!Result.Parsed ||
      (Errors != 0 && Errors >= P.Search.errorsOfEveryOtherParse())) {
    P.Search.startOver(std::move(Result), std::move(Missing));
    return;
  }
  P.Search.adoptPlan();
  P.Best = BestParse{std::move(Result), *Planned};
}

bool noParseKept(const FileParses &P) { return !P.Best; }

void parseAsGiven(FileParses &P) {
  P.Best = BestParse{P.Clang.Parse(P.First, P.MissingAsGiven), P.First};
}

// The parse as given missed headers, and there are files to look for them
// among (the file has no compile command).
bool missedSearchableHeaders(const FileParses &P) {
  return P.First.SearchableHeaders && !P.MissingAsGiven.empty();
}

// Each header missed looked for under the linted paths, parse by parse:
// whichever parse has the fewest errors is kept.
void searchParseByParse(FileParses &P) {
  P.Search.run(std::move(P.MissingAsGiven), *P.Best);
}

// The first error of \p R that shows the file uses an API that CUDA 12 or
// 13 removed, if any.
const Finding *removedApiSymptom(const FileResult &R) {
  static const char *const Names[] = {"'texture'",
                                      "'surface'",
                                      "'textureReference'",
                                      "'surfaceReference'",
                                      "'cudaThread",
                                      "'cudaBindTexture",
                                      "'cudaBindSurface",
                                      "'cudaUnbindTexture'",
                                      "'cudaGetTextureReference'",
                                      "'cudaGetSurfaceReference'",
                                      "'cudaGetTextureAlignmentOffset'",
                                      "'cudaMemPrefetchAsync'",
                                      "'cudaMemAdvise'",
                                      "'CUFFT_LICENSE_ERROR'",
                                      "in 'cudaDeviceProp'"};
  for (const Finding &F : R.Findings)
    if (F.isCompilerError())
      for (const char *Name : Names)
        if (StringRef(F.Main.Text).contains(Name))
          return &F;
  return nullptr;
}

// The best parse's errors name a removed API, and the file was not parsed
// with their declarations already (the source scan saw none).
bool errorsNameRemovedApis(const FileParses &P) {
  return !P.LegacyApisAt && removedApiSymptom(P.Best->Result);
}

// Code written for an older toolkit: the best parse again, with the
// declarations of the removed APIs; if it is better, the error that gave
// the file away is where the remark goes.
void parseWithLegacyApis(FileParses &P) {
  Message Where = removedApiSymptom(P.Best->Result)->Main;
  std::vector<MissingHeader> Ignored;
  ParseRequest Legacy = withFlags(P.Best->Request, {LegacyApisFlag});
  FileResult Again = P.Clang.Parse(Legacy, Ignored);
  if (!P.Best->offer(Again, Legacy))
    return;
  Where.Fixes.clear();
  P.LegacyApisAt = Where;
}

// One way to parse the file: when it applies, given the parses before it,
// and the parse it then offers.
struct ParseStrategy {
  bool (*AppliesWhen)(const FileParses &);
  void (*Offer)(FileParses &);
};

// In the order they are tried, each after the parses of those before it.
// The first two make the file's first parse: with the headers the
// preprocessor placed, else as given. The others parse it again only where
// the best parse so far shows that another could have fewer compiler
// errors, and keep that one if it has.
const ParseStrategy Strategies[] = {
    {includesHeaderOffItsPath, parseWithPlannedHeaders},
    {noParseKept, parseAsGiven},
    {missedSearchableHeaders, searchParseByParse},
    {errorsNameRemovedApis, parseWithLegacyApis},
};

const char *const LegacyApiText =
    "this file uses APIs that CUDA 12 or 13 removed (texture or surface "
    "references, cudaThread*, old cudaDeviceProp fields or "
    "cudaMemAdvise/cudaMemPrefetchAsync overloads): it was analysed with "
    "their old declarations, and does not build with the installed toolkit";

Finding legacyApiRemark(const Message &Where) {
  Finding F;
  F.Check = "clang-diagnostic-removed-cuda-api";
  F.Level = Severity::Note;
  F.Main = Where;
  F.Main.Text = LegacyApiText;
  return F;
}

Finding includeSearchRemark(const HeaderGuess &Guess, LineTable &Lines) {
  const auto &[M, Dir] = Guess;
  Finding F;
  F.Check = "clang-diagnostic-include-search";
  F.Level = Severity::Note;
  F.Main.File = M.Includer;
  F.Main.Offset = M.Offset;
  std::string Shown = displayPath(Dir);
  F.Main.Text = "'" + M.Name +
                "' is not on the include path; using the one "
                "in '" +
                Shown + "', found under the linted paths (pass -I " + Shown +
                " or use a compile_commands.json to make it explicit)";
  Lines.locate(F.Main);
  return F;
}

} // namespace

FileResult parseBest(const ParseRequest &Request, const FrontEnd &Clang) {
  // A file that names removed APIs is parsed once, with their declarations.
  std::optional<unsigned> LegacyAt = removedApiInText(Request.File);
  FileParses P(LegacyAt ? withFlags(Request, {LegacyApisFlag}) : Request,
               Clang);
  if (LegacyAt) {
    P.LegacyApisAt.emplace();
    P.LegacyApisAt->File = Request.File;
    P.LegacyApisAt->Offset = *LegacyAt;
  }
  for (const ParseStrategy &Strategy : Strategies)
    if (Strategy.AppliesWhen(P))
      Strategy.Offer(P);

  FileResult Result = std::move(P.Best->Result);
  LineTable Lines;
  if (P.LegacyApisAt) {
    Result.Findings.push_back(legacyApiRemark(*P.LegacyApisAt));
    Lines.locate(Result.Findings.back().Main);
  }
  for (const HeaderGuess &Guess : P.Search.guesses())
    Result.Findings.push_back(includeSearchRemark(Guess, Lines));
  Result.UsedHeaderSearch =
      Request.SearchableHeaders &&
      (!P.Search.guesses().empty() || !Result.MissingHeaderDirs.empty());
  return Result;
}

} // namespace cudalint
