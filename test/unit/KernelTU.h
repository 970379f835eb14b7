//===--- KernelTU.h - a small CUDA translation unit for unit tests --------===//
//
// Builds a CUDA translation unit in memory (as clangd's TestTU does) with
// clang's real built-in variables (threadIdx, blockIdx, ...:
// __clang_cuda_builtin_vars.h) and a prelude of what the CUDA headers would
// provide, and finds its declarations by name.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_TEST_KERNELTU_H
#define CUDALINT_TEST_KERNELTU_H

#include "analysis/KernelModel.h"
#include "analysis/TranslationUnitAnalysis.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#ifndef CUDALINT_CLANG_RESOURCE_DIR
#error "CUDALINT_CLANG_RESOURCE_DIR comes from cudalintDriver's definitions"
#endif

namespace cudalint {

using namespace clang;
using namespace clang::ast_matchers;

// What the CUDA headers would provide, reduced to what the snippets use, as
// a system header: the analysis recognises CUDA's functions by where they
// are declared. The built-in variables come from clang's own header
// (-include below), which only forward-declares dim3 and uint3.
inline const char *PreludeDir = "/cudalint-unittest-include";
inline const char *Prelude = R"cuda(
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
struct uint3 { unsigned x, y, z; };
struct dim3 { unsigned x, y, z;
  __host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {} };
typedef struct CUstream_st *cudaStream_t;
extern "C" int __cudaPushCallConfiguration(dim3, dim3, unsigned long = 0,
                                           cudaStream_t = 0);
__device__ float atomicAdd(float *, float);
__device__ int atomicMax(int *, int);
__device__ int min(int, int);
__device__ int max(int, int);
__device__ float __ldg(const float *);
__device__ void __stcs(float *, float);
__device__ void __syncthreads();
__device__ float fmaxf(float, float);
__device__ float fmaf(float, float, float);
__device__ int __syncthreads_or(int);
__device__ int atomicCAS(int *, int, int);
__device__ int atomicAdd(int *, int);
__device__ float atomicExch(float *, float);
__device__ int atomicExch(int *, int);
__device__ unsigned atomicInc(unsigned *, unsigned);
__device__ unsigned atomicDec(unsigned *, unsigned);
__device__ int atomicAdd_block(int *, int);
__device__ void __syncwarp(unsigned = 0xffffffff);
__device__ void __threadfence();
__device__ float __shfl_xor_sync(unsigned, float, int, int = 32);
__device__ unsigned __ballot_sync(unsigned, int);
__device__ unsigned __reduce_add_sync(unsigned, unsigned);
)cuda";

class KernelTU {
public:
  explicit KernelTU(const std::string &Code) {
    std::string Dir = PreludeDir;
    AST = tooling::buildASTFromCodeWithArgs(
        Code,
        {"-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
         "--cuda-gpu-arch=sm_80", "-Wno-unknown-cuda-version", "-Xclang",
         "-target-sdk-version=12.5",
         "-resource-dir=" CUDALINT_CLANG_RESOURCE_DIR, "-include",
         "__clang_cuda_builtin_vars.h", "-isystem", Dir, "-include",
         "cuda_prelude.h"},
        "test.cu", "cudalint-unittests",
        std::make_shared<PCHContainerOperations>(),
        tooling::getClangStripDependencyFileAdjuster(),
        {{Dir + "/cuda_prelude.h", Prelude}});
  }
  bool ok() const { return AST && !AST->getDiagnostics().hasErrorOccurred(); }
  ASTContext &ctx() { return AST->getASTContext(); }
  const FunctionDecl *function(StringRef Name) {
    auto Matches =
        match(functionDecl(hasName(Name), isDefinition()).bind("f"), ctx());
    return Matches.empty() ? nullptr : Matches[0].getNodeAs<FunctionDecl>("f");
  }
  const VarDecl *var(StringRef Name) {
    auto Matches = match(varDecl(hasName(Name)).bind("v"), ctx());
    return Matches.empty() ? nullptr : Matches[0].getNodeAs<VarDecl>("v");
  }
  std::vector<const CUDAKernelCallExpr *> launches() {
    std::vector<const CUDAKernelCallExpr *> Out;
    for (const BoundNodes &N : match(cudaKernelCallExpr().bind("c"), ctx()))
      Out.push_back(N.getNodeAs<CUDAKernelCallExpr>("c"));
    return Out;
  }
  /// The model of kernel \p Name, built on first use and owned by this
  /// translation unit; null when the snippet did not compile or has no such
  /// kernel. Every test obtains its models here, so that where models come
  /// from is decided in this one place.
  const KernelModel *model(StringRef Name = "kern") {
    if (!ok())
      return nullptr;
    const FunctionDecl *F = function(Name);
    if (!F)
      return nullptr;
    return &Analysis.model(KernelView{*F});
  }
  /// The snippet with \p Edits applied, and without the prelude; what an
  /// edit inserts before the prelude comes first. Nullopt when an edit is
  /// outside the main file or two edits overlap.
  std::optional<std::string> withEdits(llvm::ArrayRef<FixItHint> Edits) {
    const SourceManager &SM = ctx().getSourceManager();
    FileID Main = SM.getMainFileID();
    // Offset, length, text; applied from the end so offsets stay valid.
    std::vector<std::tuple<unsigned, unsigned, std::string>> ByOffset;
    for (const FixItHint &H : Edits) {
      CharSourceRange R =
          Lexer::makeFileCharRange(H.RemoveRange, SM, ctx().getLangOpts());
      auto [BeginFile, Begin] = SM.getDecomposedLoc(R.getBegin());
      auto [EndFile, End] = SM.getDecomposedLoc(R.getEnd());
      if (R.isInvalid() || BeginFile != Main || EndFile != Main)
        return std::nullopt;
      ByOffset.emplace_back(Begin, End - Begin, H.CodeToInsert);
    }
    std::sort(ByOffset.begin(), ByOffset.end());
    std::string Text = SM.getBufferData(Main).str();
    for (size_t I = ByOffset.size(); I-- > 0;) {
      auto &[Offset, Length, New] = ByOffset[I];
      if (I + 1 < ByOffset.size() &&
          Offset + Length > std::get<0>(ByOffset[I + 1]))
        return std::nullopt;
      Text.replace(Offset, Length, New);
    }
    size_t At = Text.find(Prelude);
    if (At != std::string::npos)
      Text.erase(At, std::string(Prelude).size());
    return Text;
  }
  std::unique_ptr<ASTUnit> AST;

private:
  TranslationUnitAnalysis Analysis;
};

/// The accesses of \p M to the parameter or array named \p Root.
inline std::vector<const MemAccess *> accessesTo(const KernelModel &M,
                                                 StringRef Root) {
  std::vector<const MemAccess *> Out;
  for (const MemAccess &A : M.accesses())
    if (A.Root && A.Root->getName() == Root)
      Out.push_back(&A);
  return Out;
}

/// The first store, load or atomic update of \p Root; null when none.
inline const MemAccess *storeTo(const KernelModel &M, StringRef Root) {
  for (const MemAccess *A : accessesTo(M, Root))
    if (A->IsStore)
      return A;
  return nullptr;
}
inline const MemAccess *loadOf(const KernelModel &M, StringRef Root) {
  for (const MemAccess *A : accessesTo(M, Root))
    if (A->IsLoad)
      return A;
  return nullptr;
}
inline const MemAccess *atomicTo(const KernelModel &M, StringRef Root) {
  for (const MemAccess *A : accessesTo(M, Root))
    if (A->IsAtomic)
      return A;
  return nullptr;
}

} // namespace cudalint

#endif
