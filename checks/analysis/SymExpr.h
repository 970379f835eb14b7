//===--- SymExpr.h - symbolic integer expressions of device code ----------===//
//
// The value of an integer expression in a kernel, as a small immutable
// expression tree over the CUDA built-in indices (threadIdx, blockIdx,
// blockDim, gridDim), loop iteration counters, warp-uniform values (kernel
// parameters, values loaded from a uniform address, ...) and values that vary
// per thread in ways we cannot know (data-dependent loads, opaque calls).
//
// Two views of one tree:
//   * affine(): the expression as a polynomial over those symbols, split into
//     the part that is affine in threadIdx.{x,y,z} (with coefficients that
//     are themselves uniform polynomials) and a flag for what is not affine
//     (`tid % 32`, `tid * tid`, per-thread loads).
//   * evaluate(): its concrete value once every symbol has a value; this is
//     how the checks compute what each lane of a warp does (which sectors it
//     touches, which bank it hits, which way it branches), including the
//     non-affine parts such as XOR swizzles and `tid % (2 * s)`.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_SYMEXPR_H
#define CUDALINT_ANALYSIS_SYMEXPR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

class SymNode;
using SymRef = std::shared_ptr<const SymNode>;

/// The kinds of node. Leaves first.
enum class SymKind {
  Const,
  ThreadIdx, ///< threadIdx.{x,y,z} (Dim says which)
  BlockIdx,
  BlockDim,
  GridDim,
  Uniform,  ///< a named warp-uniform value (parameter, uniform load, ...)
  LoopIter, ///< the iteration counter of a loop: uniform across a warp
  ArrayDim, ///< an extent of a declared array (so padding can be tried)
  Varying,  ///< a per-thread value we cannot follow
  // Operators.
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  And,
  Or,
  Xor,
  Min,
  Max,
  LT,
  LE,
  GT,
  GE,
  EQ,
  NE,
  LAnd,
  LOr,
  Not,
  Select,
};

/// Where a per-thread unknown comes from, for telling data from values
/// cudalint merely lost track of.
enum class DataOrigin : uint8_t {
  None,      ///< An index, a call result, a value left by a loop, ...
  Memory,    ///< Read from memory, or computed from something read.
  LoopState, ///< A value a loop updates in a way other than a step
             ///< (`zr = zr * zr - zi * zi + cr`): it evolves with the data
             ///< of each thread.
};

/// One node. Build them with the factory functions below, which fold
/// constants and compute the properties the analyses ask about.
class SymNode {
public:
  SymKind Kind;
  int64_t Value = 0;        ///< Const; the declared extent for ArrayDim
  unsigned Dim = 0;         ///< x/y/z for built-ins, level for ArrayDim
  const void *Id = nullptr; ///< the declaration or expression a leaf names
  std::string Name;         ///< for messages: `n`, `tile`, `sdata[0]`
  llvm::SmallVector<SymRef, 3> Ops;
  /// For a Varying leaf made by symData: what the value is a function of
  /// (the address of a load, the arguments of a pure call) and an identity
  /// for that function (the array's or the callee's name). Not operands:
  /// substitution and the polynomial views ignore them; the warp sampler
  /// reads them when it stands in arbitrary data for loads.
  llvm::SmallVector<SymRef, 2> Inputs;
  std::string Source;
  /// For a Varying leaf: whether it stands for data (see readsData).
  DataOrigin Origin = DataOrigin::None;
  /// For a Uniform or Varying leaf: the value is known to be an integer (an
  /// integer parameter, an integer loaded), so that multiples of it stay on
  /// a lattice (see BlockSplit.h).
  bool IntegerValued = false;
  /// For a Uniform leaf: Id is the kernel's or a helper's parameter (a
  /// `clang::ParmVarDecl`); other leaves' Ids are expressions, types or
  /// other declarations (see parameterLeaf in AddressTerms.h).
  bool FromParameter = false;
  /// For a Uniform leaf from a parameter: the kernel uses it as a small
  /// width, a halo or a radius (see usedAsSmallWidth in ModelValues.cpp),
  /// so that samples draw it small rather than as large as a size.
  bool SmallWidth = false;

  bool isConst() const { return Kind == SymKind::Const; }
  bool isLeaf() const { return Kind <= SymKind::Varying; }
  bool isComparison() const {
    return Kind >= SymKind::LT && Kind <= SymKind::Not;
  }
  /// Depends on threadIdx or on a per-thread unknown.
  bool threadDependent() const { return ThreadDep; }
  /// Contains a per-thread unknown: the value cannot be computed per lane.
  bool hasVarying() const { return HasVarying; }
  /// Nodes in the tree (saturating); used to keep substitution bounded.
  unsigned size() const { return Size; }
  /// A canonical spelling: equal keys mean equal expressions.
  const std::string &key() const { return Key; }
  /// A readable spelling for messages (`row * n + k`, `threadIdx.x`).
  std::string str() const;

private:
  friend struct SymBuilder;
  bool ThreadDep = false, HasVarying = false;
  unsigned Size = 1;
  std::string Key;
};

/// Factories.
SymRef symConst(int64_t V);
/// threadIdx/blockIdx/blockDim/gridDim: \p K is one of those kinds.
SymRef symBuiltin(SymKind K, unsigned Dim);
SymRef symUniform(const void *Id, llvm::StringRef Name, unsigned Dim = 0);
SymRef symLoopIter(const void *Loop, llvm::StringRef Name);
/// An extent of a declared array; \p Extent is its declared value (kept in
/// SymNode::Value) so that evaluation can use it or try a padded one.
SymRef symArrayDim(const void *Array, unsigned Level, int64_t Extent,
                   llvm::StringRef Name);
SymRef symVarying(const void *Id, llvm::StringRef Name,
                  DataOrigin Origin = DataOrigin::None);
/// A per-thread value that is some function, named by \p Source, of \p
/// Inputs: an element loaded at a thread-dependent address (Source: the
/// array, Inputs: the offset), a pure function of thread-dependent
/// arguments. Threads whose inputs agree hold the same value, so a
/// condition on it can be shown warp- or block-uniform.
SymRef symData(const void *Id, llvm::StringRef Name, llvm::StringRef Source,
               llvm::ArrayRef<SymRef> Inputs,
               DataOrigin Origin = DataOrigin::None);

/// True when \p E depends on data a thread reads from memory (a leaf of
/// origin Memory, or made from one), or on a value one of \p Loops carries
/// as its state (`zr` of an escape-time orbit): what makes trip counts and
/// branches differ by the data rather than by the thread index.
bool readsData(const SymNode &E, llvm::ArrayRef<const void *> Loops);
SymRef symOp(SymKind K, SymRef A, SymRef B = nullptr, SymRef C = nullptr);
inline SymRef operator+(SymRef A, SymRef B) {
  return symOp(SymKind::Add, A, B);
}
inline SymRef operator-(SymRef A, SymRef B) {
  return symOp(SymKind::Sub, A, B);
}
inline SymRef operator*(SymRef A, SymRef B) {
  return symOp(SymKind::Mul, A, B);
}

/// True when \p Pred holds for some leaf of \p E (operands only, not the
/// inputs of data leaves).
bool anyLeaf(const SymNode &E, llvm::function_ref<bool(const SymNode &)> Pred);

/// True when \p E uses the iteration counter of loop \p Loop (a
/// SymKind::LoopIter leaf naming it): its value moves from trip to trip.
bool readsLoopIteration(const SymNode &E, const void *Loop);

/// Replaces each leaf for which \p Map returns a node.
SymRef substitute(const SymRef &E,
                  llvm::function_ref<SymRef(const SymNode &Leaf)> Map);

/// Values for the leaves, for evaluate(). Returning nullopt makes the whole
/// evaluation fail (Varying leaves are passed too; most callers fail them).
using LeafValues = llvm::function_ref<std::optional<int64_t>(const SymNode &)>;

/// The value with every leaf bound, with C semantics for `/`, `%` and shifts;
/// nullopt on an unknown leaf, division by zero or an out-of-range shift.
std::optional<int64_t> evaluate(const SymNode &E, LeafValues Leaves);

/// A polynomial over leaves: monomial (sorted keys of the leaves multiplied)
/// -> coefficient. The empty monomial is the constant term.
struct Polynomial {
  std::map<std::vector<std::string>, int64_t> Terms;
  /// Leaves by key, to print and inspect the monomials.
  std::map<std::string, SymRef> Leaves;
  bool isZero() const { return Terms.empty(); }
  std::optional<int64_t> constant() const; ///< when nothing but a constant
  std::string str() const;
  /// Back to a tree (for substitution and evaluation).
  SymRef toSym() const;
};

/// The affine view of an expression, in the thread indices.
struct AffineForm {
  /// Coefficient of threadIdx.x, .y, .z: polynomials over uniform leaves.
  Polynomial Coeff[3];
  /// Everything that does not involve threadIdx (uniform part).
  Polynomial Base;
  /// True when some thread-dependent part is not affine: products of
  /// thread indices, `%`, `/`, shifts or masks of thread-dependent values,
  /// per-thread unknowns. Coeff and Base then describe only the rest.
  bool NonAffine = false;
  bool isUniform() const {
    return !NonAffine && Coeff[0].isZero() && Coeff[1].isZero() &&
           Coeff[2].isZero();
  }
};

AffineForm affine(const SymRef &E);

/// The expression as a polynomial; non-polynomial subtrees become opaque
/// leaves. Used by affine() and by the checks to compare index shapes.
Polynomial toPolynomial(const SymRef &E);

} // namespace cudalint

#endif
