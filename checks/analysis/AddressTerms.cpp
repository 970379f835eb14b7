//===--- AddressTerms.cpp - the terms of a symbolic address ---------------===//

#include "AddressTerms.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cudalint {

std::optional<Polynomial> coefficientOf(const Polynomial &P,
                                        const std::string &Key) {
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

std::optional<std::string> loopLeafKey(const Polynomial &P, const Stmt *Loop) {
  for (const auto &[K, L] : P.Leaves)
    if (L->Kind == SymKind::LoopIter && L->Id == Loop)
      return K;
  return std::nullopt;
}

std::set<std::string> threadAtoms(const Polynomial &P) {
  std::set<std::string> A;
  for (const auto &[K, L] : P.Leaves)
    if (L->threadDependent())
      A.insert(K);
  return A;
}

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
  E.Param = parameterLeaf(*L);
  return E;
}

const ParmVarDecl *parameterLeaf(const SymNode &L) {
  if (L.Kind != SymKind::Uniform || !L.FromParameter)
    return nullptr;
  return dyn_cast_or_null<ParmVarDecl>(static_cast<const Decl *>(L.Id));
}

void parametersIn(const SymNode &N, std::set<const ParmVarDecl *> &Out) {
  if (const ParmVarDecl *P = parameterLeaf(N))
    Out.insert(P);
  for (const SymRef &Op : N.Ops)
    parametersIn(*Op, Out);
}

namespace {

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
  parametersIn(Bound, Ps);
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

} // namespace

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

bool scalesACoordinate(const Polynomial &P, const std::string &Key,
                       unsigned Dim) {
  std::optional<Polynomial> CB = coefficientOf(P, Key);
  if (!CB)
    return false;
  SymRef BlockDim = symBuiltin(SymKind::BlockDim, Dim);
  for (const std::string &At : threadAtoms(P)) {
    std::optional<Polynomial> CA = coefficientOf(P, At);
    if (!CA || CA->isZero())
      continue;
    if (constantMultiple(*CA, *CB) ||
        toPolynomial(CA->toSym() * BlockDim).Terms == CB->Terms)
      return true;
  }
  return false;
}

} // namespace cudalint
