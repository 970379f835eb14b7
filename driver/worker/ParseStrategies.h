//===--- ParseStrategies.h - the parses tried for one file, in order ------===//
//
// A file is parsed with the command it comes with, unless what it says shows
// that another parse will do better: headers it includes from outside its
// include path, APIs that an older toolkit had. An ordered list of
// strategies decides: each sees the best parse so far and may offer one with
// fewer compiler errors. The front end itself is the caller's (a FrontEnd).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_WORKER_PARSESTRATEGIES_H
#define CUDALINT_DRIVER_WORKER_PARSESTRATEGIES_H

#include "worker/Analyzer.h"

#include "llvm/ADT/ArrayRef.h"

#include <functional>
#include <string>
#include <vector>

namespace cudalint {

/// A directive whose header the preprocessor did not find.
struct MissingHeader {
  std::string Name;     ///< As written in the directive.
  std::string Includer; ///< Absolute path of the file with the directive.
  unsigned Offset = 0;  ///< Of the directive in Includer.
  bool Angled = false;
  bool InSystemHeader = false; ///< The directive is in a system header.
};

/// How the strategies run clang's front end on a file: a parse with the
/// checks, which says which headers it missed, and the preprocessor alone.
struct FrontEnd {
  std::function<FileResult(const ParseRequest &, std::vector<MissingHeader> &)>
      Parse;
  std::function<std::vector<MissingHeader>(const ParseRequest &)> Probe;
};

/// The compiler errors among \p R's findings.
unsigned compilerErrors(const FileResult &R);

/// \p Request with \p Flags added just before the file (which comes last).
ParseRequest withFlags(ParseRequest Request, llvm::ArrayRef<std::string> Flags);

// The parse whose findings are kept: the one with the fewest compiler
// errors so far, and how it was made.
struct BestParse {
  FileResult Result;
  ParseRequest Request;

  // Keeps \p Again when it has fewer compiler errors.
  bool offer(FileResult &Again, const ParseRequest &How) {
    if (compilerErrors(Again) >= compilerErrors(Result))
      return false;
    Result = std::move(Again);
    Request = How;
    return true;
  }
};

/// The best parse of \p Request's file that the strategies find, with a
/// remark for each thing it owes to one of them (a header found by the
/// include search, the declarations of removed APIs).
FileResult parseBest(const ParseRequest &Request, const FrontEnd &Clang);

} // namespace cudalint

#endif
