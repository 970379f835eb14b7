//===--- SharedBankConflictCheck.cpp - cudalint ---------------------------===//

#include "SharedBankConflictCheck.h"
#include "SharedBankConflictParts.h"
#include "analysis/AccessShape.h"
#include "analysis/CudaAST.h"
#include "analysis/ExecutionWeight.h"
#include "analysis/Reduction.h"
#include "analysis/SharedTile.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

constexpr int64_t MaxPad = 32;

// Why padding the array could change what the program computes, or empty
// when every use is a subscript all the way down to an element.
std::string paddingHazard(const VarDecl *V, ASTContext &Ctx) {
  if (V->hasExternalStorage())
    return "it is an 'extern __shared__' array sized at launch";
  if (!V->isLocalVarDecl())
    return "it is declared at file scope, where other kernels may use it "
           "differently";
  // A `__shared__` array in a function is used only in that function (which
  // may be a helper the kernel calls); anything else may be used anywhere.
  const auto *Owner = dyn_cast<FunctionDecl>(V->getDeclContext());
  for (const DeclRefExpr *Ref :
       referencesTo(V, Owner ? Owner->getBody() : nullptr, Ctx)) {
    const Expr *Cur = Ref;
    QualType T = V->getType();
    while (true) {
      auto Parents = Ctx.getParents(*Cur);
      if (Parents.empty())
        return "it is used in a way cudalint cannot follow";
      const Stmt *P = Parents[0].get<Stmt>();
      if (!P)
        return "it is used in a way cudalint cannot follow";
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
        if (IC->getCastKind() != CK_ArrayToPointerDecay)
          return "it is used in a way cudalint cannot follow";
        Cur = IC;
        continue;
      }
      if (isa<ParenExpr>(P)) {
        Cur = cast<Expr>(P);
        continue;
      }
      const auto *AS = dyn_cast<ArraySubscriptExpr>(P);
      if (!AS ||
          AS->getBase()->IgnoreParenImpCasts() != Cur->IgnoreParenImpCasts()) {
        if (isa<UnaryExprOrTypeTraitExpr>(P))
          return "its size is taken with sizeof";
        if (isa<CallExpr>(P))
          return "it is passed to a function";
        if (isa<UnaryOperator>(P) || isa<BinaryOperator>(P) || isa<CastExpr>(P))
          return "it is used through a pointer";
        return "it is used in a way cudalint cannot follow";
      }
      Cur = AS;
      if (!AS->getType()->isArrayType()) {
        // An element: its address must not be taken.
        auto EP = Ctx.getParents(*AS);
        if (!EP.empty())
          if (const auto *UO = EP[0].get<UnaryOperator>())
            if (UO->getOpcode() == UO_AddrOf)
              return "the address of an element is taken";
        break;
      }
    }
  }
  return "";
}

// The edit that pads the innermost extent of \p V by \p Pad, or nullopt when
// the declaration cannot be rewritten (written by a macro, ...).
std::optional<FixItHint> padEdit(const VarDecl *V, int64_t Pad,
                                 const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  TypeSourceInfo *TSI = V->getTypeSourceInfo();
  if (!TSI)
    return std::nullopt;
  TypeLoc TL = TSI->getTypeLoc();
  std::optional<ArrayTypeLoc> Innermost; // `[TILE]` in a template too
  while (true) {
    TL = TL.IgnoreParens();
    if (auto A = TL.getAs<ArrayTypeLoc>()) {
      Innermost = A;
      TL = A.getElementLoc();
      continue;
    }
    break;
  }
  if (!Innermost)
    return std::nullopt;
  SourceLocation L = Innermost->getLBracketLoc(),
                 R = Innermost->getRBracketLoc();
  if (L.isInvalid() || R.isInvalid() || L.isMacroID() || R.isMacroID() ||
      SM.getFileID(L) != SM.getFileID(R))
    return std::nullopt;
  CharSourceRange Inside =
      CharSourceRange::getCharRange(L.getLocWithOffset(1), R);
  StringRef Text = Lexer::getSourceText(Inside, SM, Ctx.getLangOpts()).trim();
  if (Text.empty())
    return std::nullopt;
  bool Simple = llvm::all_of(Text, [](char C) {
    return isalnum(static_cast<unsigned char>(C)) || C == '_';
  });
  std::string New = (Simple ? Text.str() : "(" + Text.str() + ")") + " + " +
                    std::to_string(Pad);
  return FixItHint::CreateReplacement(Inside, New);
}

// The alignment the rows of an array need: that of its widest access
// written in the source (`float4` loads or stores of a `float` tile, or a
// reinterpret_cast to one); 1 when every access is of one element. Runs the
// compiler may issue as vectors on its own (VectorIssue) do not count: it
// issues them only where the alignment is known, so a padding that breaks
// it costs a split access, not a fault.
unsigned rowAlignment(llvm::ArrayRef<const MemAccess *> Accesses) {
  unsigned Align = 1;
  for (const MemAccess *A : Accesses)
    // A vector's width is its alignment; a 12-byte struct is aligned to 4.
    if (A->Width > 4)
      Align = std::max(Align, A->Width & (~A->Width + 1));
  return std::min(Align, 16u);
}

// Whether, under the layout change \p W, no access of \p Accesses
// conflicts (each below \p MinDegree) and none gets worse than it was
// (\p Before).
bool passesEveryAccess(const WhatIf &W,
                       llvm::ArrayRef<const MemAccess *> Accesses,
                       llvm::ArrayRef<unsigned> Before,
                       llvm::ArrayRef<WarpSampler> Samplers,
                       unsigned MinDegree) {
  for (size_t I = 0; I < Accesses.size(); ++I) {
    std::optional<unsigned> D =
        leastBankConflictDegree(*Accesses[I], Samplers, &W);
    if (!D || *D >= MinDegree || *D > std::max(1u, Before[I]))
      return false;
  }
  return true;
}

// The paddings of the innermost extent of \p V (1 to MaxPad) under which
// no access of \p Accesses conflicts and none gets worse than it was
// (\p Before), and rows stay \p RowAlignment-byte aligned.
std::set<int64_t> paddingsThatWork(const VarDecl *V,
                                   llvm::ArrayRef<const MemAccess *> Accesses,
                                   llvm::ArrayRef<unsigned> Before,
                                   llvm::ArrayRef<WarpSampler> Samplers,
                                   unsigned MinDegree, unsigned RowAlignment,
                                   const TemplateStandIn *StandIn,
                                   const ASTContext &Ctx) {
  std::set<int64_t> Works;
  std::optional<ArrayShape> Shape = shapeOf(V, StandIn, Ctx);
  if (!Shape || Shape->Extents.size() < 2 || V->hasExternalStorage())
    return Works;
  unsigned Level = Shape->Extents.size() - 1;
  int64_t ElementBytes = Ctx.getTypeSizeInChars(Shape->Element).getQuantity();
  for (int64_t Pad = 1; Pad <= MaxPad; ++Pad) {
    // A row must stay aligned for the vector accesses of the tile.
    if (ElementBytes &&
        (Shape->Extents[Level] + Pad) * ElementBytes % RowAlignment != 0)
      continue;
    WhatIf W;
    W.Extents[{V, Level}] = Shape->Extents[Level] + Pad;
    if (passesEveryAccess(W, Accesses, Before, Samplers, MinDegree))
      Works.insert(Pad);
  }
  return Works;
}

// The element size of an array indexed by hand (one dimension, or
// `extern __shared__`); 0 for an array of rows.
int64_t handIndexedElementBytes(const VarDecl *V,
                                const TemplateStandIn *StandIn,
                                const ASTContext &Ctx) {
  QualType T = concreteType(V->getType(), StandIn, Ctx);
  const ArrayType *AT = T.isNull() ? nullptr : Ctx.getAsArrayType(T);
  if (!AT || AT->getElementType()->isArrayType() ||
      !AT->getElementType()->isConstantSizeType() ||
      AT->getElementType()->isIncompleteType())
    return 0;
  return Ctx.getTypeSizeInChars(AT->getElementType()).getQuantity();
}

// The paddings of the index of an array indexed by hand (element j moved
// to j + j / Row * Pad, in every access) under which no access of
// \p Accesses conflicts and none gets worse than it was (\p Before), the
// least memory first.
std::vector<std::pair<int64_t, int64_t>> indexPaddingsThatWork(
    const VarDecl *V, llvm::ArrayRef<const MemAccess *> Accesses,
    llvm::ArrayRef<unsigned> Before, llvm::ArrayRef<WarpSampler> Samplers,
    unsigned MinDegree, unsigned RowAlignment, const TemplateStandIn *StandIn,
    const ASTContext &Ctx) {
  std::vector<std::pair<int64_t, int64_t>> Works;
  int64_t ElementBytes = handIndexedElementBytes(V, StandIn, Ctx);
  if (!ElementBytes)
    return Works;
  std::vector<std::pair<int64_t, int64_t>> Candidates;
  // Rows of a power of two, and the rows a column walk steps over (an odd
  // row stride for `a[tid * 40 + j]`).
  std::set<int64_t> Rows = {2, 4, 8, 16, 32, 64, 128};
  for (const MemAccess *A : Accesses)
    if (std::optional<int64_t> S = pureLaneStride(*A);
        S && *S % ElementBytes == 0 && *S / ElementBytes <= 1024)
      Rows.insert(*S / ElementBytes);
  for (int64_t Row : Rows)
    for (int64_t Pad : {1, 2, 4, 8, 16})
      if (Row * ElementBytes % RowAlignment == 0 &&
          Pad * ElementBytes % RowAlignment == 0)
        Candidates.push_back({Row, Pad});
  llvm::stable_sort(Candidates, [](const auto &L, const auto &R) {
    return L.second * R.first < R.second * L.first ||
           (L.second * R.first == R.second * L.first && L.second < R.second);
  });
  for (const auto &[Row, Pad] : Candidates) {
    WhatIf W;
    W.IndexPads[V] = WhatIf::IndexPad{ElementBytes, Row, Pad};
    if (passesEveryAccess(W, Accesses, Before, Samplers, MinDegree))
      Works.push_back({Row, Pad});
  }
  return Works;
}

// Static shared memory is limited to 48 KiB per block: why padding \p Fix's
// array by \p Pad would break the kernel, or empty.
std::string sharedMemoryLimitHazard(const ArrayPadding &Fix,
                                    const ArrayShape &Shape, int64_t Pad,
                                    const ASTContext &Ctx) {
  int64_t Bytes = Ctx.getTypeSizeInChars(Shape.Element).getQuantity();
  for (size_t I = 0; I < Shape.Extents.size(); ++I)
    Bytes *= Shape.Extents[I] + (I + 1 == Shape.Extents.size() ? Pad : 0);
  int64_t Others = 0;
  llvm::SmallPtrSet<const VarDecl *, 4> Counted;
  for (const MemAccess &O : Fix.Model->accesses())
    if (const auto *OV = dyn_cast_or_null<VarDecl>(O.Root))
      if (OV != Fix.Array && O.Space == MemSpace::Shared &&
          !OV->hasExternalStorage() && Counted.insert(OV).second)
        if (QualType T = concreteType(OV->getType(), Fix.Model->standIn(), Ctx);
            !T.isNull() && T->isConstantSizeType())
          Others += Ctx.getTypeSizeInChars(T).getQuantity();
  if (Bytes + Others > 48 * 1024)
    return "the padded array would exceed the 48 KiB of static shared "
           "memory a block may declare";
  return "";
}

// `uint2` for two `unsigned int`s; empty when CUDA has no such vector.
std::string vectorTypeName(llvm::StringRef Element, int64_t Lanes) {
  static constexpr std::pair<llvm::StringLiteral, llvm::StringLiteral> Names[] =
      {{"float", "float"},
       {"int", "int"},
       {"unsigned int", "uint"},
       {"double", "double"},
       {"long long", "longlong"}};
  for (const auto &[Type, Vector] : Names)
    if (Element == Type)
      return (Vector + llvm::Twine(Lanes)).str();
  return "";
}

} // namespace

void ArrayPadding::keepPaddings(const VarDecl *V, const KernelModel &M,
                                const std::set<int64_t> &Works,
                                ASTContext &Ctx) {
  if (!Seen) {
    Array = V;
    Model = &M;
    Pads = Works;
    Seen = true;
  } else {
    std::set<int64_t> Both;
    for (int64_t P : Works)
      if (Pads.count(P))
        Both.insert(P);
    Pads = Both;
  }
  if (Hazard.empty())
    Hazard = paddingHazard(V, Ctx);
}

SharedBankConflictCheck::SharedBankConflictCheck(
    StringRef Name, tidy::ClangTidyContext *Context,
    std::shared_ptr<TranslationUnitAnalysis> Analysis)
    : BlockShapeCheck(Name, Context, std::move(Analysis)),
      MinDegree(
          std::max(2, std::atoi(Options.get("MinDegree", "2").str().c_str()))) {
}

void SharedBankConflictCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MinDegree", std::to_string(MinDegree));
  BlockShapeCheck::storeOptions(Opts);
}

void SharedBankConflictCheck::checkKernel(const KernelView &Kernel,
                                          FindingSink &Sink) {
  ASTContext &Ctx = Kernel.context();
  std::vector<LaunchConfig> Launches = launchesOf(Kernel);
  BankConflicts Conflicts;
  for (const KernelView &F : analysedInstances(Kernel)) {
    // Each instance under its own launches' shapes (none: every launch's).
    std::vector<LaunchConfig> Own = launchesOfInstance(Launches, F.Decl);
    collectConflicts(
        F, warpSamplers(blockShapesOf(Kernel, Own.empty() ? Launches : Own)),
        Conflicts, Ctx);
  }
  collectPaddings(Conflicts, Ctx);
  std::set<unsigned> FixAttached;
  for (auto &[Raw, C] : Conflicts.ByAccess) {
    // A tree's message, where one instance shows the tree, says more.
    if (C.Varying && Conflicts.ByStep.count(Raw))
      continue;
    // A helper inlined into several kernels is reported once.
    if (markReported(SourceLocation::getFromRawEncoding(Raw)))
      reportConflict(Raw, C, Conflicts, FixAttached, Kernel.StandIn, Ctx, Sink);
  }
  // One finding per tree loop, also when it is inlined into several kernels.
  const SourceManager &SM = Ctx.getSourceManager();
  for (auto &[Raw, C] : Conflicts.ByStep) {
    SourceLocation At = SourceLocation::getFromRawEncoding(Raw);
    if (!alreadyReported(At) &&
        markReported(SM.getExpansionLoc(C.Loop->getBeginLoc()))) {
      markReported(At);
      reportStepConflict(Raw, C, Ctx, Sink);
    }
  }
}

// The loop among \p A's whose iteration counter its offset uses, the
// innermost such; null when none does.
static const Stmt *steppingLoop(const MemAccess &A) {
  for (const Stmt *L : llvm::reverse(A.Loops))
    if (readsLoopIteration(*A.Offset, L))
      return L;
  return nullptr;
}

// The innermost loop among \p A's whose iteration counter its address or
// one of its guards reads; null when none does.
static const Stmt *varyingLoop(const MemAccess &A) {
  for (const Stmt *L : llvm::reverse(A.Loops))
    if (readsLoopIteration(*A.Offset, L) || guardReadsIteration(A, L))
      return L;
  return nullptr;
}

// An access whose degree changes with the sampled values is a conflict when
// every sample that two lanes reach is one, at its least degree (a
// triangular guard `if (t > i) s[t][i]` drops lanes as `i` grows, and a
// stride read from a parameter is even in every sample). A tree, whose
// degree rises step by step, is a step conflict instead.
BankConflict SharedBankConflictCheck::varyingConflict(
    const KernelModel &M, const MemAccess &A,
    llvm::ArrayRef<WarpSampler> Samplers) const {
  BankConflict C;
  if (!addressComputable(A))
    return C;
  const Stmt *Loop = varyingLoop(A);
  std::optional<DegreeRange> Range = varyingBankConflictDegrees(
      A, Samplers, Loop, Loop ? M.tripCount(Loop) : std::nullopt);
  if (!Range || Range->Least < MinDegree)
    return C;
  C.Degree = Range->Least;
  C.Varying = true;
  if (Range->Worst != Range->Least)
    C.VaryingUpTo = Range->Worst;
  return C;
}

bool SharedBankConflictCheck::collectStepConflict(
    const KernelModel &M, const MemAccess &A,
    llvm::ArrayRef<WarpSampler> Samplers, BankConflicts &Conflicts,
    ASTContext &Ctx) const {
  const Stmt *Loop = steppingLoop(A);
  if (!Loop)
    return false;
  std::vector<unsigned> Degrees =
      bankConflictDegreesByStep(A, Samplers, Loop, /*Steps=*/5);
  // A tree's conflicts grow with its stride: never fewer ways than the step
  // before, at least twice as many at the last step as at the first, and
  // at least 4 ways somewhere (a loop whose degree wanders, a wavefront's
  // diagonal, is not a tree).
  if (Degrees.empty() || !std::is_sorted(Degrees.begin(), Degrees.end()) ||
      Degrees.back() < 2 * std::max(1u, Degrees.front()) ||
      Degrees.back() < std::max(4u, MinDegree))
    return false;
  // A scan's up- and down-sweep over one array are one tree.
  const void *Call = A.CallStack.empty() ? nullptr : A.CallStack.front();
  if (!Conflicts.Trees.insert({A.Root, Call}).second)
    return true; // Its tree is reported at an earlier access.
  unsigned Raw = Ctx.getSourceManager()
                     .getExpansionLoc(A.E->getBeginLoc())
                     .getRawEncoding();
  Conflicts.ByStep[Raw] = StepConflict{&M, &A, Loop, std::move(Degrees)};
  return true;
}

void SharedBankConflictCheck::reportStepConflict(unsigned Raw,
                                                 const StepConflict &C,
                                                 ASTContext &Ctx,
                                                 FindingSink &Sink) {
  SourceLocation At = SourceLocation::getFromRawEncoding(Raw);
  Sink.diag(At, "bank conflicts on '%0' grow to %1-way as the loop's stride "
                "doubles")
      << (C.Access->Root ? C.Access->Root->getName().str() : "the array")
      << std::to_string(C.Degrees.back());
  Sink.diag(At,
            "'%0' is %1 (a tree whose pairs are strided, such as "
            "'2 * s * tid')",
            DiagnosticIDs::Note)
      << sourceText(C.Access->E, Ctx, 60) << describeSteps(C.Degrees);
  Sink.diag(At, "%0", DiagnosticIDs::Note)
      << stridedTreeRemedy(*C.Model, *C.Access, C.Loop);
  for (const CallExpr *Call : C.Access->CallStack)
    Sink.diag(Call->getExprLoc(), "inlined from this call",
              DiagnosticIDs::Note);
}

static std::string instanceName(const KernelView &F) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  F.Decl.getNameForDiagnostic(OS, F.context().getPrintingPolicy(),
                              /*Qualified=*/false);
  return Name;
}

static std::string shapesText(llvm::ArrayRef<WarpSampler> Samplers) {
  std::string Text;
  for (const WarpSampler &S : Samplers)
    Text += (Text.empty() ? "" : " or ") + S.shape().str();
  return Text;
}

void SharedBankConflictCheck::collectConflicts(
    const KernelView &F, llvm::ArrayRef<WarpSampler> Samplers,
    BankConflicts &Conflicts, ASTContext &Ctx) const {
  const SourceManager &SM = Ctx.getSourceManager();
  const KernelModel &M = model(F);
  std::string Instance = instanceName(F);
  std::vector<BlockShape> Shapes;
  for (const WarpSampler &S : Samplers)
    Shapes.push_back(S.shape());
  ExecutionWeights Weights(M, narrowestBlockX(Shapes));
  for (auto &[V, List] : sharedArrayAccesses(M)) {
    bool Conflicted = false;
    std::vector<unsigned> Before;
    std::vector<BankConflict> Hits;
    for (const MemAccess *A : List) {
      if (insideLibrary(*A)) {
        Before.push_back(1);
        continue;
      }
      BankConflict Found = issuedConflict(M, *A, Samplers, Ctx);
      std::optional<unsigned> D;
      if (Found.Degree)
        D = Found.Degree;
      if (!D && !collectStepConflict(M, *A, Samplers, Conflicts, Ctx))
        Found = varyingConflict(M, *A, Samplers);
      if (Found.Degree)
        D = Found.Degree;
      Before.push_back(D.value_or(1));
      if (!D)
        continue;
      unsigned Raw = SM.getExpansionLoc(A->E->getBeginLoc()).getRawEncoding();
      InstanceDegree &Here = Conflicts.ByInstance[Raw][Instance];
      Here.Degree = std::max(Here.Degree, *D);
      Here.Shapes = shapesText(Samplers);
      Found.Access = A;
      if (*D >= MinDegree)
        Hits.push_back(Found);
    }
    // A D-way conflict issues D transactions where one would do: the
    // array's conflicts, run once per thread after a loop of many accesses,
    // are none of the kernel's work.
    std::vector<const MemAccess *> HitAccesses;
    std::vector<unsigned> HitDegrees;
    for (const BankConflict &H : Hits) {
      HitAccesses.push_back(H.Access);
      HitDegrees.push_back(H.Degree);
    }
    if (negligibleConflicts(Weights, HitAccesses, HitDegrees))
      Hits.clear();
    for (BankConflict &H : Hits) {
      const MemAccess *A = H.Access;
      Conflicted = true;
      BankConflict &C =
          Conflicts.ByAccess[SM.getExpansionLoc(A->E->getBeginLoc())
                                 .getRawEncoding()];
      if (C.Degree >= H.Degree)
        continue;
      C = H;
      C.Array = V;
      C.Shape = Samplers.front().shape();
      C.TileTransposed = movedTheOtherWayByRows(*A, List);
      C.Model = &M;
      C.TypeName =
          A->Type.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    }
    unsigned Decl = SM.getExpansionLoc(V->getLocation()).getRawEncoding();
    Conflicts.ArrayInstances[Decl].push_back(
        ArrayInstance{V, &M, List, std::move(Before), Samplers.vec()});
    if (Conflicted)
      Conflicts.paddingOf(V, Ctx);
  }
}

void SharedBankConflictCheck::collectPaddings(BankConflicts &Conflicts,
                                              ASTContext &Ctx) const {
  for (auto &[Decl, Instances] : Conflicts.ArrayInstances) {
    auto It = Conflicts.ByArray.find(Decl);
    if (It == Conflicts.ByArray.end())
      continue;
    ArrayPadding &Fix = It->second;
    for (const ArrayInstance &I : Instances) {
      unsigned Align = rowAlignment(I.Accesses);
      Fix.keepPaddings(I.Array, *I.Model,
                       paddingsThatWork(I.Array, I.Accesses, I.Before,
                                        I.Samplers, MinDegree, Align,
                                        I.Model->standIn(), Ctx),
                       Ctx);
      Fix.keepIndexPaddings(indexPaddingsThatWork(I.Array, I.Accesses, I.Before,
                                                  I.Samplers, MinDegree, Align,
                                                  I.Model->standIn(), Ctx));
    }
  }
}

// The degree of \p A at the width the compiler issues it with: a thread's
// aligned run as vectors, else its elements; Degree 0 when it cannot be
// computed.
BankConflict SharedBankConflictCheck::issuedConflict(
    const KernelModel &M, const MemAccess &A,
    llvm::ArrayRef<WarpSampler> Samplers, const ASTContext &Ctx) const {
  BankConflict C;
  if (std::optional<VectorIssue> VI = vectorIssue(M, A, Ctx))
    if (std::optional<unsigned> D =
            leastVectorBankConflictDegree(A, Samplers, VI->Loop, VI->Bytes)) {
      C.Degree = *D;
      C.IssuedBytes = VI->Bytes;
      C.RunBytes = VI->RunBytes;
      return C;
    }
  C.Degree = leastBankConflictDegree(A, Samplers).value_or(0);
  return C;
}

void SharedBankConflictCheck::reportConflict(
    unsigned Raw, const BankConflict &C, BankConflicts &Conflicts,
    std::set<unsigned> &FixAttached, const TemplateStandIn *StandIn,
    ASTContext &Ctx, FindingSink &Sink) {
  const SourceManager &SM = Ctx.getSourceManager();
  const BlockShape &FirstShape = C.Shape;
  const VarDecl *V = C.Array;
  std::optional<ArrayShape> Shape = shapeOf(V, StandIn, Ctx);
  ArrayPadding &Fix = Conflicts.paddingOf(V, Ctx);
  int64_t Pad = Fix.smallestPad();
  auto [DegreeText, InstancesNote] =
      degreeByInstance(C.Degree, Conflicts.ByInstance[Raw]);
  ConflictText Text = conflictText(C, Shape, Pad, FirstShape, DegreeText, Ctx);
  if (Pad && Fix.Hazard.empty() && Shape)
    Fix.Hazard = sharedMemoryLimitHazard(Fix, *Shape, Pad, Ctx);
  std::optional<FixItHint> Edit;
  if (Pad && Fix.Hazard.empty() && !FixAttached.count(Raw))
    Edit = padEdit(Fix.Array, Pad, Ctx);
  bool First =
      FixAttached.insert(SM.getExpansionLoc(V->getLocation()).getRawEncoding())
          .second;
  {
    // The text quotes source (a decltype): an argument, never a format.
    auto D = Sink.diag(SourceLocation::getFromRawEncoding(Raw), "%0")
             << Text.Warning;
    if (Edit && First)
      D << *Edit;
  }
  SourceLocation At = SourceLocation::getFromRawEncoding(Raw);
  Sink.diag(At, "%0", DiagnosticIDs::Note) << Text.Pattern;
  if (!InstancesNote.empty())
    Sink.diag(At, "%0", DiagnosticIDs::Note) << InstancesNote;
  if (!Text.Cost.empty())
    Sink.diag(At, "%0", DiagnosticIDs::Note) << Text.Cost;
  for (const CallExpr *Call : C.Access->CallStack)
    Sink.diag(Call->getExprLoc(), "inlined from this call",
              DiagnosticIDs::Note);
  if (First) {
    PaddingLimits Limits;
    Limits.RowAlignment =
        rowAlignment(sharedArrayAccesses(*Fix.Model)[Fix.Array]);
    Limits.LanesInX = FirstShape.X.value_or(32) % 32 == 0;
    Limits.Accesses = sharedArrayAccesses(*Fix.Model)[Fix.Array];
    if (!Fix.IndexPads.empty())
      Limits.IndexPad = Fix.IndexPads.front();
    Limits.Hazard = Fix.Hazard;
    // A template's pattern has no alignment yet: taken as the element's.
    if (!Fix.Array->getType()->isDependentType())
      Limits.ArrayAlignment = Ctx.getDeclAlign(Fix.Array).getQuantity();
    Limits.ElementName =
        C.Access->Type.getCanonicalType().getUnqualifiedType().getAsString(
            Ctx.getPrintingPolicy());
    if (Shape)
      Limits.ElementBytes =
          Ctx.getTypeSizeInChars(Shape->Element).getQuantity();
    else if (QualType T = C.Access->Type;
             !T.isNull() && !T->isIncompleteType() && T->isConstantSizeType())
      Limits.ElementBytes = Ctx.getTypeSizeInChars(T).getQuantity();
    noteRemedy(C, Shape ? &*Shape : nullptr, Pad, Edit.has_value(), Fix.Hazard,
               Limits, Sink);
  }
}

void SharedBankConflictCheck::noteRemedy(const BankConflict &C,
                                         const ArrayShape *Shape, int64_t Pad,
                                         bool Padded, const std::string &Hazard,
                                         const PaddingLimits &Limits,
                                         FindingSink &Sink) {
  const VarDecl *V = C.Array;
  if (Pad && Shape) {
    if (Padded)
      Sink.diag(V->getLocation(),
                "'%0' declared here; padding its rows to '%1' "
                "removes the conflict",
                DiagnosticIDs::Note)
          << V->getName() << spelled(V, *Shape, Pad);
    else
      Sink.diag(V->getLocation(),
                "padding the rows of '%0' to '%1' would remove the conflict; "
                "not applied automatically because %2",
                DiagnosticIDs::Note)
          << V->getName() << spelled(V, *Shape, Pad)
          << (Hazard.empty() ? "cudalint cannot rewrite its "
                               "declaration (written by a macro or "
                               "through a typedef)"
                             : Hazard);
    return;
  }
  if (Shape && Shape->Extents.size() >= 2 && !V->hasExternalStorage()) {
    Sink.diag(V->getLocation(),
              "no padding of the rows of '%0' up to %1 elements removes the "
              "conflict for every access%2; no simple layout change fixes it",
              DiagnosticIDs::Note)
        << V->getName() << int(MaxPad)
        << (Limits.RowAlignment > 1
                ? llvm::formatv(" while keeping the rows {0}-byte aligned for "
                                "its vector accesses",
                                Limits.RowAlignment)
                      .str()
                : std::string());
    return;
  }
  noteStridePadding(C, Limits, Sink);
}

void SharedBankConflictCheck::noteStridePadding(const BankConflict &C,
                                                const PaddingLimits &Limits,
                                                FindingSink &Sink) {
  const VarDecl *V = C.Array;
  const MemAccess &A = *C.Access;
  unsigned How = V->hasExternalStorage() ? 1 : 0;
  // A padding of the index is written in every access of the array: it
  // is offered only where the simulation passes it for each of them.
  if (Limits.IndexPad) {
    auto [Row, Pad] = *Limits.IndexPad;
    std::string Index = "j + j / " + std::to_string(Row) +
                        (Pad > 1 ? " * " + std::to_string(Pad) : "");
    Sink.diag(V->getLocation(),
              "'%0' %select{is indexed by hand|is an 'extern __shared__' "
              "array}1: writing each index 'j' of it as '%2' in every access "
              "(%select{the array's size|the launch's dynamic shared-memory "
              "size}1 grown to match) removes the conflict in the bank "
              "simulation of all its accesses%select{|; mind that %4}3",
              DiagnosticIDs::Note)
        << V->getName() << How << Index
        << !(Limits.Hazard.empty() || V->hasExternalStorage()) << Limits.Hazard;
    return;
  }
  std::optional<int64_t> Stride =
      Limits.LanesInX ? pureLaneStride(A) : std::nullopt;
  // The pure-stride model must give the degree found, or it is not this
  // access's pattern.
  if (!Stride || !Limits.ElementBytes || *Stride % Limits.ElementBytes ||
      stridedBankConflictDegree(*Stride, A.Width) != C.Degree) {
    Sink.diag(V->getLocation(),
              "'%0' %select{is indexed by hand|is an 'extern __shared__' "
              "array}1 in a pattern cudalint cannot pad: check any padding or "
              "swizzle against every access before applying it",
              DiagnosticIDs::Note)
        << V->getName() << How;
    return;
  }
  noteNoStrideChange(C, Limits, *Stride, Sink);
}

void SharedBankConflictCheck::noteNoStrideChange(const BankConflict &C,
                                                 const PaddingLimits &Limits,
                                                 int64_t Stride,
                                                 FindingSink &Sink) {
  const VarDecl *V = C.Array;
  const MemAccess &A = *C.Access;
  unsigned How = V->hasExternalStorage() ? 1 : 0;
  StrideUse Use = strideUse(A, Stride, Limits.Accesses);
  // Each thread's adjacent elements as one vector: the layout stays, and
  // lanes a vector apart do not conflict.
  std::optional<int64_t> Run = adjacentRun(Use, Stride, A.Width);
  std::string Vector =
      vectorTypeName(Limits.ElementName, A.Width ? Stride / A.Width : 0);
  if (Run && (Stride == 8 || Stride == 16) && !Vector.empty() &&
      stridedBankConflictDegree(Stride, Stride) < MinDegree) {
    Sink.diag(V->getLocation(),
              "'%0' %select{is indexed by hand|is an 'extern __shared__' "
              "array}5: each thread's %1 adjacent elements "
              "accessed as one '%2' do not conflict (the layout stays); the "
              "array must be %3-byte aligned%select{| (declare it "
              "'__align__(%3)')}4",
              DiagnosticIDs::Note)
        << V->getName() << int(Stride / A.Width) << Vector << int(Stride)
        << (Limits.ArrayAlignment < Stride || *Run % Stride != 0) << How;
    return;
  }
  if (noteOddStride(C, Limits, Stride, Sink))
    return;
  Sink.diag(V->getLocation(),
            "'%0' %select{is indexed by hand|is an 'extern __shared__' "
            "array}1: no padding of its index ('j + j / R * P', rows of up to "
            "128 elements) removes the conflict without adding one to its "
            "other accesses%select{| while keeping its vector accesses "
            "aligned}2; no simple layout change fixes it",
            DiagnosticIDs::Note)
      << V->getName() << How << (Limits.RowAlignment > 1);
}

bool SharedBankConflictCheck::noteOddStride(const BankConflict &C,
                                            const PaddingLimits &Limits,
                                            int64_t Stride, FindingSink &Sink) {
  const VarDecl *V = C.Array;
  if (!C.Model || Limits.ElementBytes != C.Access->Width)
    return false;
  ExecutionWeights Weights(*C.Model, C.Shape.X);
  std::optional<OddStride> Odd =
      oddStrideRemedy(*C.Access, Stride, sharedArrayAccesses(*C.Model)[V],
                      warpSamplers({C.Shape}), Weights, MinDegree);
  if (!Odd)
    return false;
  const SourceManager &SM = V->getASTContext().getSourceManager();
  auto LineOf = [&](const MemAccess *A) {
    return SM.getExpansionLineNumber(A->E->getBeginLoc());
  };
  // The rule is a quarter of the conflicted access's runs: the trips of
  // loops bounded at run time are guesses, so no closer figure is quoted.
  std::string Price;
  if (Odd->Worsened)
    Price = llvm::formatv("; it makes the access at line {0}, which runs at "
                          "least 4x less often, {1}-way",
                          LineOf(Odd->Worsened), Odd->AddedDegree)
                .str();
  if (!Odd->Unfollowed.empty())
    Price += llvm::formatv("; cudalint cannot follow the index of the access "
                           "at line {0}, which runs at least 4x less often: "
                           "check it under the new stride",
                           LineOf(Odd->Unfollowed.front()))
                 .str();
  Sink.diag(V->getLocation(),
            "'%0' %select{is indexed by hand|is an 'extern __shared__' "
            "array}1: rows of an odd number of elements (%2 instead of %3, "
            "'j + j / %3' in every index) remove this conflict%4",
            DiagnosticIDs::Note)
      << V->getName() << unsigned(V->hasExternalStorage() ? 1 : 0)
      << int(Odd->Elements + 1) << int(Odd->Elements) << Price;
  return true;
}

} // namespace cudalint
