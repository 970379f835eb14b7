//===--- SpelledLaunches.h - launches the parse dropped -----------*- C++
//-*-===//
//
// A launch that names its template arguments (`scale<float, 33><<<g, b>>>
// (a, b, n)`) but does not compile (arguments of another type, an undeclared
// name) leaves nothing in the AST: clang drops the statement, and no
// specialization records what the template was meant for. The launch is
// still in the source. This reads the main file's tokens for such launches
// and resolves the arguments it spells, so that the template's stand-ins are
// what its user wrote rather than guesses.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ANALYSIS_SPELLEDLAUNCHES_H
#define CUDALINT_ANALYSIS_SPELLEDLAUNCHES_H

#include "TemplateStandIn.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"

#include <vector>

namespace cudalint {

/// One stand-in per distinct argument list that a launch of \p Template
/// spells in the main file (`name<args><<<`), with the parameters the
/// launch leaves out at their defaults. A launch whose arguments cannot all
/// be resolved (a macro, an expression, a type cudalint cannot look up) gives
/// none; so does a template whose name the file never launches so.
std::vector<TemplateStandIn>
standInsFromSpelledLaunches(const clang::FunctionTemplateDecl &Template,
                            clang::ASTContext &Ctx);

} // namespace cudalint

#endif
