//===--- AddressTerms.h - the terms of a symbolic address -------*- C++ -*-===//
//
// Questions about the polynomial form of an address (see SymExpr.h): which
// thread coordinates it follows, how far it moves per step of a loop or per
// coordinate, and which kernel parameter bounds a coordinate in a guard.
// A leaf of a polynomial is named by its key; a thread coordinate is a
// thread-dependent leaf: threadIdx.x / threadIdx.y, or `threadIdx.x / 16`
// and `threadIdx.x % 16` when one index is split in two.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_ADDRESSTERMS_H
#define CUDALINT_ANALYSIS_ADDRESSTERMS_H

#include "KernelModel.h"
#include "SymExpr.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <set>
#include <string>

namespace cudalint {

/// The coefficient of leaf \p Key in \p P (the terms holding it once, with it
/// taken out); nullopt when it appears squared.
std::optional<Polynomial> coefficientOf(const Polynomial &P,
                                        const std::string &Key);

/// The key of the leaf of \p P that counts the iterations of \p Loop.
std::optional<std::string> loopLeafKey(const Polynomial &P,
                                       const clang::Stmt *Loop);

/// The thread coordinates of an address: its thread-dependent leaves.
std::set<std::string> threadAtoms(const Polynomial &P);

/// A distance in elements: `c * elem` with c a constant gives c, `n * elem`
/// with n a kernel parameter gives n.
struct Extent {
  std::optional<int64_t> Const;
  const clang::ParmVarDecl *Param = nullptr;
  std::string Text;
};
/// \p P (in bytes) as a number of \p Elem-byte elements, when it is one
/// constant or one leaf times the element size.
std::optional<Extent> extentOf(const Polynomial &P, int64_t Elem);

/// Adds the kernel parameters named in a uniform expression to \p Out.
void parametersIn(const SymNode &N, std::set<const clang::ParmVarDecl *> &Out);

/// The parameter a Uniform leaf stands for; null for any other leaf (an
/// opaque expression's, a type's size, a local's).
const clang::ParmVarDecl *parameterLeaf(const SymNode &L);

/// The one kernel parameter that one of \p Atoms is compared with in a
/// guard that holds: `row < M`, `M > row`, `if (row >= M) return;`.
const clang::ParmVarDecl *guardBound(llvm::ArrayRef<Guard> Guards,
                                     const std::set<std::string> &Atoms);

/// blockIdx.d (leaf \p Key of \p P) scales a thread coordinate of P by a
/// constant or by blockDim.d: `(blockIdx.y * blockDim.y + threadIdx.y) * K`,
/// `(blockIdx.y * 16 + ty) * K`.
bool scalesACoordinate(const Polynomial &P, const std::string &Key,
                       unsigned Dim);

} // namespace cudalint

#endif
