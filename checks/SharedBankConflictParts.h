//===--- SharedBankConflictParts.h - cudalint -------------------*- C++ -*-===//
//
// The state the shared-bank-conflict check keeps while it judges a kernel's
// instances, and the words its findings are made of.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_CHECKS_SHAREDBANKCONFLICTPARTS_H
#define CUDALINT_CHECKS_SHAREDBANKCONFLICTPARTS_H

#include "analysis/KernelModel.h"
#include "analysis/TemplateStandIn.h"
#include "analysis/Warp.h"

#include "clang/AST/Decl.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cudalint {

struct ArrayShape {
  llvm::SmallVector<int64_t, 3> Extents;
  clang::QualType Element;
};

struct InstanceDegree {
  unsigned Degree = 0;
  std::string Shapes; ///< `64`, `16x16`, or `64 or 128`.
};

/// The worst conflict found at one access location, over the instances.
struct BankConflict {
  unsigned Degree = 0;
  /// Nonzero when the degree changes with the sampled values (a triangular
  /// guard on a loop counter): Degree is the least, this the worst.
  unsigned VaryingUpTo = 0;
  /// Judged over samples whose degree differs (varyingConflict): a tree
  /// found at the same access in another instance is reported instead.
  bool Varying = false;
  /// The block shape the worst instance was simulated with first.
  BlockShape Shape;
  const MemAccess *Access = nullptr;
  const clang::VarDecl *Array = nullptr;
  std::string TypeName;
  /// Issued as vectors of this many bytes (see VectorIssue), 0: as elements.
  unsigned IssuedBytes = 0;
  int64_t RunBytes = 0;
  /// The array is also moved the other way by rows (movedTheOtherWayByRows).
  bool TileTransposed = false;
  const KernelModel *Model = nullptr; ///< Of the instance of Access.
};

/// What padding an array with conflicts can do.
struct ArrayPadding {
  const clang::VarDecl *Array = nullptr; ///< The first instance's declaration.
  /// The model of the first instance, whose other shared arrays count.
  const KernelModel *Model = nullptr;
  std::set<int64_t> Pads; ///< Pads that work in every instance so far.
  std::string Hazard;     ///< Why padding could change what it computes.
  bool Seen = false;

  void keepPaddings(const clang::VarDecl *V, const KernelModel &M,
                    const std::set<int64_t> &Works, clang::ASTContext &Ctx);
  int64_t smallestPad() const { return Pads.empty() ? 0 : *Pads.begin(); }

  /// For an array indexed by hand: its index paddings (row, pad) that work
  /// in every instance so far, the preferred first.
  std::vector<std::pair<int64_t, int64_t>> IndexPads;
  bool IndexSeen = false;
  void keepIndexPaddings(std::vector<std::pair<int64_t, int64_t>> Works) {
    if (IndexSeen)
      llvm::erase_if(Works, [&](const std::pair<int64_t, int64_t> &P) {
        return !llvm::is_contained(IndexPads, P);
      });
    IndexPads = std::move(Works);
    IndexSeen = true;
  }
};

/// An access whose degree changes with the step of a loop whose stride
/// doubles (`sm[2 * s * tid]`): its degree at each step.
struct StepConflict {
  const KernelModel *Model = nullptr;
  const MemAccess *Access = nullptr;
  const clang::Stmt *Loop = nullptr;
  std::vector<unsigned> Degrees;
};

/// One array of one instance, for the padding search over all instances.
struct ArrayInstance {
  const clang::VarDecl *Array = nullptr;
  const KernelModel *Model = nullptr;
  std::vector<const MemAccess *> Accesses;
  std::vector<unsigned> Before; ///< Each access's degree as written.
  std::vector<WarpSampler> Samplers;
};

struct BankConflicts {
  std::map<unsigned, BankConflict> ByAccess;
  /// By access location: its degree in each instance, conflicting or not.
  std::map<unsigned, std::map<std::string, InstanceDegree>> ByInstance;
  /// By array declaration: the array in each instance.
  std::map<unsigned, std::vector<ArrayInstance>> ArrayInstances;
  std::map<unsigned, StepConflict> ByStep;
  /// The (array, outermost inlined call) pairs in ByStep: one per tree.
  std::set<std::pair<const void *, const void *>> Trees;
  std::map<unsigned, ArrayPadding> ByArray;

  ArrayPadding &paddingOf(const clang::VarDecl *V,
                          const clang::ASTContext &Ctx) {
    return ByArray[Ctx.getSourceManager()
                       .getExpansionLoc(V->getLocation())
                       .getRawEncoding()];
  }
};

/// The extents and element type of \p V, its template parameters read
/// through \p StandIn; nullopt when it is no array of constant size.
std::optional<ArrayShape> shapeOf(const clang::VarDecl *V,
                                  const TemplateStandIn *StandIn,
                                  const clang::ASTContext &Ctx);
/// `tile[32][33]`: \p V as declared, its last extent grown by \p Pad.
std::string spelled(const clang::VarDecl *V, const ArrayShape &S,
                    int64_t Pad = 0);

// A finding's text: the warning line ("32-way bank conflict on 'tile'
// reads (float)": each access takes 32 transactions) and the notes that
// explain it.
struct ConflictText {
  std::string Warning;
  std::string Pattern; // which lanes meet in a bank, and the issued width
  std::string Cost;    // the measured figure that fits, or empty
};

/// The text of conflict \p C; \p Pad is the padding that removes it (0:
/// none), \p DegreeText the degree as the warning states it.
ConflictText conflictText(const BankConflict &C,
                          const std::optional<ArrayShape> &Shape, int64_t Pad,
                          const BlockShape &FirstShape,
                          const std::string &DegreeText,
                          const clang::ASTContext &Ctx);

/// The degree as the warning states it (`2- to 4-` where instances differ)
/// and a note naming each instance's, or empty.
std::pair<std::string, std::string>
degreeByInstance(unsigned Worst,
                 const std::map<std::string, InstanceDegree> &Instances);

/// "2-way in the first step, then 4-, 8-, 16- and 8-way".
std::string describeSteps(llvm::ArrayRef<unsigned> Degrees);

} // namespace cudalint

#endif // CUDALINT_CHECKS_SHAREDBANKCONFLICTPARTS_H
