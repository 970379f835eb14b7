//===--- NaiveGemmCheck.cpp - cudalint ------------------------------------===//
//
// Reports the matrix products that analysis/MatrixProduct.h recognises in a
// kernel, and offers the cuBLAS call that NaiveGemmRewrite.h plans in place
// of the kernel's launches.
//
//===----------------------------------------------------------------------===//

#include "NaiveGemmCheck.h"
#include "NaiveGemmRewrite.h"
#include "analysis/AddressTerms.h"
#include "analysis/MatrixProduct.h"
#include "analysis/Warp.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace cudalint {

namespace {

//===----------------------------------------------------------------------===//
// The text of the finding
//===----------------------------------------------------------------------===//

std::string quotedRootName(const MemAccess *Ac) {
  return Ac && Ac->Root ? "'" + Ac->Root->getName().str() + "'"
                        : std::string("an operand");
}

// The counter the k loop declares, else "k".
std::string kLoopName(const Stmt *KLoop) {
  if (const auto *Fo = dyn_cast<ForStmt>(KLoop))
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(Fo->getInit()))
      if (DS->isSingleDecl())
        if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl()))
          if (!V->getName().empty())
            return V->getName().str();
  return "k";
}

// How an operand is read along k: "along its rows", "down its columns
// (stride 'n')", or its stride in bytes.
std::string readDirection(const ProductOperand &O, unsigned ElementBytes,
                          const char *AlongRows) {
  std::optional<Extent> K = extentOf(O.KStride, ElementBytes);
  if (K && K->Const == 1)
    return AlongRows;
  if (K)
    return "down its columns (stride '" + K->Text + "')";
  return "with stride '" + O.KStride.str() + "' bytes";
}

std::string rolesText(const MatrixProduct &P) {
  std::string Roles = "A = " + quotedRootName(P.a().Load) + " read " +
                      readDirection(P.a(), productElementBytes(P, *P.a().Load),
                                    "along its rows") +
                      ", B = " + quotedRootName(P.b().Load) + " read " +
                      readDirection(P.b(), productElementBytes(P, *P.b().Load),
                                    "along its rows (B transposed)");
  if (P.tiled())
    Roles += ", staged in shared memory";
  if (!P.ColumnsKnown)
    Roles += "; which of the two gives the rows is a guess";
  return Roles;
}

// Which measured size a product's figure comes from: its depth (constant,
// or what every launch passes) nearer (in ratio) the 512^3 fixture than
// the 4096^3 ones, below sqrt(512 * 4096) = 1448, is Small; a depth no
// launch in view gives is Unknown, and quotes both ends.
GemmSizeClass sizeClassOf(const std::optional<LaunchedSize> &Size) {
  if (!Size)
    return GemmSizeClass::Unknown;
  return Size->Depth < 1448 ? GemmSizeClass::Small : GemmSizeClass::Large;
}

// Whether the launches are too small for any measured figure to apply:
// a depth below 16, or fewer multiply-adds than a 256^3 product, half the
// smallest size measured (512^3, where cuBLAS's time is mostly its launch).
// The multiply-adds count one result per thread, which a register-blocked
// kernel exceeds.
bool tooSmallForFigures(const MatrixProduct &P,
                        const std::optional<LaunchedSize> &Size) {
  if (!Size)
    return false;
  if (Size->Depth < 16)
    return true;
  return !P.registerBlocked() && Size->Threads > 0 &&
         Size->Threads * Size->Depth < int64_t(256) * 256 * 256;
}

// Why the launches in view are too small for a figure (a note).
std::string tooSmallText(const LaunchedSize &Size) {
  std::string Text = "the launches in view give a depth of at most " +
                     std::to_string(Size.Depth);
  if (Size.Threads > 0)
    Text += " and start at most " + std::to_string(Size.Threads) + " threads";
  return Text + ", below the smallest product measured (512^3, where cuBLAS "
                "on tensor cores was 3.7x faster on an H200, its time "
                "mostly its launch): no measured figure applies at this size";
}

// cuBLAS on tensor cores against a float kernel, at the size class
// measured nearest the product (docs/verify.md, naive_sgemm_512): a 512^3
// product gains ~4x, not 70x, and a size the launches do not give quotes
// both ends rather than the larger.
std::string floatGainText(bool Tiled, GemmSizeClass Class) {
  const std::string Cublas = "cuBLAS on tensor cores (cublasGemmEx with "
                             "CUBLAS_COMPUTE_32F_FAST_TF32) was ";
  const std::string Large =
      Tiled ? "44x faster than a shared-memory tiled kernel (68x than a "
              "naive one) at 4096^3 on an H100"
            : "68x faster than a naive kernel at 4096^3 on an H100";
  switch (Class) {
  case GemmSizeClass::Small:
    return Cublas + "3.7x faster than a naive kernel at 512^3 on an H200 (" +
           (Tiled ? "a tiled kernel gains less; 44x" : "68x") +
           " at 4096^3 on an H100): at this size cuBLAS's time is mostly its "
           "launch";
  case GemmSizeClass::Unknown:
    return Cublas + Large +
           " but 3.7x than a naive one at 512^3 on an H200: the gain grows "
           "with the product, whose size the launches in view do not give";
  case GemmSizeClass::Large:
    break;
  }
  return Cublas + Large + "; " + (Tiled ? "6.2x" : "9.5x") +
         " in full FP32 with CUBLAS_COMPUTE_32F";
}

// cuBLAS in full FP32 against a float kernel, for targets without TF32
// tensor cores (GPU_FACTS.md: 9.5x naive, 6.2x tiled at 4096^3 on an
// H100; no FP32 figure at 512^3).
std::string fp32GainText(bool Tiled, GemmSizeClass Class) {
  std::string Text = "cuBLAS in full FP32 (cublasGemmEx with "
                     "CUBLAS_COMPUTE_32F, as cublasSgemm computes) was " +
                     std::string(Tiled ? "6.2x faster than a shared-memory "
                                         "tiled kernel"
                                       : "9.5x faster than a naive kernel") +
                     " at 4096^3 on an H100";
  if (Class == GemmSizeClass::Small)
    return Text + "; at 512^3 even tensor cores gained only 3.7x on an "
                  "H200, so expect less at this size";
  if (Class == GemmSizeClass::Unknown)
    return Text + "; the gain shrinks with the product, whose size the "
                  "launches in view do not give";
  return Text;
}

// What a float product gains from cuBLAS on \p Targets.
std::string floatRemedyText(bool Tiled, bool RegisterBlocked,
                            GemmSizeClass Class, bool Tf32) {
  if (RegisterBlocked)
    return std::string("a register-blocked SGEMM of this form (8x8 results "
                       "per thread, float4-staged) reached 36.6 TFLOP/s at "
                       "4096^3 on an H100, where cublasSgemm was 1.40x "
                       "faster in full FP32") +
           (Tf32 ? " and cuBLAS on tensor cores (cublasGemmEx with "
                   "CUBLAS_COMPUTE_32F_FAST_TF32, which rounds the inputs "
                   "to 10 mantissa bits) 10.5x faster"
                 : "");
  return Tf32 ? floatGainText(Tiled, Class) : fp32GainText(Tiled, Class);
}

// The tensor-core feature cuBLAS needs for \p Type.
GpuFeature tensorCoresFor(const std::string &Type) {
  if (Type == "float" || Type == "complex float")
    return GpuFeature::Tf32TensorCores;
  if (Type == "double" || Type == "complex double")
    return GpuFeature::Fp64TensorCores;
  if (Type == "bfloat16")
    return GpuFeature::Bf16TensorCores;
  return GpuFeature::TensorCores;
}

// cuBLAS's complex GEMMs; on tensor cores where every target has them.
std::string complexRemedyText(bool Single, bool TensorCores) {
  if (Single)
    return std::string("cublasCgemm (four real products a step; "
                       "cublasCgemm3m three) runs it") +
           (TensorCores ? ", and cublasGemmEx with CUDA_C_32F and "
                          "CUBLAS_COMPUTE_32F_FAST_TF32 on tensor cores"
                        : "") +
           " (not measured here)";
  return std::string("cublasZgemm runs it") +
         (TensorCores ? " on FP64 tensor cores" : " in FP64") +
         " (not measured here)";
}

// What to use instead on \p Targets, with the speed-up measured for float.
std::string remedyText(const std::string &Type, bool Tiled,
                       bool RegisterBlocked, GemmSizeClass Class,
                       const GpuTargets &Targets) {
  bool TensorCores = Targets.allHave(tensorCoresFor(Type));
  std::string Remedy;
  if (Type == "float")
    Remedy = floatRemedyText(Tiled, RegisterBlocked, Class, TensorCores);
  else if (Type == "double")
    Remedy = TensorCores ? "cublasDgemm (or cublasGemmEx with "
                           "CUBLAS_COMPUTE_64F) runs it on FP64 tensor cores "
                           "(not measured here)"
                         : "cublasDgemm (or cublasGemmEx with "
                           "CUBLAS_COMPUTE_64F) runs it in FP64 (not "
                           "measured here)";
  else if (Type == "half" || Type == "bfloat16")
    Remedy = "cublasGemmEx with " +
             std::string(Type == "half" ? "CUDA_R_16F" : "CUDA_R_16BF") +
             " inputs and CUBLAS_COMPUTE_32F runs it with FP32 "
             "accumulation" +
             (TensorCores ? " on tensor cores" : "") + " (not measured here)";
  else if (Type == "complex float" || Type == "complex double")
    Remedy = complexRemedyText(Type == "complex float", TensorCores);
  else
    Remedy = "cuBLAS (cublasGemmEx) runs matrix products on tensor cores";
  // WMMA needs tensor cores on every target; CUTLASS has SIMT kernels too.
  return Remedy + (Targets.allHave(GpuFeature::TensorCores)
                       ? "; WMMA or CUTLASS where the product is fused with "
                         "other work"
                       : "; CUTLASS where the product is fused with other "
                         "work");
}

// Where published figures show hand-tiling a naive SGEMM did not pay: an
// Ampere GPU whose L2 (4 MB) already serves the naive kernel (GPU_FACTS.md,
// "Published figures on other architectures"), and GPUs of that class.
std::string tilingCaveatText(const GpuTargets &Targets) {
  static const unsigned LargeL2Consumer[] = {86, 87, 88, 89, 120, 121};
  std::vector<GpuTarget> Class = Targets.among(LargeL2Consumer);
  if (!Targets.stated() || Class.empty())
    return "";
  return "tiling it through shared memory instead may not pay on " +
         targetNames(Class) +
         ": published, it was 0.90x (slower) on an RTX A4000 (sm_86, 4 MB "
         "L2, which already serves the naive kernel), against 2.35x on a "
         "GeForce MX330 (sm_61) and 1.5x on an H100";
}

// "float matrix product into 'C' runs on CUDA cores, not tensor cores";
// where some target has no tensor cores for the type, "... is a
// hand-written loop, not cuBLAS".
std::string findingMessage(const MatrixProduct &P, const GpuTargets &Targets) {
  std::string Type = productTypeName(P);
  return Type + " matrix product into " + quotedRootName(P.Store) +
         (Targets.allHave(tensorCoresFor(Type))
              ? " runs on CUDA cores, not tensor cores"
              : " is a hand-written loop, not cuBLAS");
}

// What the finding recognised: the statement, its loop and the operands.
std::string productText(const MatrixProduct &P, const ASTContext &Ctx) {
  return "'" + sourceText(P.S, Ctx, 60) + "' in the loop over '" +
         kLoopName(P.KLoop) + "' computes C = A*B" +
         (P.Acc.SoleTerm ? "" : " + ...") + " into " + quotedRootName(P.Store) +
         " (" + rolesText(P) + ")";
}

// What the compute type costs in precision.
const char *precisionText(const std::string &Type, bool Tiled, bool Tf32) {
  if (Type != "float")
    return "FP64 keeps double precision";
  if (!Tf32)
    return "full FP32 keeps the kernel's precision (sums in another order)";
  return Tiled ? "TF32 rounds the inputs to 10 mantissa bits (use "
                 "CUBLAS_COMPUTE_32F for full FP32: 6.2x instead of 44x at "
                 "4096^3 on an H100)"
               : "TF32 rounds the inputs to 10 mantissa bits (use "
                 "CUBLAS_COMPUTE_32F for full FP32: 9.5x instead of 68x at "
                 "4096^3 on an H100)";
}

std::string launchWords(size_t Count) {
  return Count == 1 ? "the launch"
                    : "the " + std::to_string(Count) + " launches";
}

} // namespace

void NaiveGemmCheck::checkKernel(const KernelView &Kernel, FindingSink &Sink) {
  ASTContext &Ctx = Kernel.context();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const KernelView &F : analysedInstances(Kernel)) {
    if (usesTensorCores(F.Decl.getBody()))
      return;
    MatrixProductFinder Finder(model(F), F.Decl, Ctx);
    for (const ProductCandidate &C : Finder.candidates()) {
      SourceLocation Loc = SM.getExpansionLoc(C.S->getBeginLoc());
      if (alreadyReported(Loc))
        continue;
      std::optional<MatrixProduct> Product = Finder.recognise(C);
      if (!Product)
        continue;
      markReported(Loc);
      std::optional<LaunchedSize> Size =
          launchedSize(*Product, F.Decl,
                       uses(Ctx).launches(canonicalKernel(&Kernel.Decl)), Ctx);
      if (tooSmallForFigures(*Product, Size)) {
        reportSmallProduct(*Product, *Size, Loc, Ctx, Sink);
        continue;
      }
      reportProduct(*Product, sizeClassOf(Size), Loc, Ctx, Sink);
      offerCublasCall(*Product, Finder, &Kernel.Decl, Loc, Ctx, Sink);
    }
  }
}

void NaiveGemmCheck::reportSmallProduct(const MatrixProduct &P,
                                        const LaunchedSize &Size,
                                        SourceLocation Loc, ASTContext &Ctx,
                                        FindingSink &Sink) {
  Sink.diag(Loc, "%0 (launched too small for a measured gain)",
            DiagnosticIDs::Remark)
      << findingMessage(P, targets());
  Sink.diag(Loc, "%0", DiagnosticIDs::Note) << productText(P, Ctx);
  Sink.diag(Loc, "%0", DiagnosticIDs::Note) << tooSmallText(Size);
}

void NaiveGemmCheck::reportProduct(const MatrixProduct &P, GemmSizeClass Class,
                                   SourceLocation Loc, ASTContext &Ctx,
                                   FindingSink &Sink) {
  Sink.diag(Loc, "%0") << findingMessage(P, targets());
  Sink.diag(Loc, "%0", DiagnosticIDs::Note) << productText(P, Ctx);
  std::string Type = productTypeName(P);
  Sink.diag(Loc, "%0", DiagnosticIDs::Note)
      << remedyText(Type, P.tiled(), P.registerBlocked(), Class, targets());
  if (!targets().allHave(tensorCoresFor(Type)))
    Sink.diag(Loc, "%0", DiagnosticIDs::Note)
        << featureMissingText(tensorCoresFor(Type), targets());
  std::string Tiling = tilingCaveatText(targets());
  if (Type == "float" && !P.tiled() && !P.registerBlocked() && !Tiling.empty())
    Sink.diag(Loc, "%0", DiagnosticIDs::Note) << Tiling;
  for (const CallExpr *Call : P.X.Load->CallStack)
    Sink.diag(Call->getExprLoc(), "inlined from this call",
              DiagnosticIDs::Note);
  Sink.diag(Ctx.getSourceManager().getExpansionLoc(P.Store->E->getBeginLoc()),
            "the result is stored here, indexed by both coordinates",
            DiagnosticIDs::Note);
}

void NaiveGemmCheck::offerCublasCall(const MatrixProduct &P,
                                     const MatrixProductFinder &Finder,
                                     const FunctionDecl *Kernel,
                                     SourceLocation Loc, ASTContext &Ctx,
                                     FindingSink &Sink) {
  llvm::ArrayRef<LaunchSite> Launches =
      uses(Ctx).launches(canonicalKernel(Kernel));
  CublasPlan Plan = planCublasCall(P, Finder, !Launches.empty());
  if (!Plan.WhyNot.empty()) {
    Sink.diag(Loc, "no cuBLAS call is offered in place of the launch: %0",
              DiagnosticIDs::Note)
        << Plan.WhyNot;
    return;
  }
  // One note carries every launch's rewrite (the driver applies one note's
  // fix-its per finding), and the helper where this file has not received
  // it yet.
  bool Tf32 = targets().allHave(GpuFeature::Tf32TensorCores);
  LaunchRewrites R =
      rewriteLaunches(Plan.Call, cublasComputeType(Plan.Call.Type, Tf32),
                      Launches, Ctx, filesEditedOnce());
  for (SourceLocation Kept : R.Kept)
    Sink.diag(Kept,
              "this launch could be a cuBLAS call, but it is not rewritten: an "
              "argument has side effects or the launch is written by a macro",
              DiagnosticIDs::Note);
  if (R.Rewritten.empty())
    return;
  auto N = Sink.diag(R.Rewritten.front(),
                     "replace %0 with cuBLAS (applied by --fix-notes): "
                     "cudalintGemm, inserted once per file, calls cublasGemmEx "
                     "with %1 for row-major C = %2 * A * B + %3 * C; %4; link "
                     "with -lcublas; this assumes the launch covers the whole "
                     "%5 x %6 output",
                     DiagnosticIDs::Note)
           << launchWords(R.Rewritten.size())
           << cublasComputeType(Plan.Call.Type, Tf32) << R.FirstArgs[3]
           << R.FirstArgs[8] << precisionText(Plan.Call.Type, P.tiled(), Tf32)
           << R.FirstArgs[0] << R.FirstArgs[1];
  for (const FixItHint &H : R.Edits)
    N << H;
}

} // namespace cudalint
