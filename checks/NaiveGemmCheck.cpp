//===--- NaiveGemmCheck.cpp - cudalint ------------------------------------===//
//
// A matrix product is recognised from what its loop does, not from names:
//
//   * a statement accumulates a product, `acc += X * Y` (also `acc = acc +
//     X * Y`, `acc = fmaf(X, Y, acc)`, register arrays `r[i][j] += ...`),
//     where X and Y are loads, or registers filled from loads;
//   * in some enclosing loop (the k loop) both loads move with the loop
//     counter;
//   * the thread coordinates in X's address and in Y's are different and
//     neither is empty: one operand follows the row of the output, the
//     other its column (a dot product or a reduction has one coordinate for
//     both; a matrix-vector product has none for the vector);
//   * the accumulator is stored to global memory, after the k loop, at an
//     address that holds both coordinates.
//
// The coordinates are the thread-dependent atoms of the symbolic addresses:
// threadIdx.x / threadIdx.y, or `threadIdx.x / 16` and `threadIdx.x % 16`
// when one index is split in two.
//
//===----------------------------------------------------------------------===//

#include "NaiveGemmCheck.h"
#include "analysis/SymExpr.h"
#include "analysis/Warp.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <functional>
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

// Parens, casts, and conversions: `__half2float(x)`, `float(x)`, `(float)x`,
// a class's conversion operator.
const Expr *peel(const Expr *E) {
  while (E) {
    E = stripNoOps(E);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      if (isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl())) {
        E = MC->getImplicitObjectArgument();
        continue;
      }
    if (const auto *CE = dyn_cast<CallExpr>(E))
      if (CE->getNumArgs() == 1 && CE->getDirectCallee() &&
          CE->getDirectCallee()->getIdentifier()) {
        StringRef N = CE->getDirectCallee()->getName();
        if (N.contains("2float") || N.contains("2double") || N == "__ldg") {
          E = CE->getArg(0);
          continue;
        }
      }
    if (const auto *CC = dyn_cast<CXXConstructExpr>(E))
      if (CC->getNumArgs() == 1) {
        E = CC->getArg(0);
        continue;
      }
    break;
  }
  return E;
}

// The local variable (scalar or register array) an lvalue names.
const VarDecl *localOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase()->IgnoreParenImpCasts();
    else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase()->IgnoreParenImpCasts(); // `tmp.x` of a float4
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  if (!V || !V->hasLocalStorage() || V->hasAttr<CUDASharedAttr>() ||
      isa<ParmVarDecl>(V))
    return nullptr;
  return V;
}

// A binary operation, built-in or overloaded (`__half` has operators).
struct BinOp {
  BinaryOperatorKind Op;
  const Expr *L, *R;
};
std::optional<BinOp> binOp(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return BinOp{BO->getOpcode(), BO->getLHS(), BO->getRHS()};
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OC->getNumArgs() != 2)
      return std::nullopt;
    BinaryOperatorKind K;
    switch (OC->getOperator()) {
    case OO_Star:
      K = BO_Mul;
      break;
    case OO_Plus:
      K = BO_Add;
      break;
    case OO_PlusEqual:
      K = BO_AddAssign;
      break;
    case OO_Equal:
      K = BO_Assign;
      break;
    default:
      return std::nullopt;
    }
    return BinOp{K, OC->getArg(0), OC->getArg(1)};
  }
  return std::nullopt;
}

bool isFmaName(StringRef N) {
  return N == "fma" || N == "fmaf" || N.starts_with("__fmaf_") ||
         N.starts_with("__fma_") || N == "__hfma" || N == "std::fma";
}

// `acc += X * Y`, `acc = acc + X * Y`, `acc = fmaf(X, Y, acc)`; also
// `C[i][j] += alpha * X * Y` straight into memory (Acc is then null and
// Into the lvalue). Factors is every factor of the product.
struct Accumulate {
  const Expr *S;
  const VarDecl *Acc;
  const Expr *X, *Y;
  const Expr *Into = nullptr;
  llvm::SmallVector<const Expr *, 4> Factors;
};
void factors(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Out) {
  if (std::optional<BinOp> M = binOp(peel(E)); M && M->Op == BO_Mul) {
    factors(M->L, Out);
    factors(M->R, Out);
    return;
  }
  Out.push_back(E);
}
std::optional<Accumulate> accumulate(const Expr *S) {
  std::optional<BinOp> B = binOp(S);
  if (!B)
    return std::nullopt;
  const VarDecl *Acc = localOf(B->L);
  const Expr *Into = nullptr;
  if (!Acc && B->Op == BO_AddAssign &&
      isa<ArraySubscriptExpr>(B->L->IgnoreParenImpCasts()) &&
      B->L->getType()->isFloatingType())
    Into = B->L; // `C[i * n + j] += A[..] * B[..]`
  else if (!Acc ||
           !(Acc->getType()->isFloatingType() ||
             Acc->getType()->isArrayType() || Acc->getType()->isRecordType()))
    return std::nullopt;
  auto Product = [&](const Expr *E)
      -> std::optional<std::pair<const Expr *, const Expr *>> {
    if (std::optional<BinOp> M = binOp(peel(E)); M && M->Op == BO_Mul)
      return std::make_pair(M->L, M->R);
    return std::nullopt;
  };
  if (B->Op == BO_AddAssign) {
    if (auto P = Product(B->R)) {
      Accumulate R{S, Acc, P->first, P->second, Into, {}};
      factors(B->R, R.Factors);
      return R;
    }
    return std::nullopt;
  }
  if (B->Op != BO_Assign)
    return std::nullopt;
  const Expr *R = peel(B->R);
  if (const auto *CE = dyn_cast<CallExpr>(R))
    if (CE->getNumArgs() == 3 && CE->getDirectCallee() &&
        CE->getDirectCallee()->getIdentifier() &&
        isFmaName(CE->getDirectCallee()->getName()) &&
        localOf(CE->getArg(2)) == Acc)
      return Accumulate{S, Acc, CE->getArg(0), CE->getArg(1)};
  if (std::optional<BinOp> Sum = binOp(R); Sum && Sum->Op == BO_Add) {
    if (localOf(Sum->L) == Acc)
      if (auto P = Product(Sum->R))
        return Accumulate{S, Acc, P->first, P->second};
    if (localOf(Sum->R) == Acc)
      if (auto P = Product(Sum->L))
        return Accumulate{S, Acc, P->first, P->second};
  }
  return std::nullopt;
}

// Kernels that already use tensor cores: WMMA, CUTLASS/CuTe, mma PTX.
bool usesTensorCores(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *A = dyn_cast<GCCAsmStmt>(S)) {
    StringRef T = A->getAsmString()->getString();
    if (T.contains("mma") || T.contains("wgmma"))
      return true;
  }
  auto Suspect = [](QualType T) {
    std::string N = T.getCanonicalType().getAsString();
    return N.find("wmma::") != std::string::npos ||
           N.find("cutlass::") != std::string::npos ||
           N.find("cute::") != std::string::npos;
  };
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (Suspect(V->getType()))
          return true;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee()) {
      std::string Q = FD->getQualifiedNameAsString();
      if (Q.find("wmma::") != std::string::npos ||
          Q.find("cutlass::") != std::string::npos ||
          Q.find("cute::") != std::string::npos)
        return true;
    }
  for (const Stmt *C : S->children())
    if (usesTensorCores(C))
      return true;
  return false;
}

// The coefficient of leaf \p Key in \p P (the terms holding it once, with it
// taken out); nullopt when it appears squared.
std::optional<Polynomial> coeffOf(const Polynomial &P, const std::string &Key) {
  Polynomial C;
  for (const auto &[Mono, Coef] : P.Terms) {
    unsigned N = llvm::count(Mono, Key);
    if (N > 1)
      return std::nullopt;
    if (N == 0)
      continue;
    std::vector<std::string> Rest;
    bool Removed = false;
    for (const std::string &K : Mono) {
      if (K == Key && !Removed) {
        Removed = true;
        continue;
      }
      Rest.push_back(K);
      C.Leaves[K] = P.Leaves.at(K);
    }
    C.Terms[Rest] += Coef;
  }
  return C;
}

std::optional<std::string> loopKey(const Polynomial &P, const Stmt *Loop) {
  for (const auto &[K, L] : P.Leaves)
    if (L->Kind == SymKind::LoopIter && L->Id == Loop)
      return K;
  return std::nullopt;
}

// The thread coordinates of an address: its thread-dependent leaves.
std::set<std::string> atomsOf(const Polynomial &P) {
  std::set<std::string> A;
  for (const auto &[K, L] : P.Leaves)
    if (L->threadDependent())
      A.insert(K);
  return A;
}

// `c * elem` with c a constant: c; `n * elem` with n a kernel parameter: n.
struct Extent {
  std::optional<int64_t> Const;
  const ParmVarDecl *Param = nullptr;
  std::string Text;
};
std::optional<Extent> extentOf(const Polynomial &P, int64_t Elem) {
  if (P.Terms.size() != 1)
    return std::nullopt;
  const auto &[Mono, Coef] = *P.Terms.begin();
  if (Elem == 0 || Coef % Elem)
    return std::nullopt;
  Extent E;
  if (Mono.empty()) {
    E.Const = Coef / Elem;
    E.Text = std::to_string(*E.Const);
    return E;
  }
  if (Mono.size() != 1 || Coef != Elem)
    return std::nullopt;
  const SymRef &L = P.Leaves.at(Mono[0]);
  E.Text = L->Name;
  if (L->Kind == SymKind::ArrayDim) { // a declared extent: `float Bs[16][16]`
    E.Const = L->Value;
    E.Text = std::to_string(L->Value);
  }
  if (L->Kind == SymKind::Uniform)
    E.Param = dyn_cast_or_null<ParmVarDecl>(static_cast<const Decl *>(L->Id));
  return E;
}

// Parameters named in a uniform expression.
void paramsIn(const SymNode &N, std::set<const ParmVarDecl *> &Out) {
  if (N.Kind == SymKind::Uniform)
    if (const auto *P =
            dyn_cast_or_null<ParmVarDecl>(static_cast<const Decl *>(N.Id)))
      Out.insert(P);
  for (const SymRef &Op : N.Ops)
    paramsIn(*Op, Out);
}

bool mentionsAny(const SymNode &N, const std::set<std::string> &Keys) {
  if (Keys.count(N.key()))
    return true;
  for (const SymRef &Op : N.Ops)
    if (mentionsAny(*Op, Keys))
      return true;
  return false;
}

// The one parameter \p Bound names, when \p Thread holds one of \p Atoms
// and \p Bound is uniform: `row < M` -> M.
const ParmVarDecl *bound(const SymNode &Thread, const SymNode &Bound,
                         const std::set<std::string> &Atoms) {
  if (!mentionsAny(Thread, Atoms) || Bound.threadDependent())
    return nullptr;
  std::set<const ParmVarDecl *> Ps;
  paramsIn(Bound, Ps);
  return Ps.size() == 1 ? *Ps.begin() : nullptr;
}

bool isGreater(SymKind K) { return K == SymKind::GT || K == SymKind::GE; }

// The bound \p Atoms are compared with in a guard that holds: `row < M`,
// `M > row`, either side of `&&`.
const ParmVarDecl *boundOf(const SymNode &C,
                           const std::set<std::string> &Atoms) {
  if (C.Kind == SymKind::LAnd) {
    for (const SymRef &Op : C.Ops)
      if (const ParmVarDecl *P = boundOf(*Op, Atoms))
        return P;
    return nullptr;
  }
  if (C.Kind == SymKind::LT || C.Kind == SymKind::LE)
    return bound(*C.Ops[0], *C.Ops[1], Atoms);
  if (isGreater(C.Kind))
    return bound(*C.Ops[1], *C.Ops[0], Atoms);
  return nullptr;
}

const ParmVarDecl *guardBound(llvm::ArrayRef<Guard> Guards,
                              const std::set<std::string> &Atoms) {
  for (const Guard &G : Guards) {
    const SymNode &C = *G.Cond;
    if (G.Taken) {
      if (const ParmVarDecl *P = boundOf(C, Atoms))
        return P;
      continue;
    }
    // `if (row >= M) return;`, `if (row >= M || col >= N) return;`: the
    // code runs where the condition is false.
    if (isGreater(C.Kind))
      if (const ParmVarDecl *P = bound(*C.Ops[0], *C.Ops[1], Atoms))
        return P;
    if (C.Kind == SymKind::LOr)
      for (const SymRef &Op : C.Ops)
        if (isGreater(Op->Kind))
          if (const ParmVarDecl *P = bound(*Op->Ops[0], *Op->Ops[1], Atoms))
            return P;
  }
  return nullptr;
}

// \p CB is \p CA times a positive constant.
bool constantMultiple(const Polynomial &CA, const Polynomial &CB) {
  if (CA.Terms.size() != CB.Terms.size())
    return false;
  std::optional<int64_t> R;
  for (const auto &[Mo, Co] : CA.Terms) {
    auto It = CB.Terms.find(Mo);
    if (It == CB.Terms.end() || Co == 0 || It->second % Co ||
        (R && *R != It->second / Co))
      return false;
    R = It->second / Co;
  }
  return R && *R > 0;
}

// blockIdx.d (leaf \p Key of \p P) scales a thread coordinate of P by a
// constant or by blockDim.d: `(blockIdx.y * blockDim.y + threadIdx.y) * K`,
// `(blockIdx.y * 16 + ty) * K`.
bool scalesACoordinate(const Polynomial &P, const std::string &Key,
                       unsigned Dim) {
  std::optional<Polynomial> CB = coeffOf(P, Key);
  if (!CB)
    return false;
  SymRef BlockDim = symBuiltin(SymKind::BlockDim, Dim);
  for (const std::string &At : atomsOf(P)) {
    std::optional<Polynomial> CA = coeffOf(P, At);
    if (!CA || CA->isZero())
      continue;
    if (constantMultiple(*CA, *CB) ||
        toPolynomial(CA->toSym() * BlockDim).Terms == CB->Terms)
      return true;
  }
  return false;
}

std::string elementName(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isSpecificBuiltinType(BuiltinType::Float))
    return "float";
  if (T->isSpecificBuiltinType(BuiltinType::Double))
    return "double";
  std::string N = T.getAsString();
  if (N.find("half") != std::string::npos)
    return "half";
  if (N.find("bfloat16") != std::string::npos)
    return "bfloat16";
  return N;
}

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

// What is known of one operand.
struct Operand {
  const MemAccess *Load = nullptr;   ///< What the product reads.
  const MemAccess *Global = nullptr; ///< The global load behind it.
  bool ViaShared = false;
  Polynomial KStride; ///< Bytes per step of the k loop.
  std::set<std::string> Atoms;
};

} // namespace

void NaiveGemmCheck::checkKernel(const FunctionDecl *Kernel, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();

  for (const FunctionDecl *F : analysedInstances(*Kernel)) {
    if (usesTensorCores(F->getBody()))
      return;
    const KernelModel &M = KernelModel::get(*F);
    // Accesses by expression, and the bodies to look for products in: the
    // kernel's and those of the helpers the model inlined.
    std::map<const Expr *, const MemAccess *> ByExpr;
    std::vector<const Stmt *> Bodies = {F->getBody()};
    for (const MemAccess &A : M.accesses()) {
      ByExpr.emplace(A.E->IgnoreParens(), &A);
      for (const CallExpr *C : A.CallStack)
        if (const FunctionDecl *D = C->getDirectCallee())
          if (const FunctionDecl *Def = D->getDefinition())
            if (llvm::find(Bodies, Def->getBody()) == Bodies.end())
              Bodies.push_back(Def->getBody());
    }
    auto LoadOf = [&](const Expr *E) -> const MemAccess * {
      auto It = ByExpr.find(E->IgnoreParens());
      if (It != ByExpr.end() && It->second->IsLoad && !It->second->IsAtomic &&
          It->second->Space != MemSpace::Local)
        return It->second;
      return nullptr;
    };
    // The variable a load is assigned to (`r[i] = As[..]`, `float a = x[..]`).
    auto TargetOf = [&](const Expr *Load) -> const VarDecl * {
      const Expr *Cur = Load;
      for (int Depth = 0; Depth < 6; ++Depth) {
        auto P = Ctx.getParents(*Cur);
        if (P.empty())
          return nullptr;
        if (const auto *V = P[0].get<VarDecl>())
          return V->hasLocalStorage() ? V : nullptr;
        const auto *PE = P[0].get<Expr>();
        if (!PE)
          return nullptr;
        if (std::optional<BinOp> B = binOp(PE);
            B && B->Op == BO_Assign && peel(B->R) == peel(Cur))
          return localOf(B->L);
        Cur = PE;
      }
      return nullptr;
    };
    // What a factor of the product reads: a load, or a register filled
    // from one.
    // Registers and the first load that fills each, found once per kernel
    // and only when a product reads a register.
    std::optional<std::map<const VarDecl *, const MemAccess *>> FilledBy;
    auto Resolve = [&](const Expr *E) -> const MemAccess * {
      E = peel(E);
      if (const MemAccess *A = LoadOf(E))
        return A;
      const VarDecl *V = localOf(E);
      if (!V)
        return nullptr;
      if (!FilledBy) {
        FilledBy.emplace();
        for (const MemAccess &A : M.accesses())
          if (A.IsLoad && !A.IsStore)
            if (const VarDecl *T = TargetOf(A.E))
              FilledBy->emplace(T, &A);
      }
      auto It = FilledBy->find(V);
      return It == FilledBy->end() ? nullptr : It->second;
    };
    // The global load that fills a shared array.
    auto GlobalFilling = [&](const ValueDecl *Shared) -> const MemAccess * {
      for (const MemAccess &A : M.accesses()) {
        if (!A.IsStore || A.Root != Shared)
          continue;
        auto P = Ctx.getParents(*A.E);
        const auto *PE = P.empty() ? nullptr : P[0].get<Expr>();
        std::optional<BinOp> B = PE ? binOp(PE) : std::nullopt;
        if (!B || B->Op != BO_Assign)
          continue;
        const Expr *R = peel(B->R);
        // `As[ty][tx] = row < M && k < K ? A[..] : 0.0f;`
        if (const auto *CO = dyn_cast<ConditionalOperator>(R)) {
          const Expr *T = peel(CO->getTrueExpr()),
                     *Fa = peel(CO->getFalseExpr());
          if (Fa->isEvaluatable(Ctx))
            R = T;
          else if (T->isEvaluatable(Ctx))
            R = Fa;
        }
        if (const MemAccess *G = LoadOf(R))
          if (G->Space == MemSpace::Global)
            return G;
      }
      return nullptr;
    };

    std::vector<std::pair<const Expr *, const Stmt *>> Candidates;
    std::function<void(const Stmt *, const Stmt *)> Collect =
        [&](const Stmt *S, const Stmt *Body) {
          if (!S)
            return;
          if (const auto *E = dyn_cast<Expr>(S))
            if (accumulate(E)) {
              Candidates.push_back({E, Body});
              return;
            }
          for (const Stmt *C : S->children())
            Collect(C, Body);
        };
    for (const Stmt *B : Bodies)
      Collect(B, B);

    for (auto [S, Owner] : Candidates) {
      Accumulate Acc = *accumulate(S);
      SourceLocation Loc = SM.getExpansionLoc(S->getBeginLoc());
      if (alreadyReported(Loc))
        continue;
      Operand X, Y;
      X.Load = Resolve(Acc.X);
      Y.Load = Resolve(Acc.Y);
      if (Acc.Factors.size() > 2) {
        // `alpha * A[..] * B[..]`: the two factors that are per-thread loads.
        llvm::SmallVector<const MemAccess *, 2> Loads;
        for (const Expr *Fa : Acc.Factors)
          if (const MemAccess *L = Resolve(Fa))
            if (L->Offset->threadDependent())
              Loads.push_back(L);
        if (Loads.size() != 2)
          continue;
        X.Load = Loads[0];
        Y.Load = Loads[1];
      }
      if (!X.Load || !Y.Load || X.Load->Offset->hasVarying() ||
          Y.Load->Offset->hasVarying())
        continue;
      // The k loop: the innermost loop around the statement in which both
      // factors move.
      llvm::SmallVector<const Stmt *, 4> Loops;
      for (const Stmt *Cur = S;;) {
        auto P = Ctx.getParents(*Cur);
        if (P.empty())
          break;
        const Stmt *PS = P[0].get<Stmt>();
        if (!PS)
          break;
        if (isLoopStmt(PS))
          Loops.push_back(PS);
        Cur = PS;
      }
      Polynomial PX = toPolynomial(X.Load->Offset),
                 PY = toPolynomial(Y.Load->Offset);
      const Stmt *KLoop = nullptr;
      for (const Stmt *L : Loops) {
        std::optional<std::string> KX = loopKey(PX, L), KY = loopKey(PY, L);
        if (!KX || !KY)
          continue;
        std::optional<Polynomial> CX = coeffOf(PX, *KX), CY = coeffOf(PY, *KY);
        if (!CX || !CY || CX->isZero() || CY->isZero())
          continue;
        X.KStride = *CX;
        Y.KStride = *CY;
        KLoop = L;
        break;
      }
      if (!KLoop)
        continue;
      X.Atoms = atomsOf(PX);
      Y.Atoms = atomsOf(PY);
      if (X.Atoms.empty() || Y.Atoms.empty())
        continue; // A matrix-vector product, or a reduction.
      bool Disjoint = llvm::none_of(
          X.Atoms, [&](const std::string &K) { return Y.Atoms.count(K) != 0; });
      if (!Disjoint)
        continue; // A dot product along one coordinate.

      // The store of the accumulator, after the k loop, at both coordinates;
      // possibly through a local it is packed into (`float4 tmp; tmp.x =
      // alpha * acc[..] ...; C4[..] = tmp;`).
      std::set<const VarDecl *> Carriers = {Acc.Acc};
      std::function<void(const Stmt *)> Carry = [&](const Stmt *St) {
        if (!St)
          return;
        if (const auto *E = dyn_cast<Expr>(St))
          if (std::optional<BinOp> B = binOp(E); B && B->Op == BO_Assign)
            if (const VarDecl *L = localOf(B->L))
              if (!referencesTo(Acc.Acc, B->R, Ctx).empty())
                Carriers.insert(L);
        for (const Stmt *C : St->children())
          Carry(C);
      };
      for (const Stmt *Body : Bodies)
        Carry(Body);
      // A helper that returns the accumulator (`return acc;`).
      bool Returns = false;
      std::function<void(const Stmt *)> FindReturn = [&](const Stmt *St) {
        if (!St)
          return;
        if (const auto *R = dyn_cast<ReturnStmt>(St))
          if (R->getRetValue() && localOf(peel(R->getRetValue())) == Acc.Acc)
            Returns = true;
        for (const Stmt *C : St->children())
          FindReturn(C);
      };
      if (Owner != F->getBody() && Acc.Acc)
        FindReturn(Owner);
      std::function<bool(const Stmt *)> CallsOwner = [&](const Stmt *St) {
        if (!St)
          return false;
        if (const auto *CE = dyn_cast<CallExpr>(St))
          if (const FunctionDecl *D = CE->getDirectCallee())
            if (const FunctionDecl *Def = D->getDefinition())
              if (Def->getBody() == Owner)
                return true;
        for (const Stmt *C : St->children())
          if (CallsOwner(C))
            return true;
        return false;
      };
      auto Carries = [&](const Expr *E) {
        return llvm::any_of(Carriers,
                            [&](const VarDecl *V) {
                              return V && !referencesTo(V, E, Ctx).empty();
                            }) ||
               (Returns && CallsOwner(E));
      };
      const MemAccess *Store = nullptr;
      const Expr *StoredValue = nullptr;
      if (Acc.Into) {
        // Accumulated in place: the store is the statement itself.
        for (const MemAccess &A : M.accesses())
          if (A.IsStore && !A.IsAtomic && A.Space == MemSpace::Global &&
              A.E->IgnoreParens() == Acc.Into->IgnoreParens() &&
              !A.Offset->hasVarying()) {
            std::set<std::string> CA = atomsOf(toPolynomial(A.Offset));
            if (llvm::all_of(X.Atoms, [&](auto &K) { return CA.count(K); }) &&
                llvm::all_of(Y.Atoms, [&](auto &K) { return CA.count(K); }) &&
                !loopKey(toPolynomial(A.Offset), KLoop))
              Store = &A;
            break;
          }
      }
      for (const MemAccess &A : M.accesses()) {
        if (Store || !Acc.Acc)
          break;
        if (!A.IsStore || A.IsAtomic || A.Space != MemSpace::Global ||
            llvm::is_contained(A.Loops, KLoop) || A.Offset->hasVarying())
          continue;
        auto P = Ctx.getParents(*A.E);
        const auto *PE = P.empty() ? nullptr : P[0].get<Expr>();
        std::optional<BinOp> B = PE ? binOp(PE) : std::nullopt;
        if (!B || (B->Op != BO_Assign && B->Op != BO_AddAssign) ||
            !Carries(B->R))
          continue;
        std::set<std::string> CA = atomsOf(toPolynomial(A.Offset));
        if (!llvm::all_of(X.Atoms, [&](auto &K) { return CA.count(K); }) ||
            !llvm::all_of(Y.Atoms, [&](auto &K) { return CA.count(K); }))
          continue;
        Store = &A;
        StoredValue = B->Op == BO_Assign ? B->R : nullptr;
        break;
      }
      if (!Store)
        continue;
      markReported(Loc);

      // Rows and columns: the column coordinate has the smaller stride in
      // the output (one element in a row-major matrix).
      Polynomial PC = toPolynomial(Store->Offset);
      int64_t Elem = X.Load->Width; // one scalar of the product
      // The column coordinates move the output by a constant; the row
      // coordinates by a row length ('N', 'ldc'), or by a larger constant
      // when the sizes are constants.
      auto Stride =
          [&](const std::set<std::string> &As) -> std::optional<int64_t> {
        int64_t Most = 0;
        for (const std::string &K : As) {
          std::optional<Polynomial> C = coeffOf(PC, K);
          if (!C || !C->constant() || *C->constant() <= 0)
            return std::nullopt;
          Most = std::max(Most, *C->constant());
        }
        return Most;
      };
      auto IsColumn = [&](const Operand &O, const Operand &Other) {
        std::optional<int64_t> S = Stride(O.Atoms), T = Stride(Other.Atoms);
        return S && (!T || *S < *T);
      };
      Operand *A = &X, *B = &Y;
      if (IsColumn(X, Y))
        std::swap(A, B); // X follows the columns: it is B.
      bool ColumnsKnown = IsColumn(*B, *A);

      for (Operand *O : {A, B}) {
        O->ViaShared = O->Load->Space == MemSpace::Shared;
        O->Global = O->Load->Space == MemSpace::Global ? O->Load
                    : O->ViaShared ? GlobalFilling(O->Load->Root)
                                   : nullptr;
      }
      std::string Type = elementName(A->Load->Type);
      int64_t AElem = A->Load->Width;
      std::optional<Extent> AK = extentOf(A->KStride, AElem),
                            BK = extentOf(B->KStride, B->Load->Width);
      std::string KName;
      if (const auto *Fo = dyn_cast<ForStmt>(KLoop))
        if (const auto *DS = dyn_cast_or_null<DeclStmt>(Fo->getInit()))
          if (DS->isSingleDecl())
            if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl()))
              KName = V->getName().str();
      std::string Roles;
      auto Name = [&](const MemAccess *Ac) {
        return Ac && Ac->Root ? "'" + Ac->Root->getName().str() + "'"
                              : std::string("an operand");
      };
      Roles = "A = " + Name(A->Load) + " read " +
              (AK && AK->Const == 1 ? "along its rows"
               : AK ? "down its columns (stride '" + AK->Text + "')"
                    : "with stride '" + A->KStride.str() + "' bytes") +
              ", B = " + Name(B->Load) + " read " +
              (BK && BK->Const == 1 ? "along its rows (B transposed)"
               : BK ? "down its columns (stride '" + BK->Text + "')"
                    : "with stride '" + B->KStride.str() + "' bytes");
      if (A->ViaShared || B->ViaShared)
        Roles += ", staged in shared memory";
      if (!ColumnsKnown)
        Roles += "; which of the two gives the rows is a guess";
      bool Tiled = A->ViaShared || B->ViaShared;
      std::string Remedy;
      if (Type == "float")
        Remedy = std::string("cuBLAS on tensor cores (cublasGemmEx with "
                             "CUBLAS_COMPUTE_32F_FAST_TF32) was ") +
                 (Tiled ? "44x faster than a shared-memory tiled kernel "
                          "(68x than a naive one)"
                        : "68x faster than a naive kernel") +
                 " at 4096^3 on an H100; " + (Tiled ? "6.2x" : "9.5x") +
                 " in full FP32 with CUBLAS_COMPUTE_32F";
      else if (Type == "double")
        Remedy = "cublasDgemm (or cublasGemmEx with CUBLAS_COMPUTE_64F) runs "
                 "it on the FP64 tensor cores of sm_80 and later (not "
                 "measured here)";
      else if (Type == "half" || Type == "bfloat16")
        Remedy = "cublasGemmEx with " +
                 std::string(Type == "half" ? "CUDA_R_16F" : "CUDA_R_16BF") +
                 " inputs and CUBLAS_COMPUTE_32F runs it on tensor cores with "
                 "FP32 accumulation (not measured here)";
      else
        Remedy = "cuBLAS (cublasGemmEx) runs matrix products on tensor cores";
      Remedy += "; WMMA or CUTLASS where the product is fused with other work";
      diag(Loc, "%0") << ("matrix product on CUDA cores: '" +
                          sourceText(S, Ctx, 60) + "' in the loop over '" +
                          (KName.empty() ? std::string("k") : KName) +
                          "' computes C = A*B into " + Name(Store) + " (" +
                          Roles + "; " + Type + "); " + Remedy);
      for (const CallExpr *Call : X.Load->CallStack)
        diag(Call->getExprLoc(), "inlined from this call", DiagnosticIDs::Note);
      diag(SM.getExpansionLoc(Store->E->getBeginLoc()),
           "the result is stored here, indexed by both coordinates",
           DiagnosticIDs::Note);

      // The cuBLAS call in place of the launch, when every role is known.
      std::string Why;
      auto ParamOf = [](const MemAccess *Ac) {
        return Ac ? dyn_cast_or_null<ParmVarDecl>(Ac->Root) : nullptr;
      };
      const ParmVarDecl *PA = ParamOf(A->Global), *PB = ParamOf(B->Global),
                        *PCp = ParamOf(Store);
      const ParmVarDecl *PM = nullptr, *PN = nullptr, *PK = nullptr,
                        *PLda = nullptr, *PLdb = nullptr, *PLdc = nullptr;
      const ParmVarDecl *PAlpha = nullptr, *PBeta = nullptr;
      std::string AlphaText, BetaText;
      if (Type != "float" && Type != "double")
        Why = "only float and double products are rewritten";
      else if (!ColumnsKnown)
        Why = "the rows and columns of the output could not be told apart";
      else if (!PA || !PB || !PCp || !A->Global || !B->Global)
        Why = "the operands are not all kernel parameters read from global "
              "memory";
      if (Why.empty()) {
        // Leading dimensions: A's row stride, B's k stride, C's row stride.
        Polynomial GA = toPolynomial(A->Global->Offset),
                   GB = toPolynomial(B->Global->Offset);
        std::set<std::string> RowAtoms = A->Atoms, ColAtoms = B->Atoms;
        auto Single = [&](const Polynomial &P, const std::set<std::string> &In,
                          bool Want) -> std::optional<Extent> {
          // The one atom of P that is (Want) or is not (!Want) in In.
          std::optional<std::string> Key;
          for (const std::string &K : atomsOf(P))
            if ((In.count(K) != 0) == Want) {
              if (Key)
                return std::nullopt;
              Key = K;
            }
          if (!Key)
            return std::nullopt;
          std::optional<Polynomial> C = coeffOf(P, *Key);
          return C ? extentOf(*C, Elem) : std::nullopt;
        };
        std::optional<Extent> Lda = Single(GA, RowAtoms, true);
        std::optional<Extent> AWalk =
            A->ViaShared ? Single(GA, RowAtoms, false) : AK;
        std::optional<Extent> BCol = Single(GB, ColAtoms, true);
        std::optional<Extent> Ldb =
            B->ViaShared ? Single(GB, ColAtoms, false) : BK;
        std::optional<Extent> Ldc = Single(PC, RowAtoms, true);
        std::optional<Extent> CCol = Single(PC, ColAtoms, true);
        if (!Lda || !BCol || !Ldc || !CCol || CCol->Const != 1)
          Why = "the loads of the operands, or the store of the result, do "
                "not follow one row and one column coordinate each (register "
                "blocking or vector loads)";
        else if (!AWalk || AWalk->Const != 1 || BCol->Const != 1)
          Why = "an operand is read transposed";
        else if (!Lda->Param || !Ldb || !Ldb->Param || !Ldc->Param)
          Why = "the leading dimensions are not all kernel parameters";
        else {
          PLda = Lda->Param;
          PLdb = Ldb->Param;
          PLdc = Ldc->Param;
        }
      }
      const Stmt *KOuter = KLoop;
      if (Why.empty()) {
        PM = guardBound(Store->Guards, A->Atoms);
        PN = guardBound(Store->Guards, B->Atoms);
        // K: the bound of the loop that walks the operands' global copies.
        if (A->ViaShared) {
          KOuter = nullptr;
          Polynomial GA = toPolynomial(A->Global->Offset);
          for (const Stmt *L : A->Global->Loops)
            if (loopKey(GA, L))
              KOuter = L;
        }
        if (KOuter)
          for (const BranchCondition &C : M.conditions())
            if (C.S == KOuter && C.Value->Kind >= SymKind::LT &&
                C.Value->Kind <= SymKind::GE) {
              std::set<const ParmVarDecl *> Ps;
              paramsIn(*C.Value->Ops[1], Ps);
              if (Ps.size() == 1)
                PK = *Ps.begin();
            }
        if (!PM || !PN || !PK)
          Why = std::string("the ") +
                (!PM   ? "row count (M)"
                 : !PN ? "column count (N)"
                       : "inner dimension (K)") +
                " could not be read from the kernel's guards and loops";
        // One call computes one product: every term of the addresses must
        // be part of a row, a column or the k walk. A batch index
        // (`blockIdx.z * M * K`), an offset parameter or another loop
        // would be dropped by the call.
        std::set<const ParmVarDecl *> Sizes = {PM, PN, PK, PLda, PLdb, PLdc};
        auto OnlyShape = [&](const Polynomial &P) {
          for (const auto &[Key, L] : P.Leaves) {
            if (L->threadDependent() || L->isConst())
              continue;
            if (L->Kind == SymKind::LoopIter &&
                (L->Id == KLoop || L->Id == KOuter))
              continue;
            if (L->Kind == SymKind::Uniform &&
                Sizes.count(dyn_cast_or_null<ParmVarDecl>(
                    static_cast<const Decl *>(L->Id))))
              continue;
            if (L->Kind == SymKind::BlockDim && L->Dim < 2)
              continue;
            if (L->Kind != SymKind::BlockIdx || L->Dim >= 2)
              return false;
            if (!scalesACoordinate(P, Key, L->Dim))
              return false;
          }
          return true;
        };
        if (Why.empty() &&
            (!OnlyShape(toPolynomial(A->Global->Offset)) ||
             !OnlyShape(toPolynomial(B->Global->Offset)) || !OnlyShape(PC)))
          Why = "the addresses hold more than one product's rows, columns and "
                "k (a batch index such as blockIdx.z, an offset parameter, or "
                "another loop), which one call would not reproduce; "
                "cublasGemmStridedBatchedEx covers batches";
      }
      if (Why.empty() && StoredValue) {
        // C = acc, or C = alpha * acc + beta * C.
        const Expr *R = peel(StoredValue);
        if (localOf(R) == Acc.Acc ||
            (Returns && isa<CallExpr>(R) && CallsOwner(R))) {
          AlphaText = Type == "float" ? "1.0f" : "1.0";
          BetaText = Type == "float" ? "0.0f" : "0.0";
        } else if (std::optional<BinOp> Sum = binOp(R);
                   Sum && Sum->Op == BO_Add) {
          auto Scaled = [&](const Expr *E,
                            bool WantAcc) -> const ParmVarDecl * {
            std::optional<BinOp> Mul = binOp(peel(E));
            if (!Mul || Mul->Op != BO_Mul)
              return nullptr;
            for (int I = 0; I < 2; ++I) {
              const Expr *S1 = peel(I ? Mul->R : Mul->L),
                         *S2 = peel(I ? Mul->L : Mul->R);
              const auto *DRE = dyn_cast<DeclRefExpr>(S1);
              const auto *P =
                  DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
              if (!P)
                continue;
              if (WantAcc && localOf(S2) == Acc.Acc)
                return P;
              if (!WantAcc)
                if (const MemAccess *L = LoadOf(S2))
                  if (L->Root == Store->Root &&
                      L->Offset->key() == Store->Offset->key())
                    return P;
            }
            return nullptr;
          };
          PAlpha = Scaled(Sum->L, true);
          PBeta = Scaled(Sum->R, false);
          if (!PAlpha || !PBeta) {
            PAlpha = Scaled(Sum->R, true);
            PBeta = Scaled(Sum->L, false);
          }
        }
        if (AlphaText.empty() && (!PAlpha || !PBeta))
          Why = "the result is not stored as 'acc' or 'alpha * acc + beta * C'";
      } else if (Why.empty()) {
        Why = "the result is added to the output ('+=')";
      }
      llvm::ArrayRef<LaunchSite> Launches =
          uses(Ctx).launches(canonicalKernel(Kernel));
      if (Why.empty() && Launches.empty())
        Why = "no launch of the kernel is in this translation unit";
      if (!Why.empty()) {
        diag(Loc, "no cuBLAS call is offered in place of the launch: %0",
             DiagnosticIDs::Note)
            << Why;
        continue;
      }
      // One note carries every launch's rewrite (the driver applies one
      // note's fix-its per finding), and the helper where this file has not
      // received it yet.
      std::string Compute = Type == "float" ? "CUBLAS_COMPUTE_32F_FAST_TF32"
                                            : "CUBLAS_COMPUTE_64F";
      llvm::SmallVector<FixItHint, 4> Edits;
      llvm::SmallVector<SourceLocation, 4> Rewritten;
      std::string AlphaShown, BetaShown, MShown, NShown;
      bool Declared = !Ctx.getTranslationUnitDecl()
                           ->lookup(&Ctx.Idents.get("cudalintGemm"))
                           .empty();
      for (const LaunchSite &L : Launches) {
        const CUDAKernelCallExpr *Call = L.Call;
        auto Arg = [&](const ParmVarDecl *P) -> std::string {
          unsigned I = P->getFunctionScopeIndex();
          if (I >= Call->getNumArgs())
            return "";
          const Expr *E = Call->getArg(I);
          if (E->HasSideEffects(Ctx))
            return "";
          std::string T = exactSourceText(E->getSourceRange(), Ctx);
          bool Simple = llvm::all_of(T, [](char Ch) {
            return isalnum(static_cast<unsigned char>(Ch)) || Ch == '_' ||
                   Ch == '.';
          });
          return T.empty() || Simple ? T : "(" + T + ")";
        };
        std::string Stream;
        if (const CallExpr *Cfg = Call->getConfig())
          if (Cfg->getNumArgs() >= 4 && !isa<CXXDefaultArgExpr>(Cfg->getArg(3)))
            Stream = exactSourceText(Cfg->getArg(3)->getSourceRange(), Ctx);
        std::vector<std::string> Args = {Arg(PM),
                                         Arg(PN),
                                         Arg(PK),
                                         PAlpha ? Arg(PAlpha) : AlphaText,
                                         Arg(PA),
                                         Arg(PLda),
                                         Arg(PB),
                                         Arg(PLdb),
                                         PBeta ? Arg(PBeta) : BetaText,
                                         Arg(PCp),
                                         Arg(PLdc)};
        CharSourceRange CallR = fileRange(Call->getSourceRange(), Ctx);
        SourceLocation LaunchLoc = SM.getExpansionLoc(Call->getBeginLoc());
        if (llvm::any_of(Args,
                         [](const std::string &S) { return S.empty(); }) ||
            !CallR.isValid()) {
          diag(LaunchLoc,
               "this launch could be a cuBLAS call, but it is not rewritten: "
               "an argument has side effects or the launch is written by a "
               "macro",
               DiagnosticIDs::Note);
          continue;
        }
        std::string Text = "cudalintGemm(" + Compute;
        for (const std::string &S : Args)
          Text += ", " + S;
        if (!Stream.empty())
          Text += ", " + Stream;
        Text += ")";
        Edits.push_back(FixItHint::CreateReplacement(CallR, Text));
        FileID File = SM.getFileID(LaunchLoc);
        // Once per file: clang-tidy would apply a second copy offered by
        // another finding's note.
        if (!Declared && HelperAdded.insert(File.getHashValue()).second)
          Edits.push_back(FixItHint::CreateInsertion(
              includeInsertionPoint(File, SM), HelperText));
        if (Rewritten.empty()) {
          AlphaShown = Args[3];
          BetaShown = Args[8];
          MShown = Args[0];
          NShown = Args[1];
        }
        Rewritten.push_back(LaunchLoc);
      }
      if (Rewritten.empty())
        continue;
      std::string LaunchWords =
          Rewritten.size() == 1
              ? "the launch"
              : "the " + std::to_string(Rewritten.size()) + " launches";
      auto N = diag(Rewritten.front(),
                    "replace %0 with cuBLAS (applied by --fix-notes): "
                    "cudalintGemm, inserted once per file, calls cublasGemmEx "
                    "with %1 for row-major C = %2 * A * B + %3 * C; %4; link "
                    "with -lcublas; this assumes the launch covers the whole "
                    "%5 x %6 output",
                    DiagnosticIDs::Note)
               << LaunchWords << Compute << AlphaShown << BetaShown
               << (Type == "float"
                       ? (Tiled ? "TF32 rounds the inputs to 10 mantissa bits "
                                  "(use CUBLAS_COMPUTE_32F for full FP32, "
                                  "6.2x instead of 44x)"
                                : "TF32 rounds the inputs to 10 mantissa bits "
                                  "(use CUBLAS_COMPUTE_32F for full FP32, "
                                  "9.5x instead of 68x)")
                       : "FP64 tensor cores keep double precision")
               << MShown << NShown;
      for (const FixItHint &H : Edits)
        N << H;
    }
  }
}

} // namespace cudalint
