//===--- CudaLintModule.cpp - the `cudalint` clang-tidy module ------------===//

#include "CudaLintModule.h"
#include "AtomicHotspotCheck.h"
#include "DivergentBarrierCheck.h"
#include "DivergentBranchCheck.h"
#include "ImplicitWarpSyncCheck.h"
#include "MissingRestrictCheck.h"
#include "NaiveGemmCheck.h"
#include "SharedBankConflictCheck.h"
#include "UncoalescedAccessCheck.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace cudalint {

namespace {
// One TranslationUnitAnalysis for all the checks of the module: each
// check is handed it, so every analysis result is built once per
// translation unit, whichever check asks first.
class CudaLintModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(
      clang::tidy::ClangTidyCheckFactories &CheckFactories) override {
    auto Analysis = std::make_shared<TranslationUnitAnalysis>();
    add<AtomicHotspotCheck>(CheckFactories, "cudalint-atomic-hotspot",
                            Analysis);
    add<DivergentBarrierCheck>(CheckFactories, "cudalint-divergent-barrier",
                               Analysis);
    add<DivergentBranchCheck>(CheckFactories, "cudalint-divergent-branch",
                              Analysis);
    add<ImplicitWarpSyncCheck>(CheckFactories, "cudalint-implicit-warp-sync",
                               Analysis);
    add<MissingRestrictCheck>(CheckFactories, "cudalint-missing-restrict",
                              Analysis);
    add<NaiveGemmCheck>(CheckFactories, "cudalint-naive-gemm", Analysis);
    add<SharedBankConflictCheck>(CheckFactories,
                                 "cudalint-shared-bank-conflict", Analysis);
    add<UncoalescedAccessCheck>(CheckFactories, "cudalint-uncoalesced-access",
                                Analysis);
  }

private:
  template <typename CheckT>
  static void add(clang::tidy::ClangTidyCheckFactories &Factories,
                  llvm::StringRef Name,
                  const std::shared_ptr<TranslationUnitAnalysis> &Analysis) {
    Factories.registerCheckFactory(
        Name, [Analysis](llvm::StringRef CheckName,
                         clang::tidy::ClangTidyContext *Context) {
          return std::make_unique<CheckT>(CheckName, Context, Analysis);
        });
  }
};
} // namespace

const char *builtForClangVersion() { return CUDALINT_CLANG_VERSION; }

bool isCompatibleClangVersion(llvm::StringRef Built, llvm::StringRef Host) {
  // The plugin calls into the host's C++ ABI, which is only stable within
  // one major release.
  return Built.split('.').first == Host.split('.').first &&
         !Built.split('.').first.empty();
}

bool registerCudaLintModule(llvm::StringRef HostVersion) {
  if (!isCompatibleClangVersion(builtForClangVersion(), HostVersion)) {
    llvm::errs() << "error: cudalint: this clang-tidy module was built for "
                    "clang "
                 << builtForClangVersion() << " and cannot be loaded into "
                 << "clang " << HostVersion
                 << "; use the clang-tidy of that version or rebuild cudalint "
                    "against this one. No cudalint checks are registered.\n";
    return false;
  }
  static clang::tidy::ClangTidyModuleRegistry::Add<CudaLintModule> Module(
      "cudalint-module", "Performance checks for CUDA kernels.");
  return true;
}

// Referenced by the driver so that the linker keeps this translation unit.
volatile int CudaLintModuleAnchorSource = 0;

std::string versionNumberIn(llvm::StringRef FullVersion) {
  // "Debian clang version 19.1.7 (3~deb12u1)" -> "19.1.7"
  size_t Start = FullVersion.find_first_of("0123456789");
  if (Start == llvm::StringRef::npos)
    return "";
  llvm::StringRef Rest = FullVersion.substr(Start);
  return Rest.take_while([](char C) { return llvm::isDigit(C) || C == '.'; })
      .str();
}

namespace {
// Registers the module when the object is loaded: by the driver at start-up,
// or by clang-tidy when it dlopen()s the plugin. getClangFullVersion() is
// resolved in the host process, so it reports the host's clang.
const bool Registered =
    registerCudaLintModule(versionNumberIn(clang::getClangFullVersion()));
} // namespace

} // namespace cudalint
