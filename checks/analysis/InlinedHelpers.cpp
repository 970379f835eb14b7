//===--- InlinedHelpers.cpp -----------------------------------------------===//

#include "analysis/InlinedHelpers.h"
#include "analysis/CudaAST.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudalint {

bool isLambdaCall(const CallExpr *CE, const FunctionDecl *Callee) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
  return MD && isa<CXXOperatorCallExpr>(CE) && MD->getParent()->isLambda() &&
         MD->getOverloadedOperator() == OO_Call;
}

// Whether \p S mentions `this`, explicitly or through a member.
static bool usesThis(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CXXThisExpr>(S))
    return true;
  return llvm::any_of(S->children(), usesThis);
}

// A member function called through a member call, whose explicit
// arguments are its parameters: a stateless helper (the samples'
// `SharedMemory<T>`, whose conversion operator returns the block's `extern
// __shared__` array) or a method of the object it is called on.
static bool callableAsFree(const CallExpr *CE, const CXXMethodDecl *MD) {
  if (MD->isStatic())
    return !isa<CXXOperatorCallExpr>(CE);
  // A lambda's call (`auto A = [&](int r, int c) { return a[r * lda + c];
  // }; ... A(row, k)`): its body names the captured variables themselves.
  if (isLambdaCall(CE, MD))
    return !usesThis(MD->getBody());
  // A method's `this` is bound to the object it is called on
  // (bindsThis).
  return isa<CXXMemberCallExpr>(CE);
}

unsigned argumentOfParam(const CallExpr *CE, const FunctionDecl *Def,
                         unsigned I) {
  return isLambdaCall(CE, Def) ? I + 1 : I;
}

bool bindsThis(const CallExpr *CE, const FunctionDecl *Callee) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
  return MD && !MD->isStatic() && isa<CXXMemberCallExpr>(CE) &&
         usesThis(MD->getBody());
}

const FunctionDecl *helperToInline(const CallExpr *Call,
                                   const FunctionDecl *Callee,
                                   llvm::ArrayRef<const FunctionDecl *> Active,
                                   const SourceManager &SM) {
  if (!Callee || isKernel(Callee) || Active.size() >= MaxInlineDepth ||
      llvm::any_of(Active, [&](const FunctionDecl *Walked) {
        return Walked->getCanonicalDecl() == Callee->getCanonicalDecl();
      }))
    return nullptr;
  const FunctionDecl *Def = Callee->getDefinition();
  if (!Def || !Def->hasBody() || SM.isInSystemHeader(Def->getLocation()))
    return nullptr;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Def);
      MD && !callableAsFree(Call, MD))
    return nullptr;
  return Def;
}

namespace {

struct CallWalk {
  const SourceManager &SM;
  llvm::function_ref<bool(const CallExpr *, llvm::ArrayRef<const CallExpr *>,
                          const FunctionDecl *)>
      Visit;
  llvm::SmallVector<const CallExpr *, 4> Stack;
  llvm::SmallVector<const FunctionDecl *, 4> Active;

  void walk(const Stmt *S) {
    if (!S)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Helper =
          helperToInline(CE, CE->getDirectCallee(), Active, SM);
      if (Visit(CE, Stack, Helper) && Helper) {
        Stack.push_back(CE);
        Active.push_back(Helper);
        walk(Helper->getBody());
        Active.pop_back();
        Stack.pop_back();
      }
    }
    for (const Stmt *C : S->children())
      walk(C);
  }
};

} // namespace

void walkInlinedCalls(
    const Stmt *Body, const SourceManager &SM,
    llvm::function_ref<bool(const CallExpr *, llvm::ArrayRef<const CallExpr *>,
                            const FunctionDecl *)>
        Visit) {
  CallWalk{SM, Visit, {}, {}}.walk(Body);
}

} // namespace cudalint
