//===--- FieldValues.h - where a field of a host record gets its values ---===//
//
// Host code often carries a launch's sizes in a record: a configuration
// struct filled once (`cfg.block = 256;`, `Config cfg = {4096, 128};`), an
// object whose constructor sets a member (`: m_block(256)`). The values a
// field can hold are those every write to it in the translation unit
// stores, provided each write is seen: a field whose address is taken,
// which is bound to a reference, or whose record is filled through a
// pointer of another type (`fread(&cfg, ...)`, `memcpy`) or built by a
// function whose body is not in view has no values that can be read.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_FIELDVALUES_H
#define CUDALINT_ANALYSIS_FIELDVALUES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <optional>

namespace cudalint {

/// One value stored into a field: the expression, and the function it is
/// evaluated in (null for the field's default member initialiser).
struct FieldWrite {
  const clang::Expr *Value;
  const clang::FunctionDecl *In;
};

/// Every value the translation unit stores into the integer field \p F:
/// plain assignments, constructor initialisers, aggregate initialisers and
/// the default member initialiser. nullopt when some write cannot be read
/// (see the file comment) or there is none.
std::optional<llvm::SmallVector<FieldWrite, 4>>
fieldWrites(const clang::FieldDecl &F, clang::ASTContext &Ctx);

} // namespace cudalint

#endif
