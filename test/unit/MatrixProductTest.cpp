//===--- MatrixProductTest.cpp - matrix products computed by a kernel -----===//
//
// The shapes a product is written in (accumulation and the helpers it is
// built from), and the products MatrixProductFinder recognises: which
// operand follows the rows and which the columns, the k loop, the store,
// staging in shared memory; and the loops that are not matrix products
// (a matrix-vector product, dot products, an outer product).
//
//===----------------------------------------------------------------------===//

#include "analysis/MatrixProduct.h"
#include "KernelTU.h"

#include "gtest/gtest.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace clang;

namespace cudalint {
namespace {

// The statements of \p Function's body that are expressions, in order.
std::vector<const Expr *> statementsOf(KernelTU &TU, StringRef Function) {
  std::vector<const Expr *> Out;
  const FunctionDecl *F = TU.function(Function);
  if (!F)
    return Out;
  for (const Stmt *S : cast<CompoundStmt>(F->getBody())->body())
    if (const auto *E = dyn_cast<Expr>(S))
      Out.push_back(E);
  return Out;
}

// The name \p E refers to, past conversions.
std::string nameOf(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return DRE->getDecl()->getNameAsString();
  return "";
}

std::string rootName(const MemAccess *A) {
  return A && A->Root ? A->Root->getNameAsString() : "";
}

//===--- The shapes of an accumulation ------------------------------------===//

const char *Spellings = R"cuda(
__device__ float madd(float a, float b, float c) { return a * b + c; }
__device__ void accumulate(float &sum, float a, float b) { sum += a * b; }
__device__ float __fmul_rn(float, float);
__global__ void spellings(const float *x, const float *y, float *out) {
  float a = x[0], b = y[0], c = x[1], d = y[1];
  float acc = 0.0f;
  float r[4][4];
  int count = 0;
  acc += a * b;
  acc = acc + a * b;
  acc = a * b + acc;
  acc = fmaf(a, b, acc);
  acc = madd(a, b, acc);
  accumulate(acc, a, b);
  acc += __fmul_rn(a, b);
  acc += a * b + c * d;
  r[1][2] += a * b;
  out[threadIdx.x] += 2.0f * a * b;
  acc -= a * b;
  acc = a * b;
  acc += a + b;
  count += a * b;
  acc = fmaf(a, b, c);
}
)cuda";

TEST(Accumulation, SpellingsOfAProductAdded) {
  KernelTU TU(Spellings);
  ASSERT_TRUE(TU.ok());
  std::vector<const Expr *> S = statementsOf(TU, "spellings");
  ASSERT_EQ(S.size(), 15u);
  const VarDecl *Acc = TU.var("acc");
  // Into `acc`, from `a` and `b`, the sole term.
  for (unsigned I : {0u, 1u, 2u, 3u, 4u, 5u, 6u}) {
    std::optional<Accumulation> A = accumulation(S[I], nullptr);
    ASSERT_TRUE(A) << I;
    EXPECT_EQ(A->S, S[I]) << I;
    EXPECT_EQ(A->Acc, Acc) << I;
    EXPECT_EQ(A->Into, nullptr) << I;
    EXPECT_EQ(nameOf(A->X), "a") << I;
    EXPECT_EQ(nameOf(A->Y), "b") << I;
    EXPECT_TRUE(A->SoleTerm) << I;
  }
  // One product among several terms.
  std::optional<Accumulation> Two = accumulation(S[7], nullptr);
  ASSERT_TRUE(Two);
  EXPECT_FALSE(Two->SoleTerm);
  EXPECT_EQ(nameOf(Two->X), "a");
  // A register array.
  std::optional<Accumulation> Reg = accumulation(S[8], nullptr);
  ASSERT_TRUE(Reg);
  EXPECT_EQ(Reg->Acc, TU.var("r"));
  // Straight into memory, with a scale: every factor kept.
  std::optional<Accumulation> Mem = accumulation(S[9], nullptr);
  ASSERT_TRUE(Mem);
  EXPECT_EQ(Mem->Acc, nullptr);
  ASSERT_TRUE(Mem->Into);
  EXPECT_EQ(Mem->Factors.size(), 3u);
}

TEST(Accumulation, NotSubtractionsAssignmentsSumsOrIntegers) {
  KernelTU TU(Spellings);
  ASSERT_TRUE(TU.ok());
  std::vector<const Expr *> S = statementsOf(TU, "spellings");
  ASSERT_EQ(S.size(), 15u);
  // `-=`, `acc = a * b` (nothing read back), a sum, an integer
  // accumulator, an fma that does not add into acc.
  for (unsigned I = 10; I < 15; ++I)
    EXPECT_EQ(accumulation(S[I], nullptr), std::nullopt) << I;
}

TEST(ExpressionShapes, ConversionsLocalsAndOperators) {
  KernelTU TU(R"cuda(
#pragma clang diagnostic ignored "-Wunused-value"
struct __half { unsigned short x; };
__device__ float __half2float(__half);
struct Half {
  float v;
  __device__ operator float() const { return v; }
};
__device__ Half operator*(Half, Half);
struct float4 { float x, y, z, w; };
__global__ void kern(const float *p, const __half *h, float *out, Half u) {
  __shared__ float tile[32];
  float r[4][4];
  float4 tmp;
  (double)p[0];
  __half2float(h[0]);
  __ldg(&p[threadIdx.x]);
  static_cast<float>(u);
  r[1][2];
  tmp.x;
  tile[0];
  out[0];
  u * u;
}
)cuda");
  ASSERT_TRUE(TU.ok());
  std::vector<const Expr *> S = statementsOf(TU, "kern");
  ASSERT_EQ(S.size(), 9u);
  // Conversions peeled down to the value converted.
  EXPECT_TRUE(isa<ArraySubscriptExpr>(peelConversions(S[0])));
  EXPECT_TRUE(isa<ArraySubscriptExpr>(peelConversions(S[1])));
  EXPECT_TRUE(isa<UnaryOperator>(peelConversions(S[2]))); // &p[...]
  EXPECT_EQ(nameOf(peelConversions(S[3])), "u");
  // Locals, registers and fields of one; not shared arrays or parameters.
  EXPECT_EQ(localVariableOf(S[4]), TU.var("r"));
  EXPECT_EQ(localVariableOf(S[5]), TU.var("tmp"));
  EXPECT_EQ(localVariableOf(S[6]), nullptr);
  EXPECT_EQ(localVariableOf(S[7]), nullptr);
  // An overloaded operator reads as the built-in one.
  std::optional<BinOp> Mul = binaryOperation(S[8]);
  ASSERT_TRUE(Mul);
  EXPECT_EQ(Mul->Op, BO_Mul);
  EXPECT_EQ(nameOf(peelConversions(Mul->L)), "u");
  EXPECT_EQ(binaryOperation(S[7]), std::nullopt);
}

TEST(ExpressionShapes, ScalarsAndElementNames) {
  KernelTU TU(R"cuda(
struct float4 { float x, y, z, w; };
struct double2 { double x, y; };
struct __half { unsigned short x; };
struct __nv_bfloat16 { unsigned short x; };
__global__ void kern(const float4 *v, const double2 *d, const float *f,
                     const __half *h, const __nv_bfloat16 *b, const int *i,
                     float *out) {
  out[0] = v[threadIdx.x].x + d[threadIdx.x].y + f[threadIdx.x];
  float4 w = v[threadIdx.x];
  double2 e = d[threadIdx.x];
  out[1] = w.x + e.x;
}
)cuda");
  const KernelModel *M = TU.model();
  ASSERT_TRUE(M);
  const FunctionDecl *K = TU.function("kern");
  auto Pointee = [&](unsigned I) {
    return K->getParamDecl(I)->getType()->getPointeeType();
  };
  EXPECT_EQ(elementName(Pointee(0)), "float");
  EXPECT_EQ(elementName(Pointee(1)), "double");
  EXPECT_EQ(elementName(Pointee(2)), "float");
  EXPECT_EQ(elementName(Pointee(3)), "half");
  EXPECT_EQ(elementName(Pointee(4)), "bfloat16");
  EXPECT_EQ(elementName(Pointee(5)), "int");
  // A whole vector is its lanes; a field of one is a scalar.
  auto LoadOf = [&](StringRef Root, unsigned Width) -> const MemAccess * {
    for (const MemAccess &A : M->accesses())
      if (A.IsLoad && rootName(&A) == Root && A.Width == Width)
        return &A;
    return nullptr;
  };
  const MemAccess *V4 = LoadOf("v", 16), *D2 = LoadOf("d", 16);
  const MemAccess *VX = LoadOf("v", 4), *DY = LoadOf("d", 8);
  const MemAccess *F = LoadOf("f", 4);
  ASSERT_TRUE(V4 && D2 && VX && DY && F);
  EXPECT_EQ(scalarBytes(*V4), 4u);
  EXPECT_EQ(scalarBytes(*D2), 8u);
  EXPECT_EQ(scalarBytes(*VX), 4u);
  EXPECT_EQ(scalarBytes(*DY), 8u);
  EXPECT_EQ(scalarBytes(*F), 4u);
}

TEST(UsesTensorCores, WmmaCutlassAndMmaAssembly) {
  KernelTU TU(R"cuda(
namespace nvcuda { namespace wmma { template <int N> struct fragment {}; } }
namespace cutlass { __device__ void gemm(); }
__global__ void wmma() { nvcuda::wmma::fragment<8> f; }
__global__ void library() { cutlass::gemm(); }
__global__ void assembly() {
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {};" ::);
}
__global__ void plain(float *out) {
  asm volatile("membar.gl;" ::);
  out[threadIdx.x] = 0.0f;
}
)cuda");
  ASSERT_TRUE(TU.ok());
  for (StringRef K : {"wmma", "library", "assembly"})
    EXPECT_TRUE(usesTensorCores(TU.function(K)->getBody())) << K.str();
  EXPECT_FALSE(usesTensorCores(TU.function("plain")->getBody()));
  EXPECT_FALSE(usesTensorCores(nullptr));
}

//===--- Recognising a product --------------------------------------------===//

// The products MatrixProductFinder recognises in \p Kernel, and how many
// statements were candidates.
struct Found {
  std::vector<MatrixProduct> Products;
  size_t Candidates = 0;
};

Found productsOf(KernelTU &TU, StringRef Kernel) {
  Found Out;
  const KernelModel *M = TU.model(Kernel);
  if (!M)
    return Out;
  MatrixProductFinder Finder(*M, *TU.function(Kernel), TU.ctx());
  std::vector<ProductCandidate> Candidates = Finder.candidates();
  Out.Candidates = Candidates.size();
  for (const ProductCandidate &C : Candidates)
    if (std::optional<MatrixProduct> P = Finder.recognise(C))
      Out.Products.push_back(*P);
  return Out;
}

std::set<std::string> keys(std::initializer_list<SymRef> Leaves) {
  std::set<std::string> Out;
  for (const SymRef &L : Leaves)
    Out.insert(L->key());
  return Out;
}

// \p P with every array extent at its declared value.
std::optional<int64_t> atDeclaredExtents(const Polynomial &P) {
  return evaluate(*P.toSym(), [](const SymNode &L) -> std::optional<int64_t> {
    if (L.Kind == SymKind::ArrayDim)
      return L.Value;
    return std::nullopt;
  });
}

const SymRef Tx = symBuiltin(SymKind::ThreadIdx, 0);
const SymRef Ty = symBuiltin(SymKind::ThreadIdx, 1);

TEST(MatrixProductFinder, TheNaiveKernel) {
  KernelTU TU(R"cuda(
__global__ void kern(const float *A, const float *B, float *C, int M, int N,
                     int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
)cuda");
  Found F = productsOf(TU, "kern");
  ASSERT_EQ(F.Candidates, 1u);
  ASSERT_EQ(F.Products.size(), 1u);
  const MatrixProduct &P = F.Products[0];
  EXPECT_EQ(P.Owner, TU.function("kern")->getBody());
  EXPECT_EQ(P.Acc.Acc, TU.var("acc"));
  EXPECT_EQ(rootName(P.X.Load), "A");
  EXPECT_EQ(rootName(P.Y.Load), "B");
  EXPECT_EQ(P.X.Global, P.X.Load);
  EXPECT_FALSE(P.X.ViaShared);
  // Bytes per step of k: one float along A's row, a row of B.
  EXPECT_EQ(P.X.KStride.str(), "4");
  EXPECT_EQ(P.Y.KStride.str(), "4 * N");
  EXPECT_EQ(P.X.Atoms, keys({Ty}));
  EXPECT_EQ(P.Y.Atoms, keys({Tx}));
  EXPECT_TRUE(P.BatchAtoms.empty());
  ASSERT_TRUE(P.KLoop);
  EXPECT_TRUE(isa<ForStmt>(P.KLoop));
  EXPECT_EQ(rootName(P.Store), "C");
  EXPECT_EQ(nameOf(P.StoredValue), "acc");
  EXPECT_FALSE(P.Returns);
  // A follows the rows of C, B its columns.
  EXPECT_FALSE(P.XIsColumn);
  EXPECT_TRUE(P.ColumnsKnown);
  EXPECT_EQ(rootName(P.a().Load), "A");
  EXPECT_EQ(rootName(P.b().Load), "B");
  EXPECT_FALSE(P.tiled());
  EXPECT_FALSE(P.registerBlocked());
  // K is a parameter: the depth is not known.
  EXPECT_FALSE(P.ConstantDepth);
}

// The depth of a product whose sizes are compile-time constants (PolyBench's
// `#define NK 512`): the size class a figure is quoted for.
TEST(MatrixProductFinder, ConstantDepth) {
  KernelTU TU(R"cuda(
#define NI 512
#define NK 512
__global__ void kern(const float *A, const float *B, float *C) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < NI && j < NI) {
    C[i * NI + j] = 0;
    for (int k = 0; k < NK; ++k)
      C[i * NI + j] += A[i * NK + k] * B[k * NI + j];
  }
}
)cuda");
  Found F = productsOf(TU, "kern");
  ASSERT_EQ(F.Products.size(), 1u);
  EXPECT_EQ(F.Products[0].ConstantDepth, std::optional<int64_t>(512));
}

TEST(MatrixProductFinder, RolesFromTheOutputNotTheOrderWritten) {
  KernelTU TU(R"cuda(
__global__ void kern(const float *A, const float *B, float *C, int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc = fmaf(B[k * N + col], A[row * K + k], acc);
  C[row * N + col] = 2.0f * acc;
}
)cuda");
  Found F = productsOf(TU, "kern");
  ASSERT_EQ(F.Products.size(), 1u);
  const MatrixProduct &P = F.Products[0];
  EXPECT_EQ(rootName(P.X.Load), "B");
  EXPECT_TRUE(P.XIsColumn);
  EXPECT_EQ(rootName(P.a().Load), "A");
  EXPECT_EQ(rootName(P.b().Load), "B");
  ASSERT_TRUE(P.StoredValue);
  EXPECT_TRUE(isa<BinaryOperator>(P.StoredValue->IgnoreParenImpCasts()));
}

TEST(MatrixProductFinder, StagedInSharedMemoryAndRegisterBlocked) {
  KernelTU TU(R"cuda(
#define TILE 16
__global__ void tiled(const float *A, const float *B, float *C, int M, int N,
                      int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < K / TILE; ++t) {
    As[ty][tx] = A[row * K + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}
__global__ void blocked(const float *A, const float *B, float *C, int N,
                        int K) {
  const int threadCol = threadIdx.x % 8;
  const int threadRow = threadIdx.x / 8;
  __shared__ float As[64 * 8];
  __shared__ float Bs[8 * 64];
  float res[8 * 8] = {0.0f};
  float regM[8], regN[8];
  for (int bk = 0; bk < K; bk += 8) {
    As[threadIdx.x] = A[blockIdx.y * 64 * K + bk + threadIdx.x];
    Bs[threadIdx.x] = B[bk * N + blockIdx.x * 64 + threadIdx.x];
    __syncthreads();
    for (int d = 0; d < 8; ++d) {
      for (int i = 0; i < 8; ++i)
        regM[i] = As[(threadRow * 8 + i) * 8 + d];
      for (int i = 0; i < 8; ++i)
        regN[i] = Bs[d * 64 + threadCol * 8 + i];
      for (int m = 0; m < 8; ++m)
        for (int n = 0; n < 8; ++n)
          res[m * 8 + n] += regM[m] * regN[n];
    }
    __syncthreads();
  }
  for (int m = 0; m < 8; ++m)
    for (int n = 0; n < 8; ++n)
      C[(threadRow * 8 + m) * N + threadCol * 8 + n] = res[m * 8 + n];
}
)cuda");
  ASSERT_TRUE(TU.ok());
  Found T = productsOf(TU, "tiled");
  ASSERT_EQ(T.Products.size(), 1u);
  const MatrixProduct &P = T.Products[0];
  EXPECT_EQ(rootName(P.X.Load), "As");
  EXPECT_TRUE(P.X.ViaShared);
  EXPECT_EQ(rootName(P.X.Global), "A"); // the load that fills the tile
  EXPECT_EQ(rootName(P.Y.Global), "B");
  EXPECT_TRUE(P.tiled());
  EXPECT_FALSE(P.registerBlocked());
  EXPECT_EQ(P.X.KStride.str(), "4");
  // A row of the 16x16 tile, its extent kept symbolic (to try padding).
  EXPECT_EQ(P.Y.KStride.str(), "4 * Bs");
  EXPECT_EQ(atDeclaredExtents(P.Y.KStride), 64);

  Found B = productsOf(TU, "blocked");
  ASSERT_EQ(B.Products.size(), 1u);
  const MatrixProduct &R = B.Products[0];
  ASSERT_TRUE(R.Acc.Acc);
  EXPECT_EQ(R.Acc.Acc->getName(), "res");
  // Read through registers filled from the tiles.
  EXPECT_EQ(rootName(R.X.Load), "As");
  EXPECT_EQ(rootName(R.Y.Load), "Bs");
  EXPECT_TRUE(R.registerBlocked());
  EXPECT_EQ(rootName(R.Store), "C");
}

TEST(MatrixProductFinder, InAHelperAndInPlace) {
  KernelTU TU(R"cuda(
__device__ float dot(const float *A, const float *B, int row, int col, int N,
                     int K) {
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  return acc;
}
__global__ void helper(const float *A, const float *B, float *C, int N,
                       int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  C[row * N + col] = dot(A, B, row, col, N, K);
}
__global__ void inPlace(const float *a, const float *b, float *c, float alpha,
                        int NI, int NJ, int NK) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < NI && j < NJ)
    for (int k = 0; k < NK; k++)
      c[i * NJ + j] += alpha * a[i * NK + k] * b[k * NJ + j];
}
)cuda");
  ASSERT_TRUE(TU.ok());
  Found H = productsOf(TU, "helper");
  ASSERT_EQ(H.Products.size(), 1u);
  const MatrixProduct &P = H.Products[0];
  EXPECT_EQ(P.Owner, TU.function("dot")->getBody());
  EXPECT_TRUE(P.Returns);
  EXPECT_EQ(rootName(P.Store), "C");
  EXPECT_EQ(rootName(P.a().Load), "A");

  Found I = productsOf(TU, "inPlace");
  ASSERT_EQ(I.Products.size(), 1u);
  const MatrixProduct &Q = I.Products[0];
  EXPECT_EQ(Q.Acc.Acc, nullptr);
  EXPECT_EQ(Q.StoredValue, nullptr);
  EXPECT_EQ(rootName(Q.Store), "c");
  EXPECT_EQ(Q.Store->E->IgnoreParens(), Q.Acc.Into->IgnoreParens());
  EXPECT_EQ(rootName(Q.a().Load), "a");
  EXPECT_EQ(rootName(Q.b().Load), "b");
}

TEST(MatrixProductFinder, NotProductsOfMatrices) {
  KernelTU TU(R"cuda(
__global__ void matvec(const float *A, const float *x, float *y, int M, int K) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * x[k];
  y[row] = acc;
}
__global__ void dots(const float *a, const float *b, float *out, int K) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += a[i * K + k] * b[i * K + k];
  out[i] = acc;
}
__global__ void outer(const float *a, const float *b, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  C[row * N + col] += a[row] * b[col];
}
__global__ void rowOnly(const float *A, const float *B, float *C, int N,
                        int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  C[row] = acc;
}
__global__ void insideK(const float *A, const float *B, float *C, int N,
                        int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) {
    acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
__global__ void gathered(const float *A, const float *B, const int *idx,
                         float *C, int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[idx[row] * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}
)cuda");
  ASSERT_TRUE(TU.ok());
  // A matrix-vector product (the vector follows no thread), dot products
  // (one coordinate for both), an outer product (no k loop), a store
  // that does not hold both coordinates or is inside the k loop, an
  // operand indexed by data.
  for (StringRef K :
       {"matvec", "dots", "outer", "rowOnly", "insideK", "gathered"}) {
    Found F = productsOf(TU, K);
    EXPECT_EQ(F.Candidates, 1u) << K.str();
    EXPECT_TRUE(F.Products.empty()) << K.str();
  }
}

} // namespace
} // namespace cudalint
