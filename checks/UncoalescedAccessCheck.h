//===--- UncoalescedAccessCheck.h - cudalint ------------------------------===//

#ifndef CUDALINT_UNCOALESCEDACCESSCHECK_H
#define CUDALINT_UNCOALESCEDACCESSCHECK_H

#include "KernelCheck.h"
#include "analysis/AccessShape.h"
#include "analysis/ExecutionWeight.h"
#include "analysis/RowWork.h"

#include <memory>
#include <set>

namespace cudalint {

struct AccessSurvey;
struct UncoalescedAccess;

/// Flags global loads and stores where a warp touches many more 32-byte
/// sectors than the data it uses needs (neighbouring lanes far apart).
///
/// For the user-facing documentation see docs/checks/uncoalesced-access.md.
/// True when \p G, whose warps each fetch \p Sectors sectors per step,
/// moves less than a launch's latency hides over \p Warps warps: the
/// sectors of every warp over the known trip counts of its loops. False
/// when a loop's trip count is not known.
bool movesLittle(const KernelModel &M, llvm::ArrayRef<const MemAccess *> G,
                 unsigned Sectors, int64_t Warps);

class UncoalescedAccessCheck : public BlockShapeCheck {
public:
  UncoalescedAccessCheck(llvm::StringRef Name,
                         clang::tidy::ClangTidyContext *Context,
                         std::shared_ptr<TranslationUnitAnalysis> Analysis);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void checkKernel(const KernelView &Kernel, FindingSink &Sink) override;
  struct RemapPlan {
    const clang::VarDecl *RowVar = nullptr, *ColVar = nullptr;
    clang::SourceLocation AnchorLoc;
    bool LaunchesRewritten = false;
    /// The kernel reads global memory or walks it in a loop, as the
    /// measured column walk does; one that only writes values made from its
    /// arguments (a setup kernel) moves too little for the figure to hold.
    bool MovesData = false;
    llvm::SmallVector<clang::FixItHint, 8> Edits;
  };
  /// Every wasteful global access of \p Kernel, under each block shape.
  AccessSurvey surveyAccesses(const KernelView &Kernel,
                              llvm::ArrayRef<BlockShape> Shapes,
                              clang::ASTContext &Ctx) const;
  /// True when \p G, written for a tensor of runtime strides, is coalesced
  /// once the stride of its wrapped innermost coordinate is one element
  /// (see innermostStrideAsElement).
  bool contiguousAsTensor(llvm::ArrayRef<const MemAccess *> G,
                          llvm::ArrayRef<WarpSampler> Samplers,
                          const clang::ASTContext &Ctx) const;
  /// Records in \p R the group \p G whose lanes store runs of \p Run bytes
  /// an element at a time, when it wastes enough.
  void recordStoreRun(UncoalescedAccess &R, const KernelModel &M,
                      llvm::ArrayRef<const MemAccess *> G, const MemAccess *Rep,
                      const std::optional<ThreadChunk> &Chunk, int64_t Run,
                      llvm::ArrayRef<WarpSampler> Samplers,
                      const ExecutionWeights &Weights) const;
  /// The sector ratio from which a group is reported: MinSectorRatio, or
  /// less for lanes a memory segment apart while the bar is not raised.
  double sparseOrPlainRatio(bool Sparse) const;
  /// What a warp of the first sample fetches for \p G, when every sample
  /// wastes at least \p MinRatio and MinSectors.
  std::optional<SectorCost> wastefulCost(llvm::ArrayRef<const MemAccess *> G,
                                         llvm::ArrayRef<WarpSampler> Samplers,
                                         double MinRatio) const;
  /// Reports each finding once; true when an uncoalesced access (not a
  /// gather) was reported.
  bool reportFindings(const AccessSurvey &Survey,
                      llvm::ArrayRef<LaunchConfig> Launches,
                      llvm::ArrayRef<BlockShape> Shapes, clang::ASTContext &Ctx,
                      FindingSink &Sink);
  /// The most warps a launch of the kernel runs, when every launch's grid
  /// and block are known.
  std::optional<int64_t> mostWarps(llvm::ArrayRef<LaunchConfig> Launches,
                                   clang::ASTContext &Ctx) const;
  /// Notes on the inlined calls and the variables that vary with the
  /// thread index.
  void noteWhereThreadsDiffer(const MemAccess &A, FindingSink &Sink);
  /// Remarks on launches whose rows of threads are narrow enough to cost
  /// (8 threads or fewer) in a kernel that streams memory, or whose rows
  /// leave sectors partly used.
  void remarkOnNarrowBlocks(const KernelModel &M,
                            llvm::ArrayRef<LaunchConfig> Launches,
                            clang::ASTContext &Ctx, FindingSink &Sink);
  /// The note on how to fix \p A.
  void addRemedy(const UncoalescedAccess &R,
                 llvm::ArrayRef<LaunchConfig> Launches,
                 llvm::ArrayRef<BlockShape> Shapes, clang::ASTContext &Ctx,
                 bool &RemapOffered, FindingSink &Sink);
  /// The note on a thread's own run (a store run, a chunk, a row), or on
  /// the index the lanes could walk instead; none where no remap exists.
  void addRunRemedy(const UncoalescedAccess &R,
                    llvm::ArrayRef<BlockShape> Shapes, clang::ASTContext &Ctx,
                    FindingSink &Sink);
  /// The note on a chunk or row walked by \p Loop, by what it computes.
  void addRowRemedy(const UncoalescedAccess &R, const clang::Stmt *Loop,
                    RowWork Work, clang::ASTContext &Ctx, FindingSink &Sink);
  /// Lane-consecutive stores, for a lane's run stored an element at a time.
  void noteLaneConsecutiveStores(const MemAccess &A, FindingSink &Sink);
  /// What a row that is a recurrence costs, where no remedy fits.
  void noteNoRemedy(const UncoalescedAccess &R, const clang::Stmt *Loop,
                    FindingSink &Sink);
  /// The note with the fix-its of \p P, on the kernel's first finding.
  void offerRemap(const RemapPlan &P, const MemAccess &A, bool &RemapOffered,
                  FindingSink &Sink);
  /// The thread-remap fix: when x and y come from two variables and
  /// swapping them makes every global access coalesced.
  std::optional<RemapPlan> planRemap(const KernelModel &M,
                                     llvm::ArrayRef<LaunchConfig> Launches,
                                     llvm::ArrayRef<BlockShape> Shapes,
                                     clang::ASTContext &Ctx) const;
  /// Every global access of \p M is coalesced with x and y swapped.
  bool coalescedAfterSwap(const KernelModel &M,
                          llvm::ArrayRef<BlockShape> Shapes) const;

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
