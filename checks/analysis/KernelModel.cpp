//===--- KernelModel.cpp - what a kernel computes, per thread -------------===//
//
// The public face of the model: the cache, the accessors and the entry point
// of the walk. The walk itself is ModelBuilder (ModelBuilder.h).
//
//===----------------------------------------------------------------------===//

#include "KernelModel.h"

#include "ModelBuilder.h"

#include "clang/AST/Attr.h"

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

KernelModel::KernelModel(const KernelView &View)
    : Kernel(View.Decl), StandIn(View.StandIn) {
  ModelBuilder(*this, View.context()).run();
}

const LocalVar *KernelModel::local(const VarDecl *V) const {
  auto It = LocalIndex.find(V);
  return It == LocalIndex.end() ? nullptr : &Locals[It->second];
}

} // namespace cudalint
