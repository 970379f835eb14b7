//===--- Config.cpp -------------------------------------------------------===//

#include "worker/Config.h"

#include "clang-tidy/ClangTidy.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <functional>

using namespace clang::tidy;
using llvm::StringRef;

namespace cudalint {

namespace {

// A `.clang-tidy` file is written for clang-tidy's own checks: its Checks
// line only speaks to cudalint when it names cudalint checks.
llvm::ErrorOr<ClangTidyOptions>
parseClangTidyFile(llvm::MemoryBufferRef Config) {
  auto Parsed = parseConfiguration(Config);
  if (Parsed && Parsed->Checks &&
      !StringRef(*Parsed->Checks).contains("cudalint"))
    Parsed->Checks.reset();
  return Parsed;
}

ClangTidyOptions defaultOptions() {
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,cudalint-*";
  // Every file's findings come back; the parent applies the header filter,
  // since it alone knows which paths the user asked for.
  Defaults.HeaderFilterRegex = ".*";
  Defaults.SystemHeaders = false;
  Defaults.WarningsAsErrors = "";
  return Defaults;
}

// FileOptionsProvider's constructor that takes config file handlers leaves
// its file system unset in clang-tidy 19; this one sets it.
class ConfigSearchProvider : public FileOptionsProvider {
public:
  ConfigSearchProvider(ClangTidyOptions Defaults, ClangTidyOptions Overrides,
                       ConfigFileHandlers Handlers)
      : FileOptionsProvider(ClangTidyGlobalOptions(), std::move(Defaults),
                            std::move(Overrides), std::move(Handlers)) {
    FS = llvm::vfs::getRealFileSystem();
  }
};

} // namespace

std::unique_ptr<ClangTidyOptionsProvider>
makeOptionsProvider(const LintSettings &Settings, bool AllHeaders) {
  ClangTidyOptions Overrides;
  if (!Settings.ChecksOverride.empty())
    Overrides.Checks = Settings.ChecksOverride;
  if (AllHeaders)
    Overrides.HeaderFilterRegex = ".*";
  if (!Settings.ConfigFile.empty()) {
    ClangTidyOptions FromFile;
    if (auto Buffer = llvm::MemoryBuffer::getFile(Settings.ConfigFile))
      if (auto Parsed = parseConfiguration((*Buffer)->getMemBufferRef()))
        FromFile = *Parsed;
    return std::make_unique<ConfigOptionsProvider>(
        ClangTidyGlobalOptions(), defaultOptions(), FromFile, Overrides);
  }
  std::vector<std::pair<
      std::string,
      std::function<llvm::ErrorOr<ClangTidyOptions>(llvm::MemoryBufferRef)>>>
      Handlers;
  Handlers.emplace_back(".cudalint.yaml", parseConfiguration);
  Handlers.emplace_back(".clang-tidy", parseClangTidyFile);
  return std::make_unique<ConfigSearchProvider>(defaultOptions(), Overrides,
                                                Handlers);
}

static std::string checkConfigFile(StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return "cannot read config file '" + Path.str() +
           "': " + Buffer.getError().message();
  auto Parsed = parseConfiguration((*Buffer)->getMemBufferRef());
  if (!Parsed)
    return "malformed config file '" + Path.str() +
           "': " + Parsed.getError().message();
  // As on the command line: a check name nothing matches is a typo, not a
  // wish to run nothing.
  if (Parsed->Checks) {
    bool SharedWithClangTidy = llvm::sys::path::filename(Path) == ".clang-tidy";
    std::string Unknown = unknownCheckIn(*Parsed->Checks, SharedWithClangTidy);
    if (!Unknown.empty())
      return "config file '" + Path.str() + "': " + Unknown;
  }
  return "";
}

std::string validateConfigFor(const LintSettings &Settings,
                              const std::string &File) {
  if (!Settings.ConfigFile.empty())
    return checkConfigFile(Settings.ConfigFile);
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  for (; !Dir.empty(); Dir = llvm::sys::path::parent_path(Dir)) {
    for (const char *Name : {".cudalint.yaml", ".clang-tidy"}) {
      llvm::SmallString<256> Candidate(Dir);
      llvm::sys::path::append(Candidate, Name);
      if (!llvm::sys::fs::is_regular_file(Candidate))
        continue;
      std::string Error = checkConfigFile(Candidate);
      if (!Error.empty())
        return Error;
      return ""; // The nearest config wins, as in clang-tidy.
    }
  }
  return "";
}

std::string configHeaderFilter(const LintSettings &Settings,
                               const std::string &File) {
  std::optional<std::string> HeaderFilter =
      makeOptionsProvider(Settings)->getOptions(File).HeaderFilterRegex;
  if (HeaderFilter && *HeaderFilter != ".*")
    return *HeaderFilter;
  return "";
}

std::string effectiveConfig(const LintSettings &Settings,
                            const std::string &File) {
  return configurationAsText(makeOptionsProvider(Settings)->getOptions(File));
}

std::vector<std::string> enabledChecks(const LintSettings &Settings,
                                       const std::string &File) {
  ClangTidyOptions Options = makeOptionsProvider(Settings)->getOptions(File);
  return getCheckNames(Options, /*AllowEnablingAnalyzerAlphaCheckers=*/false);
}

std::string unknownCheckIn(StringRef Globs, bool OnlyCudalint) {
  std::vector<std::string> Known = allChecks();
  llvm::SmallVector<StringRef, 8> Items;
  Globs.split(Items, ',', -1, false);
  for (StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty() || Item.starts_with("-") ||
        (OnlyCudalint && !Item.starts_with("cudalint")))
      continue;
    llvm::Expected<llvm::GlobPattern> Pattern = llvm::GlobPattern::create(Item);
    if (!Pattern) {
      llvm::consumeError(Pattern.takeError());
      return "invalid check glob '" + Item.str() + "'";
    }
    bool Matches = Item.starts_with("clang-diagnostic-");
    for (const std::string &Name : Known)
      Matches |= Pattern->match(Name);
    if (!Matches)
      return "unknown check '" + Item.str() +
             "'; --list-checks --checks='*' shows the available checks";
  }
  return "";
}

std::vector<std::string> allChecks() {
  static const std::vector<std::string> Names = [] {
    ClangTidyOptions Options;
    Options.Checks = "*";
    std::vector<std::string> Names;
    for (const std::string &Name : getCheckNames(Options, false))
      if (!StringRef(Name).starts_with("clang-analyzer-"))
        Names.push_back(Name);
    return Names;
  }();
  return Names;
}

} // namespace cudalint
