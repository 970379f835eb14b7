//===--- UncoalescedAccessCheck.cpp - cudalint ----------------------------===//

#include "UncoalescedAccessCheck.h"
#include "analysis/CudaAST.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

// Accesses of one root whose addresses differ by a constant (the fields of
// one struct, `a[2*i]` and `a[2*i+1]`): the cache serves them together.
std::string groupKey(const MemAccess &A) {
  Polynomial P = toPolynomial(A.Offset);
  P.Terms.erase(std::vector<std::string>());
  return std::to_string(reinterpret_cast<uintptr_t>(A.Root)) + "|" +
         P.toSym()->key();
}

// The kernel's global, non-atomic accesses grouped by groupKey, groups in
// the order of their first access.
std::vector<std::vector<const MemAccess *>> globalGroups(const KernelModel &M) {
  std::vector<std::vector<const MemAccess *>> Groups;
  std::map<std::string, size_t> Index;
  for (const MemAccess &A : M.accesses()) {
    if (A.Space != MemSpace::Global || A.IsAtomic || !A.Root)
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
// byte of the sectors it fetches over the loop: not a waste worth a warning.
bool wholeSectorsPerThread(const KernelModel &M, const MemAccess &A) {
  if (A.Loops.empty())
    return false;
  const clang::Stmt *L = A.Loops.back();
  std::optional<int64_t> Trip = M.tripCount(L);
  if (!Trip)
    return false;
  Polynomial P = toPolynomial(A.Offset);
  for (auto &[Mono, C] : P.Terms)
    if (Mono.size() == 1 && P.Leaves.at(Mono[0])->Kind == SymKind::LoopIter &&
        P.Leaves.at(Mono[0])->Id == L)
      // A few sectors per thread (up to one 128-byte line): the thread's
      // own loop uses them whole. A long row walk is the matvec pattern.
      return C == int64_t(A.Width) && *Trip * C >= 32 && *Trip * C <= 128;
  return false;
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
    if (const FunctionDecl *FD = CE->getDirectCallee())
      if (FD->getIdentifier()) {
        StringRef N = FD->getName();
        for (StringRef P : {"__shfl", "__ballot", "__any", "__all", "__reduce",
                            "__match", "__activemask", "__syncwarp"})
          if (N.starts_with(P))
            Found = true;
      }
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
  SourceRange R = Outer->getSourceRange();
  SourceLocation L = Inner->getBeginLoc();
  return !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), L);
}

} // namespace

UncoalescedAccessCheck::UncoalescedAccessCheck(StringRef Name,
                                               tidy::ClangTidyContext *Context)
    : BlockShapeCheck(Name, Context),
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

void UncoalescedAccessCheck::checkKernel(const FunctionDecl *Kernel,
                                         ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();

  std::vector<LaunchConfig> Launches = launchesOf(Kernel, Ctx);
  std::vector<BlockShape> Shapes = blockShapesOf(Kernel, Launches);

  struct Report {
    double Ratio = 0;
    std::string Message;
    const MemAccess *Access = nullptr;
    const KernelModel *Model = nullptr;
    std::vector<const MemAccess *> Group;
    bool Gather = false;
  };
  std::map<unsigned, Report> Reports; // by location, over instantiations
  bool AnyContiguousInX = false, UsesShared = false;
  std::vector<WarpSampler> Samplers;
  for (const BlockShape &S : Shapes)
    Samplers.emplace_back(S);

  for (const FunctionDecl *F : analysedInstances(*Kernel)) {
    const KernelModel &M = KernelModel::get(*F);
    for (const MemAccess &A : M.accesses())
      UsesShared |= A.Space == MemSpace::Shared;
    for (const std::vector<const MemAccess *> &G : globalGroups(M)) {
      const MemAccess &First = *G.front();
      // The first access in source order speaks for the group.
      const MemAccess *Rep = &First;
      for (const MemAccess *A : G)
        if (SM.isBeforeInTranslationUnit(A->E->getBeginLoc(),
                                         Rep->E->getBeginLoc()))
          Rep = A;
      SourceLocation Loc = SM.getExpansionLoc(Rep->E->getBeginLoc());
      if (!addressComputable(First)) {
        if (ReportGathers && First.Offset->threadDependent()) {
          Report &R = Reports[Loc.getRawEncoding()];
          R.Gather = true;
          R.Access = Rep;
          R.Model = &M;
          R.Group = G;
        }
        continue;
      }
      std::optional<SectorCost> Worst;
      bool AllBad = true;
      for (const WarpSampler &W : Samplers) {
        std::optional<SectorCost> C = sectorCost(G, W);
        if (!C || C->ratio() < MinSectorRatio || C->Sectors < MinSectors) {
          AllBad = false;
          break;
        }
        if (!Worst)
          Worst = C;
      }
      {
        // Contiguous in x: the lane stride is the element size.
        AffineForm AF = affine(First.Offset);
        if (auto C = AF.Coeff[0].constant())
          if (*C == First.Width && !AF.NonAffine)
            AnyContiguousInX = true;
      }
      if (!AllBad || !Worst)
        continue;
      if (wholeSectorsPerThread(M, *Rep))
        continue;
      Report &R = Reports[Loc.getRawEncoding()];
      if (R.Access && !R.Gather && R.Ratio >= Worst->ratio())
        continue;
      R.Gather = false;
      R.Ratio = Worst->ratio();
      R.Access = Rep;
      R.Model = &M;
      R.Group = G;
      std::string Stride = laneStride(*Rep);
      double Used = 100.0 * Worst->UsefulBytes / (Worst->Sectors * 32.0);
      R.Message = llvm::formatv(
          "uncoalesced {0} '{1}': {2}each warp touches {3} sectors of 32 "
          "bytes for {4} useful bytes ({5:f1}% of the fetched bandwidth is "
          "used)",
          accessKind(G), Rep->Root->getName(),
          Stride.empty() ? std::string()
                         : "neighbouring lanes are " + Stride + " apart, so ",
          Worst->Sectors, Worst->UsefulBytes, Used);
      if (Shapes.front().assumed() && mentionsBlockShape(Rep->Offset))
        R.Message += " (assuming blockDim.x is a multiple of 32)";
      else if (!Shapes.front().assumed())
        R.Message += " with a block of " + Shapes.front().str();
    }
  }

  bool Reported = false, RemapOffered = false;
  for (auto &[Raw, R] : Reports) {
    const MemAccess &A = *R.Access;
    SourceLocation Loc = SourceLocation::getFromRawEncoding(Raw);
    // A helper inlined into several kernels is reported once.
    if (!markReported(SourceLocation::getFromRawEncoding(Raw)))
      continue;
    if (R.Gather) {
      diag(Loc, "%0 '%1' at a data-dependent address: how many sectors a "
                "warp touches cannot be known statically")
          << accessKind(R.Group) << A.Root->getName();
      continue;
    }
    Reported = true;
    // The message quotes source text (`x % 2`): an argument, never a format.
    diag(Loc, "%0") << R.Message;
    for (const CallExpr *Call : A.CallStack)
      diag(Call->getExprLoc(), "inlined from this call", DiagnosticIDs::Note);
    for (const VarOrigin &O : A.ThreadVars) {
      if (!O.Loc.isValid() || !O.Value)
        continue;
      AffineForm F = affine(O.Value);
      if (F.NonAffine || !F.Coeff[0].isZero())
        diag(O.Loc, "'%0' varies with the thread index here",
             DiagnosticIDs::Note)
            << O.Var->getName();
    }
    addRemedy(*R.Model, A, Launches, Shapes, Ctx, RemapOffered);
  }

  // A kernel with shared-memory tiles has its block shape for a reason.
  if (!Reported && LaunchShapeNotes && AnyContiguousInX && !UsesShared)
    for (const LaunchConfig &L : Launches)
      if (L.Block && *L.Block->X < 32 && L.Block->Y.value_or(1) > 1)
        diag(L.Call->getBeginLoc(),
             "a block of %0 threads splits each warp into %1 rows of at most "
             "%2 threads, so each warp access touches %1 separate segments; "
             "a block 32 threads wide (e.g. 32x%3) measured 1.03x to 1.13x "
             "faster on H100",
             DiagnosticIDs::Remark)
            << L.Block->str()
            << int(std::min<int64_t>((32 + *L.Block->X - 1) / *L.Block->X,
                                     L.Block->Y.value_or(1) *
                                         L.Block->Z.value_or(1)))
            << int(*L.Block->X)
            << int(std::max<int64_t>(1, *L.Block->X * *L.Block->Y / 32));
}

void UncoalescedAccessCheck::addRemedy(const KernelModel &M, const MemAccess &A,
                                       llvm::ArrayRef<LaunchConfig> Launches,
                                       llvm::ArrayRef<BlockShape> Shapes,
                                       ASTContext &Ctx, bool &RemapOffered) {
  if (std::optional<RemapPlan> P = planRemap(M, Launches, Shapes, Ctx)) {
    if (RemapOffered) {
      // One fix-it per kernel: the first finding carries it.
      diag(A.E->getBeginLoc(),
           "the remapping of threads suggested above fixes this access too",
           DiagnosticIDs::Note);
      return;
    }
    RemapOffered = true;
    auto D = diag(P->AnchorLoc,
                  P->LaunchesRewritten
                      ? "make threadIdx.x walk the contiguous dimension: swap "
                        "the x and y roles in '%0' and '%1' and in the launch "
                        "configuration (measured 4.7x on H100)"
                      : "make threadIdx.x walk the contiguous dimension: swap "
                        "the x and y roles in '%0' and '%1', and swap the grid "
                        "and block dimensions where the kernel is launched "
                        "(measured 4.7x on H100)",
                  DiagnosticIDs::Note)
             << P->RowVar->getName() << P->ColVar->getName();
    for (const FixItHint &H : P->Edits)
      D << H;
    return;
  }
  // A transpose: another root is accessed coalesced with both indices.
  AffineForm F = affine(A.Offset);
  bool TwoD = !F.Coeff[0].isZero() && !F.Coeff[1].isZero();
  if (TwoD)
    for (const MemAccess &O : M.accesses()) {
      if (O.Space != MemSpace::Global || O.Root == A.Root || O.IsAtomic ||
          O.IsStore == A.IsStore)
        continue;
      AffineForm OF = affine(O.Offset);
      auto C = OF.Coeff[0].constant();
      if (!OF.NonAffine && C && *C == O.Width && !OF.Coeff[1].isZero()) {
        diag(A.E->getBeginLoc(),
             "this is a transpose: stage a tile through shared memory "
             "('__shared__ T tile[32][33]') so that both the load and the "
             "store walk consecutive addresses with threadIdx.x (measured "
             "6.5x on an 8192x8192 float transpose on H100)",
             DiagnosticIDs::Note);
        return;
      }
    }
  // One row per thread: contiguous along a loop, strided across lanes.
  if (!A.Loops.empty()) {
    Polynomial P = toPolynomial(A.Offset);
    for (auto &[Mono, C] : P.Terms)
      if (Mono.size() == 1 && P.Leaves.at(Mono[0])->Kind == SymKind::LoopIter &&
          P.Leaves.at(Mono[0])->Id == A.Loops.back() && C == int64_t(A.Width)) {
        diag(A.Loops.back()->getBeginLoc(),
             "each thread walks its own row in this loop: give each row to a "
             "warp instead, with lanes reading consecutive elements and "
             "combining their results with __shfl_down_sync (measured 7.2x "
             "on a matrix-vector product on H100)",
             DiagnosticIDs::Note);
        return;
      }
  }
  // An array of structures read one field at a time.
  QualType RootTy = A.Root->getType();
  if (RootTy->isPointerType() && RootTy->getPointeeType()->isRecordType() &&
      isa<MemberExpr>(A.E->IgnoreParenImpCasts())) {
    diag(A.E->getBeginLoc(),
         "each thread accesses one field of a %0-byte structure: store the "
         "fields in separate arrays (structure of arrays) so that a warp "
         "reads them contiguously",
         DiagnosticIDs::Note)
        << unsigned(
               Ctx.getTypeSizeInChars(RootTy->getPointeeType()).getQuantity());
    return;
  }
  diag(A.E->getBeginLoc(),
       "make consecutive threadIdx.x values access consecutive addresses",
       DiagnosticIDs::Note);
}

std::optional<UncoalescedAccessCheck::RemapPlan>
UncoalescedAccessCheck::planRemap(const KernelModel &M,
                                  llvm::ArrayRef<LaunchConfig> Launches,
                                  llvm::ArrayRef<BlockShape> Shapes,
                                  ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // Every x/y built-in is in the initializer of one of two variables, one
  // all-x and one all-y, never reassigned.
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

  // After the swap, every global access must be fine.
  std::vector<std::vector<const MemAccess *>> Groups = globalGroups(M);
  WhatIf Swap;
  Swap.SwapXY = true;
  for (const BlockShape &S : Shapes) {
    BlockShape Swapped = S;
    if (S.X)
      Swapped = BlockShape{S.Y.value_or(1), S.X, S.Z};
    WarpSampler W(Swapped);
    for (const std::vector<const MemAccess *> &G : Groups) {
      std::optional<SectorCost> C = sectorCost(G, W, &Swap);
      if (!C || C->ratio() >= MinSectorRatio / 2)
        return std::nullopt;
    }
  }

  RemapPlan P;
  P.RowVar = XVar;
  P.ColVar = YVar;
  P.AnchorLoc = XVar->getLocation();
  for (const BuiltinUse &U : M.builtinUses())
    if (U.Dim <= 1)
      P.Edits.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(U.MemberLoc), U.Dim == 0 ? "y" : "x"));

  // The launches: swap the two extents of the grid and of the block.
  P.LaunchesRewritten = !Launches.empty();
  llvm::SmallVector<FixItHint, 8> LaunchEdits;
  llvm::SmallPtrSet<const CXXConstructExpr *, 4> Done;
  for (const LaunchConfig &L : Launches) {
    if (!L.GridCtor || !L.BlockCtor) {
      P.LaunchesRewritten = false;
      break;
    }
    for (auto [Ctor, Var] : {std::pair(L.GridCtor, L.GridVar),
                             std::pair(L.BlockCtor, L.BlockVar)}) {
      if (!Done.insert(Ctor).second)
        continue;
      CharSourceRange R0 = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(Ctor->getArg(0)->getSourceRange()), SM,
          LO);
      CharSourceRange R1 = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(Ctor->getArg(1)->getSourceRange()), SM,
          LO);
      if (R0.isInvalid() || R1.isInvalid()) {
        P.LaunchesRewritten = false;
        break;
      }
      // A dim3 variable must not configure anything else.
      if (Var) {
        for (const DeclRefExpr *Ref :
             referencesTo(Var, L.Caller->getBody(), Ctx)) {
          bool InALaunch = llvm::any_of(Launches, [&](const LaunchConfig &O) {
            return within(Ref, O.Call->getConfig(), SM);
          });
          bool InGridArgs =
              Var == L.BlockVar && L.GridCtor && within(Ref, L.GridCtor, SM);
          if (!InALaunch && !InGridArgs) {
            P.LaunchesRewritten = false;
            break;
          }
        }
      }
      std::string T0 = Lexer::getSourceText(R0, SM, LO).str();
      std::string T1 = Lexer::getSourceText(R1, SM, LO).str();
      if (Var == L.GridVar || (!Var && Ctor == L.GridCtor)) {
        // `(n + block.x - 1) / block.x` follows the block's swapped extents.
        auto SwapMembers = [&](std::string S) {
          if (!L.BlockVar)
            return S;
          std::string N = L.BlockVar->getName().str();
          std::string Out;
          for (size_t I = 0; I < S.size();) {
            if (S.compare(I, N.size() + 2, N + ".x") == 0 ||
                S.compare(I, N.size() + 2, N + ".y") == 0) {
              bool Boundary = I == 0 || !(isalnum(S[I - 1]) || S[I - 1] == '_');
              size_t End = I + N.size() + 2;
              bool EndOk =
                  End >= S.size() || !(isalnum(S[End]) || S[End] == '_');
              if (Boundary && EndOk) {
                Out += N + (S[I + N.size() + 1] == 'x' ? ".y" : ".x");
                I = End;
                continue;
              }
            }
            Out += S[I++];
          }
          return Out;
        };
        // Below, the first extent gets T1 and the second T0.
        std::string NewFirst = SwapMembers(T1), NewSecond = SwapMembers(T0);
        T1 = NewFirst;
        T0 = NewSecond;
      }
      if (T0 == T1)
        continue;
      LaunchEdits.push_back(FixItHint::CreateReplacement(R0, T1));
      LaunchEdits.push_back(FixItHint::CreateReplacement(R1, T0));
    }
    if (!P.LaunchesRewritten)
      break;
  }
  if (P.LaunchesRewritten)
    P.Edits.append(LaunchEdits.begin(), LaunchEdits.end());
  else if (!Launches.empty())
    return std::nullopt; // A launch we cannot rewrite: no half-done fix.
  return P;
}

} // namespace cudalint
