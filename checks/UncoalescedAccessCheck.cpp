//===--- UncoalescedAccessCheck.cpp - cudalint ----------------------------===//

#include "UncoalescedAccessCheck.h"
#include "UncoalescedAccessSwap.h"
#include "analysis/AccessShape.h"
#include "analysis/CudaAST.h"
#include "analysis/CudaNames.h"
#include "analysis/MatrixProduct.h"
#include "analysis/RowWork.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <deque>
#include <map>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

/// A global access (a group of them) reported at one location, over the
/// instantiations of a kernel.
struct UncoalescedAccess {
  double Ratio = 0;
  /// What a warp fetches under the first block shape.
  std::optional<SectorCost> Cost;
  const MemAccess *Access = nullptr;
  const KernelModel *Model = nullptr;
  std::vector<const MemAccess *> Group;
  /// A data-dependent address (ReportGathers).
  bool Gather = false;
  /// Fields of an array of large records.
  std::optional<RecordUse> Record;
  /// Each thread's own chunk, walked in a loop.
  std::optional<ThreadChunk> Chunk;
  /// Lanes a memory segment or more apart (see lanesFarApart).
  bool Sparse = false;
  /// The bytes each lane stores contiguously, one element at a time, when
  /// that run is what costs (see storeRunBytes).
  int64_t StoreRun = 0;
  /// The lanes are a stride the host passes apart (hostChosenLaneStride):
  /// the sector count rests on a value drawn for it, so no figure is given.
  const SymNode *HostStride = nullptr;
  /// Judged by its lane base: the address also adds a per-lane unknown
  /// (see laneBases).
  bool LaneBase = false;
};

/// What one kernel's global accesses do, over its instantiations.
struct AccessSurvey {
  std::map<unsigned, UncoalescedAccess> Findings; ///< By raw location.
  bool AnyContiguousInX = false, UsesShared = false;
  /// Accesses judged by their lane base alone (see laneBases), owned here
  /// for the findings that point at them.
  std::deque<MemAccess> LaneBases;
};

namespace {

// `out[t * seg + c++]`, `map[t * G * G + data[t]]`: an address that adds a
// per-lane unknown (data, a counter) to a base strided by the lane. The
// unknown part moves each lane within its own stretch; the base says how
// far apart the lanes' stretches are. Copies of \p G's accesses with the
// base as their offset, kept in \p Store; none when some address has no
// thread-dependent base (a pure gather, `in[idx[t]]`).
std::vector<const MemAccess *> laneBases(llvm::ArrayRef<const MemAccess *> G,
                                         std::deque<MemAccess> &Store) {
  std::vector<const MemAccess *> Out;
  for (const MemAccess *A : G) {
    Polynomial P = toPolynomial(A->Offset);
    for (auto It = P.Terms.begin(); It != P.Terms.end();)
      It = llvm::any_of(It->first,
                        [&](const std::string &K) {
                          return P.Leaves.at(K)->hasVarying();
                        })
               ? P.Terms.erase(It)
               : std::next(It);
    SymRef Base = P.toSym();
    if (!Base->threadDependent() || Base->hasVarying())
      return {};
    Store.push_back(*A);
    Store.back().Offset = Base;
    Out.push_back(&Store.back());
  }
  return Out;
}

// Accesses of one root whose addresses differ by a constant (the fields of
// one struct, `a[2*i]` and `a[2*i+1]`): the cache serves them together.
std::string groupKey(const MemAccess &A) {
  Polynomial P = toPolynomial(A.Offset);
  P.Terms.erase(std::vector<std::string>());
  return std::to_string(reinterpret_cast<uintptr_t>(A.Root)) + "|" +
         P.toSym()->key();
}

// The kernel's global, non-atomic accesses grouped by groupKey, groups in
// the order of their first access. Elements that are pointers are left
// out: a table of pointers holds one per matrix or batch (the setup of a
// batched GEMM writes a few hundred), bookkeeping next to the data they
// point at, and a kernel that fills one costs its launch.
std::vector<std::vector<const MemAccess *>> globalGroups(const KernelModel &M) {
  std::vector<std::vector<const MemAccess *>> Groups;
  std::map<std::string, size_t> Index;
  for (const MemAccess &A : M.accesses()) {
    if (A.Space != MemSpace::Global || A.IsAtomic || !A.Root ||
        A.Type->isPointerType())
      continue;
    auto [It, New] = Index.try_emplace(groupKey(A), Groups.size());
    if (New)
      Groups.emplace_back();
    Groups[It->second].push_back(&A);
  }
  return Groups;
}

const char *accessKind(llvm::ArrayRef<const MemAccess *> G) {
  bool Load = false, Store = false;
  for (const MemAccess *A : G) {
    Load |= A->IsLoad;
    Store |= A->IsStore;
  }
  return Load && Store ? "load from and store to"
         : Store       ? "store to"
                       : "load from";
}

// "`n` elements", "64 elements (256 bytes)": how far apart neighbouring
// lanes are, from the coefficient of threadIdx.x.
std::string laneStride(const MemAccess &A) {
  AffineForm F = affine(A.Offset);
  if (F.NonAffine || F.Coeff[0].isZero())
    return "";
  const Polynomial &C = F.Coeff[0];
  bool Divisible = A.Width > 0;
  for (auto &[M, V] : C.Terms)
    Divisible &= V % A.Width == 0;
  if (auto K = C.constant()) {
    if (Divisible)
      return llvm::formatv("{0} elements ({1} bytes)", *K / A.Width, *K);
    return llvm::formatv("{0} bytes", *K);
  }
  if (Divisible) {
    Polynomial E = C;
    for (auto &[M, V] : E.Terms)
      V /= A.Width;
    return "'" + E.str() + "' elements";
  }
  return "'" + C.str() + "' bytes";
}

// A thread that walks a few contiguous elements in a loop with a constant
// trip count (`for (n = 0; n < 8; ++n) C[row * N + col * 8 + n]`) uses every
// byte of the sectors it fetches when its run fits one sector: the L1 keeps
// the sector between steps (measured 1.03x for 32 bytes per lane).
constexpr int64_t SectorBytes = 32;
// Runs up to one 128-byte line are chunks; longer ones are rows.
constexpr int64_t MaxChunkBytes = 128;

// Stores are not merged as loads are: a lane's run of 8 to 32 bytes stored
// an element at a time, with the lanes a run apart, costs each store its own
// sectors (measured 2.15x for 16-byte runs on an H200), where the same run
// loaded costs nothing.
constexpr int64_t MinStoreRunBytes = 8;
constexpr double MinStoreRunRatio = 2;

// Records from this size up, read a few fields at a time, cost what a column
// walk costs (measured 6.9x for 64-byte records).
constexpr uint64_t MinRecordBytes = 64;
// Such records are reported from this sector ratio up: half of what a warp
// fetches goes unused when each lane needs a sector or two of its record.
constexpr double MinRecordRatio = 1.5;

// An array of structures worth reporting: large records of which the group
// uses at most half.
std::optional<RecordUse> wastedRecord(llvm::ArrayRef<const MemAccess *> G,
                                      const ASTContext &Ctx) {
  std::optional<RecordUse> R = recordUse(G, Ctx);
  if (R && R->Size >= MinRecordBytes && 2 * R->UsedBytes <= R->Size)
    return R;
  return std::nullopt;
}

std::vector<const MemAccess *> storesOf(llvm::ArrayRef<const MemAccess *> G) {
  std::vector<const MemAccess *> Stores;
  for (const MemAccess *A : G)
    if (A->IsStore)
      Stores.push_back(A);
  return Stores;
}

// The run of bytes each lane stores one element at a time in \p G: the
// chunk its loop walks, or the straight-line stores of the group
// (`y[4*i] = a; y[4*i+1] = b; ...`); 0 when the run is not 8 to 32 bytes
// or the lanes' stores are not a run apart.
int64_t storeRunBytes(llvm::ArrayRef<const MemAccess *> G,
                      const std::optional<ThreadChunk> &Chunk,
                      llvm::ArrayRef<WarpSampler> Samplers) {
  std::vector<const MemAccess *> Stores = storesOf(G);
  if (Stores.empty() || Samplers.empty())
    return 0;
  // A run stored a 16-byte vector at a time (`float4`) writes its sectors
  // as a load reads them: not the element-wise stores measured.
  if (Stores.front()->Width >= 16)
    return 0;
  int64_t Run = 0;
  if (Chunk) {
    Run = Chunk->Bytes;
  } else if (Stores.size() > 1) {
    std::optional<SectorCost> All = sectorCost(Stores, Samplers.front());
    if (!All || !All->Lanes)
      return 0;
    Run = int64_t(All->UsefulBytes / All->Lanes);
  }
  if (Run < MinStoreRunBytes || Run > SectorBytes)
    return 0;
  for (const WarpSampler &W : Samplers) {
    std::optional<SectorCost> One = sectorCost(Stores.front(), W);
    if (!One || One->ratio() < MinStoreRunRatio)
      return 0;
  }
  return Run;
}

bool mentionsBlockShape(const SymRef &S) {
  const std::string &K = S->key();
  return K.find("threadIdx.y") != std::string::npos ||
         K.find("threadIdx.z") != std::string::npos;
}

// Whether the kernel uses warp-level primitives, whose result depends on
// which threads share a warp: remapping threads would change it.
class WarpLevelUse : public RecursiveASTVisitor<WarpLevelUse> {
public:
  bool Found = false;
  bool VisitCallExpr(CallExpr *CE) {
    std::optional<BarrierCall> B = cudaBarrier(CE);
    if (cudaWarpIntrinsic(CE) || (B && B->Kind == BarrierKind::Warp))
      Found = true;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *ND = dyn_cast<NamedDecl>(DRE->getDecl()))
      if (ND->getQualifiedNameAsString().find("cooperative_groups") !=
          std::string::npos)
        Found = true;
    return true;
  }
};

bool within(const Stmt *Inner, const Stmt *Outer, const SourceManager &SM) {
  return rangeContains(Outer->getSourceRange(), Inner->getBeginLoc(), SM);
}

// The first access in source order speaks for the group.
const MemAccess *representative(llvm::ArrayRef<const MemAccess *> G,
                                const SourceManager &SM) {
  const MemAccess *Rep = G.front();
  for (const MemAccess *A : G)
    if (SM.isBeforeInTranslationUnit(A->E->getBeginLoc(),
                                     Rep->E->getBeginLoc()))
      Rep = A;
  return Rep;
}

// Why the warp wastes what it fetches, by the shape of the access (a note).
std::string wasteDescription(const UncoalescedAccess &R) {
  const MemAccess &Rep = *R.Access;
  std::string Stride = laneStride(Rep);
  if (R.Record)
    return llvm::formatv("each thread uses {0} of the {1} bytes of its '{2}' "
                         "record",
                         R.Record->UsedBytes, R.Record->Size, R.Record->Name);
  if (R.StoreRun)
    return llvm::formatv("each thread stores its own run of {0} bytes an "
                         "element at a time",
                         R.StoreRun);
  if (R.Chunk && affine(Rep.Offset).Coeff[0].constant() == R.Chunk->Bytes)
    return llvm::formatv("each thread walks its own chunk of {0} elements "
                         "({1} bytes) in a loop, so at every step neighbouring "
                         "lanes are a chunk apart",
                         R.Chunk->Elements, R.Chunk->Bytes);
  if (R.Chunk)
    return llvm::formatv("each thread walks a run of {0} contiguous elements "
                         "({1} bytes) in a loop while neighbouring lanes are "
                         "{2} apart",
                         R.Chunk->Elements, R.Chunk->Bytes,
                         Stride.empty() ? std::string("a row") : Stride);
  return Stride.empty() ? std::string()
                        : "neighbouring lanes are " + Stride + " apart";
}

// The measured cost of the pattern in front of us, or what it costs in
// words where nothing measured fits it.
std::string measuredCost(const UncoalescedAccess &R) {
  if (R.HostStride)
    return "";
  if (R.Record)
    return "against a structure of arrays, records read a few fields at a "
           "time measured 2.1x (40 of 128 bytes used) to 6.9x (8 of 64) "
           "slower on an H100";
  if (R.Sparse && !R.Chunk && R.Cost && R.Cost->ratio() < 4)
    return "lanes this far apart each fetch a memory segment of their own "
           "for a few bytes";
  // A run stored an element at a time, or a chunk only stored: one
  // measurement covers both.
  if (R.StoreRun || (R.Chunk && llvm::none_of(R.Group, [](const MemAccess *A) {
                       return A->IsLoad;
                     })))
    return "stores are not merged as loads are: per-lane 16-byte store runs "
           "with gaps between the lanes measured 1.19x to 2.15x slower than "
           "lane-consecutive stores on an H200 (4-bit dequantisation "
           "layouts)";
  if (R.Chunk)
    return "per-thread load chunks of 64 and 128 bytes measured 4.4x and "
           "2.6x slower than lane-interleaved loads on an H100 (32 bytes: "
           "1.03x, the L1 absorbs them)";
  return "";
}

// "uncoalesced load from 'in': 8x the sectors needed", the sectors a warp
// touches against those its useful bytes fill.
std::string findingMessage(const UncoalescedAccess &R) {
  if (R.HostStride)
    return llvm::formatv("{0} '{1}' is uncoalesced unless '{2}' is one element",
                         accessKind(R.Group), R.Access->Root->getName(),
                         R.HostStride->str());
  const SectorCost &Worst = *R.Cost;
  double Needed = std::ceil(Worst.UsefulBytes / 32.0);
  double Times = Worst.Sectors / std::max(1.0, Needed);
  std::string Factor = Times == std::floor(Times)
                           ? llvm::formatv("{0}", int64_t(Times)).str()
                           : llvm::formatv("{0:f1}", Times).str();
  return llvm::formatv("uncoalesced {0} '{1}': {2}x the sectors needed",
                       accessKind(R.Group), R.Access->Root->getName(), Factor);
}

// The note that says why: the lanes' distance, the block shape it rests on
// and the share of the fetched bytes that is used.
std::string wasteNote(const UncoalescedAccess &R,
                      llvm::ArrayRef<BlockShape> Shapes) {
  const SectorCost &Worst = *R.Cost;
  double Used = 100.0 * Worst.UsefulBytes / (Worst.Sectors * 32.0);
  std::string Note = wasteDescription(R);
  if (R.HostStride)
    return Note + ", a stride the caller chooses: what a warp fetches "
                  "depends on it, from whole sectors at one element to a "
                  "sector per lane";
  Note += llvm::formatv("{0}each warp touches {1} sectors of 32 bytes for {2} "
                        "useful bytes ({3:f1}% of the fetched bandwidth is "
                        "used)",
                        Note.empty() ? "" : ", so ", Worst.Sectors,
                        Worst.UsefulBytes, Used);
  if (Shapes.front().assumed() && mentionsBlockShape(R.Access->Offset))
    Note += " (assuming blockDim.x is a multiple of 32)";
  else if (!Shapes.front().assumed())
    Note += " with a block of " + Shapes.front().str();
  return Note;
}

// A transpose or a permutation: the flagged side walks consecutive
// elements along another index than the lane's (`x * n + y`, `(i % n0) *
// n1 + i / n0`), and another root is accessed the other way (a load for a
// store, a store for a load) with lanes on consecutive elements. Remapping
// the threads would only move the stride to that side. A decimation (`in[16
// * i]`), a gather of short rows (`ids[(t / k) * s + t % k]`) and a wrapped
// index are none.
bool isTranspose(const KernelModel &M, const MemAccess &A, ASTContext &Ctx) {
  if (A.IsLoad == A.IsStore || !contiguousIndex(A))
    return false;
  for (const MemAccess &O : M.accesses()) {
    if (O.Space != MemSpace::Global || O.Root == A.Root || O.IsAtomic ||
        O.IsStore == A.IsStore || !O.Offset->threadDependent())
      continue;
    // The same values, moved: what one side loads the other stores.
    if (contiguousInX(O) && (A.IsStore ? storesLoadedValue(A, O, Ctx)
                                       : storesLoadedValue(O, A, Ctx)))
      return true;
  }
  return false;
}

// The matrix product of \p M that reads \p A, if any: an access of the
// product's operands, or one inside the statement that accumulates it (the
// second product of `c += a[i][k] * b[j][k] + b[i][k] * a[j][k]`, the result
// accumulated in place). A result stored after the product (`c[x * n + y] =
// acc`) is not an operand: how the threads map onto it is the remap's
// business, and the product's remedy does not say.
std::optional<MatrixProduct> productOf(const KernelModel &M, const MemAccess &A,
                                       ASTContext &Ctx) {
  MatrixProductFinder Finder(M, M.kernel(), Ctx);
  for (const ProductCandidate &C : Finder.candidates())
    if (std::optional<MatrixProduct> P = Finder.recognise(C))
      if (P->X.Global == &A || P->Y.Global == &A || P->X.Load == &A ||
          P->Y.Load == &A || within(A.E, P->S, Ctx.getSourceManager()))
        return P;
  return std::nullopt;
}

// Some loop around \p A moves it by exactly its width: the thread walks a
// row of its own, a vector at a time.
bool walksOwnRow(const MemAccess &A) {
  return llvm::any_of(A.Loops,
                      [&](const Stmt *L) { return stepsByWidth(A, L); });
}

// One row per thread: the innermost loop around \p A, when the access
// walks along it an element at a time, forwards or backwards (and is
// strided across lanes).
const Stmt *ownRowLoop(const MemAccess &A) {
  if (A.Loops.empty() || !walksAlongLoop(A, A.Loops.back()))
    return nullptr;
  return A.Loops.back();
}

// The two variables that hold the thread's x and y roles: every x/y built-in
// is in the initializer of one of them, one all-x and one all-y, never
// reassigned; and no warp-level primitive depends on which threads share a
// warp.
std::optional<std::pair<const VarDecl *, const VarDecl *>>
threadRoleVariables(const KernelModel &M) {
  const VarDecl *XVar = nullptr, *YVar = nullptr;
  for (const BuiltinUse &U : M.builtinUses()) {
    if (U.Dim > 1)
      continue;
    if (U.Kind == SymKind::GridDim || !U.InitOf || U.Inlined)
      return std::nullopt;
    const VarDecl *&Slot = U.Dim == 0 ? XVar : YVar;
    if (Slot && Slot != U.InitOf)
      return std::nullopt;
    Slot = U.InitOf;
    if (U.MemberLoc.isMacroID())
      return std::nullopt;
  }
  if (!XVar || !YVar || XVar == YVar)
    return std::nullopt;
  for (const VarDecl *V : {XVar, YVar}) {
    const LocalVar *L = M.local(V);
    if (!L || L->Assignments || L->AddressTaken)
      return std::nullopt;
  }
  WarpLevelUse WL;
  WL.TraverseStmt(M.kernel().getBody());
  if (WL.Found)
    return std::nullopt;
  return std::make_pair(XVar, YVar);
}

//===----------------------------------------------------------------------===//
// The fix-its of the thread remap
//===----------------------------------------------------------------------===//

// Whether swapping threadIdx.x and .y would move \p A's neighbouring lanes
// further apart than they are, or to a distance only the host knows: lanes
// a fixed 16 bytes apart (`(float *)(base + y * pitch) + 4 * x`) would be
// 'pitch' apart. The sampler cannot show the swap helps there.
bool swapWidensLaneStride(const MemAccess *A) {
  AffineForm F = affine(A->Offset);
  std::optional<int64_t> Now = F.Coeff[0].constant(),
                         After = F.Coeff[1].constant();
  if (F.NonAffine || !Now || *Now == 0)
    return false;
  return !After || std::abs(*After) > std::abs(*Now);
}

} // namespace

UncoalescedAccessCheck::UncoalescedAccessCheck(
    StringRef Name, tidy::ClangTidyContext *Context,
    std::shared_ptr<TranslationUnitAnalysis> Analysis)
    : BlockShapeCheck(Name, Context, std::move(Analysis)),
      MinSectorRatio(std::max(
          1.5, std::strtod(Options.get("MinSectorRatio", "4").str().c_str(),
                           nullptr))),
      MinSectors(
          std::max(1, std::atoi(Options.get("MinSectors", "8").str().c_str()))),
      ReportGathers(parseBoolOption(Options.get("ReportGathers", "false"))),
      LaunchShapeNotes(
          parseBoolOption(Options.get("LaunchShapeNotes", "true"))) {}

void UncoalescedAccessCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MinSectorRatio",
                llvm::formatv("{0}", MinSectorRatio).str());
  Options.store(Opts, "MinSectors", std::to_string(MinSectors));
  Options.store(Opts, "ReportGathers", ReportGathers ? "true" : "false");
  BlockShapeCheck::storeOptions(Opts);
  Options.store(Opts, "LaunchShapeNotes", LaunchShapeNotes ? "true" : "false");
}

void UncoalescedAccessCheck::checkKernel(const KernelView &Kernel,
                                         FindingSink &Sink) {
  ASTContext &Ctx = Kernel.context();
  std::vector<LaunchConfig> Launches = launchesOf(Kernel);
  std::vector<BlockShape> Shapes = blockShapesOf(Kernel, Launches);
  AccessSurvey Survey = surveyAccesses(Kernel, Shapes, Ctx);
  bool Reported = reportFindings(Survey, Launches, Shapes, Ctx, Sink);
  // A kernel with shared-memory tiles has its block shape for a reason.
  if (!Reported && LaunchShapeNotes && Survey.AnyContiguousInX &&
      !Survey.UsesShared)
    remarkOnNarrowBlocks(model(Kernel), Launches, Ctx, Sink);
}

AccessSurvey
UncoalescedAccessCheck::surveyAccesses(const KernelView &Kernel,
                                       llvm::ArrayRef<BlockShape> Shapes,
                                       ASTContext &Ctx) const {
  const SourceManager &SM = Ctx.getSourceManager();
  AccessSurvey Survey;
  std::vector<WarpSampler> Samplers = warpSamplers(Shapes);
  for (const KernelView &F : analysedInstances(Kernel)) {
    const KernelModel &M = model(F);
    ExecutionWeights Weights(M, narrowestBlockX(Shapes));
    Survey.UsesShared |= usesSharedMemory(M);
    for (std::vector<const MemAccess *> G : globalGroups(M)) {
      const MemAccess *Rep = representative(G, SM);
      bool FromBase = false;
      unsigned Raw = SM.getExpansionLoc(Rep->E->getBeginLoc()).getRawEncoding();
      if (!addressComputable(*G.front())) {
        std::vector<const MemAccess *> Bases = laneBases(G, Survey.LaneBases);
        if (!Bases.empty() && lanesFarApart(*Bases.front(), Samplers)) {
          G = std::move(Bases);
          Rep = representative(G, SM);
          FromBase = true;
        }
      }
      const MemAccess &First = *G.front();
      if (!addressComputable(First)) {
        if (ReportGathers && First.Offset->threadDependent()) {
          UncoalescedAccess &R = Survey.Findings[Raw];
          R.Gather = true;
          R.Access = Rep;
          R.Model = &M;
          R.Group = G;
        }
        continue;
      }
      Survey.AnyContiguousInX |= contiguousInX(First);
      if (contiguousAsTensor(G, Samplers, Ctx) ||
          loadsOwnSmallRecord(M, G, *Rep) ||
          storesBackToBackRuns(M, G, Samplers) ||
          madeOnceByFewLanes(G, Samplers))
        continue;
      std::optional<ThreadChunk> Chunk = threadChunk(M, *Rep);
      // Fields of a record are graded as a record, whose remedy is its
      // layout, even where a lane stores several of them in a row.
      std::optional<RecordUse> Record = wastedRecord(G, Ctx);
      if (int64_t Run = Record ? 0 : storeRunBytes(G, Chunk, Samplers)) {
        recordStoreRun(Survey.Findings[Raw], M, G, Rep, Chunk, Run, Samplers,
                       Weights);
        if (Survey.Findings[Raw].Access == Rep)
          Survey.Findings[Raw].LaneBase = FromBase;
        continue;
      }
      if (Chunk && Chunk->Bytes <= SectorBytes)
        continue;
      // Longer runs are rows, walked one per thread (see ownRowLoop).
      if (Chunk && Chunk->Bytes > MaxChunkBytes)
        Chunk.reset();
      // Not for a thread's own row walked a vector at a time (the L1 keeps
      // the rest of each segment for the next step), nor where the lanes'
      // distance rests on an assumed block shape.
      bool Sparse =
          Record ||
          (lanesFarApart(First, Samplers) && !walksOwnRow(First) &&
           !(Shapes.front().assumed() && mentionsBlockShape(First.Offset)));
      std::optional<SectorCost> Cost =
          wastefulCost(G, Samplers, sparseOrPlainRatio(Sparse));
      // Run far less often than the kernel's hot work, it costs nothing
      // measurable, whatever it wastes.
      if (!Cost || Weights.negligible(G, Cost->ratio()))
        continue;
      UncoalescedAccess &R = Survey.Findings[Raw];
      if (R.Access && !R.Gather && R.Ratio >= Cost->ratio())
        continue;
      R = UncoalescedAccess{Cost->ratio(), Cost,   Rep,   &M,    G,
                            false,         Record, Chunk, Sparse};
      R.HostStride = Record ? nullptr : hostChosenLaneStride(*Rep);
      R.LaneBase = FromBase;
    }
  }
  return Survey;
}

bool UncoalescedAccessCheck::contiguousAsTensor(
    llvm::ArrayRef<const MemAccess *> G, llvm::ArrayRef<WarpSampler> Samplers,
    const ASTContext &Ctx) const {
  std::vector<MemAccess> AsTensor;
  for (const MemAccess *A : G) {
    SymRef Offset = innermostStrideAsElement(*A, Ctx);
    if (!Offset)
      return false;
    AsTensor.push_back(*A);
    AsTensor.back().Offset = Offset;
  }
  std::vector<const MemAccess *> Group;
  for (const MemAccess &A : AsTensor)
    Group.push_back(&A);
  return !wastefulCost(Group, Samplers, MinSectorRatio);
}

void UncoalescedAccessCheck::recordStoreRun(
    UncoalescedAccess &R, const KernelModel &M,
    llvm::ArrayRef<const MemAccess *> G, const MemAccess *Rep,
    const std::optional<ThreadChunk> &Chunk, int64_t Run,
    llvm::ArrayRef<WarpSampler> Samplers,
    const ExecutionWeights &Weights) const {
  // A loop's step stores the group at once; straight-line stores go one by
  // one.
  std::vector<const MemAccess *> Stores = storesOf(G);
  if (!Chunk)
    Stores.resize(1);
  double MinRatio = MinSectorRatio <= 4 ? MinStoreRunRatio : MinSectorRatio;
  std::optional<SectorCost> Cost = wastefulCost(Stores, Samplers, MinRatio);
  if (!Cost || Weights.negligible(Stores, Cost->ratio()) ||
      (R.Access && !R.Gather && R.Ratio >= Cost->ratio()))
    return;
  R = UncoalescedAccess{Cost->ratio(), Cost,         Rep,   &M,   G,
                        false,         std::nullopt, Chunk, false};
  R.StoreRun = Run;
}

double UncoalescedAccessCheck::sparseOrPlainRatio(bool Sparse) const {
  // Lanes a segment apart waste more than their sectors say, down to the
  // records' ratio; a bar raised above the default raises theirs too.
  if (Sparse && MinSectorRatio <= 4)
    return std::min(MinSectorRatio, MinRecordRatio);
  return MinSectorRatio;
}

std::optional<SectorCost>
UncoalescedAccessCheck::wastefulCost(llvm::ArrayRef<const MemAccess *> G,
                                     llvm::ArrayRef<WarpSampler> Samplers,
                                     double MinRatio) const {
  std::optional<SectorCost> First;
  for (const WarpSampler &W : Samplers) {
    std::optional<SectorCost> C = sectorCost(G, W);
    if (!C || C->ratio() < MinRatio || C->Sectors < MinSectors)
      return std::nullopt;
    if (!First)
      First = C;
  }
  return First;
}

bool UncoalescedAccessCheck::reportFindings(
    const AccessSurvey &Survey, llvm::ArrayRef<LaunchConfig> Launches,
    llvm::ArrayRef<BlockShape> Shapes, ASTContext &Ctx, FindingSink &Sink) {
  bool Reported = false, RemapOffered = false;
  std::optional<int64_t> Warps = mostWarps(Launches, Ctx);
  for (const auto &[Raw, R] : Survey.Findings) {
    // A store run found too cold or too cheap to report left its slot empty;
    // a launch that moves little through the access costs its latency.
    if (!R.Access || (Warps && R.Cost &&
                      movesLittle(*R.Model, R.Group, R.Cost->Sectors, *Warps)))
      continue;
    const MemAccess &A = *R.Access;
    SourceLocation Loc = SourceLocation::getFromRawEncoding(Raw);
    // A helper inlined into several kernels is reported once.
    if (!markReported(Loc))
      continue;
    if (R.Gather) {
      Sink.diag(Loc, "%0 '%1' at a data-dependent address may be uncoalesced")
          << accessKind(R.Group) << A.Root->getName();
      Sink.diag(Loc,
                "how many sectors a warp touches cannot be known statically",
                DiagnosticIDs::Note);
      continue;
    }
    Reported = true;
    // The message quotes source text (`x % 2`): an argument, never a format.
    Sink.diag(Loc, "%0") << findingMessage(R);
    Sink.diag(Loc, "%0", DiagnosticIDs::Note) << wasteNote(R, Shapes);
    if (std::string Cost = measuredCost(R); !Cost.empty())
      Sink.diag(Loc, "%0", DiagnosticIDs::Note) << Cost;
    if (R.LaneBase)
      Sink.diag(Loc,
                "the address also adds a per-lane value cudalint cannot "
                "compute (data, a counter): judged by the rest, which sets "
                "how far apart the lanes' stretches are",
                DiagnosticIDs::Note);
    noteWhereThreadsDiffer(A, Sink);
    addRemedy(R, Launches, Shapes, Ctx, RemapOffered, Sink);
  }
  return Reported;
}

void UncoalescedAccessCheck::noteWhereThreadsDiffer(const MemAccess &A,
                                                    FindingSink &Sink) {
  for (const CallExpr *Call : A.CallStack)
    Sink.diag(Call->getExprLoc(), "inlined from this call",
              DiagnosticIDs::Note);
  for (const VarOrigin &O : A.ThreadVars) {
    if (!O.Loc.isValid() || !O.Value)
      continue;
    AffineForm F = affine(O.Value);
    if (F.NonAffine || !F.Coeff[0].isZero())
      Sink.diag(O.Loc, "'%0' varies with the thread index here",
                DiagnosticIDs::Note)
          << O.Var->getName();
  }
}

void UncoalescedAccessCheck::addRemedy(const UncoalescedAccess &R,
                                       llvm::ArrayRef<LaunchConfig> Launches,
                                       llvm::ArrayRef<BlockShape> Shapes,
                                       ASTContext &Ctx, bool &RemapOffered,
                                       FindingSink &Sink) {
  const KernelModel &M = *R.Model;
  const MemAccess &A = *R.Access;
  // A product always walks one operand across the lanes: no remap fixes
  // it, a tiled product or a library call does.
  if (std::optional<MatrixProduct> P = productOf(M, A, Ctx)) {
    Sink.diag(P->S->getBeginLoc(),
              "this access is an operand of the matrix product accumulated "
              "here: a remap of the threads cannot coalesce both operands; "
              "see cudalint-naive-gemm for the remedy",
              DiagnosticIDs::Note);
    return;
  }
  if (std::optional<RemapPlan> P = planRemap(M, Launches, Shapes, Ctx)) {
    offerRemap(*P, A, RemapOffered, Sink);
    return;
  }
  if (isTranspose(M, A, Ctx)) {
    Sink.diag(A.E->getBeginLoc(),
              "a transpose or permutation: a remap of the threads only moves "
              "the stride to the other side; stage a tile through shared "
              "memory ('__shared__ T tile[32][33]') so that both sides walk "
              "consecutive addresses (6.5x on an 8192x8192 float transpose "
              "on an H100)",
              DiagnosticIDs::Note);
    return;
  }
  if (R.Record) {
    Sink.diag(A.E->getBeginLoc(),
              "store the fields of '%0' in separate arrays (a structure of "
              "arrays) so that a warp reads each field contiguously",
              DiagnosticIDs::Note)
        << R.Record->Name;
    return;
  }
  addRunRemedy(R, Shapes, Ctx, Sink);
}

void UncoalescedAccessCheck::addRunRemedy(const UncoalescedAccess &R,
                                          llvm::ArrayRef<BlockShape> Shapes,
                                          ASTContext &Ctx, FindingSink &Sink) {
  const KernelModel &M = *R.Model;
  const MemAccess &A = *R.Access;
  if (R.StoreRun)
    return noteLaneConsecutiveStores(A, Sink);
  if (const Stmt *Loop = R.Chunk ? R.Chunk->Loop : ownRowLoop(A))
    return addRowRemedy(R, Loop, rowWork(M, Loop, Ctx), Ctx, Sink);
  // Elsewhere a remap needs an index that walks consecutive elements; a
  // stride that the layout makes (`in[16 * i]`, `a[i * stride]`) has none.
  // Threads that cooperate (shuffles, votes, cooperative groups, shared
  // memory, barriers) tie the work to which threads share a warp or a
  // block: no simple remap.
  WarpLevelUse WL;
  WL.TraverseStmt(M.kernel().getBody());
  bool RemapBreaks = WL.Found || !M.syncs().empty() || usesSharedMemory(M);
  // An access already lane-consecutive would take the stride instead.
  RemapBreaks |= llvm::any_of(M.accesses(), [](const MemAccess &O) {
    return O.Space == MemSpace::Global && !O.IsAtomic && contiguousInX(O);
  });
  const SymNode *Index = contiguousIndex(A);
  if (!Index || RemapBreaks)
    return;
  // Lanes walking that index would stride what they walk in order now.
  if (const MemAccess *O =
          laneConsecutiveOtherwise(M, R.Group, *Index, warpSamplers(Shapes))) {
    Sink.diag(A.E->getBeginLoc(),
              "no remap fits: lanes walking '%0' would stride '%1', which "
              "they read or write in order now",
              DiagnosticIDs::Note)
        << Index->str() << O->Root->getName();
    return;
  }
  Sink.diag(A.E->getBeginLoc(),
            "make consecutive threadIdx.x values access consecutive "
            "addresses: '%0' walks them here",
            DiagnosticIDs::Note)
      << Index->str();
}

void UncoalescedAccessCheck::addRowRemedy(const UncoalescedAccess &R,
                                          const Stmt *Loop, RowWork Work,
                                          ASTContext &Ctx, FindingSink &Sink) {
  bool Loads =
      llvm::any_of(R.Group, [](const MemAccess *A) { return A->IsLoad; });
  if (Work == RowWork::Copy) {
    Sink.diag(Loop->getBeginLoc(),
              "each thread converts or copies its own run in this loop: let "
              "the lanes of a warp take consecutive elements of the runs "
              "instead ('j * 32 + lane'), so that both the loads and the "
              "stores are lane-consecutive",
              DiagnosticIDs::Note);
    return;
  }
  // A chunk is staged: loaded cooperatively and walked where it lands, or
  // exchanged and stored lane-consecutive, whatever the thread computes.
  if (R.Chunk && Loads) {
    Sink.diag(Loop->getBeginLoc(),
              "load the runs cooperatively instead: let lanes read consecutive "
              "elements ('j * blockDim.x + threadIdx.x') into shared memory or "
              "registers, then walk each thread's run there (what "
              "cub::BlockLoad does with BLOCK_LOAD_TRANSPOSE)",
              DiagnosticIDs::Note);
    return;
  }
  if (R.Chunk)
    return noteLaneConsecutiveStores(*R.Access, Sink);
  if (Work == RowWork::Recurrence)
    return noteNoRemedy(R, Loop, Sink);
  bool Reduces =
      Work == RowWork::Reduction || storesNeedReducedValue(*R.Model, Loop, Ctx);
  if (Reduces)
    Sink.diag(Loop->getBeginLoc(),
              "each thread walks its own row in this loop: give each row to a "
              "warp instead, with lanes reading consecutive elements and "
              "combining their results with __shfl_down_sync (measured 7.2x "
              "on a matrix-vector product on an H100)",
              DiagnosticIDs::Note);
}

void UncoalescedAccessCheck::noteLaneConsecutiveStores(const MemAccess &A,
                                                       FindingSink &Sink) {
  Sink.diag(A.E->getBeginLoc(),
            "store lane-consecutive elements instead: let each store of the "
            "warp write 32 neighbouring elements (exchange the values "
            "through shared memory or shuffles first if each lane computes "
            "a run)",
            DiagnosticIDs::Note);
}

void UncoalescedAccessCheck::noteNoRemedy(const UncoalescedAccess &R,
                                          const Stmt *Loop, FindingSink &Sink) {
  Sink.diag(Loop->getBeginLoc(),
            "each thread's row is a recurrence here, each element depending "
            "on one computed before it: no remap of the threads fixes it; "
            "stage the rows through shared memory instead, the warp loading "
            "and storing 32x32 tiles lane-consecutively and each thread "
            "walking its row there (a per-thread scan staged so measured "
            "4.42x on an H100, fixture chunk_scan); each warp access costs %0 "
            "sectors for %1 useful bytes",
            DiagnosticIDs::Note)
      << R.Cost->Sectors << unsigned(R.Cost->UsefulBytes);
}

void UncoalescedAccessCheck::offerRemap(const RemapPlan &P, const MemAccess &A,
                                        bool &RemapOffered, FindingSink &Sink) {
  if (RemapOffered) {
    // One fix-it per kernel: the first finding carries it.
    Sink.diag(A.E->getBeginLoc(),
              "the remapping of threads suggested above fixes this access too",
              DiagnosticIDs::Note);
    return;
  }
  RemapOffered = true;
  // The figure belongs to the kernel measured, which moves a matrix.
  const char *Measured =
      P.MovesData ? " (a column walk measured 4.7x on an H100)" : "";
  auto D =
      Sink.diag(P.AnchorLoc,
                P.LaunchesRewritten
                    ? "make threadIdx.x walk the contiguous dimension: swap "
                      "the x and y roles in '%0' and '%1' and in the launch "
                      "configuration%2"
                    : "make threadIdx.x walk the contiguous dimension: swap "
                      "the x and y roles in '%0' and '%1', and swap the grid "
                      "and block dimensions where the kernel is launched%2",
                DiagnosticIDs::Note)
      << P.RowVar->getName() << P.ColVar->getName() << Measured;
  for (const FixItHint &H : P.Edits)
    D << H;
}

bool UncoalescedAccessCheck::coalescedAfterSwap(
    const KernelModel &M, llvm::ArrayRef<BlockShape> Shapes) const {
  std::vector<std::vector<const MemAccess *>> Groups = globalGroups(M);
  for (const std::vector<const MemAccess *> &G : Groups)
    if (llvm::any_of(G, swapWidensLaneStride))
      return false;
  WhatIf Swap;
  Swap.SwapXY = true;
  for (const BlockShape &S : Shapes) {
    BlockShape Swapped = S;
    if (S.X)
      Swapped = BlockShape{S.Y.value_or(1), S.X, S.Z};
    WarpSampler W(Swapped), Before(S);
    for (const std::vector<const MemAccess *> &G : Groups) {
      std::optional<SectorCost> C = sectorCost(G, W, &Swap);
      if (!C || C->ratio() >= MinSectorRatio / 2)
        return false;
      // Lanes that would share the addresses they now split (a role only a
      // block index plays: `h = blockIdx.y`) are no remap but a broadcast.
      std::optional<SectorCost> Now = sectorCost(G, Before);
      if (Now && C->UsefulBytes < Now->UsefulBytes)
        return false;
    }
  }
  return true;
}

std::optional<UncoalescedAccessCheck::RemapPlan>
UncoalescedAccessCheck::planRemap(const KernelModel &M,
                                  llvm::ArrayRef<LaunchConfig> Launches,
                                  llvm::ArrayRef<BlockShape> Shapes,
                                  ASTContext &Ctx) const {
  std::optional<std::pair<const VarDecl *, const VarDecl *>> Vars =
      threadRoleVariables(M);
  // After the swap, every global access must be fine.
  if (!Vars || !coalescedAfterSwap(M, Shapes))
    return std::nullopt;
  RemapPlan P;
  P.RowVar = Vars->first;
  P.ColVar = Vars->second;
  P.AnchorLoc = P.RowVar->getLocation();
  P.Edits = builtinSwapEdits(M);
  P.MovesData = llvm::any_of(M.accesses(), [](const MemAccess &A) {
    return A.Space == MemSpace::Global && (A.IsLoad || !A.Loops.empty());
  });
  P.LaunchesRewritten = !Launches.empty();
  if (P.LaunchesRewritten) {
    // A launch we cannot rewrite: no half-done fix.
    std::optional<llvm::SmallVector<FixItHint, 8>> LaunchEdits =
        swappedLaunchEdits(Launches, Ctx);
    if (!LaunchEdits)
      return std::nullopt;
    P.Edits.append(LaunchEdits->begin(), LaunchEdits->end());
  }
  return P;
}

} // namespace cudalint
