//===--- GpuTargets.cpp - the GPUs a build targets and what they have -----===//

#include "GpuTargets.h"

#include "clang/Basic/Cuda.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using llvm::StringRef;

namespace cudalint {

namespace {

// Resident warps and shared memory: the CUDA Programming Guide,
// "Compute Capabilities", Tables 28-33 (CUDA 13.0) for 7.5 and later,
// https://docs.nvidia.com/cuda/cuda-programming-guide/05-appendices/compute-capabilities.html
// and the CUDA 12.6 guide's "Technical Specifications per Compute
// Capability" for 6.x and 7.0-7.2 (no longer in the 13.0 guide).
// L2: the largest GPU of each capability, from NVIDIA's whitepapers
// (0 where not confirmed); GPUs of one capability differ (the MX330, sm_61,
// has 512 KB). What nvcc 13.0 builds for: its `--list-gpu-arch` and the
// CUDA 13.0 release notes (sm_50 to sm_72 removed; sm_75 is the default).
constexpr GpuArchitecture Architectures[] = {
    {60, "Pascal", 64, 64, 48, 4096, "Tesla P100", false},
    {61, "Pascal", 64, 96, 48, 3072, "TITAN Xp", false},
    {62, "Pascal", 64, 64, 48, 512, "Jetson TX2", false},
    {70, "Volta", 64, 96, 96, 6144, "Tesla V100", false},
    {72, "Volta", 64, 96, 96, 512, "Jetson AGX Xavier", false},
    {75, "Turing", 32, 64, 64, 6144, "TITAN RTX", true},
    {80, "Ampere", 64, 164, 163, 40960, "A100", true},
    {86, "Ampere", 48, 100, 99, 6144, "RTX 3090", true},
    {87, "Ampere", 48, 164, 163, 4096, "Jetson AGX Orin", true},
    {88, "Ampere", 48, 100, 99, 0, "", true},
    {89, "Ada", 48, 100, 99, 73728, "RTX 4090", true},
    {90, "Hopper", 64, 228, 227, 51200, "H100 SXM5", true},
    {100, "Blackwell", 64, 228, 227, 0, "B200", true},
    {103, "Blackwell", 64, 228, 227, 0, "B300", true},
    {110, "Blackwell", 48, 228, 227, 0, "Jetson Thor", true},
    {120, "Blackwell", 48, 100, 99, 98304, "RTX 5090", true},
    {121, "Blackwell", 48, 100, 99, 0, "DGX Spark", true},
};

// The oldest capability with each feature: the Programming Guide's
// "Atomic Functions" (double atomicAdd 6.x, __half 7.x, __nv_bfloat16 8.x,
// float2/float4 9.x), "Warp Reduce Functions" (8.x), "Asynchronous Data
// Copies" (hardware cp.async 8.0), "Independent Thread Scheduling" (7.0),
// "Tensor Memory Accelerator" (9.0 and later, not only sm_90a); the PTX ISA's
// `mma` and `wgmma` target tables (TF32/BF16 from sm_80, e4m3/e5m2 from sm_89,
// wgmma on sm_90a only); FP64 tensor cores at full rate only in the data-centre
// parts (the A100, H100 and B200 whitepapers).
unsigned firstCapability(GpuFeature F) {
  switch (F) {
  case GpuFeature::DoubleAtomicAdd:
    return 60;
  case GpuFeature::TensorCores:
  case GpuFeature::HalfAtomicAdd:
  case GpuFeature::ThreadScheduling:
    return 70;
  case GpuFeature::Tf32TensorCores:
  case GpuFeature::Bf16TensorCores:
  case GpuFeature::Fp64TensorCores:
  case GpuFeature::Bf16AtomicAdd:
  case GpuFeature::WarpReduceSync:
  case GpuFeature::CpAsync:
    return 80;
  case GpuFeature::Fp8TensorCores:
    return 89;
  case GpuFeature::Float4AtomicAdd:
  case GpuFeature::Tma:
  case GpuFeature::Wgmma:
    return 90;
  }
  return 0;
}

// `sm_90a`, `compute_80`, `lto_86`, `86`, `100f`: the target named.
std::optional<GpuTarget> targetNamed(StringRef Name) {
  Name = Name.trim().trim("[]\"'");
  if (!Name.consume_front("sm_") && !Name.consume_front("compute_"))
    Name.consume_front("lto_");
  GpuTarget T;
  StringRef Digits = Name.take_while(llvm::isDigit);
  StringRef Suffix = Name.drop_front(Digits.size());
  if (Digits.empty() || Digits.getAsInteger(10, T.Capability) ||
      !(Suffix.empty() || Suffix == "a" || Suffix == "f"))
    return std::nullopt;
  T.ArchSpecific = !Suffix.empty();
  return T;
}

// What `all` and `all-major` stand for in nvcc 13.0: every architecture it
// builds for, or the major ones (sm_X0) and the earliest (nvcc --help).
std::vector<GpuTarget> everyBuilt(bool MajorOnly) {
  std::vector<GpuTarget> Out;
  for (const GpuArchitecture &A : Architectures)
    if (A.BuiltByCuda13 &&
        (!MajorOnly || A.Capability % 10 == 0 || Out.empty()))
      Out.push_back({A.Capability, false});
  return Out;
}

// The value of `-D__CUDALINT_TARGETS__=...` in the parse command, if any.
std::optional<std::string> targetsMacro(const clang::Preprocessor &PP) {
  std::optional<std::string> Value;
  std::string Prefix = std::string(TargetsMacro) + "=";
  for (const auto &[Definition, IsUndef] : PP.getPreprocessorOpts().Macros)
    if (!IsUndef && StringRef(Definition).starts_with(Prefix))
      Value = Definition.substr(Prefix.size());
  return Value;
}

// The device architecture the front end parses for: the target's own
// on a device-side parse, the auxiliary one on a host-side parse.
std::string parsedArchitecture(const clang::Preprocessor &PP) {
  const clang::TargetInfo *Device = &PP.getTargetInfo();
  if (!Device->getTriple().isNVPTX())
    Device = PP.getAuxTargetInfo();
  if (!Device || !Device->getTriple().isNVPTX())
    return "";
  return Device->getTargetOpts().CPU;
}

} // namespace

std::string GpuTarget::name() const {
  return "sm_" + std::to_string(Capability) + (ArchSpecific ? "a" : "");
}

const GpuArchitecture *GpuTarget::architecture() const {
  for (const GpuArchitecture &A : Architectures)
    if (A.Capability == Capability)
      return &A;
  return nullptr;
}

bool GpuTarget::has(GpuFeature F) const {
  if (F == GpuFeature::Wgmma)
    return Capability == 90 && ArchSpecific;
  if (F == GpuFeature::Fp64TensorCores)
    return Capability == 80 || Capability == 90 || Capability == 100;
  return Capability >= firstCapability(F);
}

GpuTargets GpuTargets::defaults() {
  GpuTargets T;
  T.Targets = everyBuilt(/*MajorOnly=*/false);
  T.Source = TargetSource::Default;
  return T;
}

std::optional<GpuTargets> GpuTargets::parse(StringRef List, TargetSource Source,
                                            std::string *Error) {
  GpuTargets T;
  T.Source = Source;
  llvm::SmallVector<StringRef, 8> Names;
  List.split(Names, ',', -1, false);
  for (StringRef Item : Names) {
    llvm::SmallVector<StringRef, 4> Words;
    llvm::SplitString(Item, Words);
    for (StringRef Name : Words) {
      if (Name == "all" || Name == "all-major") {
        llvm::append_range(T.Targets, everyBuilt(Name == "all-major"));
      } else if (std::optional<GpuTarget> One = targetNamed(Name)) {
        T.Targets.push_back(*One);
      } else if (Name != "native" && Name != "unstated") {
        if (Error)
          *Error = "unknown GPU architecture '" + Name.str() + "'";
        return std::nullopt;
      }
    }
  }
  llvm::sort(T.Targets, [](const GpuTarget &A, const GpuTarget &B) {
    return std::pair(A.Capability, A.ArchSpecific) <
           std::pair(B.Capability, B.ArchSpecific);
  });
  T.Targets.erase(std::unique(T.Targets.begin(), T.Targets.end()),
                  T.Targets.end());
  if (T.Targets.empty())
    return std::nullopt;
  return T;
}

GpuTargets GpuTargets::of(const clang::Preprocessor &PP, StringRef Option) {
  std::optional<std::string> FromBuild = targetsMacro(PP);
  if (FromBuild)
    if (auto T = parse(*FromBuild, TargetSource::Build))
      return *T;
  if (auto T = parse(Option, TargetSource::Option))
    return *T;
  // cudalint's driver says `unstated` when the build names no target; its
  // parse architecture is then its own choice, not the build's.
  if (!FromBuild)
    if (auto T = parse(parsedArchitecture(PP), TargetSource::ParseTarget))
      return *T;
  return defaults();
}

bool GpuTargets::allHave(GpuFeature F) const {
  return llvm::all_of(Targets, [&](const GpuTarget &T) { return T.has(F); });
}

std::vector<GpuTarget> GpuTargets::lacking(GpuFeature F) const {
  std::vector<GpuTarget> Out;
  for (const GpuTarget &T : Targets)
    if (!T.has(F))
      Out.push_back(T);
  return Out;
}

bool GpuTargets::includesOtherThan(unsigned Capability) const {
  return llvm::any_of(
      Targets, [&](const GpuTarget &T) { return T.Capability != Capability; });
}

std::vector<GpuTarget>
GpuTargets::among(llvm::ArrayRef<unsigned> Capabilities) const {
  std::vector<GpuTarget> Out;
  for (const GpuTarget &T : Targets)
    if (llvm::is_contained(Capabilities, T.Capability))
      Out.push_back(T);
  return Out;
}

std::string targetNames(llvm::ArrayRef<GpuTarget> Targets) {
  std::string Text;
  for (size_t I = 0; I < Targets.size(); ++I) {
    if (I)
      Text += I + 1 == Targets.size() ? " and " : ", ";
    Text += Targets[I].name();
  }
  return Text;
}

std::string firstTargetWith(GpuFeature F) {
  if (F == GpuFeature::Wgmma)
    return "sm_90a";
  return "sm_" + std::to_string(firstCapability(F));
}

const char *featureName(GpuFeature F) {
  switch (F) {
  case GpuFeature::TensorCores:
    return "tensor cores";
  case GpuFeature::Tf32TensorCores:
    return "TF32 tensor cores";
  case GpuFeature::Bf16TensorCores:
    return "BF16 tensor cores";
  case GpuFeature::Fp8TensorCores:
    return "FP8 tensor cores";
  case GpuFeature::Fp64TensorCores:
    return "FP64 tensor cores";
  case GpuFeature::DoubleAtomicAdd:
    return "a native double atomicAdd";
  case GpuFeature::HalfAtomicAdd:
    return "a __half atomicAdd";
  case GpuFeature::Bf16AtomicAdd:
    return "a __nv_bfloat16 atomicAdd";
  case GpuFeature::Float4AtomicAdd:
    return "float2/float4 atomicAdd";
  case GpuFeature::WarpReduceSync:
    return "the warp reduce intrinsics (__reduce_add_sync)";
  case GpuFeature::CpAsync:
    return "cp.async";
  case GpuFeature::ThreadScheduling:
    return "independent thread scheduling";
  case GpuFeature::Tma:
    return "the tensor memory accelerator";
  case GpuFeature::Wgmma:
    return "wgmma";
  }
  return "";
}

std::string featureMissingText(GpuFeature F, const GpuTargets &Targets) {
  std::vector<GpuTarget> Without = Targets.lacking(F);
  std::string Feature =
      std::string(featureName(F)) + " (" +
      (F == GpuFeature::Fp64TensorCores ? std::string("sm_80, sm_90 and sm_100")
                                        : firstTargetWith(F) + " and later") +
      ")";
  std::string Verb = Without.size() == 1 ? "lacks" : "lack";
  if (!Targets.stated())
    return Feature +
           " not assumed: the build states no target, and CUDA 13 "
           "also builds for " +
           targetNames(Without) + ", which " + Verb +
           " them (pass --gpu-arch, set CudaTargets, or lint with the "
           "build's compile_commands.json)";
  return Feature + " not assumed: this build targets " + targetNames(Without) +
         ", which " + Verb + " them";
}

std::string measuredElsewhereText(const GpuTargets &Targets) {
  if (!Targets.stated() || !Targets.includesOtherThan(90))
    return "";
  std::vector<GpuTarget> Others;
  for (const GpuTarget &T : Targets.all())
    if (T.Capability != 90)
      Others.push_back(T);
  bool Also = Others.size() < Targets.all().size();
  return "cudalint's figures were measured on H100 and H200 GPUs (sm_90), "
         "not on " +
         targetNames(Others) + ", which this build " + (Also ? "also " : "") +
         "targets: a remedy's gain differs between GPUs";
}

std::string parseableArchitecture(const GpuTarget &Target) {
  if (clang::StringToOffloadArch(Target.name()) != clang::OffloadArch::UNKNOWN)
    return Target.name();
  GpuTarget Plain{Target.Capability, false};
  if (clang::StringToOffloadArch(Plain.name()) != clang::OffloadArch::UNKNOWN)
    return Plain.name();
  // Newer than this clang: parse as the newest it knows.
  return Target.Capability > 90 ? "sm_90a" : "";
}

} // namespace cudalint
