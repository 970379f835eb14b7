//===--- AtomicHotspotCheck.h - cudalint
//---------------------------------------===//

#ifndef CUDALINT_ATOMICHOTSPOTCHECK_H
#define CUDALINT_ATOMICHOTSPOTCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Flags global atomics that many lanes aim at one address: a uniform
/// accumulator, or a small histogram indexed by data.
///
/// For the user-facing documentation see docs/checks/atomic-hotspot.md.
class AtomicHotspotCheck : public BlockShapeCheck {
public:
  using BlockShapeCheck::BlockShapeCheck;

private:
  void checkKernel(const clang::FunctionDecl *Kernel,
                   clang::ASTContext &Ctx) override;
  void resetTranslationUnitState() override { IncludesAdded.clear(); }
  /// Files whose fix-its already add the cooperative-groups includes.
  std::set<unsigned> IncludesAdded;
};

} // namespace cudalint

#endif
