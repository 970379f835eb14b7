//===--- MatrixProduct.h - matrix products computed by a kernel -*- C++ -*-===//
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
// The coordinates are the thread-dependent atoms of the symbolic addresses
// (see AddressTerms.h).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_MATRIXPRODUCT_H
#define CUDALINT_ANALYSIS_MATRIXPRODUCT_H

#include "CudaAST.h"
#include "KernelModel.h"
#include "SymExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cudalint {

/// Strips parens, casts, and conversions: `__half2float(x)`, `float(x)`,
/// `(float)x`, a class's conversion operator, `__ldg(p)`.
const clang::Expr *peelConversions(const clang::Expr *E);

/// The local variable (scalar or register array) an lvalue names; null for
/// parameters and `__shared__` arrays.
const clang::VarDecl *localVariableOf(const clang::Expr *E);

/// A binary operation, built-in or overloaded (`__half` has operators).
struct BinOp {
  clang::BinaryOperatorKind Op;
  const clang::Expr *L, *R;
};
std::optional<BinOp> binaryOperation(const clang::Expr *E);

/// `acc += X * Y`, `acc = acc + X * Y`, `acc = fmaf(X, Y, acc)`; also
/// `C[i][j] += alpha * X * Y` or `C[i][j] = C[i][j] + X * Y` straight into
/// memory (Acc is then null and Into the lvalue). Factors is every factor
/// of the product. The product may be one term of the sum added (`acc +=
/// X * Y + Z * W`): SoleTerm is then false, and it stands for the sum.
struct Accumulation {
  const clang::Expr *S;
  const clang::VarDecl *Acc;
  const clang::Expr *X, *Y;
  const clang::Expr *Into = nullptr;
  llvm::SmallVector<const clang::Expr *, 4> Factors;
  bool SoleTerm = true;
  /// A complex product (`cuCfmaf`, `cuCmulf`): four real products a step,
  /// on two-lane records the element type alone would call real.
  bool Complex = false;
};
/// \p S as an accumulation, reading dependent types through \p StandIn
/// (null outside a template analysed as written).
std::optional<Accumulation> accumulation(const clang::Expr *S,
                                         const TemplateStandIn *StandIn);

struct MatrixProduct;

/// The largest sizes the launches in view give a product.
struct LaunchedSize {
  int64_t Depth = 0;   ///< K, the largest any launch gives.
  int64_t Threads = 0; ///< The most threads a launch starts; -1: unknown.
};

/// The sizes \p Launches give the product \p P of \p Kernel: its depth
/// where it is constant or every launch passes a constant for the
/// parameter that bounds it, and the threads each launch starts; nullopt
/// when a launch's depth is not known.
std::optional<LaunchedSize> launchedSize(const MatrixProduct &P,
                                         const clang::FunctionDecl &Kernel,
                                         llvm::ArrayRef<LaunchSite> Launches,
                                         clang::ASTContext &Ctx);

/// Kernels that already use tensor cores: WMMA, CUTLASS/CuTe, mma PTX.
bool usesTensorCores(const clang::Stmt *S);

/// The bytes of one scalar of \p A: its width, or a lane's of a vector
/// (`float4`: 4).
unsigned scalarBytes(const MemAccess &A);

/// "float", "double", "half", "bfloat16" (also for their vector types), or
/// the type as written.
std::string elementName(clang::QualType T);

/// The element type a product computes in: elementName of its first
/// operand, "complex float" or "complex double" for a complex product.
std::string productTypeName(const MatrixProduct &P);

/// The bytes of one element of the product in \p A: a complex value's
/// whole record, else scalarBytes.
unsigned productElementBytes(const MatrixProduct &P, const MemAccess &A);

/// What is known of one operand of a product.
struct ProductOperand {
  const MemAccess *Load = nullptr;   ///< What the product reads.
  const MemAccess *Global = nullptr; ///< The global load behind it.
  bool ViaShared = false;
  /// The factor subtracts a value from what it loads (`X[..] - mu[i]`).
  bool Centred = false;
  Polynomial KStride; ///< Bytes per step of the k loop.
  std::set<std::string> Atoms;
};

/// A statement that accumulates a product, and the body it is in: the
/// kernel's or an inlined helper's.
struct ProductCandidate {
  const clang::Expr *S;
  const clang::Stmt *Owner;
};

/// A product recognised as C = A * B.
struct MatrixProduct {
  const clang::Expr *S;     ///< The statement that accumulates it.
  const clang::Stmt *Owner; ///< The body that statement is in.
  Accumulation Acc;
  ProductOperand X, Y; ///< The two factors, as written.
  /// Thread coordinates both factors follow: a batch of products (the
  /// operands' Atoms are their own coordinates, without these).
  std::set<std::string> BatchAtoms;
  const clang::Stmt *KLoop = nullptr; ///< The loop over k.
  /// The product's depth K when the k loop runs a constant number of
  /// times (`for (k = 0; k < NK; ++k)` with NK a macro); unknown for a
  /// tiled product, whose k loop covers one tile.
  std::optional<int64_t> ConstantDepth;
  /// The kernel parameter that bounds the depth where it is not constant
  /// (`k < K`, a tile loop's `t < (K + 15) / 16`): a launch that passes a
  /// constant for it gives the depth (launchedDepth).
  const clang::ParmVarDecl *DepthParameter = nullptr;
  const MemAccess *Store = nullptr; ///< Where the result goes.
  /// What `C = ...` stores; null for `C += ...`, `C -= ...` and a product
  /// accumulated in place.
  const clang::Expr *StoredValue = nullptr;
  /// The result is taken from the output (`C[..] -= acc`) rather than
  /// added to it or stored.
  bool Subtracted = false;
  /// The helper holding the product returns the accumulator.
  bool Returns = false;
  /// X follows the columns of the output: it is B.
  bool XIsColumn = false;
  /// B was seen to follow the columns (else the roles are a guess).
  bool ColumnsKnown = false;
  /// The stand-in the kernel's pattern was read through, or null.
  const TemplateStandIn *StandIn = nullptr;

  const ProductOperand &a() const { return XIsColumn ? Y : X; }
  const ProductOperand &b() const { return XIsColumn ? X : Y; }
  bool tiled() const { return a().ViaShared || b().ViaShared; }
  /// Each thread accumulates a block of results in a register array (16
  /// or more, 4x4 and up) from operands staged in shared memory: the
  /// tuned form.
  bool registerBlocked() const;
};

/// Finds the matrix products of one analysed kernel (or instantiation).
class MatrixProductFinder {
public:
  MatrixProductFinder(const KernelModel &Model,
                      const clang::FunctionDecl &Kernel,
                      clang::ASTContext &Ctx);

  const KernelModel &model() const { return Model; }
  /// The statements of the kernel and of the helpers the model inlined
  /// that accumulate a product.
  std::vector<ProductCandidate> candidates() const;
  /// \p C as a matrix product, when it is one.
  std::optional<MatrixProduct> recognise(const ProductCandidate &C);

  /// The plain (non-atomic, non-local) load \p E performs.
  const MemAccess *loadOf(const clang::Expr *E) const;
  /// True when \p S calls the function whose body is \p Body.
  bool callsBody(const clang::Stmt *S, const clang::Stmt *Body) const;

private:
  bool resolveOperands(MatrixProduct &P);
  bool findKLoop(MatrixProduct &P) const;
  /// The product's depth, constant or bounded by a parameter.
  void findDepth(MatrixProduct &P) const;
  bool findStore(MatrixProduct &P) const;
  void locateGlobalCopy(ProductOperand &O) const;

  /// The load a factor reads (directly, through a register, or returned by
  /// a helper); with \p Centred, also a load minus a value (`X[..] -
  /// mu[i]`), which sets *Centred.
  const MemAccess *operandLoad(const clang::Expr *E, bool *Centred = nullptr);
  const MemAccess *returnedLoad(const clang::CallExpr *CE) const;
  const clang::VarDecl *targetOf(const clang::Expr *Load) const;
  const clang::VarDecl *registerOf(const clang::Expr *E) const;
  const MemAccess *globalFilling(const clang::ValueDecl *Shared) const;
  /// The binary operation \p E is an operand of.
  std::optional<BinOp> enclosingOperation(const clang::Expr *E) const;
  bool returnsAccumulator(const MatrixProduct &P) const;
  std::set<const clang::VarDecl *> carriersOf(const MatrixProduct &P) const;
  const MemAccess *inPlaceStore(const MatrixProduct &P) const;
  const MemAccess *storeOfAccumulator(MatrixProduct &P) const;

  const KernelModel &Model;
  const clang::FunctionDecl &Kernel;
  clang::ASTContext &Ctx;
  /// Accesses by expression.
  std::map<const clang::Expr *, const MemAccess *> ByExpr;
  /// The bodies to look for products in: the kernel's and those of the
  /// helpers the model inlined.
  std::vector<const clang::Stmt *> Bodies;
  /// Registers and the first load that fills each, found once per kernel
  /// and only when a product reads a register.
  std::optional<std::map<const clang::VarDecl *, const MemAccess *>> FilledBy;
};

} // namespace cudalint

#endif
