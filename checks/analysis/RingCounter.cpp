//===--- RingCounter.cpp - a loop variable stepped around a ring ----------===//

#include "RingCounter.h"
#include "CudaAST.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cudalint {

namespace {

const VarDecl *readVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

// Whether \p S assigns, increments or decrements \p V.
bool writes(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp() && readVar(BO->getLHS()) == V)
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->isIncrementDecrementOp() && readVar(UO->getSubExpr()) == V)
    return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return writes(C, V); });
}

// Runs the statements of a loop iteration that write the counter, for one
// value of the counter and of the ring's size; everything else the
// iteration does cannot change the counter and is skipped.
class RingRun {
public:
  RingRun(const VarDecl *Counter, const VarDecl *SizeVar, int64_t Size)
      : Counter(Counter), SizeVar(SizeVar), Size(Size) {}

  std::optional<int64_t> next(const Stmt *Body, const Expr *Inc, int64_t From) {
    Value = From;
    Failed = false;
    exec(Body);
    exec(Inc);
    return Failed ? std::nullopt : std::optional<int64_t>(Value);
  }

private:
  void exec(const Stmt *S) {
    if (Failed || !writes(S, Counter))
      return;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        exec(C);
    } else if (const auto *If = dyn_cast<IfStmt>(S)) {
      std::optional<int64_t> C = If->getInit() || If->getConditionVariable()
                                     ? std::nullopt
                                     : eval(If->getCond());
      if (C)
        exec(*C ? If->getThen() : If->getElse());
      else
        Failed = true;
    } else if (const auto *E = dyn_cast<Expr>(S)) {
      Failed = !eval(E);
    } else {
      Failed = true; // A nested loop, a switch: not a step.
    }
  }

  std::optional<int64_t> eval(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *IL = dyn_cast<IntegerLiteral>(E))
      return IL->getValue().getLimitedValue(INT32_MAX);
    if (const VarDecl *R = readVar(E)) {
      if (R == Counter)
        return Value;
      return R == SizeVar ? std::optional<int64_t>(Size) : std::nullopt;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return unary(UO);
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      std::optional<int64_t> C = eval(CO->getCond());
      return C ? eval(*C ? CO->getTrueExpr() : CO->getFalseExpr())
               : std::nullopt;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return binary(BO);
    return std::nullopt;
  }

  std::optional<int64_t> unary(const UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp()) {
      if (readVar(UO->getSubExpr()) != Counter)
        return std::nullopt;
      int64_t Old = Value;
      Value += UO->isIncrementOp() ? 1 : -1;
      return UO->isPrefix() ? Value : Old;
    }
    std::optional<int64_t> X = eval(UO->getSubExpr());
    if (!X)
      return std::nullopt;
    switch (UO->getOpcode()) {
    case UO_Minus:
      return -*X;
    case UO_Plus:
      return *X;
    case UO_LNot:
      return !*X;
    default:
      return std::nullopt;
    }
  }

  std::optional<int64_t> binary(const BinaryOperator *BO) {
    if (BO->isAssignmentOp()) {
      std::optional<int64_t> R = eval(BO->getRHS());
      if (!R || readVar(BO->getLHS()) != Counter)
        return std::nullopt;
      std::optional<int64_t> New =
          BO->isCompoundAssignmentOp()
              ? integerOperation(
                    BinaryOperator::getOpForCompoundAssignment(BO->getOpcode()),
                    Value, *R)
              : R;
      if (New)
        Value = *New;
      return New;
    }
    std::optional<int64_t> L = eval(BO->getLHS());
    if (!L)
      return std::nullopt;
    if (BO->getOpcode() == BO_LAnd && !*L)
      return 0;
    if (BO->getOpcode() == BO_LOr && *L)
      return 1;
    std::optional<int64_t> R = eval(BO->getRHS());
    if (!R)
      return std::nullopt;
    if (BO->isLogicalOp())
      return *R != 0;
    if (BO->getOpcode() == BO_Comma)
      return R;
    return integerOperation(BO->getOpcode(), *L, *R);
  }

  const VarDecl *Counter, *SizeVar;
  int64_t Size;
  int64_t Value = 0;
  bool Failed = false;
};

// What the statements writing \p V read besides it: the variables (one
// size at most, not written in the loop) and the integer constants.
struct RingOperands {
  const DeclRefExpr *SizeRead = nullptr;
  llvm::SmallVector<int64_t, 4> Constants;
  bool Other = false; ///< Something else: a second variable, a call.
};

void collectOperands(const Stmt *S, const VarDecl *V,
                     const llvm::DenseMap<const VarDecl *, unsigned> &Written,
                     RingOperands &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const auto *R = dyn_cast<VarDecl>(DRE->getDecl());
    if (R == V)
      return;
    if (!R || Written.count(R) || !R->getType()->isIntegerType() ||
        (Out.SizeRead && Out.SizeRead->getDecl() != R))
      Out.Other = true;
    else
      Out.SizeRead = DRE;
    return;
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(S))
    Out.Constants.push_back(IL->getValue().getLimitedValue(INT32_MAX));
  if (isa<CallExpr>(S))
    Out.Other = true;
  for (const Stmt *C : S->children())
    collectOperands(C, V, Written, Out);
}

// The statements of the iteration that write \p V, outermost.
void writingStatements(const Stmt *S, const VarDecl *V,
                       llvm::SmallVectorImpl<const Stmt *> &Out) {
  if (!writes(S, V))
    return;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body())
      writingStatements(C, V, Out);
    return;
  }
  Out.push_back(S);
}

// The step by which the run moves every value of a ring of \p Size one
// way (forward when \p Forward), or nullopt when some value does not move
// by it.
std::optional<int64_t> uniformStep(RingRun &Run, const Stmt *Body,
                                   const Expr *Inc, int64_t Size,
                                   bool Forward) {
  std::optional<int64_t> First = Run.next(Body, Inc, 0);
  if (!First || *First <= 0 || *First >= Size)
    return std::nullopt;
  for (int64_t J = 0; J < Size; ++J)
    if (Run.next(Body, Inc, J) != (J + *First) % Size)
      return std::nullopt;
  return Forward ? *First : Size - *First;
}

} // namespace

std::optional<RingStep>
ringStep(const VarDecl *V, const Stmt *Body, const Expr *Inc,
         const llvm::DenseMap<const VarDecl *, unsigned> &Written) {
  if (!V->getType()->isIntegerType())
    return std::nullopt;
  llvm::SmallVector<const Stmt *, 4> Writes;
  writingStatements(Body, V, Writes);
  if (writes(Inc, V))
    Writes.push_back(Inc);
  RingOperands Ops;
  for (const Stmt *S : Writes)
    collectOperands(S, V, Written, Ops);
  if (Writes.empty() || Ops.Other)
    return std::nullopt;
  RingStep Step;
  if (Ops.SizeRead) {
    // The same step (or the same step back) at several sizes.
    const auto *SizeVar = cast<VarDecl>(Ops.SizeRead->getDecl());
    for (bool Forward : {true, false}) {
      std::optional<int64_t> Common;
      for (int64_t Size : {7, 12, 64}) {
        RingRun Run(V, SizeVar, Size);
        std::optional<int64_t> S = uniformStep(Run, Body, Inc, Size, Forward);
        if (!S || (Common && *Common != *S)) {
          Common.reset();
          break;
        }
        Common = S;
      }
      if (Common) {
        Step.SizeRead = Ops.SizeRead;
        Step.Step = *Common;
        Step.Back = !Forward;
        return Step;
      }
    }
    return std::nullopt;
  }
  // A constant ring: `% 32`, `== 31 ? 0 : j + 1`.
  for (int64_t C : Ops.Constants)
    for (int64_t Size : {C, C + 1}) {
      if (Size < 2 || Size > 4096)
        continue;
      RingRun Run(V, nullptr, 0);
      if (std::optional<int64_t> S =
              uniformStep(Run, Body, Inc, Size, /*Forward=*/true)) {
        Step.Size = Size;
        Step.Step = *S;
        return Step;
      }
    }
  return std::nullopt;
}

} // namespace cudalint
