//===--- KernelModel.cpp - what a kernel computes, per thread -------------===//
//
// The public face of the model: the cache, the accessors and the entry point
// of the walk. The walk itself is ModelBuilder (ModelBuilder.h).
//
//===----------------------------------------------------------------------===//

#include "KernelModel.h"

#include "ModelBuilder.h"
#include "TemplateStandIn.h"

#include "clang/AST/Attr.h"

#include <map>
#include <memory>

using namespace clang;

namespace cudalint {

MemSpace memSpaceOf(const ValueDecl *D) {
  if (!D)
    return MemSpace::Unknown;
  if (isa<ParmVarDecl>(D) || isa<FieldDecl>(D))
    return MemSpace::Global; // What a kernel's pointer argument points to.
  if (D->hasAttr<CUDASharedAttr>())
    return MemSpace::Shared;
  if (D->hasAttr<CUDAConstantAttr>())
    return MemSpace::Constant;
  if (const auto *V = dyn_cast<VarDecl>(D)) {
    if (V->hasLocalStorage())
      return MemSpace::Local;
    if (D->hasAttr<CUDADeviceAttr>())
      return MemSpace::Global;
  }
  return MemSpace::Unknown;
}

const char model::CoalescedRankTag = 0;

bool isCoalescedRank(const SymNode &Leaf) {
  return Leaf.Kind == SymKind::Varying && Leaf.Id == &model::CoalescedRankTag;
}

void ModelBuilder::run() {
  const FunctionDecl &K = M.Kernel;
  for (const ParmVarDecl *P : K.parameters())
    VarValues[P] = paramValue(P);
  if (const Stmt *Body = K.getBody())
    stmt(Body);
}

KernelModel::KernelModel(const FunctionDecl &Kernel, ASTContext &Ctx)
    : Kernel(Kernel) {
  ModelBuilder(*this, Ctx).run();
}

const LocalVar *KernelModel::local(const VarDecl *V) const {
  auto It = LocalIndex.find(V);
  return It == LocalIndex.end() ? nullptr : &Locals[It->second];
}

namespace {
struct ModelCache {
  /// By kernel and the stand-in it was built under (0: none).
  std::map<std::pair<const FunctionDecl *, unsigned>,
           std::unique_ptr<KernelModel>>
      Models;
};
ModelCache &cache() {
  static thread_local ModelCache C;
  return C;
}
} // namespace

const KernelModel &KernelModel::get(const FunctionDecl &Kernel) {
  const TemplateStandIn *S = activeStandIn();
  std::unique_ptr<KernelModel> &Slot = cache().Models[{&Kernel, S ? S->Id : 0}];
  if (!Slot)
    Slot = std::make_unique<KernelModel>(Kernel, Kernel.getASTContext());
  return *Slot;
}

void KernelModel::resetCache() { cache().Models.clear(); }

} // namespace cudalint
