//===--- SourceScan.cpp - what a file's text says before it is parsed -----===//

#include "worker/SourceScan.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang;
using llvm::StringRef;

namespace cudalint {

namespace {

// The directories of the include path \p Command names (-I, -iquote,
// -isystem, -idirafter), absolute.
std::vector<std::string> includeDirs(const std::vector<std::string> &Command,
                                     StringRef WorkingDirectory) {
  std::vector<std::string> Dirs;
  for (size_t I = 0; I < Command.size(); ++I)
    for (StringRef Flag : {"-I", "-iquote", "-isystem", "-idirafter"}) {
      StringRef Arg = Command[I];
      if (!Arg.consume_front(Flag))
        continue;
      if (Arg.empty() && I + 1 < Command.size())
        Arg = Command[++I];
      llvm::SmallString<256> Dir(Arg);
      llvm::sys::fs::make_absolute(WorkingDirectory, Dir);
      Dirs.push_back(std::string(Dir));
      break;
    }
  return Dirs;
}

// A file's text and a raw lexer over it (no preprocessing; comments and
// strings come out as single tokens). Token locations are offsets: the
// lexer starts from a null location.
class RawText {
public:
  static std::optional<RawText> open(const std::string &File) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
    if (!Buffer)
      return std::nullopt;
    return RawText(std::move(*Buffer));
  }
  StringRef text() const { return Buffer->getBuffer(); }
  Lexer lexer() const {
    return Lexer(SourceLocation(), Opts, text().begin(), text().begin(),
                 text().end());
  }

private:
  explicit RawText(std::unique_ptr<llvm::MemoryBuffer> Buffer)
      : Buffer(std::move(Buffer)) {
    Opts.CPlusPlus = true;
  }
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  LangOptions Opts;
};

} // namespace

// Where the text of \p File first names an API that only code written for
// a toolkit before CUDA 12 uses (cudaThreadSynchronize, texture<...>
// references, cudaBindTexture, ...): such a file is parsed with the old
// declarations at once, rather than parsed, found wanting and parsed again.
// Comments and strings are skipped (a raw lex). The names that new code also
// uses (cudaMemAdvise, cudaDeviceProp's fields) are left to the errors.
std::optional<unsigned> removedApiInText(const std::string &File) {
  std::optional<RawText> Source = RawText::open(File);
  if (!Source)
    return std::nullopt;
  static const llvm::StringSet<> Names = {
      "textureReference",        "surfaceReference",
      "cudaBindTexture",         "cudaBindTexture2D",
      "cudaBindTextureToArray",  "cudaBindSurfaceToArray",
      "cudaUnbindTexture",       "cudaGetTextureReference",
      "cudaGetSurfaceReference", "cudaGetTextureAlignmentOffset"};
  Lexer Lex = Source->lexer();
  Token Prev, Tok, Next;
  Prev.startToken();
  std::optional<unsigned> First;
  for (Lex.LexFromRawLexer(Tok); Tok.isNot(tok::eof); Prev = Tok, Tok = Next) {
    Lex.LexFromRawLexer(Next);
    if (!Tok.is(tok::raw_identifier))
      continue;
    StringRef Id = Tok.getRawIdentifier();
    bool Template = (Id == "texture" || Id == "surface") && Next.is(tok::less);
    if (!Names.contains(Id) && !Template &&
        !(Id.starts_with("cudaThread") && Id.size() > 10 &&
          isUppercase(Id[10])))
      continue;
    // A name the file declares itself (`cudaError_t cudaThreadSynchronize()`)
    // is new code's own: leave the file to the errors.
    if (Prev.is(tok::raw_identifier) && Prev.getRawIdentifier() != "return")
      return std::nullopt;
    if (!First)
      First = Tok.getLocation().getRawEncoding();
  }
  return First;
}

bool includesHeaderOffPath(const std::string &File,
                           const std::vector<std::string> &Command,
                           StringRef WorkingDirectory,
                           llvm::ArrayRef<std::string> Searchable) {
  std::optional<RawText> Source = RawText::open(File);
  if (!Source)
    return false;
  std::vector<std::string> Dirs = includeDirs(Command, WorkingDirectory);
  std::string Own = std::string(llvm::sys::path::parent_path(File));
  StringRef Text = Source->text();
  Lexer Lex = Source->lexer();
  Token Tok;
  for (Lex.LexFromRawLexer(Tok); Tok.isNot(tok::eof);
       Lex.LexFromRawLexer(Tok)) {
    if (!Tok.is(tok::hash) || !Tok.isAtStartOfLine())
      continue;
    Lex.LexFromRawLexer(Tok);
    if (!Tok.is(tok::raw_identifier) || Tok.getRawIdentifier() != "include")
      continue;
    // The rest of the line: "name" or <name>.
    StringRef Line = Text.substr(Tok.getRawIdentifier().end() - Text.begin());
    Line = Line.take_until([](char C) { return C == '\n'; }).trim();
    bool Quoted = Line.consume_front("\"");
    if (!Quoted && !Line.consume_front("<"))
      continue;
    char Close = Quoted ? '"' : '>';
    StringRef Name = Line.take_until([&](char C) { return C == Close; });
    auto Holds = [&](const std::string &Dir) {
      llvm::SmallString<256> Path(Dir);
      llvm::sys::path::append(Path, Name);
      return llvm::sys::fs::exists(Path);
    };
    if ((Quoted && Holds(Own)) || llvm::any_of(Dirs, Holds))
      continue;
    std::string Suffix = "/" + Name.str();
    if (llvm::any_of(Searchable, [&](const std::string &Candidate) {
          return StringRef(Candidate).ends_with(Suffix);
        }))
      return true;
  }
  return false;
}

namespace {

// The header name after `include` on its line (\p Rest, the line's text from
// there): <name> or "name", then nothing but a comment.
std::optional<LeadingInclude> includedName(StringRef Rest) {
  Rest = Rest.take_until([](char C) { return C == '\n'; }).trim();
  LeadingInclude Include;
  Include.Angled = Rest.consume_front("<");
  if (!Include.Angled && !Rest.consume_front("\""))
    return std::nullopt;
  char Close = Include.Angled ? '>' : '"';
  size_t At = Rest.find(Close);
  if (At == StringRef::npos || At == 0)
    return std::nullopt;
  Include.Name = Rest.take_front(At).str();
  StringRef After = Rest.drop_front(At + 1).ltrim();
  if (!After.empty() && !After.starts_with("//") && !After.starts_with("/*"))
    return std::nullopt;
  return Include;
}

// `#define ...` on one line (\p Rest, the line's text from `define`).
std::optional<LeadingInclude> oneLineDefine(StringRef Rest) {
  Rest = Rest.take_until([](char C) { return C == '\n'; }).rtrim();
  if (Rest.ends_with("\\") || Rest.contains("/*"))
    return std::nullopt;
  LeadingInclude Define;
  Define.Define = "#" + Rest.str();
  return Define;
}

// `#pragma once` alone on its line: \p Tok is the word after `#`, \p Text
// the file's.
bool isPragmaOnce(const Token &Tok, StringRef Text) {
  if (!Tok.is(tok::raw_identifier) || Tok.getRawIdentifier() != "pragma")
    return false;
  StringRef Rest = Text.substr(Tok.getRawIdentifier().end() - Text.begin());
  Rest = Rest.take_until([](char C) { return C == '\n'; }).trim();
  if (!Rest.consume_front("once"))
    return false;
  Rest = Rest.ltrim();
  return Rest.empty() || Rest.starts_with("//") || Rest.starts_with("/*");
}

} // namespace

std::vector<LeadingInclude> leadingIncludes(const std::string &File) {
  std::vector<LeadingInclude> Includes;
  std::optional<RawText> Source = RawText::open(File);
  if (!Source)
    return Includes;
  StringRef Text = Source->text();
  Lexer Lex = Source->lexer();
  Token Tok;
  Lex.LexFromRawLexer(Tok);
  while (Tok.is(tok::hash) && Tok.isAtStartOfLine()) {
    Lex.LexFromRawLexer(Tok);
    bool Once = isPragmaOnce(Tok, Text);
    std::optional<LeadingInclude> Include;
    if (!Once && Tok.is(tok::raw_identifier) &&
        Tok.getRawIdentifier() == "include")
      Include = includedName(
          Text.substr(Tok.getRawIdentifier().end() - Text.begin()));
    else if (!Once && Tok.is(tok::raw_identifier) &&
             Tok.getRawIdentifier() == "define")
      Include = oneLineDefine(
          Text.substr(Tok.getRawIdentifier().begin() - Text.begin()));
    if (!Once && !Include)
      break;
    do
      Lex.LexFromRawLexer(Tok);
    while (Tok.isNot(tok::eof) && !Tok.isAtStartOfLine());
    if (Once)
      continue;
    Include->End =
        Tok.is(tok::eof) ? Text.size() : Tok.getLocation().getRawEncoding();
    Includes.push_back(std::move(*Include));
  }
  return Includes;
}

} // namespace cudalint
