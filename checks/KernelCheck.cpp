//===--- KernelCheck.cpp - what every cudalint check shares ---------------===//

#include "KernelCheck.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

void KernelCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(analysableKernel().bind("kernel"), this);
}

void KernelCheck::check(const MatchFinder::MatchResult &Result) {
  checkKernel(Result.Nodes.getNodeAs<FunctionDecl>("kernel"), *Result.Context);
}

void KernelCheck::onStartOfTranslationUnit() { KernelModel::resetCache(); }

void KernelCheck::onEndOfTranslationUnit() {
  resetTranslationUnitState();
  Reported.clear();
  Uses.reset();
  KernelModel::resetCache();
}

const KernelUseIndex &KernelCheck::uses(ASTContext &Ctx) {
  if (!Uses)
    Uses = std::make_unique<KernelUseIndex>(Ctx);
  return *Uses;
}

std::vector<LaunchConfig> KernelCheck::launchesOf(const FunctionDecl *Kernel,
                                                  ASTContext &Ctx) {
  return launchConfigs(uses(Ctx), Kernel, Ctx);
}

BlockShapeCheck::BlockShapeCheck(StringRef Name,
                                 tidy::ClangTidyContext *Context)
    : KernelCheck(Name, Context),
      AssumedBlockDim(Options.get("AssumedBlockDim", "").str()) {}

void BlockShapeCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "AssumedBlockDim", AssumedBlockDim);
}

std::vector<BlockShape>
BlockShapeCheck::blockShapesOf(const FunctionDecl *Kernel,
                               ArrayRef<LaunchConfig> Launches) const {
  return blockShapes(Launches, assumedBlockShape(), Kernel);
}

std::vector<WarpSampler>
BlockShapeCheck::warpSamplersOf(const FunctionDecl *Kernel, ASTContext &Ctx) {
  return warpSamplers(blockShapesOf(Kernel, launchesOf(Kernel, Ctx)));
}

} // namespace cudalint
