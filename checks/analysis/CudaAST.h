//===--- CudaAST.h - CUDA-specific AST queries shared by the checks -------===//
//
// Small questions every check asks of the AST: is this a kernel, where is it
// launched, what does an argument point into.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_CUDAAST_H
#define CUDALINT_ANALYSIS_CUDAAST_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace cudalint {

/// Whether \p Target is \p S or lies inside it.
bool containsStmt(const clang::Stmt *S, const clang::Stmt *Target);

/// True for a `__global__` function (a kernel), including template patterns.
bool isKernel(const clang::FunctionDecl *FD);

/// True when the front end recovered from an error inside \p FD: the
/// declaration is invalid, its body holds an expression or declaration
/// built from broken code (a RecoveryExpr, an invalid local), or one of the
/// \p CompilerErrors (errors that left no trace in the AST, such as a
/// statement dropped whole; see breaksStatement) lies inside it. The checks
/// skip such kernels: what is left of them is not the program the user wrote.
bool hasParseErrors(const clang::FunctionDecl *FD,
                    llvm::ArrayRef<clang::SourceLocation> CompilerErrors);

/// True for a compiler error after which clang may not have built the
/// statement as written; false for the few errors that leave it intact.
bool breaksStatement(const clang::Diagnostic &Error);

/// The kernel definitions the checks analyse: `__global__` definitions (a
/// template once, as its pattern). Whether one parsed without errors is
/// asked separately (hasParseErrors).
clang::ast_matchers::internal::BindableMatcher<clang::Decl> kernelDefinition();

/// The name of the function \p CE calls: its callee's, or in a template's
/// pattern the name an unresolved call looks up (`fma(a[i], b[j], acc)`);
/// empty when it has none.
llvm::StringRef calleeName(const clang::CallExpr *CE);

/// The functions \p CE may call: its callee; for an unresolved call in a
/// template's pattern, each candidate of the lookup with a body (a
/// function template's pattern, and each of its specializations).
llvm::SmallVector<const clang::FunctionDecl *, 2>
possibleCallees(const clang::CallExpr *CE);

/// The kernel a declaration belongs to, normalised so that every
/// redeclaration and every instantiation of a template kernel maps to the
/// same canonical declaration.
const clang::FunctionDecl *canonicalKernel(const clang::FunctionDecl *FD);

/// The source text of \p E on one line (whitespace collapsed), cut to \p Max
/// characters with "..."; "<expr>" when it has no file range.
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx,
                       size_t Max = 40);

/// The file range of \p R's tokens (macro arguments mapped to where they are
/// written); invalid when it does not lie in one file.
clang::CharSourceRange fileRange(clang::SourceRange R,
                                 const clang::ASTContext &Ctx);

/// The source text of \p R exactly as written, for fix-its; empty when it
/// has no file range.
std::string exactSourceText(clang::SourceRange R, const clang::ASTContext &Ctx);

/// The value of an integer constant expression, or nullopt.
std::optional<int64_t> integerConstant(const clang::Expr *E,
                                       const clang::ASTContext &Ctx);

/// `L op R` with C's semantics on 64-bit integers, for the arithmetic,
/// bitwise, shift and comparison operators; nullopt for a division by zero,
/// a shift out of range or any other operator.
std::optional<int64_t> integerOperation(clang::BinaryOperatorKind Op, int64_t L,
                                        int64_t R);

/// The integer exponent k where \p CE computes the power of two 2^k exactly
/// (`powf(2, k)`, `exp2f(k)`, `ldexpf(1, k)` and their double
/// spellings, with k of integer type); null otherwise or for null.
const clang::Expr *integerExponentOfTwo(const clang::CallExpr *CE,
                                        const clang::ASTContext &Ctx);

/// `for`, `while`, `do` and range-based `for`.
bool isLoopStmt(const clang::Stmt *S);

/// The body of such a loop; null for any other statement.
const clang::Stmt *loopBody(const clang::Stmt *S);

/// The statement \p S ends with: itself, or the last statement of a block
/// (of the innermost block, when blocks nest); null for an empty block.
const clang::Stmt *lastStatement(const clang::Stmt *S);

/// What \p FD returns when its definition's body is one `return e;`: e;
/// null for any other function.
const clang::Expr *soleReturnValue(const clang::FunctionDecl *FD);

/// True when control cannot run on from \p S into the statement after it
/// (it ends with `break`, `return`, `continue` or `goto`).
bool endsCase(const clang::Stmt *S);

/// The statements of a `switch` body from one label (or run of labels,
/// `case 2: case 3:`) to the next.
struct CaseGroup {
  clang::SourceRange Range;
  bool Default = false;    ///< Its labels include `default:`.
  bool FallsOnward = true; ///< Control runs on into the next group.
};

/// The case groups of a `switch` whose body is a block (none otherwise).
std::vector<CaseGroup> switchCaseGroups(const clang::SwitchStmt *Sw);

/// The condition of an `if`, loop, `switch` or `?:`, or the left operand of
/// `&&`/`||`; null for anything else.
const clang::Expr *conditionOf(const clang::Stmt *S);

/// Strips parentheses, implicit casts and no-op explicit casts.
const clang::Expr *stripNoOps(const clang::Expr *E);

/// The function whose body holds \p S (a kernel, or a helper inlined into
/// one), or null.
const clang::FunctionDecl *enclosingFunction(const clang::Stmt &S,
                                             clang::ASTContext &Ctx);

/// The variable that a pointer-valued expression points into, following
/// `p`, `p + k`, `&p[k]`, `(T *)p` and `thrust::raw_pointer_cast`-like
/// conversions. Null when the base cannot be named.
const clang::ValueDecl *pointerBase(const clang::Expr *E);

/// True when \p D is declared inside a CUDA library's namespace (CUB,
/// Thrust, CUTLASS, CuTe, libcu++'s `cuda::`): code the user did not write
/// and cannot change at the call site.
bool declaredInLibrary(const clang::Decl *D);

/// Every reference to \p V inside \p Root (the whole translation unit when
/// \p Root is null), in traversal order.
llvm::SmallVector<const clang::DeclRefExpr *, 8>
referencesTo(const clang::VarDecl *V, const clang::Stmt *Root,
             clang::ASTContext &Ctx);

/// A check option read as text (see MissingRestrictCheck::storeOptions for
/// why): `true`, `1` and `on` in any case are true.
bool parseBoolOption(llvm::StringRef Value);

/// Whether \p L lies in \p R, its ends included.
bool rangeContains(clang::SourceRange R, clang::SourceLocation L,
                   const clang::SourceManager &SM);

/// Where to insert new `#include` lines in \p File: after its last
/// `#include` directive, or at its start.
clang::SourceLocation includeInsertionPoint(clang::FileID File,
                                            const clang::SourceManager &SM);

/// A `kernel<<<grid, block>>>(args)` expression in the translation unit.
struct LaunchSite {
  const clang::CUDAKernelCallExpr *Call;
  const clang::FunctionDecl *Caller; ///< The function containing the launch.
};

/// A call of a host function, in the function that makes it. A function
/// handed to a forwarder with its arguments (`benchmark(repeats, run, n,
/// C)`, whose body calls `run(std::forward<Args>(args)...)`) is called
/// with the call's arguments from ArgOffset on: its parameter I is
/// argument I + ArgOffset of Call.
struct HostCallSite {
  const clang::CallExpr *Call;
  const clang::FunctionDecl *Caller;
  unsigned ArgOffset = 0;
};

/// A host function \p Run that a call hands to a forwarder, which calls it
/// with the call's arguments from FirstArg on (see HostCallSite).
struct ForwardedCall {
  const clang::FunctionDecl *Run;
  const clang::DeclRefExpr *Name; ///< Where the call names Run.
  unsigned FirstArg;
};
std::optional<ForwardedCall> forwardedCall(const clang::CallExpr *Call,
                                           clang::ASTContext &Ctx);

/// Every launch site and every other reference to each kernel in one
/// translation unit, collected in one walk (owned by the
/// TranslationUnitAnalysis, built on the first check's question).
class KernelUseIndex {
public:
  explicit KernelUseIndex(clang::ASTContext &Ctx);

  llvm::ArrayRef<LaunchSite> launches(const clang::FunctionDecl *Kernel) const;
  /// True when the kernel is only ever launched or converted to an untyped
  /// pointer (`(void *)kernel`), so changing its parameter types cannot break
  /// a caller.
  bool hasOnlyLaunchUses(const clang::FunctionDecl *Kernel) const;
  /// The calls of the host function \p F (a wrapper that launches a
  /// kernel), each with the function making it; nullopt when \p F is also
  /// named some other way (its address taken), so that its callers are not
  /// all in view.
  std::optional<llvm::ArrayRef<HostCallSite>>
  hostCalls(const clang::FunctionDecl *F) const;
  /// True when \p Kernel is named (a launch, its address taken for
  /// `cudaLaunchKernel((void *)k, ..)`, a template argument, a lookup in a
  /// template's pattern) somewhere a run can reach: anywhere, in a
  /// translation unit without `main`; else outside any function, or in a
  /// function that `main` calls, directly or not (hostFunctionReachable).
  bool isNamedWhereRunsReach(const clang::FunctionDecl *Kernel) const;
  /// True when the translation unit launches some kernel: its host code is
  /// in view.
  bool launchesAnyKernel() const { return !Launches.empty(); }

private:
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<LaunchSite, 2>>
      Launches;
  llvm::DenseMap<const clang::FunctionDecl *, bool> OtherUses;
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<HostCallSite, 2>>
      HostCalls;
  llvm::DenseSet<const clang::FunctionDecl *> NamedOtherwise;
  /// The functions each kernel is named in (null: outside any function).
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallPtrSet<const clang::FunctionDecl *, 2>>
      NamingFunctions;
  /// The host functions a run can reach from `main` (canonical decls);
  /// unset when the translation unit defines no `main`.
  std::optional<llvm::DenseSet<const clang::FunctionDecl *>> ReachedFromMain;
  bool hostFunctionReachable(const clang::FunctionDecl *F) const;
};

} // namespace cudalint

#endif
