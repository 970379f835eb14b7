//===--- CompileCommands.cpp ----------------------------------------------===//

#include "worker/CompileCommands.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"

#include <cstdlib>

using llvm::StringRef;

namespace cudalint {

static bool isCudaInstall(StringRef Dir) {
  llvm::SmallString<256> Header(Dir);
  llvm::sys::path::append(Header, "include", "cuda_runtime.h");
  return llvm::sys::fs::exists(Header);
}

std::optional<std::string> findCudaInstall(StringRef Explicit,
                                           std::string &Why) {
  if (!Explicit.empty()) {
    if (isCudaInstall(Explicit))
      return Explicit.str();
    Why = "--cuda-path=" + Explicit.str() +
          " does not contain include/cuda_runtime.h";
    return std::nullopt;
  }
  std::vector<std::string> Tried;
  for (const char *Var : {"CUDA_PATH", "CUDA_HOME"}) {
    if (const char *Value = std::getenv(Var); Value && *Value) {
      if (isCudaInstall(Value))
        return std::string(Value);
      Tried.push_back(std::string(Var) + "=" + Value);
    }
  }
  if (auto Nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(*Nvcc, Real))
      Real = *Nvcc;
    StringRef Root =
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(Real));
    if (isCudaInstall(Root))
      return Root.str();
    Tried.push_back("nvcc at " + *Nvcc);
  }
  if (isCudaInstall("/usr/local/cuda"))
    return std::string("/usr/local/cuda");
  Tried.push_back("/usr/local/cuda");
  Why = "no CUDA installation found (tried ";
  for (size_t I = 0; I < Tried.size(); ++I)
    Why += (I ? ", " : "") + Tried[I];
  Why += "); pass --cuda-path=<dir> or set CUDA_PATH";
  return std::nullopt;
}

std::string cudaVersionOf(StringRef CudaPath) {
  llvm::SmallString<256> Header(CudaPath);
  llvm::sys::path::append(Header, "include", "cuda.h");
  auto Buffer = llvm::MemoryBuffer::getFile(Header);
  if (!Buffer)
    return "";
  StringRef Text = (*Buffer)->getBuffer();
  size_t At = Text.find("#define CUDA_VERSION ");
  if (At == StringRef::npos)
    return "";
  unsigned Number = 0;
  if (Text.substr(At + 21)
          .trim()
          .take_while(llvm::isDigit)
          .getAsInteger(10, Number))
    return "";
  return std::to_string(Number / 1000) + "." +
         std::to_string((Number % 1000) / 10);
}

std::string sdkVersionOverrideFor(StringRef CudaVersion) {
  // clang 19 knows toolkits up to 12.5; past that it cannot tell which
  // launch API the headers declare. 12.5's answer is right for every newer
  // toolkit (__cudaPushCallConfiguration).
  unsigned Major = 0, Minor = 0;
  auto [MajorText, MinorText] = CudaVersion.split('.');
  if (MajorText.getAsInteger(10, Major) || MinorText.getAsInteger(10, Minor))
    return "12.5";
  if (Major > 12 || (Major == 12 && Minor > 5))
    return "12.5";
  return "";
}

std::string findResourceDir() {
  if (llvm::sys::fs::is_directory(CUDALINT_CLANG_RESOURCE_DIR))
    return CUDALINT_CLANG_RESOURCE_DIR;
  return "";
}

std::string findShimDir(const char *Argv0) {
  std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&findShimDir));
  llvm::SmallString<256> Dir(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Dir, "share", "cudalint", "include");
  return std::string(Dir);
}

bool isHermetic(llvm::ArrayRef<std::string> ExtraArgs) {
  return llvm::is_contained(ExtraArgs, "-nocudainc");
}

namespace {

// nvcc flags that take a value and mean nothing to a parse.
const llvm::StringSet<> &nvccDroppedWithValue() {
  static const llvm::StringSet<> Set = {"ccbin",
                                        "compiler-bindir",
                                        "Xptxas",
                                        "ptxas-options",
                                        "Xnvlink",
                                        "nvlink-options",
                                        "Xlinker",
                                        "linker-options",
                                        "Xarchive",
                                        "archive-options",
                                        "Xfatbin",
                                        "fatbin-options",
                                        "Xcudafe",
                                        "threads",
                                        "t",
                                        "split-compile",
                                        "maxrregcount",
                                        "default-stream",
                                        "cudart",
                                        "cudadevrt",
                                        "output-directory",
                                        "odir",
                                        "keep-dir",
                                        "diag-suppress",
                                        "diag-error",
                                        "diag-warn",
                                        "Werror",
                                        "o",
                                        "output-file",
                                        "MF",
                                        "MT",
                                        "MQ",
                                        "dependency-output",
                                        "library",
                                        "l",
                                        "library-path",
                                        "L",
                                        "run-args",
                                        "target-directory",
                                        "machine",
                                        "ftz",
                                        "prec-div",
                                        "prec-sqrt",
                                        "fmad",
                                        "dlink-time-opt",
                                        "dlto",
                                        "static-global-template-stub",
                                        "dopt",
                                        "split-compile-extended",
                                        "extra-device-vectorization",
                                        "entries",
                                        "e",
                                        "dryrun-ptx",
                                        "input-drive-prefix",
                                        "dependency-drive-prefix",
                                        "drive-prefix",
                                        "Xcicc",
                                        "time",
                                        "fdevice-time-trace",
                                        "fdevice-syntax-only-time",
                                        "jump-table-density",
                                        "nvlink-options",
                                        "generate-dependency-targets",
                                        "profile-path",
                                        "ptxas-path"};
  return Set;
}

// nvcc flags without a value that mean nothing to a parse (or whose
// meaning clang has by default, like relaxed constexpr and extended lambdas).
const llvm::StringSet<> &nvccDroppedFlags() {
  static const llvm::StringSet<> Set = {
      "expt-relaxed-constexpr",
      "expt-extended-lambda",
      "extended-lambda",
      "forward-unknown-to-host-compiler",
      "forward-unknown-opts",
      "forward-unknown-to-host-linker",
      "keep",
      "resource-usage",
      "res-usage",
      "allow-unsupported-compiler",
      "source-in-ptx",
      "restrict",
      "display-error-number",
      "no-display-error-number",
      "lineinfo",
      "generate-line-info",
      "G",
      "device-debug",
      "Wno-deprecated-gpu-targets",
      "Wext-lambda-captures-this",
      "Wreorder",
      "Wdefault-stream-launch",
      "Wmissing-launch-bounds",
      "Wno-deprecated-declarations-gpu",
      "c",
      "compile",
      "cuda",
      "ptx",
      "cubin",
      "fatbin",
      "lib",
      "link",
      "shared",
      "M",
      "MD",
      "MMD",
      "MM",
      "generate-dependencies",
      "generate-nonsystem-dependencies",
      "generate-dependencies-with-compile",
      "generate-nonsystem-dependencies-with-compile",
      "dlink",
      "device-link",
      "optix-ir",
      "lto",
      "no-host-device-initializer-list",
      "no-host-device-move-forward",
      "no-exceptions",
      "noeh",
      "expt-relaxed-constexpr",
      "qpp-config",
      "list-gpu-arch",
      "list-gpu-code",
      "v",
      "verbose",
      "dryrun",
      "keep-device-functions",
      "host-relocatable-link",
      "no-compress",
      "compress-all",
      "device-stack-protector",
      "fdevice-sanitize",
      "use-local-env",
      "objdir-as-tempdir",
      "nohdinitlist",
      "display_error_number",
      "Wno-deprecated-declarations-host",
      "ewp",
      "extensible-whole-program",
      "relocatable-ptx",
      "save-temps",
      "clean-targets",
      "no-align-double",
      "no-device-link",
      "emit-llvm"};
  return Set;
}

// Splits `--name=value` / `-name=value` / `-name` into (name, value).
std::pair<StringRef, std::optional<StringRef>> splitFlag(StringRef Arg) {
  StringRef Name = Arg.ltrim('-');
  size_t Eq = Name.find('=');
  if (Eq == StringRef::npos)
    return {Name, std::nullopt};
  return {Name.take_front(Eq), Name.drop_front(Eq + 1)};
}

void addArchsFrom(StringRef Spec, std::vector<std::string> &Archs) {
  // "arch=compute_80,code=sm_80", "sm_90", "compute_90a", "[sm_80,sm_86]".
  llvm::SmallVector<StringRef, 4> Parts;
  Spec.split(Parts, ',');
  for (StringRef Part : Parts) {
    Part = Part.trim().trim("[]\"'");
    if (Part.contains('='))
      Part = Part.split('=').second.trim("[]\"'");
    if (Part.consume_front("sm_") || Part.consume_front("compute_") ||
        Part.consume_front("lto_"))
      Archs.push_back(("sm_" + Part).str());
    else if (Part == "native" || Part == "all" || Part == "all-major")
      Archs.push_back(Part.str());
  }
}

bool isSourceFile(StringRef Arg) {
  StringRef Ext = llvm::sys::path::extension(Arg);
  return Ext == ".cu" || Ext == ".cuh" || Ext == ".cpp" || Ext == ".cc" ||
         Ext == ".cxx" || Ext == ".c" || Ext == ".C" || Ext == ".o" ||
         Ext == ".obj" || Ext == ".a" || Ext == ".so" || Ext == ".ptx" ||
         Ext == ".cubin" || Ext == ".fatbin";
}

// Expands @file and --options-file arguments in place.
std::vector<std::string> expandResponseFiles(llvm::ArrayRef<std::string> In,
                                             int Depth = 0) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < In.size(); ++I) {
    StringRef Arg = In[I];
    std::string Path;
    if (Arg.starts_with("@") && Arg.size() > 1) {
      Path = Arg.drop_front().str();
    } else if ((Arg == "--options-file" || Arg == "-optf") &&
               I + 1 < In.size()) {
      Path = In[++I];
    } else if (Arg.starts_with("--options-file=") ||
               Arg.starts_with("-optf=")) {
      Path = Arg.split('=').second.str();
    } else {
      Out.push_back(In[I]);
      continue;
    }
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    if (!Buffer || Depth > 8) // Unreadable: keep going without it.
      continue;
    llvm::BumpPtrAllocator Alloc;
    llvm::StringSaver Saver(Alloc);
    llvm::SmallVector<const char *, 32> Tokens;
    llvm::cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Tokens);
    std::vector<std::string> Inner(Tokens.begin(), Tokens.end());
    for (std::string &S : expandResponseFiles(Inner, Depth + 1))
      Out.push_back(std::move(S));
  }
  return Out;
}

// Keeps only what clang's driver understands; unknown flags would make it
// fail the whole parse.
std::vector<std::string> keepClangFlags(const std::vector<std::string> &In,
                                        std::vector<std::string> &Dropped) {
  const llvm::opt::OptTable &Table = clang::driver::getDriverOptTable();
  std::vector<const char *> Argv;
  for (const std::string &S : In)
    Argv.push_back(S.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed = Table.ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::driver::options::ClangOption));
  std::vector<std::string> Out;
  for (const llvm::opt::Arg *A : Parsed) {
    const llvm::opt::Option &Opt = A->getOption();
    if (Opt.getKind() == llvm::opt::Option::UnknownClass ||
        Opt.getKind() == llvm::opt::Option::InputClass) {
      Dropped.push_back(A->getAsString(Parsed));
      continue;
    }
    std::string Text = A->getAsString(Parsed);
    StringRef Name = Text;
    // Host machine tuning and warnings-as-errors change nothing we read and
    // can fail a device-side parse.
    if ((Name.starts_with("-m") && Name != "-m64" && Name != "-m32") ||
        Name.starts_with("-Werror") || Name == "-pedantic-errors" ||
        Name.starts_with("--cuda-gpu-arch") ||
        Name.starts_with("--offload-arch") || Name == "--cuda-host-only" ||
        Name == "--cuda-device-only" || Name == "--cuda-compile-host-device" ||
        Name.starts_with("-fprofile") || Name.starts_with("-fsanitize") ||
        Name == "-flto" || Name.starts_with("-flto=")) {
      Dropped.push_back(A->getAsString(Parsed));
      continue;
    }
    llvm::opt::ArgStringList Rendered;
    A->render(Parsed, Rendered);
    for (const char *S : Rendered)
      Out.push_back(S);
  }
  if (MissingCount)
    Dropped.push_back(In[MissingIndex]);
  return Out;
}

// `-x cu` spelled in clang terms, and no output or driver-mode flags that
// would fight the parse cudalint sets up. Output flags go to \p Dropped.
std::vector<std::string> withoutOutputFlags(llvm::ArrayRef<std::string> Clang,
                                            std::vector<std::string> &Dropped) {
  std::vector<std::string> Cleaned;
  for (size_t I = 0; I < Clang.size(); ++I) {
    StringRef A = Clang[I];
    if ((A == "-o" || A == "-x" || A == "-MF" || A == "-MT" || A == "-MQ" ||
         A == "-arch") &&
        I + 1 < Clang.size()) {
      if (A != "-x")
        Dropped.push_back(A.str() + " " + Clang[I + 1]);
      ++I;
      continue;
    }
    if (A == "-c" || A == "-S" || A == "-E" || A == "-fsyntax-only" ||
        A.starts_with("-o") || A == "-MD" || A == "-MMD" || A == "-M" ||
        A == "-MM" || A == "-MP") {
      continue;
    }
    Cleaned.push_back(A.str());
  }
  return Cleaned;
}

std::vector<std::string> withoutDuplicates(std::vector<std::string> Items) {
  std::vector<std::string> Unique;
  for (std::string &Item : Items)
    if (!llvm::is_contained(Unique, Item))
      Unique.push_back(std::move(Item));
  return Unique;
}

// Reads a compile command's arguments once, in order, into clang flags:
// nvcc's own flags mapped or dropped, gcc-style ones kept with their
// separate values.
class CommandTranslator {
public:
  CommandTranslator(std::vector<std::string> Args, bool IsNvcc)
      : Pending(std::move(Args)), IsNvcc(IsNvcc) {}

  TranslatedCommand run() {
    for (I = 0; I < Pending.size(); ++I) {
      StringRef Arg = Pending[I];
      if (Arg == "--")
        break; // Only input files follow.
      if (!Arg.starts_with("-")) {
        if (!isSourceFile(Arg))
          Result.Dropped.push_back(Arg.str());
        continue;
      }
      auto [Name, Value] = splitFlag(Arg);
      if (IsNvcc && translateNvccFlag(Arg, Name, Value))
        continue;
      translateCommonFlag(Arg, Name, Value);
    }
    Result.Args = keepClangFlags(withoutOutputFlags(Clang, Result.Dropped),
                                 Result.Dropped);
    Result.GpuArchs = withoutDuplicates(std::move(Result.GpuArchs));
    return std::move(Result);
  }

private:
  // The next argument, taken as the current flag's value.
  std::optional<std::string> nextValue() {
    if (I + 1 < Pending.size())
      return Pending[++I];
    return std::nullopt;
  }

  // The flag's value: after `=`, else the next argument.
  std::optional<std::string> valueOf(std::optional<StringRef> Inline) {
    return Inline ? std::optional<std::string>(Inline->str()) : nextValue();
  }

  // An nvcc flag in clang terms; false when \p Name is not nvcc's own.
  bool translateNvccFlag(StringRef Arg, StringRef Name,
                         std::optional<StringRef> Value) {
    if (Name == "arch" || Name == "gpu-architecture" || Name == "gencode" ||
        Name == "generate-code" || Name == "code" || Name == "gpu-code") {
      if (std::optional<std::string> V = valueOf(Value))
        addArchsFrom(*V, Result.GpuArchs);
      return true;
    }
    if (Name == "Xcompiler" || Name == "compiler-options") {
      if (std::optional<std::string> V = valueOf(Value))
        spliceHostFlags(*V);
      return true;
    }
    if (nvccDroppedWithValue().contains(Name)) {
      if (!Value)
        nextValue();
      Result.Dropped.push_back(Arg.str());
      return true;
    }
    if (nvccDroppedFlags().contains(Name) && !Value) {
      Result.Dropped.push_back(Arg.str());
      return true;
    }
    return translateNvccOption(Name, Value) ||
           translateNvccLongForm(Name, Value);
  }

  // Host flags go through the same rules as the rest, right after this one.
  void spliceHostFlags(StringRef CommaSeparated) {
    llvm::SmallVector<StringRef, 4> HostArgs;
    CommaSeparated.split(HostArgs, ',', -1, false);
    Pending.insert(Pending.begin() + I + 1, HostArgs.begin(), HostArgs.end());
  }

  // nvcc's options that clang spells its own way.
  bool translateNvccOption(StringRef Name, std::optional<StringRef> Value) {
    if (Name == "rdc" || Name == "relocatable-device-code") {
      std::optional<std::string> V = valueOf(Value);
      if (V && StringRef(*V).equals_insensitive("true"))
        Clang.push_back("-fgpu-rdc");
      return true;
    }
    StringRef Renamed =
        llvm::StringSwitch<StringRef>(Name)
            .Cases("dc", "device-c", "-fgpu-rdc")
            .Cases("use_fast_math", "use-fast-math", "-ffast-math")
            .Cases("disable-warnings", "w", "-w")
            .Default("");
    if (!Renamed.empty()) {
      Clang.push_back(Renamed.str());
      return true;
    }
    if (Name == "x" || Name == "language") {
      std::optional<std::string> V = valueOf(Value);
      if (V && *V != "cu")
        Clang.push_back("-x"), Clang.push_back(*V);
      return true;
    }
    if (Name == "std" && !Value) {
      if (auto V = nextValue())
        Clang.push_back("-std=" + *V);
      return true;
    }
    return false;
  }

  // nvcc's long spellings of gcc's flags (--include-path=dir: -Idir).
  bool translateNvccLongForm(StringRef Name, std::optional<StringRef> Value) {
    static const std::pair<StringRef, StringRef> LongForms[] = {
        {"include-path", "-I"},
        {"system-include", "-isystem"},
        {"define-macro", "-D"},
        {"undefine-macro", "-U"},
        {"pre-include", "-include"},
        {"optimize", "-O"},
        {"debug", "-g"}};
    const auto *Form = llvm::find_if(
        LongForms, [&](const auto &Entry) { return Entry.first == Name; });
    if (Form == std::end(LongForms))
      return false;
    StringRef Short = Form->second;
    if (Short == "-g") { // Its value, if any, is part of the flag.
      Clang.push_back("-g");
      return true;
    }
    std::optional<std::string> V = valueOf(Value);
    if (!V)
      return true;
    if (Short == "-O" || Short == "-I" || Short == "-D" || Short == "-U") {
      Clang.push_back(Short.str() + *V);
    } else {
      Clang.push_back(Short.str());
      Clang.push_back(*V);
    }
    return true;
  }

  // A flag clang shares with gcc and nvcc, kept with its separate value.
  void translateCommonFlag(StringRef Arg, StringRef Name,
                           std::optional<StringRef> Value) {
    if (Name == "cuda-gpu-arch" || Name == "offload-arch") {
      if (Value)
        addArchsFrom(*Value, Result.GpuArchs);
      return;
    }
    static const llvm::StringSet<> WithValue = {
        "-I",      "-isystem", "-idirafter", "-iquote",      "-include",
        "-D",      "-U",       "-x",         "-o",           "-MF",
        "-MT",     "-MQ",      "-imacros",   "-include-pch", "-Xclang",
        "-target", "--target", "-isysroot",  "--sysroot",    "-L",
        "-l",      "-arch",    "-Xlinker",   "-Xassembler",  "-Xpreprocessor"};
    Clang.push_back(Arg.str());
    if (WithValue.contains(Arg) && I + 1 < Pending.size())
      Clang.push_back(Pending[++I]);
  }

  std::vector<std::string> Pending; ///< The arguments, host flags spliced in.
  size_t I = 0;                     ///< The one being read.
  bool IsNvcc;
  std::vector<std::string> Clang; ///< Translated, before the final filter.
  TranslatedCommand Result;
};

} // namespace

TranslatedCommand
translateCompileCommand(llvm::ArrayRef<std::string> CommandLine) {
  if (CommandLine.empty())
    return TranslatedCommand();
  bool IsNvcc = llvm::sys::path::filename(CommandLine.front()).contains("nvcc");
  return CommandTranslator(expandResponseFiles(CommandLine.drop_front()),
                           IsNvcc)
      .run();
}

std::optional<GpuTargets> buildTargets(llvm::ArrayRef<std::string> BuildArchs,
                                       StringRef Override) {
  if (!Override.empty())
    return GpuTargets::parse(Override, TargetSource::Build);
  return GpuTargets::parse(llvm::join(BuildArchs, ","), TargetSource::Build);
}

std::string chooseGpuArch(llvm::ArrayRef<std::string> BuildArchs,
                          StringRef Override) {
  // The newest architecture the build targets: code under
  // `__CUDA_ARCH__ >= N` guards is what runs on current GPUs.
  std::string Best;
  if (std::optional<GpuTargets> Targets = buildTargets(BuildArchs, Override))
    for (const GpuTarget &T : Targets->all())
      if (std::string Arch = parseableArchitecture(T); !Arch.empty())
        Best = Arch;
  return Best.empty() ? "sm_80" : Best;
}

std::string targetsDefinition(llvm::ArrayRef<std::string> BuildArchs,
                              StringRef Override) {
  std::string Names = "unstated";
  if (std::optional<GpuTargets> Targets = buildTargets(BuildArchs, Override)) {
    std::vector<std::string> Each;
    for (const GpuTarget &T : Targets->all())
      Each.push_back(T.name());
    Names = llvm::join(Each, ",");
  }
  return "-D" + std::string(TargetsMacro) + "=" + Names;
}

std::vector<std::string>
buildParseCommand(const Toolchain &TC, const TranslatedCommand &Build,
                  StringRef GpuArchOverride,
                  llvm::ArrayRef<std::string> ExtraArgs, StringRef File) {
  std::vector<std::string> Cmd = {"clang++"};
  if (!TC.ResourceDir.empty())
    Cmd.push_back("-resource-dir=" + TC.ResourceDir);
  Cmd.push_back("-x");
  Cmd.push_back("cuda");
  Cmd.push_back("--cuda-device-only");
  Cmd.push_back("--cuda-gpu-arch=" +
                chooseGpuArch(Build.GpuArchs, GpuArchOverride));
  Cmd.push_back(targetsDefinition(Build.GpuArchs, GpuArchOverride));
  Cmd.push_back("-nocudalib");
  Cmd.push_back("-Wno-unknown-cuda-version");
  Cmd.push_back("-Wno-unused-command-line-argument");
  // Diagnostics reach the user through cudalint's report, not the front
  // end's own printer.
  Cmd.push_back("-fno-caret-diagnostics");
  if (!isHermetic(ExtraArgs) && !TC.CudaPath.empty()) {
    Cmd.push_back("--cuda-path=" + TC.CudaPath);
    llvm::SmallString<256> Cccl(TC.CudaPath);
    llvm::sys::path::append(Cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(Cccl)) {
      Cmd.push_back("-isystem");
      Cmd.push_back(std::string(Cccl));
    }
    if (!TC.ShimDir.empty()) {
      Cmd.push_back("-idirafter");
      Cmd.push_back(TC.ShimDir);
      // What nvcc accepts and clang does not (host min/max, cache-hint
      // intrinsics on every type, surface functions, C headers nvcc
      // pre-includes): declarations for the parse, never compiled.
      llvm::SmallString<256> Compat(TC.ShimDir);
      llvm::sys::path::append(Compat, "cudalint_nvcc_compat.h");
      if (llvm::sys::fs::exists(Compat)) {
        Cmd.push_back("-include");
        Cmd.push_back(std::string(Compat));
      }
    }
    // Errors to nvcc's host compiler are only warnings; nobody fixes them
    // to please a linter.
    for (const char *Flag : {"-Wno-c++11-narrowing", "-Wno-register",
                             "-Wno-reserved-user-defined-literal"})
      Cmd.push_back(Flag);
    if (!TC.SdkVersionOverride.empty()) {
      Cmd.push_back("-Xclang");
      Cmd.push_back("-target-sdk-version=" + TC.SdkVersionOverride);
    }
  }
  Cmd.insert(Cmd.end(), Build.Args.begin(), Build.Args.end());
  Cmd.insert(Cmd.end(), ExtraArgs.begin(), ExtraArgs.end());
  // Every error, not clang's first 20: past the limit errors are silent,
  // and a kernel with a silent error would be taken for a clean one. The
  // text report shows a bounded number per file.
  Cmd.push_back("-ferror-limit=0");
  Cmd.push_back(File.str());
  return Cmd;
}

} // namespace cudalint
