//===--- NaiveGemmRewriteTest.cpp - a naive GEMM's launch as cuBLAS -------===//
//
// Which kernel parameters become the arguments of one cuBLAS GEMM (or why
// none can), and the text of the calls that replace the kernel's launches,
// with the helper they call inserted once per file.
//
//===----------------------------------------------------------------------===//

#include "NaiveGemmRewrite.h"
#include "KernelTU.h"

#include "gtest/gtest.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

// The one product of kernel \p Kernel, as the naive-gemm check finds it.
class Gemm {
public:
  Gemm(const std::string &Code, StringRef Kernel) : TU(Code), Kernel(Kernel) {
    const KernelModel *M = TU.model(Kernel);
    if (!M)
      return;
    Finder.emplace(*M, *TU.function(Kernel), TU.ctx());
    for (const ProductCandidate &C : Finder->candidates())
      if ((Product = Finder->recognise(C)))
        break;
  }
  CublasPlan plan(bool HasLaunches = true) const {
    return planCublasCall(*Product, *Finder, HasLaunches);
  }
  // The launches of the kernel, in order.
  std::vector<LaunchSite> launches() {
    std::vector<LaunchSite> Out;
    for (const BoundNodes &N :
         match(cudaKernelCallExpr(callee(functionDecl(hasName(Kernel))),
                                  hasAncestor(functionDecl().bind("caller")))
                   .bind("launch"),
               TU.ctx()))
      Out.push_back({N.getNodeAs<CUDAKernelCallExpr>("launch"),
                     N.getNodeAs<FunctionDecl>("caller")});
    return Out;
  }
  // The rewrite of every launch by the call the plan offers.
  LaunchRewrites rewrite(std::set<unsigned> &HelperAdded) {
    return rewriteLaunches(plan().Call,
                           cublasComputeType(plan().Call.Type, true),
                           launches(), TU.ctx(), HelperAdded);
  }
  std::string parameterName(const ParmVarDecl *P) const {
    return P ? P->getNameAsString() : "(none)";
  }

  KernelTU TU;
  std::string Kernel;
  std::optional<MatrixProductFinder> Finder;
  std::optional<MatrixProduct> Product;
};

// `C = alpha * A * B + beta * C`, rows from threadIdx.x (SGEMM_CUDA's
// first kernel).
const char *Sgemm = R"cuda(
__global__ void sgemm(int M, int N, int K, float alpha, const float *A,
                      const float *B, float beta, float *C) {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < M && y < N) {
    float tmp = 0.0f;
    for (int i = 0; i < K; ++i)
      tmp += A[x * K + i] * B[i * N + y];
    C[x * N + y] = alpha * tmp + beta * C[x * N + y];
  }
}
)cuda";

TEST(PlanCublasCall, EveryRoleFromAddressesGuardsAndLoops) {
  Gemm G(Sgemm, "sgemm");
  ASSERT_TRUE(G.Product);
  CublasPlan Plan = G.plan();
  EXPECT_EQ(Plan.WhyNot, "");
  const CublasCall &C = Plan.Call;
  EXPECT_EQ(C.Type, "float");
  std::vector<std::string> Roles;
  for (const ParmVarDecl *P :
       {C.M, C.N, C.K, C.Alpha, C.A, C.Lda, C.B, C.Ldb, C.Beta, C.C, C.Ldc})
    Roles.push_back(G.parameterName(P));
  EXPECT_EQ(Roles, (std::vector<std::string>{"M", "N", "K", "alpha", "A", "K",
                                             "B", "N", "beta", "C", "N"}));
  EXPECT_EQ(C.AlphaText, "");
  EXPECT_EQ(C.BetaText, "");
  // Without a launch to replace, nothing is offered.
  EXPECT_EQ(G.plan(/*HasLaunches=*/false).WhyNot,
            "no launch of the kernel is in this translation unit");
}

TEST(PlanCublasCall, TiledAndDoubleProductsStoredUnscaled) {
  Gemm Tiled(R"cuda(
__global__ void tiled(const float *A, const float *B, float *C, int M, int N,
                      int K) {
  __shared__ float As[16][16];
  __shared__ float Bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0.0f;
  for (int t = 0; t < K / 16; ++t) {
    As[ty][tx] = A[row * K + t * 16 + tx];
    Bs[ty][tx] = B[(t * 16 + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < 16; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}
)cuda",
             "tiled");
  ASSERT_TRUE(Tiled.Product);
  CublasPlan T = Tiled.plan();
  EXPECT_EQ(T.WhyNot, "");
  EXPECT_EQ(T.Call.AlphaText, "1.0f");
  EXPECT_EQ(T.Call.BetaText, "0.0f");
  EXPECT_EQ(T.Call.Alpha, nullptr);
  EXPECT_EQ(Tiled.parameterName(T.Call.K), "K");
  EXPECT_EQ(Tiled.parameterName(T.Call.Lda), "K");
  EXPECT_EQ(Tiled.parameterName(T.Call.Ldb), "N");

  Gemm Double(R"cuda(
__global__ void dgemm(const double *A, const double *B, double *C, int M,
                      int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N)
    return;
  double acc = 0;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}
)cuda",
              "dgemm");
  ASSERT_TRUE(Double.Product);
  CublasPlan D = Double.plan();
  EXPECT_EQ(D.WhyNot, "");
  EXPECT_EQ(D.Call.Type, "double");
  EXPECT_EQ(D.Call.AlphaText, "1.0");
  EXPECT_EQ(D.Call.BetaText, "0.0");
  EXPECT_EQ(Double.parameterName(D.Call.M), "M");
  EXPECT_EQ(cublasComputeType("double", true), "CUBLAS_COMPUTE_64F");
  EXPECT_EQ(cublasComputeType("float", true), "CUBLAS_COMPUTE_32F_FAST_TF32");
  EXPECT_EQ(cublasComputeType("float", false), "CUBLAS_COMPUTE_32F");
}

// `__global__ void kern(...)`: a naive product of \p T matrices whose parts
// a test spells.
std::string naiveKernel(const std::string &Params, const std::string &Guard,
                        const std::string &Product, const std::string &Store,
                        const std::string &T = "float") {
  return "__global__ void kern(const " + T + " *A, const " + T + " *B, " + T +
         " *C, int M, int N, int K" + Params +
         ") {\n"
         "  int row = blockIdx.y * blockDim.y + threadIdx.y;\n"
         "  int col = blockIdx.x * blockDim.x + threadIdx.x;\n"
         "  " +
         Guard +
         "\n"
         "  float acc = 0.0f;\n"
         "  for (int k = 0; k < K; ++k)\n"
         "    acc += " +
         Product + ";\n  " + Store + ";\n}\n";
}

const char *Guarded = "if (row >= M || col >= N) return;";
const char *Plain = "A[row * K + k] * B[k * N + col]";
const char *Stored = "C[row * N + col] = acc";

TEST(PlanCublasCall, WhyNoCallIsOffered) {
  struct Case {
    std::string Code, WhyNot;
  };
  const Case Cases[] = {
      {naiveKernel(", const float *D, const float *E", Guarded,
                   std::string(Plain) + " + D[row * K + k] * E[k * N + col]",
                   Stored),
       "the loop adds more than one product to the output"},
      {naiveKernel("", Guarded, Plain, "C[row * N + col] += acc"),
       "the result is added to the output ('+=')"},
      {naiveKernel("", Guarded, Plain, "C[row * N + col] -= acc"),
       "the result is taken from the output ('-=')"},
      {naiveKernel("", Guarded, Plain, "C[row * N + col] = acc + 1.0f"),
       "the result is not stored as 'acc' or 'alpha * acc + beta * C'"},
      {naiveKernel("", Guarded, "A[k * M + row] * B[k * N + col]", Stored),
       "an operand is read transposed"},
      {naiveKernel("", Guarded, "A[row * 64 + k] * B[k * N + col]", Stored),
       "the leading dimensions are not all kernel parameters"},
      {naiveKernel("", "if (col >= N) return;", Plain, Stored),
       "the row count (M) could not be read from the kernel's guards and "
       "loops"},
      {naiveKernel("", Guarded,
                   "A[blockIdx.z * M * K + row * K + k] * B[k * N + col]",
                   Stored),
       "the addresses hold more than one product's rows, columns and k (a "
       "batch index such as blockIdx.z, an offset parameter, or another "
       "loop), which one call would not reproduce; cublasGemmStridedBatchedEx "
       "covers batches"},
  };
  for (const Case &C : Cases) {
    Gemm G(C.Code, "kern");
    ASSERT_TRUE(G.Product) << C.Code;
    EXPECT_EQ(G.plan().WhyNot, C.WhyNot) << C.Code;
  }
  // Only float and double.
  Gemm Ints(naiveKernel("", Guarded, Plain, Stored, "int"), "kern");
  ASSERT_TRUE(Ints.Product);
  EXPECT_EQ(Ints.plan().WhyNot, "only float and double products are rewritten");
}

//===--- rewriteLaunches --------------------------------------------------===//

TEST(RewriteLaunches, EachLaunchBecomesACallAndTheHelperComesOnce) {
  Gemm G(std::string(Sgemm) + R"cuda(
void run(int M, int N, int K, const float *dA, const float *dB, float *dC,
         float alpha, float beta, cudaStream_t stream) {
  dim3 block(16, 16), grid((M + 15) / 16, (N + 15) / 16);
  sgemm<<<grid, block, 0, stream>>>(M, N, K, alpha, dA, dB, beta, dC);
  sgemm<<<grid, block>>>(M + 1, N, K, 2.0f, dA, dB, 0.5f, dC);
}
)cuda",
         "sgemm");
  ASSERT_TRUE(G.Product);
  ASSERT_EQ(G.plan().WhyNot, "");
  ASSERT_EQ(G.launches().size(), 2u);
  std::set<unsigned> HelperAdded;
  LaunchRewrites R = G.rewrite(HelperAdded);
  EXPECT_EQ(R.Rewritten.size(), 2u);
  EXPECT_TRUE(R.Kept.empty());
  EXPECT_EQ(HelperAdded.size(), 1u);
  EXPECT_EQ(R.FirstArgs,
            (std::vector<std::string>{"M", "N", "K", "alpha", "dA", "K", "dB",
                                      "N", "beta", "dC", "N"}));
  // Two calls and one helper.
  ASSERT_EQ(R.Edits.size(), 3u);
  std::optional<std::string> After = G.TU.withEdits(R.Edits);
  ASSERT_TRUE(After);
  // The helper goes before the code (this file has no #include).
  EXPECT_EQ(After->rfind("#include <cublas_v2.h>\n", 0), 0u) << *After;
  EXPECT_NE(After->find("cudalintGemm(cublasComputeType_t Compute, int M, "
                        "int N, int K, double Alpha,"),
            std::string::npos);
  EXPECT_NE(After->find("  cudalintGemm(CUBLAS_COMPUTE_32F_FAST_TF32, M, N, "
                        "K, alpha, dA, K, dB, N, beta, dC, N, stream);\n"),
            std::string::npos)
      << *After;
  // An expression is parenthesised; literal scales are kept.
  EXPECT_NE(After->find("  cudalintGemm(CUBLAS_COMPUTE_32F_FAST_TF32, (M + "
                        "1), N, K, 2.0f, dA, K, dB, N, 0.5f, dC, N);\n"),
            std::string::npos)
      << *After;

  // The file has the helper now: a second rewrite adds only the calls.
  EXPECT_EQ(G.rewrite(HelperAdded).Edits.size(), 2u);
}

TEST(RewriteLaunches, SideEffectsKeepALaunchAndADeclaredHelperIsUsed) {
  Gemm G(std::string(Sgemm) + R"cuda(
int cudalintGemm();
void run(int M, int N, int K, const float *dA, const float *dB, float *dC) {
  int m = M;
  sgemm<<<1, 1>>>(m++, N, K, 1.0f, dA, dB, 0.0f, dC);
  sgemm<<<1, 1>>>(M, N, K, 1.0f, dA, dB, 0.0f, dC);
}
)cuda",
         "sgemm");
  ASSERT_TRUE(G.Product);
  ASSERT_EQ(G.plan().WhyNot, "");
  ASSERT_EQ(G.launches().size(), 2u);
  std::set<unsigned> HelperAdded;
  LaunchRewrites R = G.rewrite(HelperAdded);
  const SourceManager &SM = G.TU.ctx().getSourceManager();
  ASSERT_EQ(R.Kept.size(), 1u);
  EXPECT_EQ(R.Kept[0], SM.getExpansionLoc(G.launches()[0].Call->getBeginLoc()));
  ASSERT_EQ(R.Rewritten.size(), 1u);
  EXPECT_EQ(R.FirstArgs[0], "M");
  // The translation unit declares the helper: only the call.
  ASSERT_EQ(R.Edits.size(), 1u);
  EXPECT_TRUE(HelperAdded.empty());
  std::optional<std::string> After = G.TU.withEdits(R.Edits);
  ASSERT_TRUE(After);
  EXPECT_NE(After->find("sgemm<<<1, 1>>>(m++, N, K, 1.0f, dA, dB, 0.0f, dC);"),
            std::string::npos);
  EXPECT_NE(After->find("  cudalintGemm(CUBLAS_COMPUTE_32F_FAST_TF32, M, N, "
                        "K, 1.0f, dA, K, dB, N, 0.0f, dC, N);\n"),
            std::string::npos)
      << *After;
}

} // namespace
} // namespace cudalint
