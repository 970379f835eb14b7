//===--- Lint.cpp ---------------------------------------------------------===//
//
// A run in two passes. The translation units go first; the files they
// include are then known, so that a header or fragment is linted through
// the units that include it, and on its own only when none does. The
// workers' results are merged into one report at the end.
//
//===----------------------------------------------------------------------===//

#include "run/Lint.h"
#include "ci/Shards.h"
#include "report/Fingerprint.h"
#include "run/ProjectRoot.h"
#include "run/ResultCache.h"
#include "worker/Analyzer.h"
#include "worker/HeaderReuse.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <set>
#include <tuple>

using llvm::StringRef;

namespace cudalint {

namespace {

// Each file a translation unit included, and the first unit (in the order
// of the results) that included it.
using IncluderMap = std::map<std::string, std::string>;

// \p File not analysed, for \p Why.
FileResult unanalysed(const std::string &File, std::string Why) {
  FileResult R;
  R.File = File;
  R.FileErrors.push_back(std::move(Why));
  return R;
}

// The worker's job: one file, unless its config is broken. \p Known is
// the request the parent already made for the file's cache key (with its
// config found sound), if it made one.
FileResult lintFile(const LintSettings &Settings, LintProject &Project,
                    const std::string &File, const ParseRequest *Known,
                    const HeaderReuse *Reuse) {
  std::string ConfigError = Known ? "" : validateConfigFor(Settings, File);
  if (!ConfigError.empty())
    return unanalysed(File, ConfigError);
  ParseRequest Request = Known ? *Known : parseRequestFor(Project, File);
  if (!llvm::sys::fs::is_directory(Request.WorkingDirectory))
    return unanalysed(
        File,
        "its entry in '" + Request.Database + "' runs the compiler in '" +
            Request.WorkingDirectory +
            "', which does not exist: regenerate the database (re-run cmake, "
            "or bear) from where the build lives, or fix the entry's "
            "\"directory\"");
  return analyzeFile(Settings, Request, Reuse);
}

std::vector<std::string>
translationUnits(const std::vector<std::string> &Sources,
                 const std::set<std::string> &Fragments) {
  std::vector<std::string> Units;
  for (const std::string &Source : Sources)
    if (!Fragments.count(Source))
      Units.push_back(Source);
  return Units;
}

IncluderMap firstIncluders(const std::vector<FileResult> &Results) {
  IncluderMap IncludedBy;
  for (const FileResult &R : Results)
    for (const std::string &File : R.Included)
      IncludedBy.emplace(File, R.File);
  return IncludedBy;
}

// A source that another one turned out to include (through an include
// path the textual scan does not know) is a fragment too: its lone parse
// is dropped, unless the file including it is itself such a source.
void dropIncludedSources(std::vector<FileResult> &Results,
                         const IncluderMap &IncludedBy,
                         std::set<std::string> &Fragments) {
  std::set<std::string> Dropped;
  for (const FileResult &R : Results) {
    auto It = IncludedBy.find(R.File);
    if (It != IncludedBy.end() && It->second != R.File)
      Dropped.insert(R.File);
  }
  llvm::erase_if(Results, [&](const FileResult &R) {
    if (!Dropped.count(R.File) || Dropped.count(IncludedBy.at(R.File)))
      return false;
    Fragments.insert(R.File);
    return true;
  });
}

// The headers, and presumed fragments, that no translation unit included:
// they are linted on their own.
std::vector<std::string> notIncluded(const std::vector<std::string> &Headers,
                                     const std::set<std::string> &Fragments,
                                     const IncluderMap &IncludedBy) {
  std::vector<std::string> Orphans;
  for (const std::string &H : Headers)
    if (!IncludedBy.count(H))
      Orphans.push_back(H);
  for (const std::string &F : Fragments)
    if (!IncludedBy.count(F))
      Orphans.push_back(F);
  return Orphans;
}

// What the merge needs to know besides the results themselves.
struct MergeScope {
  const std::set<std::string> &Fragments;
  const IncluderMap &IncludedBy;
  const std::optional<llvm::Regex> &HeaderFilter; ///< --header-filter.
  const std::vector<std::string> &Roots;          ///< The paths given.
};

// Whether a finding or kernel in a file is shown, for the result of one
// translation unit: in the file itself, a fragment, or a header the filter
// keeps: --header-filter, else the config's HeaderFilterRegex, else the
// paths given on the command line.
class ShownFiles {
public:
  ShownFiles(const FileResult &R, const MergeScope &Scope)
      : R(R), Scope(Scope) {
    if (!Scope.HeaderFilter && !R.ConfigHeaderFilter.empty())
      ConfigFilter.emplace(R.ConfigHeaderFilter);
  }

  bool operator()(const std::string &File) const {
    if (File == R.File || Scope.Fragments.count(File))
      return true;
    if (Scope.HeaderFilter)
      return Scope.HeaderFilter->match(File);
    if (ConfigFilter)
      return ConfigFilter->match(File);
    return isUnderRoots(File, Scope.Roots);
  }

private:
  const FileResult &R;
  const MergeScope &Scope;
  std::optional<llvm::Regex> ConfigFilter;
};

// Which compiler error to name first: the errors come sorted by place, not
// in the order clang found them, so a missing header (the usual root cause)
// comes first, then an error in the file itself, then any other.
int problemRank(const Finding &F, const std::string &File) {
  if (StringRef(F.Main.Text).contains("' file not found"))
    return 0;
  return F.Main.File == File ? 1 : F.Main.File.empty() ? 3 : 2;
}

std::string describeProblem(const Finding &F) {
  return (F.Main.File.empty() ? ""
                              : displayPath(F.Main.File) + ":" +
                                    std::to_string(F.Main.Line) + ": ") +
         F.Main.Text;
}

// How far the analysis of the file of \p R got, and why not further.
FileSummary summarize(const FileResult &R) {
  FileSummary Summary;
  Summary.File = R.File;
  const Finding *First = nullptr;
  for (const Finding &F : R.Findings) {
    if (!F.isCompilerError())
      continue;
    ++Summary.CompilerErrors;
    if (!First || problemRank(F, R.File) < problemRank(*First, R.File))
      First = &F;
  }
  if (First)
    Summary.FirstProblem = describeProblem(*First);
  if (!R.FileErrors.empty() || !R.Parsed) {
    Summary.Status = FileStatus::Failed;
    if (!R.FileErrors.empty())
      Summary.FirstProblem = R.FileErrors.front();
  } else if (Summary.CompilerErrors) {
    Summary.Status = FileStatus::Partial;
  }
  return Summary;
}

// Merges the workers' results into one report.
class ReportBuilder {
public:
  ReportBuilder(RunReport Start, const MergeScope &Scope)
      : Report(std::move(Start)), Scope(Scope) {}

  void add(const FileResult &R) {
    ++Report.FilesTotal;
    FileSummary Summary = summarize(R);
    countStatus(Summary.Status);
    StatusOf[R.File] = Summary.Status;
    bool HadError = Summary.Status != FileStatus::Analysed;
    Report.Files.push_back(std::move(Summary));
    ShownFiles Shown(R, Scope);
    for (const KernelRecord &K : R.Kernels)
      if (Shown(K.File))
        Kernels[{K.File, K.Line, K.Name}] |= K.Analysed;
    for (const std::string &E : R.FileErrors)
      Report.Errors.push_back({R.File, E});
    for (const Finding &F : R.Findings)
      if (F.isCompilerDiagnostic() || F.Main.File.empty() || Shown(F.Main.File))
        addFinding(F, HadError, enclosingKernel(F.Main, R.Kernels));
  }

  // A summary for each fragment a translation unit included.
  void addFragments(const std::vector<FileResult> &Results) {
    for (const std::string &F : Scope.Fragments) {
      auto Includer = Scope.IncludedBy.find(F);
      if (Includer == Scope.IncludedBy.end())
        continue; // Linted on its own.
      Report.Files.push_back(fragmentSummary(F, Includer->second, Results));
    }
  }

  RunReport finish() {
    countKernels();
    sortReport();
    return std::move(Report);
  }

private:
  void countStatus(FileStatus Status) {
    switch (Status) {
    case FileStatus::Failed:
      ++Report.FilesFailed;
      break;
    case FileStatus::Partial:
      ++Report.FilesPartial;
      break;
    case FileStatus::Analysed:
      ++Report.FilesAnalysed;
      break;
    }
  }

  // The kernel whose definition holds \p M, if any.
  static const KernelRecord *
  enclosingKernel(const Message &M, const std::vector<KernelRecord> &Kernels) {
    for (const KernelRecord &K : Kernels)
      if (K.File == M.File && K.Line <= M.Line && M.Line <= K.LastLine)
        return &K;
    return nullptr;
  }

  // Once, however many translation units found it.
  void addFinding(Finding F, bool InBrokenUnit, const KernelRecord *Kernel) {
    F.InBrokenUnit = InBrokenUnit;
    if (Kernel) {
      F.Kernel = Kernel->Name;
      F.KernelLine = Kernel->Line;
      F.KernelLastLine = Kernel->LastLine;
    }
    std::string Key = F.Check + "\x1f" + F.Main.File + "\x1f" +
                      std::to_string(F.Main.Offset) + "\x1f" + F.Main.Text;
    if (Seen.insert(Key).second)
      Report.Findings.push_back(std::move(F));
  }

  // The best status among the files that include \p Fragment (the first
  // includer when none did better than failing).
  FileSummary fragmentSummary(const std::string &Fragment,
                              const std::string &FirstIncluder,
                              const std::vector<FileResult> &Results) {
    FileSummary Summary;
    Summary.File = Fragment;
    Summary.IncludedBy = FirstIncluder;
    Summary.Status = FileStatus::Failed;
    for (const FileResult &R : Results)
      if (llvm::is_contained(R.Included, Fragment) && StatusOf.count(R.File) &&
          StatusOf[R.File] < Summary.Status) {
        Summary.Status = StatusOf[R.File];
        Summary.IncludedBy = R.File;
      }
    return Summary;
  }

  void countKernels() {
    std::map<std::string, FileSummary *> SummaryOf;
    for (FileSummary &S : Report.Files)
      SummaryOf[S.File] = &S;
    for (const auto &[Key, Analysed] : Kernels) {
      ++Report.Kernels;
      Report.KernelsAnalysed += Analysed;
      auto It = SummaryOf.find(std::get<0>(Key));
      if (It != SummaryOf.end()) {
        ++It->second->Kernels;
        It->second->KernelsAnalysed += Analysed;
      }
    }
  }

  void sortReport() {
    std::sort(Report.Files.begin(), Report.Files.end(),
              [](const FileSummary &A, const FileSummary &B) {
                return A.File < B.File;
              });
    std::stable_sort(Report.Findings.begin(), Report.Findings.end(),
                     [](const Finding &A, const Finding &B) {
                       return std::tie(A.Main.File, A.Main.Line, A.Main.Column,
                                       A.Check, A.Main.Text) <
                              std::tie(B.Main.File, B.Main.Line, B.Main.Column,
                                       B.Check, B.Main.Text);
                     });
  }

  RunReport Report;
  const MergeScope &Scope;
  std::set<std::string> Seen; ///< Findings already in the report.
  std::map<std::string, FileStatus> StatusOf;
  /// Kernel (file, line, name) -> analysed by at least one translation unit.
  std::map<std::tuple<std::string, unsigned, std::string>, bool> Kernels;
};

// The key of \p File's entry in the result cache, and the request it was
// made from (for the worker); nullopt when the file is not to be looked up
// (its config is broken: the worker says so).
std::optional<std::pair<std::string, ParseRequest>>
cacheKeyFor(const LintSettings &Settings, LintProject &Project,
            const std::string &File) {
  if (!validateConfigFor(Settings, File).empty())
    return std::nullopt;
  ParseRequest Request = parseRequestFor(Project, File);
  std::string Key = unitKey({Request.Command, Request.WorkingDirectory, File,
                             effectiveConfig(Settings, File)});
  return std::make_pair(std::move(Key), std::move(Request));
}

// The files of \p Fresh whose worker died, linted again without the
// precompiled headers: a crash in loading them (clang 19 has some) must not
// cost the file its findings. A crash of its own comes back as before.
void reparseDeadWithoutReuse(const std::vector<std::string> &Files,
                             std::vector<FileResult> &Fresh,
                             const DriverOptions &Options,
                             LintProject &Project) {
  std::vector<std::string> Dead;
  std::vector<size_t> DeadAt;
  for (size_t I = 0; I < Fresh.size(); ++I)
    if (Fresh[I].WorkerDied) {
      Dead.push_back(Files[I]);
      DeadAt.push_back(I);
    }
  if (Dead.empty())
    return;
  auto Work = [&](const std::string &File) {
    return lintFile(Options.Settings, Project, File, nullptr, nullptr);
  };
  std::vector<FileResult> Again = runIsolated(Dead, Options.Workers, Work);
  for (size_t J = 0; J < Again.size(); ++J)
    Fresh[DeadAt[J]] = std::move(Again[J]);
}

// Lints \p Files: the results the cache holds for them, and the others in
// worker processes (then stored). In the order of \p Files.
std::vector<FileResult> lintUnits(const std::vector<std::string> &Files,
                                  const DriverOptions &Options,
                                  LintProject &Project, ResultCache &Cache,
                                  const HeaderReuse *Reuse) {
  std::vector<std::optional<FileResult>> Slots(Files.size());
  std::vector<std::string> Keys(Files.size()), Missed;
  std::vector<size_t> MissedAt;
  std::map<std::string, ParseRequest> Requests; ///< Made for the keys.
  for (size_t I = 0; I < Files.size(); ++I) {
    if (Options.Cache.Enabled)
      if (auto Keyed = cacheKeyFor(Options.Settings, Project, Files[I])) {
        Keys[I] = std::move(Keyed->first);
        Slots[I] = Cache.lookup(Keys[I]);
        Requests.emplace(Files[I], std::move(Keyed->second));
      }
    if (!Slots[I]) {
      Missed.push_back(Files[I]);
      MissedAt.push_back(I);
    }
  }
  auto Work = [&](const std::string &File) {
    auto Known = Requests.find(File);
    return lintFile(Options.Settings, Project, File,
                    Known == Requests.end() ? nullptr : &Known->second, Reuse);
  };
  std::vector<FileResult> Fresh = runIsolated(Missed, Options.Workers, Work);
  if (Reuse)
    reparseDeadWithoutReuse(Missed, Fresh, Options, Project);
  for (size_t J = 0; J < Fresh.size(); ++J) {
    if (!Keys[MissedAt[J]].empty())
      Cache.store(Keys[MissedAt[J]], Fresh[J]);
    Slots[MissedAt[J]] = std::move(Fresh[J]);
  }
  std::vector<FileResult> Results;
  for (std::optional<FileResult> &R : Slots)
    Results.push_back(std::move(*R));
  return Results;
}

// Lints the files of \p Files that belong to \p Shard (all of them
// without one), the cache first.
std::vector<FileResult> lintShare(const std::vector<std::string> &Files,
                                  const DriverOptions &Options,
                                  LintProject &Project, ResultCache &Cache,
                                  const HeaderReuse *Reuse) {
  std::vector<std::string> Share;
  for (const std::string &File : Files)
    if (inShard(File, Options.Shard))
      Share.push_back(File);
  return lintUnits(Share, Options, Project, Cache, Reuse);
}

// Where the run keeps the precompiled headers its parses share: beside the
// result cache, so that the next run finds them too, else in a scratch
// directory removed at the end.
class ReuseDir {
public:
  explicit ReuseDir(const DriverOptions &Options) {
    if (!Options.ReuseHeaders)
      return;
    llvm::SmallString<256> Dir;
    if (Options.Cache.Enabled && !Options.Cache.Dir.empty()) {
      Dir = Options.Cache.Dir;
      llvm::sys::path::append(Dir, "pch");
    } else if (!llvm::sys::fs::createUniqueDirectory("cudalint-pch", Dir)) {
      Scratch = std::string(Dir);
    } else {
      return;
    }
    Reuse.emplace(std::string(Dir));
  }
  ~ReuseDir() {
    if (!Scratch.empty())
      llvm::sys::fs::remove_directories(Scratch);
  }
  const HeaderReuse *get() const { return Reuse ? &*Reuse : nullptr; }

private:
  std::optional<HeaderReuse> Reuse;
  std::string Scratch;
};

// The report before any result: the paths that could not be read and the
// compilation databases that could not be used (each once, in order).
RunReport startReport(const LintRecord &Record) {
  RunReport Report;
  Report.Errors = Record.PathErrors;
  Report.FilesTotal += Record.UnreadablePaths;
  Report.FilesFailed += Record.UnreadablePaths;
  std::vector<FileError> Databases = Record.DatabaseErrors;
  std::sort(Databases.begin(), Databases.end(),
            [](const FileError &A, const FileError &B) {
              return std::tie(A.File, A.Text) < std::tie(B.File, B.Text);
            });
  for (const FileError &E : Databases)
    if (Report.Errors.empty() || Report.Errors.back().File != E.File ||
        Report.Errors.back().Text != E.Text)
      Report.Errors.push_back(E);
  return Report;
}

} // namespace

LintRecord collectResults(const DriverOptions &Options, LintProject &Project) {
  const Discovered &Files = Project.Files;
  ResultCache Cache(Options.Cache, Files.Includable);
  LintRecord Record;
  // Fragments (a .cu that another .cu #includes) are linted through the
  // file that includes them, not parsed on their own.
  std::set<std::string> Fragments = includedSources(Files.Sources);
  Record.Fragments.assign(Fragments.begin(), Fragments.end());
  ReuseDir Reuse(Options);
  Record.Units = lintShare(translationUnits(Files.Sources, Fragments), Options,
                           Project, Cache, Reuse.get());
  // The headers and fragments no unit (of this shard) included go alone.
  std::vector<FileResult> Units = Record.Units;
  IncluderMap IncludedBy = firstIncluders(Units);
  dropIncludedSources(Units, IncludedBy, Fragments);
  Record.Lone = lintShare(notIncluded(Files.Headers, Fragments, IncludedBy),
                          Options, Project, Cache, Reuse.get());
  Cache.trim();

  // Headers are shown where they belong to the project: a directory given,
  // or the source tree of a file given (ProjectRoot.h).
  Record.Roots = headerRoots(Files.Roots, Project);
  Record.HeaderFilter = Project.Input->HeaderFilter;
  Record.PathErrors = Files.Errors;
  Record.UnreadablePaths = Files.UnreadablePaths;
  Record.DatabaseErrors = Project.Commands.errors();
  Record.FromCache = Cache.stats().Hits;
  return Record;
}

RunReport mergeRecord(const LintRecord &Record) {
  std::set<std::string> Fragments(Record.Fragments.begin(),
                                  Record.Fragments.end());
  std::vector<FileResult> Results = Record.Units;
  IncluderMap IncludedBy = firstIncluders(Results);
  dropIncludedSources(Results, IncludedBy, Fragments);
  // A shard lints alone what its own units did not include; what another
  // shard's unit included is not a lone file of the whole run.
  for (const FileResult &R : Record.Lone)
    if (!IncludedBy.count(R.File))
      Results.push_back(R);

  std::optional<llvm::Regex> HeaderFilter;
  if (Record.HeaderFilter)
    HeaderFilter.emplace(*Record.HeaderFilter);
  MergeScope Scope{Fragments, IncludedBy, HeaderFilter, Record.Roots};
  ReportBuilder Builder(startReport(Record), Scope);
  for (const FileResult &R : Results)
    Builder.add(R);
  Builder.addFragments(Results);
  RunReport Report = Builder.finish();
  Report.FilesFromCache = Record.FromCache;
  assignFingerprints(Report);
  return Report;
}

RunReport runLint(const DriverOptions &Options, LintProject &Project) {
  return mergeRecord(collectResults(Options, Project));
}

} // namespace cudalint
