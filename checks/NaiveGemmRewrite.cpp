//===--- NaiveGemmRewrite.cpp - a naive GEMM's launch as cuBLAS -----------===//

#include "NaiveGemmRewrite.h"
#include "analysis/AddressTerms.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"

using namespace clang;

namespace cudalint {

namespace {

//===----------------------------------------------------------------------===//
// Which parameter is which argument
//===----------------------------------------------------------------------===//

const ParmVarDecl *parameterOf(const MemAccess *Ac) {
  return Ac ? dyn_cast_or_null<ParmVarDecl>(Ac->Root) : nullptr;
}

// A, B and C: float or double kernel parameters, in global memory, whose
// rows and columns are known.
std::string operandsWhyNot(const MatrixProduct &P, CublasCall &Call) {
  Call.A = parameterOf(P.a().Global);
  Call.B = parameterOf(P.b().Global);
  Call.C = parameterOf(P.Store);
  if (Call.Type == "complex float" || Call.Type == "complex double")
    return "a complex product is cublasCgemm's or cublasZgemm's, which the "
           "rewrite does not write";
  if (Call.Type != "float" && Call.Type != "double")
    return "only float and double products are rewritten";
  if (!P.ColumnsKnown)
    return "the rows and columns of the output could not be told apart";
  if (P.a().Centred || P.b().Centred)
    return "a factor subtracts a value from what it loads ('X[..] - mu'); "
           "centre the operand once first, and the product is one GEMM";
  if (!Call.A || !Call.B || !Call.C || !P.a().Global || !P.b().Global)
    return "the operands are not all kernel parameters read from global "
           "memory";
  return "";
}

// The distance, in elements, that the one atom of \p P that is (\p Want) or
// is not (!\p Want) in \p In moves \p P by.
std::optional<Extent> singleAtomExtent(const Polynomial &P,
                                       const std::set<std::string> &In,
                                       bool Want, int64_t Elem) {
  std::optional<std::string> Key;
  for (const std::string &K : threadAtoms(P))
    if ((In.count(K) != 0) == Want) {
      if (Key)
        return std::nullopt;
      Key = K;
    }
  if (!Key)
    return std::nullopt;
  std::optional<Polynomial> C = coefficientOf(P, *Key);
  return C ? extentOf(*C, Elem) : std::nullopt;
}

// Leading dimensions: A's row stride, B's k stride, C's row stride.
std::string leadingDimensionsWhyNot(const MatrixProduct &P, CublasCall &Call) {
  const ProductOperand &A = P.a(), &B = P.b();
  int64_t Elem = scalarBytes(*P.X.Load); // one scalar of the product
  Polynomial GA = toPolynomial(A.Global->Offset),
             GB = toPolynomial(B.Global->Offset),
             PC = toPolynomial(P.Store->Offset);
  std::optional<Extent> Lda = singleAtomExtent(GA, A.Atoms, true, Elem);
  std::optional<Extent> AWalk = A.ViaShared
                                    ? singleAtomExtent(GA, A.Atoms, false, Elem)
                                    : extentOf(A.KStride, scalarBytes(*A.Load));
  std::optional<Extent> BCol = singleAtomExtent(GB, B.Atoms, true, Elem);
  std::optional<Extent> Ldb = B.ViaShared
                                  ? singleAtomExtent(GB, B.Atoms, false, Elem)
                                  : extentOf(B.KStride, scalarBytes(*B.Load));
  std::optional<Extent> Ldc = singleAtomExtent(PC, A.Atoms, true, Elem);
  std::optional<Extent> CCol = singleAtomExtent(PC, B.Atoms, true, Elem);
  if (!Lda || !BCol || !Ldc || !CCol || CCol->Const != 1)
    return "the loads of the operands, or the store of the result, do not "
           "follow one row and one column coordinate each (register blocking "
           "or vector loads)";
  if (!AWalk || AWalk->Const != 1 || BCol->Const != 1)
    return "an operand is read transposed";
  if (!Lda->Param || !Ldb || !Ldb->Param || !Ldc->Param)
    return "the leading dimensions are not all kernel parameters";
  Call.Lda = Lda->Param;
  Call.Ldb = Ldb->Param;
  Call.Ldc = Ldc->Param;
  return "";
}

// The loop that walks the operands' global copies: the k loop, or for a
// tiled product the loop over tiles.
const Stmt *kWalkLoop(const MatrixProduct &P) {
  if (!P.a().ViaShared)
    return P.KLoop;
  const Stmt *KOuter = nullptr;
  Polynomial GA = toPolynomial(P.a().Global->Offset);
  for (const Stmt *L : P.a().Global->Loops)
    if (loopLeafKey(GA, L))
      KOuter = L;
  return KOuter;
}

// The parameter \p Loop's condition compares with (the last one that names
// exactly one).
const ParmVarDecl *loopBound(const KernelModel &M, const Stmt *Loop) {
  const ParmVarDecl *Bound = nullptr;
  for (const BranchCondition &C : M.conditions())
    if (C.S == Loop && C.Value->Kind >= SymKind::LT &&
        C.Value->Kind <= SymKind::GE) {
      std::set<const ParmVarDecl *> Ps;
      parametersIn(*C.Value->Ops[1], Ps);
      if (Ps.size() == 1)
        Bound = *Ps.begin();
    }
  return Bound;
}

// Every term of \p Address is part of a row, a column or the k walk.
bool onlyProductTerms(const Polynomial &Address,
                      const std::set<const ParmVarDecl *> &Sizes,
                      const Stmt *KLoop, const Stmt *KOuter) {
  for (const auto &[Key, L] : Address.Leaves) {
    if (L->threadDependent() || L->isConst())
      continue;
    if (L->Kind == SymKind::LoopIter && (L->Id == KLoop || L->Id == KOuter))
      continue;
    if (const ParmVarDecl *P = parameterLeaf(*L); P && Sizes.count(P))
      continue;
    if (L->Kind == SymKind::BlockDim && L->Dim < 2)
      continue;
    if (L->Kind != SymKind::BlockIdx || L->Dim >= 2)
      return false;
    if (!scalesACoordinate(Address, Key, L->Dim))
      return false;
  }
  return true;
}

// M, N and K from the guards of the store and the bound of the k walk.
// One call computes one product: a batch index (`blockIdx.z * M * K`, or a
// thread coordinate both operands follow), an offset parameter or another
// loop in an address would be dropped by it.
std::string sizesWhyNot(const MatrixProduct &P, const KernelModel &M,
                        CublasCall &Call) {
  Call.M = guardBound(P.Store->Guards, P.a().Atoms);
  Call.N = guardBound(P.Store->Guards, P.b().Atoms);
  const Stmt *KOuter = kWalkLoop(P);
  Call.K = KOuter ? loopBound(M, KOuter) : nullptr;
  if (!Call.M || !Call.N || !Call.K)
    return std::string("the ") +
           (!Call.M   ? "row count (M)"
            : !Call.N ? "column count (N)"
                      : "inner dimension (K)") +
           " could not be read from the kernel's guards and loops";
  std::set<const ParmVarDecl *> Sizes = {Call.M,   Call.N,   Call.K,
                                         Call.Lda, Call.Ldb, Call.Ldc};
  auto OnlyShape = [&](const SymRef &Address) {
    return onlyProductTerms(toPolynomial(Address), Sizes, P.KLoop, KOuter);
  };
  if (!P.BatchAtoms.empty() || !OnlyShape(P.a().Global->Offset) ||
      !OnlyShape(P.b().Global->Offset) || !OnlyShape(P.Store->Offset))
    return "the addresses hold more than one product's rows, columns and k "
           "(a batch index such as blockIdx.z, an offset parameter, or "
           "another loop), which one call would not reproduce; "
           "cublasGemmStridedBatchedEx covers batches";
  return "";
}

// The parameter `p` of `p * X` or `X * p` where \p IsScaled(X).
const ParmVarDecl *
scaleParameter(const Expr *E, llvm::function_ref<bool(const Expr *)> IsScaled) {
  std::optional<BinOp> Mul = binaryOperation(peelConversions(E));
  if (!Mul || Mul->Op != BO_Mul)
    return nullptr;
  for (int I = 0; I < 2; ++I) {
    const Expr *S1 = peelConversions(I ? Mul->R : Mul->L),
               *S2 = peelConversions(I ? Mul->L : Mul->R);
    const auto *DRE = dyn_cast<DeclRefExpr>(S1);
    const auto *Param = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (Param && IsScaled(S2))
      return Param;
  }
  return nullptr;
}

// alpha and beta of `C = alpha * acc + beta * C` (either order).
void findScales(const BinOp &Sum, const MatrixProduct &P,
                const MatrixProductFinder &Finder, CublasCall &Call) {
  auto IsAccumulator = [&](const Expr *E) {
    return localVariableOf(E) == P.Acc.Acc;
  };
  auto IsOutput = [&](const Expr *E) {
    const MemAccess *L = Finder.loadOf(E);
    return L && L->Root == P.Store->Root &&
           L->Offset->key() == P.Store->Offset->key();
  };
  Call.Alpha = scaleParameter(Sum.L, IsAccumulator);
  Call.Beta = scaleParameter(Sum.R, IsOutput);
  if (!Call.Alpha || !Call.Beta) {
    Call.Alpha = scaleParameter(Sum.R, IsAccumulator);
    Call.Beta = scaleParameter(Sum.L, IsOutput);
  }
}

// C = acc, or C = alpha * acc + beta * C.
std::string scalingWhyNot(const MatrixProduct &P,
                          const MatrixProductFinder &Finder, CublasCall &Call) {
  if (!P.StoredValue)
    return P.Subtracted ? "the result is taken from the output ('-=')"
                        : "the result is added to the output ('+=')";
  const Expr *R = peelConversions(P.StoredValue);
  if (localVariableOf(R) == P.Acc.Acc ||
      (P.Returns && isa<CallExpr>(R) && Finder.callsBody(R, P.Owner))) {
    Call.AlphaText = Call.Type == "float" ? "1.0f" : "1.0";
    Call.BetaText = Call.Type == "float" ? "0.0f" : "0.0";
    return "";
  }
  if (std::optional<BinOp> Sum = binaryOperation(R); Sum && Sum->Op == BO_Add)
    findScales(*Sum, P, Finder, Call);
  if (!Call.Alpha || !Call.Beta)
    return "the result is not stored as 'acc' or 'alpha * acc + beta * C'";
  return "";
}

//===----------------------------------------------------------------------===//
// The text of the call
//===----------------------------------------------------------------------===//

const char *HelperText = R"cpp(#include <cublas_v2.h>

// Inserted by cudalint-naive-gemm: row-major C = alpha * A * B + beta * C
// through cuBLAS (link with -lcublas). Row-major C = A * B is column-major
// C^T = B^T * A^T, so B goes first. One handle per process.
static inline cublasHandle_t cudalintCublasHandle() {
  static cublasHandle_t Handle = [] {
    cublasHandle_t H = nullptr;
    cublasCreate(&H);
    return H;
  }();
  return Handle;
}
static inline cublasStatus_t
cudalintGemm(cublasComputeType_t Compute, int M, int N, int K, float Alpha,
             const float *A, int Lda, const float *B, int Ldb, float Beta,
             float *C, int Ldc, cudaStream_t Stream = 0) {
  cublasHandle_t H = cudalintCublasHandle();
  cublasSetStream(H, Stream);
  return cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &Alpha, B,
                      CUDA_R_32F, Ldb, A, CUDA_R_32F, Lda, &Beta, C,
                      CUDA_R_32F, Ldc, Compute, CUBLAS_GEMM_DEFAULT);
}
static inline cublasStatus_t
cudalintGemm(cublasComputeType_t Compute, int M, int N, int K, double Alpha,
             const double *A, int Lda, const double *B, int Ldb, double Beta,
             double *C, int Ldc, cudaStream_t Stream = 0) {
  cublasHandle_t H = cudalintCublasHandle();
  cublasSetStream(H, Stream);
  return cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &Alpha, B,
                      CUDA_R_64F, Ldb, A, CUDA_R_64F, Lda, &Beta, C,
                      CUDA_R_64F, Ldc, Compute, CUBLAS_GEMM_DEFAULT);
}
)cpp";

// The launch's argument for \p P, parenthesised unless it is a name;
// empty when it has side effects or no source text.
std::string argumentText(const ParmVarDecl *P, const CUDAKernelCallExpr *Call,
                         ASTContext &Ctx) {
  unsigned I = P->getFunctionScopeIndex();
  if (I >= Call->getNumArgs())
    return "";
  const Expr *E = Call->getArg(I);
  if (E->HasSideEffects(Ctx))
    return "";
  std::string T = exactSourceText(E->getSourceRange(), Ctx);
  bool Simple = llvm::all_of(T, [](char Ch) {
    return isalnum(static_cast<unsigned char>(Ch)) || Ch == '_' || Ch == '.';
  });
  return T.empty() || Simple ? T : "(" + T + ")";
}

// The stream the launch names, if any.
std::string launchStream(const CUDAKernelCallExpr *Call, ASTContext &Ctx) {
  if (const CallExpr *Cfg = Call->getConfig())
    if (Cfg->getNumArgs() >= 4 && !isa<CXXDefaultArgExpr>(Cfg->getArg(3)))
      return exactSourceText(Cfg->getArg(3)->getSourceRange(), Ctx);
  return "";
}

std::vector<std::string> cublasArguments(const CublasCall &C,
                                         const CUDAKernelCallExpr *Call,
                                         ASTContext &Ctx) {
  auto Arg = [&](const ParmVarDecl *P) { return argumentText(P, Call, Ctx); };
  return {Arg(C.M),
          Arg(C.N),
          Arg(C.K),
          C.Alpha ? Arg(C.Alpha) : C.AlphaText,
          Arg(C.A),
          Arg(C.Lda),
          Arg(C.B),
          Arg(C.Ldb),
          C.Beta ? Arg(C.Beta) : C.BetaText,
          Arg(C.C),
          Arg(C.Ldc)};
}

std::string cublasCallText(const std::string &Compute,
                           llvm::ArrayRef<std::string> Args,
                           const std::string &Stream) {
  std::string Text = "cudalintGemm(" + Compute;
  for (const std::string &S : Args)
    Text += ", " + S;
  if (!Stream.empty())
    Text += ", " + Stream;
  Text += ")";
  return Text;
}

} // namespace

CublasPlan planCublasCall(const MatrixProduct &P,
                          const MatrixProductFinder &Finder, bool HasLaunches) {
  CublasPlan Plan;
  Plan.Call.Type = productTypeName(P);
  std::string &Why = Plan.WhyNot;
  Why = P.Acc.SoleTerm ? operandsWhyNot(P, Plan.Call)
                       : "the loop adds more than one product to the output";
  if (Why.empty())
    Why = leadingDimensionsWhyNot(P, Plan.Call);
  if (Why.empty())
    Why = sizesWhyNot(P, Finder.model(), Plan.Call);
  if (Why.empty())
    Why = scalingWhyNot(P, Finder, Plan.Call);
  if (Why.empty() && !HasLaunches)
    Why = "no launch of the kernel is in this translation unit";
  return Plan;
}

std::string cublasComputeType(const std::string &Type, bool Tf32) {
  if (Type != "float")
    return "CUBLAS_COMPUTE_64F";
  return Tf32 ? "CUBLAS_COMPUTE_32F_FAST_TF32" : "CUBLAS_COMPUTE_32F";
}

LaunchRewrites rewriteLaunches(const CublasCall &Call,
                               const std::string &Compute,
                               llvm::ArrayRef<LaunchSite> Launches,
                               ASTContext &Ctx,
                               std::set<unsigned> &HelperAdded) {
  const SourceManager &SM = Ctx.getSourceManager();
  bool Declared = !Ctx.getTranslationUnitDecl()
                       ->lookup(&Ctx.Idents.get("cudalintGemm"))
                       .empty();
  LaunchRewrites R;
  for (const LaunchSite &L : Launches) {
    std::vector<std::string> Args = cublasArguments(Call, L.Call, Ctx);
    CharSourceRange CallR = fileRange(L.Call->getSourceRange(), Ctx);
    SourceLocation LaunchLoc = SM.getExpansionLoc(L.Call->getBeginLoc());
    if (llvm::any_of(Args, [](const std::string &S) { return S.empty(); }) ||
        !CallR.isValid()) {
      R.Kept.push_back(LaunchLoc);
      continue;
    }
    R.Edits.push_back(FixItHint::CreateReplacement(
        CallR, cublasCallText(Compute, Args, launchStream(L.Call, Ctx))));
    FileID File = SM.getFileID(LaunchLoc);
    // Once per file: clang-tidy would apply a second copy offered by
    // another finding's note.
    if (!Declared && HelperAdded.insert(File.getHashValue()).second)
      R.Edits.push_back(FixItHint::CreateInsertion(
          includeInsertionPoint(File, SM), HelperText));
    if (R.Rewritten.empty())
      R.FirstArgs = Args;
    R.Rewritten.push_back(LaunchLoc);
  }
  return R;
}

} // namespace cudalint
