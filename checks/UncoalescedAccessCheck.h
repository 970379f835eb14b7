//===--- UncoalescedAccessCheck.h - cudalint ------------------------------===//

#ifndef CUDALINT_UNCOALESCEDACCESSCHECK_H
#define CUDALINT_UNCOALESCEDACCESSCHECK_H

#include "KernelCheck.h"

#include <memory>
#include <set>

namespace cudalint {

/// Flags global loads and stores where a warp touches many more 32-byte
/// sectors than the data it uses needs (neighbouring lanes far apart).
///
/// For the user-facing documentation see docs/checks/uncoalesced-access.md.
class UncoalescedAccessCheck : public BlockShapeCheck {
public:
  UncoalescedAccessCheck(llvm::StringRef Name,
                         clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void checkKernel(const clang::FunctionDecl *Kernel,
                   clang::ASTContext &Ctx) override;
  struct RemapPlan {
    const clang::VarDecl *RowVar = nullptr, *ColVar = nullptr;
    clang::SourceLocation AnchorLoc;
    bool LaunchesRewritten = false;
    llvm::SmallVector<clang::FixItHint, 8> Edits;
  };
  void addRemedy(const KernelModel &M, const MemAccess &A,
                 llvm::ArrayRef<LaunchConfig> Launches,
                 llvm::ArrayRef<BlockShape> Shapes, clang::ASTContext &Ctx,
                 bool &RemapOffered);
  /// The thread-remap fix: when x and y come from two variables and
  /// swapping them makes every global access coalesced.
  std::optional<RemapPlan> planRemap(const KernelModel &M,
                                     llvm::ArrayRef<LaunchConfig> Launches,
                                     llvm::ArrayRef<BlockShape> Shapes,
                                     clang::ASTContext &Ctx);

  /// Warn when a warp fetches at least this many times the sectors its
  /// useful bytes need.
  double MinSectorRatio;
  /// And touches at least this many sectors.
  unsigned MinSectors;
  /// Also report data-dependent gathers and scatters.
  bool ReportGathers;
  /// Remark on 2-D launches with blockDim.x < 32 for kernels whose accesses
  /// are contiguous in x.
  bool LaunchShapeNotes;
};

} // namespace cudalint

#endif
