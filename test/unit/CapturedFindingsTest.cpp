//===--- CapturedFindingsTest.cpp - findings agreed on by every round -----===//
//
// A kernel template with no instantiation in view is analysed once per
// stand-in; its findings are captured one round per stand-in and reported
// only where every round agrees: same level, same place, the first round's
// words, and fix-its only when every round proposed the same edits.
//
//===----------------------------------------------------------------------===//

#include "CapturedFindings.h"
#include "KernelTU.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace clang;

namespace cudalint {
namespace {

using Level = DiagnosticIDs::Level;

// Three places to report at: the names of three functions.
class Places {
public:
  Places()
      : TU("__device__ void first() {}\n__device__ void second() {}\n"
           "__device__ void third() {}\n") {}
  SourceLocation at(StringRef Function) {
    return TU.function(Function)->getLocation();
  }
  KernelTU TU;
};

std::vector<std::string> messages(const std::vector<CapturedFinding> &Found) {
  std::vector<std::string> Out;
  for (const CapturedFinding &F : Found)
    Out.push_back(F.Main.Message);
  return Out;
}

TEST(CapturedFindings, NothingWithoutARound) {
  Places P;
  CapturedFindings Captured(P.TU.ctx());
  // Before the first round nothing is captured.
  Captured.diag(P.at("first"), "early", Level::Warning);
  EXPECT_TRUE(Captured.agreed().empty());
  Captured.startRound();
  EXPECT_TRUE(Captured.agreed().empty());
}

TEST(CapturedFindings, OneRoundKeepsFindingsWithTheirNotes) {
  Places P;
  CapturedFindings Captured(P.TU.ctx());
  Captured.startRound();
  // A note before any finding belongs to none.
  Captured.diag(P.at("third"), "stray", Level::Note);
  Captured.diag(P.at("first"), "%0 is slow", Level::Warning) << "this";
  Captured.diag(P.at("second"), "because of %0", Level::Note) << 42;
  Captured.diag(P.at("second"), "a remark", Level::Remark);
  Captured.diag(P.at("third"), "an error", Level::Error);
  std::vector<CapturedFinding> Found = Captured.agreed();
  ASSERT_EQ(Found.size(), 3u);
  EXPECT_EQ(messages(Found),
            (std::vector<std::string>{"this is slow", "a remark", "an error"}));
  EXPECT_EQ(Found[0].Main.Level, Level::Warning);
  EXPECT_EQ(Found[0].Main.Loc, P.at("first"));
  ASSERT_EQ(Found[0].Notes.size(), 1u);
  EXPECT_EQ(Found[0].Notes[0].Message, "because of 42");
  EXPECT_EQ(Found[0].Notes[0].Loc, P.at("second"));
  EXPECT_EQ(Found[1].Main.Level, Level::Remark);
  EXPECT_TRUE(Found[1].Notes.empty());
  EXPECT_EQ(Found[2].Main.Level, Level::Error);
  EXPECT_FALSE(Found[0].FixesDiffer);
}

TEST(CapturedFindings, DeclarationsAndTypesAreSpelledAsClangSpellsThem) {
  Places P;
  CapturedFindings Captured(P.TU.ctx());
  Captured.startRound();
  const FunctionDecl *F = P.TU.function("first");
  Captured.diag(P.at("first"), "%0 returns %1", Level::Warning)
      << F << F->getReturnType()
      << CharSourceRange::getTokenRange(F->getSourceRange());
  std::vector<CapturedFinding> Found = Captured.agreed();
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].Main.Message, "'first' returns 'void'");
  ASSERT_EQ(Found[0].Main.Ranges.size(), 1u);
  EXPECT_EQ(Found[0].Main.Ranges[0].getBegin(), F->getBeginLoc());
}

TEST(CapturedFindings, OnlyWhatEveryRoundGaveInTheFirstRoundsWords) {
  Places P;
  CapturedFindings Captured(P.TU.ctx());
  Captured.startRound();
  Captured.diag(P.at("first"), "as float", Level::Warning);
  Captured.diag(P.at("first"), "float's note", Level::Note);
  Captured.diag(P.at("second"), "only float", Level::Warning);
  Captured.diag(P.at("third"), "a warning here", Level::Warning);
  Captured.startRound();
  Captured.diag(P.at("first"), "as double", Level::Warning);
  Captured.diag(P.at("first"), "double's note", Level::Note);
  // The same place at another level is another finding.
  Captured.diag(P.at("third"), "a remark here", Level::Remark);
  std::vector<CapturedFinding> Found = Captured.agreed();
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].Main.Message, "as float");
  ASSERT_EQ(Found[0].Notes.size(), 1u);
  EXPECT_EQ(Found[0].Notes[0].Message, "float's note");
}

TEST(CapturedFindings, AFindingRepeatedInARoundCountsOnce) {
  Places P;
  CapturedFindings Captured(P.TU.ctx());
  Captured.startRound();
  Captured.diag(P.at("first"), "one", Level::Warning);
  Captured.diag(P.at("first"), "again", Level::Warning);
  Captured.startRound();
  Captured.diag(P.at("first"), "one", Level::Warning);
  Captured.startRound();
  Captured.diag(P.at("second"), "elsewhere", Level::Warning);
  // Three rounds, the third without it.
  EXPECT_TRUE(Captured.agreed().empty());
  Captured.diag(P.at("first"), "late", Level::Warning);
  // As the first round gave them.
  EXPECT_EQ(messages(Captured.agreed()),
            (std::vector<std::string>{"one", "again"}));
}

TEST(CapturedFindings, FixItsOnlyWhenEveryRoundProposedTheSameEdits) {
  Places P;
  SourceLocation A = P.at("first"), B = P.at("second"), C = P.at("third");
  CapturedFindings Captured(P.TU.ctx());
  // One round per stand-in type; the second finding's note edits by type.
  for (const char *Type : {"float", "double"}) {
    Captured.startRound();
    Captured.diag(A, "same edit", Level::Warning)
        << FixItHint::CreateInsertion(A, "__restrict__ ");
    Captured.diag(B, "edit differs", Level::Warning);
    Captured.diag(C, "note", Level::Note)
        << FixItHint::CreateReplacement(SourceRange(C, C), Type);
  }
  std::vector<CapturedFinding> Found = Captured.agreed();
  ASSERT_EQ(Found.size(), 2u);
  EXPECT_FALSE(Found[0].FixesDiffer);
  ASSERT_EQ(Found[0].Main.FixIts.size(), 1u);
  EXPECT_EQ(Found[0].Main.FixIts[0].CodeToInsert, "__restrict__ ");
  EXPECT_TRUE(Found[1].FixesDiffer);
  ASSERT_EQ(Found[1].Notes.size(), 1u);
  EXPECT_TRUE(Found[1].Notes[0].FixIts.empty());
  // The note is kept, as the first round wrote it.
  EXPECT_EQ(Found[1].Notes[0].Message, "note");
}

TEST(CapturedFindings, EditsKeySpellsEveryFixItOfTheFinding) {
  Places P;
  SourceLocation A = P.at("first"), B = P.at("second");
  CapturedFinding F;
  EXPECT_EQ(F.editsKey(), "");
  F.Main.FixIts.push_back(FixItHint::CreateInsertion(A, "x"));
  std::string One = F.editsKey();
  EXPECT_NE(One.find("=x;"), std::string::npos);
  CapturedDiagnostic Note;
  Note.FixIts.push_back(FixItHint::CreateInsertion(B, "y"));
  F.Notes.push_back(Note);
  std::string Two = F.editsKey();
  EXPECT_EQ(Two.substr(0, One.size()), One);
  EXPECT_NE(Two.find("=y;"), std::string::npos);
  // The place counts, not only the text.
  CapturedFinding Moved;
  Moved.Main.FixIts.push_back(FixItHint::CreateInsertion(B, "x"));
  EXPECT_NE(Moved.editsKey(), One);
}

} // namespace
} // namespace cudalint
