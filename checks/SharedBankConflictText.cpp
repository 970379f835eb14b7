//===--- SharedBankConflictText.cpp - cudalint ----------------------------===//

#include "SharedBankConflictParts.h"
#include "analysis/AccessShape.h"
#include "analysis/CudaAST.h"
#include "analysis/SharedTile.h"

#include "clang/AST/ASTContext.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace cudalint {

std::optional<ArrayShape> shapeOf(const VarDecl *V,
                                  const TemplateStandIn *StandIn,
                                  const ASTContext &Ctx) {
  ArrayShape S;
  QualType T = concreteType(V->getType(), StandIn, Ctx);
  if (T.isNull())
    return std::nullopt;
  T = T.getCanonicalType();
  while (const auto *CAT = dyn_cast<ConstantArrayType>(T.getTypePtr())) {
    S.Extents.push_back(CAT->getSize().getZExtValue());
    T = CAT->getElementType().getCanonicalType();
  }
  if (S.Extents.empty())
    return std::nullopt;
  S.Element = T;
  return S;
}

// `tile[32][32]`
std::string spelled(const VarDecl *V, const ArrayShape &S, int64_t Pad) {
  std::string Out = V->getName().str();
  for (size_t I = 0; I < S.Extents.size(); ++I)
    Out +=
        "[" +
        std::to_string(S.Extents[I] + (I + 1 == S.Extents.size() ? Pad : 0)) +
        "]";
  return Out;
}

ConflictText conflictText(const BankConflict &C,
                          const std::optional<ArrayShape> &Shape, int64_t Pad,
                          const BlockShape &FirstShape,
                          const std::string &DegreeText,
                          const ASTContext &Ctx) {
  const MemAccess &A = *C.Access;
  const VarDecl *V = C.Array;
  std::string Decl = Shape ? spelled(V, *Shape) : V->getName().str();
  bool BothWays = A.IsLoad && A.IsStore;
  const char *Verb = BothWays ? "read and write" : A.IsStore ? "write" : "read";
  const char *Noun = BothWays    ? "reads and writes"
                     : A.IsStore ? "writes"
                                 : "reads";
  std::string What;
  std::optional<int64_t> Stride = laneStrideBytes(A);
  int64_t RowBytes = 0;
  if (Shape && Shape->Extents.size() >= 2)
    RowBytes = Shape->Extents.back() *
               Ctx.getTypeSizeInChars(Shape->Element).getQuantity();
  if (Stride && RowBytes && *Stride == RowBytes)
    What = "one column of '" + Decl + "'";
  else if (Stride && *Stride % 4 == 0 && *Stride != 0 &&
           FirstShape.X.value_or(32) >= 32)
    What = llvm::formatv("'{0}' with lanes {1} words apart", Decl, *Stride / 4);
  else
    What = "'" + Decl + "' at addresses in the same bank";
  ConflictText T;
  T.Warning = llvm::formatv("{0}{1}-way bank conflict on '{2}' {3} ({4})",
                            C.VaryingUpTo ? "at least " : "", DegreeText,
                            V->getName(), Noun, C.TypeName);
  T.Pattern = llvm::formatv("the threads of a warp {0} {1}", Verb, What);
  if (C.IssuedBytes)
    T.Pattern += llvm::formatv(", each thread's aligned run of {0} bytes "
                               "issued as {1}-bit accesses",
                               C.RunBytes, C.IssuedBytes * 8);
  if (C.VaryingUpTo)
    T.Pattern += llvm::formatv(", so each access is split into {0} to {1} "
                               "shared-memory transactions as the loop "
                               "counters, sizes and active lanes it depends "
                               "on change",
                               C.Degree, C.VaryingUpTo);
  else
    T.Pattern += llvm::formatv(", so each access is split into {0} "
                               "shared-memory transactions",
                               C.Degree);
  if (FirstShape.assumed() &&
      A.Offset->key().find("threadIdx.y") != std::string::npos)
    T.Pattern += " (assuming blockDim.x is a multiple of 32)";
  // A column a triangular guard narrows step by step (forward substitution
  // on a [32][32] tile, verify/ fixture triangular_solve).
  if (C.VaryingUpTo && Pad && Stride && *Stride == RowBytes && A.Width == 4 &&
      !C.IssuedBytes)
    T.Cost = "padding the [32][32] float tile of a forward substitution, whose "
             "column reads run 31- down to 2-way, to [32][33] measured 1.95x "
             "on an H200";
  // The figures were measured on a tile transposed through shared memory:
  // they say nothing of a column read by itself.
  if (C.IssuedBytes || !Stride || *Stride != RowBytes || !C.TileTransposed)
    return T;
  if (Pad && A.Width == 4 && C.Degree >= 16)
    T.Cost = "padding a [32][32] float tile read by columns (32-way) to "
             "[32][33] measured 1.73x on an H100 (8192x8192 transpose)";
  else if (Pad && A.Width == 2 && C.Degree >= 8)
    T.Cost = "padding a tile of 2-byte elements read by columns (16-way) by "
             "one 4-byte word measured 1.64x on an H100";
  else if (Pad && A.Width == 8 && C.Degree >= 8)
    T.Cost = "padding a [32][32] double tile read by columns (16-way) to "
             "[32][33] measured 1.09x on an H100 (8192x8192 transpose)";
  return T;
}

// `2- to 4-` and a note naming each instance, where instances differ.
std::pair<std::string, std::string>
degreeByInstance(unsigned Worst,
                 const std::map<std::string, InstanceDegree> &Instances) {
  unsigned Least = Worst;
  for (const auto &[Name, I] : Instances)
    Least = std::min(Least, I.Degree);
  if (Instances.size() < 2 || Least == Worst)
    return {std::to_string(Worst), ""};
  std::string Degree = Least > 1
                           ? llvm::formatv("{0}- to {1}", Least, Worst).str()
                           : llvm::formatv("up to {0}", Worst).str();
  std::vector<std::pair<std::string, InstanceDegree>> Sorted(Instances.begin(),
                                                             Instances.end());
  // One instance of each degree first, so that the list shows the whole
  // range (the instance with none too), then the rest, worst first.
  std::set<unsigned> Shown;
  llvm::stable_sort(Sorted, [](const auto &L, const auto &R) {
    return L.second.Degree > R.second.Degree;
  });
  std::stable_partition(Sorted.begin(), Sorted.end(), [&](const auto &I) {
    return Shown.insert(I.second.Degree).second;
  });
  constexpr size_t MaxNamed = 4;
  std::string Note = "the instances differ:";
  for (const auto &[Name, I] : llvm::ArrayRef(Sorted).take_front(MaxNamed))
    Note += llvm::formatv("{0} '{1}' (block {2}) {3}",
                          Note.back() == ':' ? "" : ";", Name, I.Shapes,
                          I.Degree > 1 ? std::to_string(I.Degree) + "-way"
                                       : std::string("has none"))
                .str();
  if (Sorted.size() > MaxNamed)
    Note += llvm::formatv("; {0} more", Sorted.size() - MaxNamed).str();
  return {Degree, Note};
}

// "2-way in the first step, then 4-, 8-, 16- and 8-way".
std::string describeSteps(llvm::ArrayRef<unsigned> Degrees) {
  std::string Text = std::to_string(Degrees[0]) + "-way in the first step";
  for (size_t I = 1; I < Degrees.size(); ++I)
    Text += (I == 1                    ? ", then "
             : I + 1 == Degrees.size() ? " and "
                                       : ", ") +
            std::to_string(Degrees[I]) +
            (I + 1 == Degrees.size() ? "-way" : "-");
  return Text;
}

} // namespace cudalint
