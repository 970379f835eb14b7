//===--- GpuTargets.h - the GPUs a build targets and what they have -------===//
//
// What each compute capability gives a kernel (tensor-core types, native
// atomics, warp reductions, cp.async, shared memory, resident warps, L2),
// and the set of architectures a translation unit is built for. A remedy
// that needs a feature is offered only when every target has it; the rest
// say which target they are about.
//
// Where the targets come from, first that says:
//   1. `-D__CUDALINT_TARGETS__=sm_61,sm_90` in the parse command: cudalint
//      writes the build's targets there (nvcc -arch/-gencode/-code, clang
//      --cuda-gpu-arch/--offload-arch, or --gpu-arch), so that the driver,
//      the result cache, --print-commands and clang-tidy with the plugin all
//      see one list; `unstated` when the build names none;
//   2. the `CudaTargets` option (.cudalint.yaml, .clang-tidy);
//   3. without the macro (clang-tidy given a build's own command), the one
//      architecture the front end parses for;
//   4. otherwise every architecture CUDA 13 builds for (sm_75 and later).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_GPUTARGETS_H
#define CUDALINT_ANALYSIS_GPUTARGETS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
} // namespace clang

namespace cudalint {

/// What a remedy can need of the GPU.
enum class GpuFeature {
  TensorCores,      ///< Any MMA unit (FP16 inputs), 7.0 and later.
  Tf32TensorCores,  ///< TF32 inputs (cublas..._FAST_TF32), 8.0 and later.
  Bf16TensorCores,  ///< BF16 inputs, 8.0 and later.
  Fp8TensorCores,   ///< FP8 inputs, 8.9 and later.
  Fp64TensorCores,  ///< FP64 MMA at a useful rate: 8.0, 9.0, 10.0 only.
  DoubleAtomicAdd,  ///< Native `atomicAdd(double *)`, 6.0 and later.
  HalfAtomicAdd,    ///< `atomicAdd(__half *)`, 7.0 and later.
  Bf16AtomicAdd,    ///< `atomicAdd(__nv_bfloat16 *)`, 8.0 and later.
  Float4AtomicAdd,  ///< `atomicAdd(float2/float4 *)` on global, 9.0+.
  WarpReduceSync,   ///< `__reduce_add_sync` and kin, 8.0 and later.
  CpAsync,          ///< `cp.async` / `memcpy_async` in hardware, 8.0+.
  ThreadScheduling, ///< Independent thread scheduling, 7.0 and later.
  Tma,              ///< The tensor memory accelerator, 9.0 and later.
  Wgmma,            ///< Warpgroup MMA: sm_90a only.
};

/// What one compute capability has (NVIDIA's tables, cited in the .cpp).
struct GpuArchitecture {
  unsigned Capability; ///< 61 for 6.1.
  const char *Family;  ///< "Pascal".
  unsigned MaxWarpsPerSM;
  unsigned SharedKiBPerSM;
  unsigned SharedKiBPerBlock; ///< With the opt-in attribute.
  unsigned L2KiB;             ///< The largest GPU of the capability's...
  const char *L2Gpu;          ///< ...named.
  bool BuiltByCuda13;         ///< nvcc 13.0 still builds for it.
};

/// One architecture a build targets: `sm_86`, `sm_90a`, `compute_80`.
struct GpuTarget {
  unsigned Capability = 0;
  /// `sm_90a`/`sm_100f`: arch-specific features (wgmma) are there.
  bool ArchSpecific = false;

  /// "sm_90a".
  std::string name() const;
  /// The table's row; null for a capability it does not know.
  const GpuArchitecture *architecture() const;
  bool has(GpuFeature F) const;
  bool operator==(const GpuTarget &O) const {
    return Capability == O.Capability && ArchSpecific == O.ArchSpecific;
  }
};

/// Where a translation unit's targets came from.
enum class TargetSource {
  Build,       ///< The build's command (or --gpu-arch).
  Option,      ///< The CudaTargets option.
  ParseTarget, ///< The one architecture the front end parsed for.
  Default,     ///< Nothing said: every architecture CUDA 13 builds for.
};

/// The architectures one translation unit is built for.
class GpuTargets {
public:
  /// Every architecture CUDA 13 builds for: what an unstated build may
  /// run on.
  static GpuTargets defaults();
  /// Reads a list such as `sm_61,compute_70,sm_90a`, `all`, `all-major`
  /// (comma or space separated; `native` and `unstated` name nothing
  /// known here). None when the list has an unknown name (\p Error says
  /// which) or names nothing.
  static std::optional<GpuTargets> parse(llvm::StringRef List,
                                         TargetSource Source,
                                         std::string *Error = nullptr);
  /// The targets of the translation unit \p PP parses: the macro, the
  /// option \p Option, the parse's own target, the defaults (above).
  static GpuTargets of(const clang::Preprocessor &PP, llvm::StringRef Option);

  llvm::ArrayRef<GpuTarget> all() const { return Targets; }
  TargetSource source() const { return Source; }
  /// True unless the targets are the defaults.
  bool stated() const { return Source != TargetSource::Default; }
  bool allHave(GpuFeature F) const;
  /// The targets without \p F.
  std::vector<GpuTarget> lacking(GpuFeature F) const;
  /// True when some target is not of compute capability \p Capability.
  bool includesOtherThan(unsigned Capability) const;
  /// The targets whose capability is in \p Capabilities (a class of GPUs
  /// that a published figure covers).
  std::vector<GpuTarget> among(llvm::ArrayRef<unsigned> Capabilities) const;

private:
  std::vector<GpuTarget> Targets; ///< Sorted, no duplicates.
  TargetSource Source = TargetSource::Default;
};

/// "sm_61", "sm_61 and sm_75", "sm_61, sm_70 and sm_75".
std::string targetNames(llvm::ArrayRef<GpuTarget> Targets);

/// The oldest capability with \p F, as "sm_80" (for "sm_80 and later").
std::string firstTargetWith(GpuFeature F);

/// The name of \p F in a sentence: "TF32 tensor cores".
const char *featureName(GpuFeature F);

/// Why a remedy that needs \p F is not offered for \p Targets (which lack
/// it): "TF32 tensor cores (sm_80 and later) are not offered: this build
/// targets sm_61, which lacks them".
std::string featureMissingText(GpuFeature F, const GpuTargets &Targets);

/// The note a finding whose figures were measured on sm_90 GPUs gets when
/// the build targets others; empty when every target is sm_90 or the
/// targets are not stated.
std::string measuredElsewhereText(const GpuTargets &Targets);

/// The macro through which the parse command carries the targets.
inline constexpr const char *TargetsMacro = "__CUDALINT_TARGETS__";

/// The name of a capability clang can parse for: `sm_90a` for one newer
/// than clang 19 knows; "" for none.
std::string parseableArchitecture(const GpuTarget &Target);

} // namespace cudalint

#endif
