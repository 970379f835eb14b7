//===--- SymExpr.cpp - symbolic integer expressions of device code --------===//

#include "SymExpr.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace cudalint {

namespace {

// Bigger trees are collapsed into one leaf, so that substituting through
// loops and helper calls stays cheap.
constexpr unsigned MaxNodes = 400;
// Polynomials with more terms are treated as one opaque leaf.
constexpr size_t MaxTerms = 48;

const char *opSpelling(SymKind K) {
  switch (K) {
  case SymKind::Add:
    return "+";
  case SymKind::Sub:
    return "-";
  case SymKind::Mul:
    return "*";
  case SymKind::Div:
    return "/";
  case SymKind::Rem:
    return "%";
  case SymKind::Shl:
    return "<<";
  case SymKind::Shr:
    return ">>";
  case SymKind::And:
    return "&";
  case SymKind::Or:
    return "|";
  case SymKind::Xor:
    return "^";
  case SymKind::LT:
    return "<";
  case SymKind::LE:
    return "<=";
  case SymKind::GT:
    return ">";
  case SymKind::GE:
    return ">=";
  case SymKind::EQ:
    return "==";
  case SymKind::NE:
    return "!=";
  case SymKind::LAnd:
    return "&&";
  case SymKind::LOr:
    return "||";
  case SymKind::Min:
    return "min";
  case SymKind::Max:
    return "max";
  case SymKind::Not:
    return "!";
  case SymKind::Select:
    return "?:";
  default:
    return "?";
  }
}

int precedence(SymKind K) {
  switch (K) {
  case SymKind::Mul:
  case SymKind::Div:
  case SymKind::Rem:
    return 10;
  case SymKind::Add:
  case SymKind::Sub:
    return 9;
  case SymKind::Shl:
  case SymKind::Shr:
    return 8;
  case SymKind::LT:
  case SymKind::LE:
  case SymKind::GT:
  case SymKind::GE:
    return 7;
  case SymKind::EQ:
  case SymKind::NE:
    return 6;
  case SymKind::And:
    return 5;
  case SymKind::Xor:
    return 4;
  case SymKind::Or:
    return 3;
  case SymKind::LAnd:
    return 2;
  case SymKind::LOr:
    return 1;
  case SymKind::Select:
    return 0;
  default:
    return 20; // leaves, calls, unary
  }
}

const char *builtinName(SymKind K) {
  switch (K) {
  case SymKind::ThreadIdx:
    return "threadIdx";
  case SymKind::BlockIdx:
    return "blockIdx";
  case SymKind::BlockDim:
    return "blockDim";
  case SymKind::GridDim:
    return "gridDim";
  default:
    return "?";
  }
}

std::string ptrKey(const void *P) {
  return llvm::utohexstr(reinterpret_cast<uintptr_t>(P));
}

std::optional<int64_t> fold(SymKind K, int64_t A, int64_t B, int64_t C) {
  auto U = [](int64_t V) { return static_cast<uint64_t>(V); };
  switch (K) {
  case SymKind::Add:
    return static_cast<int64_t>(U(A) + U(B));
  case SymKind::Sub:
    return static_cast<int64_t>(U(A) - U(B));
  case SymKind::Mul:
    return static_cast<int64_t>(U(A) * U(B));
  case SymKind::Div:
    if (B == 0 || (A == INT64_MIN && B == -1))
      return std::nullopt;
    return A / B;
  case SymKind::Rem:
    if (B == 0 || (A == INT64_MIN && B == -1))
      return std::nullopt;
    return A % B;
  case SymKind::Shl:
    if (B < 0 || B > 62)
      return std::nullopt;
    return static_cast<int64_t>(U(A) << B);
  case SymKind::Shr:
    if (B < 0 || B > 62)
      return std::nullopt;
    return A >> B;
  case SymKind::And:
    return A & B;
  case SymKind::Or:
    return A | B;
  case SymKind::Xor:
    return A ^ B;
  case SymKind::Min:
    return std::min(A, B);
  case SymKind::Max:
    return std::max(A, B);
  case SymKind::LT:
    return A < B;
  case SymKind::LE:
    return A <= B;
  case SymKind::GT:
    return A > B;
  case SymKind::GE:
    return A >= B;
  case SymKind::EQ:
    return A == B;
  case SymKind::NE:
    return A != B;
  case SymKind::LAnd:
    return A && B;
  case SymKind::LOr:
    return A || B;
  case SymKind::Not:
    return !A;
  case SymKind::Select:
    return A ? B : C;
  default:
    return std::nullopt;
  }
}

unsigned arity(SymKind K) {
  if (K == SymKind::Not)
    return 1;
  if (K == SymKind::Select)
    return 3;
  return 2;
}

} // namespace

struct SymBuilder {
  static SymRef leaf(SymKind K, std::string Key, std::string Name,
                     const void *Id, unsigned Dim, bool ThreadDep,
                     bool Varying) {
    auto N = std::make_shared<SymNode>();
    N->Kind = K;
    N->Id = Id;
    N->Dim = Dim;
    N->Name = std::move(Name);
    N->Key = std::move(Key);
    N->ThreadDep = ThreadDep;
    N->HasVarying = Varying;
    return N;
  }

  static SymRef op(SymKind K, llvm::ArrayRef<SymRef> Ops) {
    auto N = std::make_shared<SymNode>();
    N->Kind = K;
    N->Key = std::string("(") + opSpelling(K);
    unsigned Size = 1;
    for (const SymRef &O : Ops) {
      N->Ops.push_back(O);
      N->ThreadDep |= O->ThreadDep;
      N->HasVarying |= O->HasVarying;
      N->Key += ' ';
      N->Key += O->Key;
      Size += O->Size;
    }
    N->Key += ')';
    N->Size = std::min(Size, MaxNodes + 1);
    if (N->Size > MaxNodes) {
      // Too big to be worth following: one opaque leaf with the same
      // thread-dependence.
      std::string Key = "big:" + llvm::utohexstr(llvm::hash_value(N->Key));
      return leaf(N->ThreadDep ? SymKind::Varying : SymKind::Uniform, Key,
                  "<expression>", nullptr, 0, N->ThreadDep, N->ThreadDep);
    }
    return N;
  }
};

SymRef symConst(int64_t V) {
  SymRef R = SymBuilder::leaf(SymKind::Const, std::to_string(V),
                              std::to_string(V), nullptr, 0, false, false);
  const_cast<SymNode &>(*R).Value = V;
  return R;
}

SymRef symBuiltin(SymKind K, unsigned Dim) {
  std::string Name = std::string(builtinName(K)) + "." + "xyz"[Dim % 3];
  return SymBuilder::leaf(K, Name, Name, nullptr, Dim, K == SymKind::ThreadIdx,
                          false);
}

SymRef symUniform(const void *Id, llvm::StringRef Name, unsigned Dim) {
  return SymBuilder::leaf(SymKind::Uniform,
                          "u:" + ptrKey(Id) + ":" + std::to_string(Dim) + ":" +
                              Name.str(),
                          Name.str(), Id, Dim, false, false);
}

SymRef symLoopIter(const void *Loop, llvm::StringRef Name) {
  return SymBuilder::leaf(SymKind::LoopIter, "k:" + ptrKey(Loop), Name.str(),
                          Loop, 0, false, false);
}

SymRef symArrayDim(const void *Array, unsigned Level, int64_t Extent,
                   llvm::StringRef Name) {
  SymRef R = SymBuilder::leaf(
      SymKind::ArrayDim, "d:" + ptrKey(Array) + ":" + std::to_string(Level),
      Name.str(), Array, Level, false, false);
  const_cast<SymNode &>(*R).Value = Extent;
  return R;
}

SymRef symVarying(const void *Id, llvm::StringRef Name, DataOrigin Origin) {
  SymRef R =
      SymBuilder::leaf(SymKind::Varying, "v:" + ptrKey(Id) + ":" + Name.str(),
                       Name.str(), Id, 0, true, true);
  const_cast<SymNode &>(*R).Origin = Origin;
  return R;
}

SymRef symData(const void *Id, llvm::StringRef Name, llvm::StringRef Source,
               llvm::ArrayRef<SymRef> Inputs, DataOrigin Origin) {
  std::string Key = "v:" + ptrKey(Id) + ":" + Name.str();
  for (const SymRef &In : Inputs)
    Key += ":" + In->key();
  SymRef R = SymBuilder::leaf(SymKind::Varying, std::move(Key), Name.str(), Id,
                              0, true, true);
  auto &N = const_cast<SymNode &>(*R);
  N.Source = Source.str();
  N.Inputs.assign(Inputs.begin(), Inputs.end());
  N.Origin = Origin;
  return R;
}

bool readsData(const SymNode &E, llvm::ArrayRef<const void *> Loops) {
  if (E.Kind == SymKind::Varying) {
    if (E.Origin == DataOrigin::Memory ||
        (E.Origin == DataOrigin::LoopState && llvm::is_contained(Loops, E.Id)))
      return true;
    return llvm::any_of(
        E.Inputs, [&](const SymRef &In) { return readsData(*In, Loops); });
  }
  return llvm::any_of(E.Ops,
                      [&](const SymRef &Op) { return readsData(*Op, Loops); });
}

SymRef symOp(SymKind K, SymRef A, SymRef B, SymRef C) {
  SymRef Ops[3] = {A, B, C};
  unsigned N = arity(K);
  bool AllConst = true;
  for (unsigned I = 0; I < N; ++I)
    AllConst &= Ops[I] && Ops[I]->isConst();
  if (AllConst) {
    if (auto V = fold(K, Ops[0]->Value, N > 1 ? Ops[1]->Value : 0,
                      N > 2 ? Ops[2]->Value : 0)) {
      SymRef R = symConst(*V);
      return R;
    }
  }
  auto IsC = [](const SymRef &S, int64_t V) {
    return S && S->isConst() && S->Value == V;
  };
  switch (K) {
  case SymKind::Add:
    if (IsC(A, 0))
      return B;
    if (IsC(B, 0))
      return A;
    break;
  case SymKind::Sub:
    if (IsC(B, 0))
      return A;
    if (A->key() == B->key())
      return symConst(0);
    break;
  case SymKind::Mul:
    if (IsC(A, 1))
      return B;
    if (IsC(B, 1))
      return A;
    if (IsC(A, 0) || IsC(B, 0))
      return symConst(0);
    break;
  case SymKind::Div:
    if (IsC(B, 1))
      return A;
    break;
  case SymKind::Shl:
  case SymKind::Shr:
    if (IsC(B, 0))
      return A;
    break;
  case SymKind::Select:
    if (A->isConst())
      return A->Value ? B : C;
    if (B->key() == C->key())
      return B;
    break;
  default:
    break;
  }
  llvm::SmallVector<SymRef, 3> List(Ops, Ops + N);
  return SymBuilder::op(K, List);
}

std::string SymNode::str() const {
  switch (Kind) {
  case SymKind::Const:
    return std::to_string(Value);
  case SymKind::ThreadIdx:
  case SymKind::BlockIdx:
  case SymKind::BlockDim:
  case SymKind::GridDim:
  case SymKind::Uniform:
  case SymKind::LoopIter:
  case SymKind::ArrayDim:
  case SymKind::Varying:
    return Name;
  case SymKind::Min:
  case SymKind::Max:
    return std::string(opSpelling(Kind)) + "(" + Ops[0]->str() + ", " +
           Ops[1]->str() + ")";
  case SymKind::Not:
    return Ops[0]->isLeaf() ? "!" + Ops[0]->str() : "!(" + Ops[0]->str() + ")";
  case SymKind::Select:
    return (Ops[0]->isLeaf() ? Ops[0]->str() : "(" + Ops[0]->str() + ")") +
           " ? " + Ops[1]->str() + " : " + Ops[2]->str();
  default: {
    auto Wrap = [&](const SymRef &O, bool Right) {
      int P = precedence(O->Kind), Mine = precedence(Kind);
      std::string S = O->str();
      // `a + b + c` and `a * b * c` need no parentheses on the right;
      // `n * (x / 2)` and `a - (b + c)` do.
      bool Assoc =
          (Kind == SymKind::Add || Kind == SymKind::Mul) && O->Kind == Kind;
      if (P < Mine || (Right && P == Mine && !Assoc))
        return "(" + S + ")";
      return S;
    };
    return Wrap(Ops[0], false) + " " + opSpelling(Kind) + " " +
           Wrap(Ops[1], true);
  }
  }
}

bool anyLeaf(const SymNode &E, llvm::function_ref<bool(const SymNode &)> Pred) {
  if (E.isLeaf())
    return Pred(E);
  return llvm::any_of(E.Ops,
                      [&](const SymRef &Op) { return anyLeaf(*Op, Pred); });
}

bool readsLoopIteration(const SymNode &E, const void *Loop) {
  return anyLeaf(E, [&](const SymNode &L) {
    return L.Kind == SymKind::LoopIter && L.Id == Loop;
  });
}

SymRef substitute(const SymRef &E,
                  llvm::function_ref<SymRef(const SymNode &Leaf)> Map) {
  if (E->isLeaf()) {
    if (SymRef R = Map(*E))
      return R;
    return E;
  }
  SymRef Ops[3];
  bool Changed = false;
  for (size_t I = 0; I < E->Ops.size(); ++I) {
    Ops[I] = substitute(E->Ops[I], Map);
    Changed |= Ops[I] != E->Ops[I];
  }
  if (!Changed)
    return E;
  return symOp(E->Kind, Ops[0], Ops[1], Ops[2]);
}

std::optional<int64_t> evaluate(const SymNode &E, LeafValues Leaves) {
  if (E.isConst())
    return E.Value;
  if (E.isLeaf())
    return Leaves(E);
  // Short-circuit forms first, so that the unused arm may be unknown.
  if (E.Kind == SymKind::Select || E.Kind == SymKind::LAnd ||
      E.Kind == SymKind::LOr) {
    auto C = evaluate(*E.Ops[0], Leaves);
    if (!C)
      return std::nullopt;
    if (E.Kind == SymKind::Select)
      return evaluate(*E.Ops[*C ? 1 : 2], Leaves);
    if (E.Kind == SymKind::LAnd && !*C)
      return 0;
    if (E.Kind == SymKind::LOr && *C)
      return 1;
    auto R = evaluate(*E.Ops[1], Leaves);
    if (!R)
      return std::nullopt;
    return *R != 0;
  }
  int64_t V[3] = {0, 0, 0};
  for (size_t I = 0; I < E.Ops.size(); ++I) {
    auto O = evaluate(*E.Ops[I], Leaves);
    if (!O)
      return std::nullopt;
    V[I] = *O;
  }
  return fold(E.Kind, V[0], V[1], V[2]);
}

//===--- Polynomials ------------------------------------------------------===//

namespace {

using Monomial = std::vector<std::string>;

void addTerm(Polynomial &P, const Monomial &M, int64_t C) {
  if (C == 0)
    return;
  int64_t &Slot = P.Terms[M];
  Slot = static_cast<int64_t>(static_cast<uint64_t>(Slot) +
                              static_cast<uint64_t>(C));
  if (Slot == 0)
    P.Terms.erase(M);
}

Polynomial atom(const SymRef &E) {
  Polynomial P;
  if (E->isConst()) {
    addTerm(P, {}, E->Value);
    return P;
  }
  P.Leaves[E->key()] = E;
  addTerm(P, {E->key()}, 1);
  return P;
}

Polynomial add(const Polynomial &A, const Polynomial &B, int64_t Sign) {
  Polynomial R = A;
  for (auto &[K, S] : B.Leaves)
    R.Leaves[K] = S;
  for (auto &[M, C] : B.Terms)
    addTerm(R, M, Sign * C);
  return R;
}

std::optional<Polynomial> mul(const Polynomial &A, const Polynomial &B) {
  if (A.Terms.size() * B.Terms.size() > MaxTerms)
    return std::nullopt;
  Polynomial R;
  R.Leaves = A.Leaves;
  for (auto &[K, S] : B.Leaves)
    R.Leaves[K] = S;
  for (auto &[MA, CA] : A.Terms)
    for (auto &[MB, CB] : B.Terms) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      llvm::sort(M);
      addTerm(R, M,
              static_cast<int64_t>(static_cast<uint64_t>(CA) *
                                   static_cast<uint64_t>(CB)));
    }
  return R;
}

Polynomial poly(const SymRef &E) {
  switch (E->Kind) {
  case SymKind::Add:
    return add(poly(E->Ops[0]), poly(E->Ops[1]), 1);
  case SymKind::Sub:
    return add(poly(E->Ops[0]), poly(E->Ops[1]), -1);
  case SymKind::Mul:
    if (auto R = mul(poly(E->Ops[0]), poly(E->Ops[1])))
      return *R;
    return atom(E);
  case SymKind::Shl:
    if (E->Ops[1]->isConst() && E->Ops[1]->Value >= 0 && E->Ops[1]->Value < 62)
      if (auto R = mul(poly(E->Ops[0]),
                       atom(symConst(int64_t(1) << E->Ops[1]->Value))))
        return *R;
    return atom(E);
  default:
    return atom(E);
  }
}

} // namespace

Polynomial toPolynomial(const SymRef &E) { return poly(E); }

std::optional<int64_t> Polynomial::constant() const {
  if (Terms.empty())
    return 0;
  if (Terms.size() == 1 && Terms.begin()->first.empty())
    return Terms.begin()->second;
  return std::nullopt;
}

SymRef Polynomial::toSym() const {
  SymRef Sum = symConst(0);
  for (auto &[M, C] : Terms) {
    SymRef Term = symConst(C);
    for (const std::string &K : M)
      Term = Term * Leaves.at(K);
    Sum = Sum + Term;
  }
  return Sum;
}

std::string Polynomial::str() const {
  if (Terms.empty())
    return "0";
  std::string S;
  // Highest-degree terms first, the constant last: `row * n + k + 1`.
  std::vector<std::pair<Monomial, int64_t>> Sorted(Terms.begin(), Terms.end());
  std::stable_sort(Sorted.begin(), Sorted.end(), [](auto &A, auto &B) {
    return A.first.size() > B.first.size();
  });
  for (auto &[M, C] : Sorted) {
    int64_t Abs = C < 0 ? -C : C;
    if (S.empty())
      S = C < 0 ? "-" : "";
    else
      S += C < 0 ? " - " : " + ";
    std::string Factors;
    for (const std::string &K : M) {
      const SymRef &L = Leaves.at(K);
      std::string F = L->str();
      if (!L->isLeaf() && L->Kind != SymKind::Min && L->Kind != SymKind::Max)
        F = "(" + F + ")";
      Factors += Factors.empty() ? F : " * " + F;
    }
    if (Factors.empty())
      S += std::to_string(Abs);
    else if (Abs == 1)
      S += Factors;
    else
      S += std::to_string(Abs) + " * " + Factors;
  }
  return S;
}

AffineForm affine(const SymRef &E) {
  AffineForm F;
  Polynomial P = poly(E);
  for (auto &[M, C] : P.Terms) {
    int ThreadFactors = 0, Axis = -1;
    bool Opaque = false;
    Monomial Rest;
    for (const std::string &K : M) {
      const SymRef &L = P.Leaves.at(K);
      if (L->Kind == SymKind::ThreadIdx) {
        ++ThreadFactors;
        Axis = L->Dim;
      } else {
        if (L->threadDependent())
          Opaque = true; // `tid % 32`, a per-thread load, ...
        Rest.push_back(K);
      }
    }
    if (Opaque || ThreadFactors > 1) {
      F.NonAffine = true;
      continue;
    }
    Polynomial &Into = ThreadFactors ? F.Coeff[Axis] : F.Base;
    for (const std::string &K : Rest)
      Into.Leaves[K] = P.Leaves.at(K);
    addTerm(Into, Rest, C);
  }
  return F;
}

} // namespace cudalint
