//===--- ModelBuilder.h - the walk that builds a KernelModel ----*- C++ -*-===//
//
// Private to the analysis library: the checks see only KernelModel.h. The
// builder is one class whose methods are spread over the Model*.cpp files by
// concern:
//   ModelStatements.cpp  statements, branches and the guards they leave;
//   ModelLoops.cpp       loops, induction variables and trip counts;
//   ModelValues.cpp      expressions as symbolic values;
//   ModelMemory.cpp      lvalues, loads, stores and assignments;
//   ModelCalls.cpp       calls: intrinsics, barriers, cooperative groups and
//                        the inlining of `__device__` helpers.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_MODELBUILDER_H
#define CUDALINT_ANALYSIS_MODELBUILDER_H

#include "KernelModel.h"
#include "ModifiedVars.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace cudalint {
namespace model {

struct FieldValue;
/// The fields of a record whose values the walk knows, in no order.
using FieldValues = llvm::SmallVector<FieldValue, 4>;

// What a value is, as far as the walk can tell.
struct Value {
  enum KindT { None, Scalar, Ptr, Dim3, UniformAgg } Kind = None;
  SymRef S;                               // Scalar; the offset for Ptr
  const clang::ValueDecl *Root = nullptr; // Ptr: null when unknown
  MemSpace Space = MemSpace::Unknown;
  clang::QualType Pointee;
  SymRef D[3];                 // Dim3
  const void *AggId = nullptr; // UniformAgg: the parameter
  clang::SourceLocation Def;   // where a local got this value
  /// A record (Scalar: S stands for the whole record, what threads holding
  /// the same record share): the fields whose own values the walk knows,
  /// from an aggregate initialiser, a load, a `make_int2` or assignments to
  /// the fields. A field not listed is a function of S.
  std::shared_ptr<const FieldValues> Fields;

  static Value scalar(SymRef S) {
    Value V;
    V.Kind = Scalar;
    V.S = std::move(S);
    return V;
  }
  bool threadDependent() const {
    switch (Kind) {
    case Scalar:
      return S->threadDependent();
    case Ptr:
      return !Root || S->threadDependent();
    case Dim3:
      return D[0]->threadDependent() || D[1]->threadDependent() ||
             D[2]->threadDependent();
    case UniformAgg:
      return false;
    case None:
      return false;
    }
    return true;
  }
  bool sameAs(const Value &O) const {
    if (Kind != O.Kind)
      return false;
    switch (Kind) {
    case Scalar:
      return S->key() == O.S->key();
    case Ptr:
      return Root && Root == O.Root && S->key() == O.S->key() &&
             Pointee == O.Pointee;
    case Dim3:
      for (int I = 0; I < 3; ++I)
        if (D[I]->key() != O.D[I]->key())
          return false;
      return true;
    case UniformAgg:
      return AggId == O.AggId;
    case None:
      return true;
    }
    return false;
  }
};

struct FieldValue {
  const clang::FieldDecl *Field;
  Value Val;
};

using Env = llvm::DenseMap<const clang::VarDecl *, Value>;

// A memory location or a local variable, as an lvalue.
struct Loc {
  enum KindT { Memory, LocalVar, LocalMember } Kind = Memory;
  const clang::ValueDecl *Root = nullptr;
  MemSpace Space = MemSpace::Unknown;
  SymRef Off;
  clang::QualType Type;
  const clang::VarDecl *Var = nullptr;
  int Member = -1;
  /// LocalMember: the fields from the variable down to the member
  /// (`t.a.b`); empty where the walk lost the way.
  llvm::SmallVector<const clang::FieldDecl *, 2> Path;
};

// The shape of a loop statement, whichever kind it is.
struct LoopShape {
  const clang::Stmt *L;
  const clang::Expr *Cond;
  const clang::Expr *Inc;
  const clang::Stmt *Body;
  const clang::VarDecl *CondVar;
};

// The variables a loop writes, and what the walk assumes they hold during an
// iteration.
struct LoopVars {
  /// Stepped by a loop-invariant amount: `init + k * step`.
  llvm::DenseMap<const clang::VarDecl *, Value> Inductive;
  /// Every other variable written in the loop.
  llvm::SmallVector<const clang::VarDecl *, 4> Others;
  /// For each of Others: whether it may hold a thread-dependent value.
  llvm::DenseMap<const clang::VarDecl *, bool> Dep;
  /// For each of Others: whether its value is data (see DataOrigin).
  llvm::DenseMap<const clang::VarDecl *, DataOrigin> Origin;
  /// Others that a dry run saw assigned a value made from data (also under
  /// a branch on data: `stack[top++]` when a node's test passes).
  llvm::DenseMap<const clang::VarDecl *, bool> DataWritten;
};

// What a dry run over a loop's body saw assigned.
struct ObservedWrites {
  /// The variables assigned a thread-dependent value.
  llvm::DenseMap<const clang::VarDecl *, bool> ThreadDependent;
  /// The variables assigned a value made from data.
  llvm::DenseMap<const clang::VarDecl *, bool> Data;
};

// The identity of the coalesced-group rank leaf (see isCoalescedRank).
extern const char CoalescedRankTag;

inline bool isIntLike(clang::QualType T) {
  return T->isIntegralOrEnumerationType();
}

// `dim3`, `uint3` or `int3`.
bool isDim3Like(clang::QualType T);

// Which of threadIdx/blockIdx/blockDim/gridDim \p Base names, if any.
std::optional<SymKind> builtinVarKind(const clang::Expr *Base);

/// `threadIdx.x` and its kin: the property reference of a member of a
/// built-in variable that \p E is (a pseudo-object), or null.
const clang::MSPropertyRefExpr *builtinProperty(const clang::Expr *E);

// 0, 1, 2 for `x`, `y`, `z`; -1 otherwise.
int dimOfName(llvm::StringRef N);

// The symbolic operation of a binary (or compound assignment) operator;
// SymKind::Varying for one the model does not follow.
SymKind opOf(clang::BinaryOperatorKind K);

/// A cooperative group's query (`tile.size()`, `grid.thread_rank()`): the
/// same value on every call by one thread.
bool isGroupQuery(const clang::CallExpr *CE);

/// Whether \p E is arithmetic the warp sampler can always evaluate (see
/// ModelRecords.cpp).
bool plainArithmetic(const SymNode &E);

// The location a pointer value points to (its type left to the caller).
inline Loc pointee(const Value &P) {
  Loc L;
  L.Root = P.Root;
  L.Space = P.Space;
  L.Off = P.S;
  return L;
}

} // namespace model

class ModelBuilder {
public:
  ModelBuilder(KernelModel &M, clang::ASTContext &Ctx)
      : M(M), Ctx(Ctx), IntoModel(M) {}

  void run();

private:
  using Value = model::Value;
  using Loc = model::Loc;
  using Env = model::Env;
  using LoopShape = model::LoopShape;
  using LoopVars = model::LoopVars;

  /// Writes what the walk finds on its way into the model: accesses, branch
  /// conditions, barriers, uses of the built-in variables, values, locals,
  /// loops' trip counts and entry conditions.
  class ModelRecorder {
  public:
    explicit ModelRecorder(KernelModel &M) : M(M) {}

    void value(const clang::Expr *E, SymRef V) { M.Values[E] = std::move(V); }
    void access(MemAccess A) { M.Accesses.push_back(std::move(A)); }
    void branch(BranchCondition B) { M.Conditions.push_back(std::move(B)); }
    void barrier(SyncPoint P) { M.Syncs.push_back(std::move(P)); }
    void builtinUse(const BuiltinUse &U) { M.Builtins.push_back(U); }
    void entryCondition(const clang::Stmt *Loop, SymRef Cond) {
      M.EntryConditions[Loop] = std::move(Cond);
    }
    void tripCount(const clang::Stmt *Loop, int64_t Count) {
      M.TripCounts[Loop] = Count;
    }
    void tripCap(const clang::Stmt *Loop, int64_t Cap) {
      M.TripCaps[Loop] = Cap;
    }
    /// A local declared; a second declaration (a helper inlined twice)
    /// keeps the first one's entry.
    void declared(const clang::VarDecl *V) {
      if (M.LocalIndex.count(V))
        return;
      M.LocalIndex[V] = M.Locals.size();
      M.Locals.push_back(LocalVar{V, nullptr, 0, false});
    }
    void initialised(const clang::VarDecl *V, const Value &Init) {
      if (LocalVar *L = local(V))
        L->Init = Init.Kind == Value::Scalar ? Init.S : nullptr;
    }
    void assigned(const clang::VarDecl *V) {
      if (LocalVar *L = local(V))
        ++L->Assignments;
    }
    void addressTaken(const clang::VarDecl *V) {
      if (LocalVar *L = local(V))
        L->AddressTaken = true;
    }

  private:
    LocalVar *local(const clang::VarDecl *V) {
      auto It = M.LocalIndex.find(V);
      return It == M.LocalIndex.end() ? nullptr : &M.Locals[It->second];
    }
    KernelModel &M;
  };

  /// Written directly only for what holds of the code whichever way the
  /// walk goes (MultiDim, Incomplete); the rest goes through Recorder.
  KernelModel &M;
  clang::ASTContext &Ctx;
  ModelRecorder IntoModel;
  /// Where the walk records what it finds: IntoModel, or null while what it
  /// visits does not count (a DryRun, a valueOnly evaluation).
  ModelRecorder *Recorder = &IntoModel;
  Env VarValues;
  llvm::SmallVector<const clang::Stmt *, 4> Loops;
  llvm::SmallVector<Guard, 4> Guards;
  llvm::SmallVector<const clang::CallExpr *, 2> Calls;
  llvm::SmallVector<const clang::FunctionDecl *, 2> Inlining;
  llvm::SmallVector<const clang::VarDecl *, 2> InitOf;
  /// The root of each pointer loaded from a warp-uniform address, by the
  /// array it is loaded from and the address (loadedPointerRoot).
  std::map<std::pair<const void *, std::string>, const clang::ValueDecl *>
      LoadedPointers;
  /// The lane mask of each full-warp `__shfl_xor_sync` the walk met, as
  /// its last visit left it (in terms of the loops' iterations).
  llvm::DenseMap<const clang::CallExpr *, SymRef> XorLaneMasks;
  /// Each loop's condition, as the last walk of its body saw it.
  llvm::DenseMap<const clang::Stmt *, SymRef> LoopConditions;
  /// The elements, by byte offset, of local arrays that are only read
  /// after their initialiser (`float b[4] = {v.x, v.y, v.z, v.w};`).
  llvm::DenseMap<const clang::VarDecl *, llvm::DenseMap<int64_t, Value>>
      ArrayInits;
  /// What each local `cuda::atomic_ref` refers to.
  llvm::DenseMap<const clang::VarDecl *, Loc> AtomicRefs;
  /// The memory each local reference is bound to (`Cell &c = cells[i];`):
  /// `c.count += 1` is an access of `cells[i].count`.
  llvm::DenseMap<const clang::VarDecl *, Loc> Referees;
  /// The objects of the methods being walked, innermost last: what `this`
  /// is (none where the object is not a location the model follows).
  llvm::SmallVector<std::optional<Loc>, 2> ThisObjects;
  struct Frame {
    llvm::SmallVector<Value, 2> Returns;
    bool ReturnUnderThreadGuard = false;
  };
  llvm::SmallVector<Frame, 2> Frames;

  /// A dry run over one iteration of a loop's body, while it lives: there
  /// is no recorder, the assignments the walk makes are noted in Seen, and the
  /// variables' values and the guards are put back when it ends. Dry runs
  /// nest: a loop inside the body has dry runs of its own.
  class DryRun {
  public:
    explicit DryRun(ModelBuilder &B);
    ~DryRun();
    DryRun(const DryRun &) = delete;
    DryRun &operator=(const DryRun &) = delete;

    model::ObservedWrites Seen;
    /// How many dry runs are under way, this one included.
    const unsigned Depth;

  private:
    ModelBuilder &B;
    DryRun *const Outer;
    ModelRecorder *const OuterRecorder;
    Env SavedEnv;
    const size_t GuardDepth;
  };
  /// The innermost dry run under way; null on the walk that builds the model.
  DryRun *Dry = nullptr;
  void observe(const clang::VarDecl *V, const Value &Val);
  /// The value of \p E, with nothing it visits recorded (a loop's step or
  /// entry condition, evaluated apart from the walk).
  Value valueOnly(const clang::Expr *E);

  //===--- Values (ModelValues.cpp) ---------------------------------------===//

  Value paramValue(const clang::ParmVarDecl *P);
  /// An opaque value: uniform, or per-thread with \p Origin (see
  /// DataOrigin).
  Value opaque(const void *Id, llvm::StringRef Name, bool ThreadDep,
               DataOrigin Origin = DataOrigin::None);
  Value opaqueExpr(const clang::Expr *E, bool ThreadDep);
  std::optional<Value> classMemberValue(const clang::MemberExpr *ME);
  std::optional<Value> fieldOfTemporary(const clang::Expr *E);
  const void *inContext(const void *Node) const;
  bool guardsThreadDependent() const;
  void setVar(const clang::VarDecl *V, Value Val, clang::SourceLocation Def);

  Value record(const clang::Expr *E, Value V);
  Value rvalue(const clang::Expr *E);
  std::optional<int64_t> constant(const clang::Expr *E);
  Value children(const clang::Expr *E);
  Value aggregate(const clang::InitListExpr *IL);
  Value fieldOfLocalRecord(const Value &Record, const clang::Expr *E);
  Value rvalueImpl(const clang::Expr *E);
  std::optional<Value> builtinMember(const clang::Expr *E);
  Value castExpr(const clang::CastExpr *C);
  Value arrayDecay(const clang::CastExpr *C);
  Value binary(const clang::BinaryOperator *BO);
  Value logical(const clang::BinaryOperator *BO);
  Value unary(const clang::UnaryOperator *UO);
  Value addressOf(const clang::UnaryOperator *UO);
  Value conditional(const clang::AbstractConditionalOperator *CO);
  Value construct(const clang::CXXConstructExpr *CC);

  //===--- Memory (ModelMemory.cpp) ---------------------------------------===//

  SymRef sizeOf(clang::QualType T, const clang::ValueDecl *Root);
  Value loadFrom(const Loc &L, const clang::Expr *E, bool Record = true);
  Value loadLocal(const Loc &L, const clang::Expr *E);
  void access(const Loc &L, const clang::Expr *E, bool Load, bool Store,
              bool Intrinsic = false, bool Atomic = false);
  void threadVars(const clang::Stmt *S, llvm::SmallVectorImpl<VarOrigin> &Out);
  std::optional<Loc> lvalue(const clang::Expr *E);
  std::optional<Loc> declLvalue(const clang::DeclRefExpr *DRE);
  std::optional<Loc> subscriptLvalue(const clang::ArraySubscriptExpr *AS);
  Value subscriptBase(const clang::Expr *Base);
  std::optional<Loc> unaryLvalue(const clang::UnaryOperator *UO);
  std::optional<Loc> memberLvalue(const clang::MemberExpr *ME);
  std::optional<Loc> memberBase(const clang::MemberExpr *ME);
  Loc localMemberLvalue(const Loc &Base, const clang::FieldDecl *FD);
  const clang::FieldDecl *argumentField(const void *Arg,
                                        const clang::FieldDecl *FD);
  const clang::ValueDecl *loadedPointerRoot(const Loc &L, const clang::Expr *E);
  Value assign(const clang::Expr *Target, const clang::Expr *Whole, SymKind Op,
               bool Compound, Value RHS);
  Value assignLocalMember(const Loc &L, const clang::Expr *Whole, SymKind Op,
                          bool Compound, const Value &RHS);
  Value compoundValue(const Loc &L, const clang::Expr *Target,
                      const clang::Expr *Whole, SymKind Op, const Value &RHS);

  //===--- Records (ModelRecords.cpp) -------------------------------------===//

  std::optional<Value>
  knownField(const Value &Record,
             llvm::ArrayRef<const clang::FieldDecl *> Path) const;
  Value withField(Value Record, llvm::ArrayRef<const clang::FieldDecl *> Path,
                  std::optional<Value> Field) const;
  Value summarised(Value Record, clang::QualType T, const clang::Expr *E);
  Value recordOfElements(const clang::Expr *E, clang::QualType T,
                         llvm::ArrayRef<const clang::Expr *> Elements);
  Value withLoadedFields(Value Whole, const Loc &L, const clang::Expr *E);
  std::optional<Value> vectorMake(const clang::CallExpr *CE);
  bool initialisedArray(const clang::VarDecl *V);
  void arrayElements(const clang::Expr *Init, clang::QualType T, int64_t Offset,
                     llvm::DenseMap<int64_t, Value> &Elements);
  std::optional<Value> arrayElement(const Loc &L) const;
  std::optional<Value> fieldAfterAssignment(const Value &Old, const Loc &L,
                                            SymKind Op, bool Compound,
                                            const Value &RHS);

  //===--- Statements (ModelStatements.cpp) -------------------------------===//

  bool stmt(const clang::Stmt *S);
  bool compoundStmt(const clang::CompoundStmt *CS);
  void loopStmt(const clang::Stmt *S);
  bool returnStmt(const clang::ReturnStmt *R);
  void asmStmt(const clang::GCCAsmStmt *A);
  void declare(const clang::VarDecl *V);
  Value initValue(const clang::Expr *Init, clang::QualType T);
  bool ifStmt(const clang::IfStmt *If);
  void join(const Env &Other, const clang::Stmt *S, const SymRef &Cond);
  Value merged(const Value &A, const Value &B, const clang::Stmt *S,
               const clang::VarDecl *V, const SymRef &Cond);
  void condition(const clang::Stmt *S, const clang::Expr *CondE,
                 const SymRef &Cond);
  SymRef branchCondition(const clang::Stmt *S, const clang::Expr *CondE);
  bool bindsMemoryReference(const clang::VarDecl *V);
  std::optional<Loc> objectOf(const clang::CXXMemberCallExpr *MC);
  bool objectFollowed(const clang::CXXMemberCallExpr *MC);
  void switchStmt(const clang::SwitchStmt *Sw);
  void caseBodies(const clang::SwitchStmt *Sw, const clang::CompoundStmt *Body,
                  const SymRef &Cond);

  //===--- Loops (ModelLoops.cpp) -----------------------------------------===//

  void loop(const LoopShape &S);
  LoopVars loopCarriedVars(const LoopShape &S, const ModifiedVars &Mods);
  std::optional<Value> inductiveValue(const clang::VarDecl *V, unsigned Writes,
                                      const LoopShape &S,
                                      const ModifiedVars &Mods);
  std::optional<Value> ringValue(const clang::VarDecl *V, const LoopShape &S,
                                 const ModifiedVars &Mods);
  std::optional<Value>
  arithmeticInduction(const clang::VarDecl *V,
                      std::pair<const clang::Expr *, int> Step,
                      const clang::Stmt *L);
  std::optional<Value> geometricInduction(const clang::VarDecl *V, Value Init,
                                          const clang::Expr *W,
                                          const LoopShape &S);
  std::optional<std::pair<bool, int64_t>> geometricStep(const clang::VarDecl *V,
                                                        const clang::Expr *W);
  bool unconditionalIn(const clang::Stmt *W, const clang::Stmt *L,
                       const clang::Expr *Inc);
  void settleLoopDependence(const LoopShape &S, LoopVars &Vars);
  model::ObservedWrites dryRunIteration(const LoopShape &S,
                                        const LoopVars &Vars);
  void assumeLoopValues(const clang::Stmt *L, const LoopVars &Vars);
  void recordEntryCondition(const LoopShape &S);
  DataOrigin loopStateOrigin(const clang::VarDecl *V, const ModifiedVars &Mods);
  /// The trips of a loop whose counter steps by a constant up to a constant
  /// bound; with \p FromLowestStart, a bound on them when the counter starts
  /// at a constant plus thread or block indices.
  std::optional<int64_t> constantTrips(const clang::Expr *Cmp,
                                       const LoopShape &S, const LoopVars &Vars,
                                       bool FromLowestStart = false);
  void recordTripCount(const LoopShape &S, const LoopVars &Vars);
  void valuesAfterLoop(const clang::Stmt *Body, const ModifiedVars &Mods,
                       bool TripDep);
  void settleWarpButterflies(const LoopShape &S, const ModifiedVars &Mods);
  const clang::CallExpr *butterflyStage(const clang::VarDecl *V,
                                        const clang::Expr *W) const;
  bool spansWarp(const clang::CallExpr *Shfl, const LoopShape &S);
  bool body(const LoopShape &S);

  //===--- Calls (ModelCalls.cpp) -----------------------------------------===//

  Value builtinDim3(SymKind K);
  std::optional<Value> cooperativeGroups(const clang::CXXMethodDecl *MD,
                                         clang::QualType ObjectType);
  void syncPoint(const clang::CallExpr *CE, const clang::FunctionDecl *FD);
  std::optional<SyncScope> barrierScope(const clang::CallExpr *CE);
  Value call(const clang::CallExpr *CE);
  std::optional<Value> libcuxxAtomic(const clang::CallExpr *CE);
  std::optional<Loc> atomicObject(const clang::Expr *Obj, bool IsRef);
  std::optional<Loc> atomicRefTarget(const clang::Expr *Obj);
  void rememberAtomicRef(const clang::VarDecl *V);
  std::optional<Value> groupOrBuiltinCall(const clang::CallExpr *CE);
  llvm::SmallVector<Value, 4> argValues(const clang::CallExpr *CE);
  std::optional<Value> convertedElement(const clang::CallExpr *CE);
  std::optional<SymRef> pureCallValue(const clang::CallExpr *CE,
                                      const clang::FunctionDecl *FD,
                                      llvm::ArrayRef<Value> Args);
  Value pointerArg(const clang::CallExpr *CE, unsigned I, bool Load, bool Store,
                   bool Atomic);
  std::optional<Value> arithmeticIntrinsic(const clang::CallExpr *CE,
                                           llvm::StringRef Name);
  std::optional<Value> memoryIntrinsic(const clang::CallExpr *CE);
  std::optional<Value> warpIntrinsic(const clang::CallExpr *CE);
  Value opaqueCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD,
                   llvm::StringRef Name);
  Value inlineCall(const clang::CallExpr *CE, const clang::FunctionDecl *Def);
  llvm::SmallVector<Value, 4> inlinedArgValues(const clang::CallExpr *CE,
                                               const clang::FunctionDecl *Def);
  void forgetReferenceArgs(const clang::CallExpr *CE,
                           const clang::FunctionDecl *Def);
  Value returnedValue(const clang::CallExpr *CE, const Frame &F);
};

} // namespace cudalint

#endif
