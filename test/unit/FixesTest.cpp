//===--- FixesTest.cpp - edits, conflicts and unified diffs ---------------===//

#include "fix/Fixes.h"

#include "gtest/gtest.h"

#include <algorithm>

namespace cudalint {
namespace {

Finding findingWith(std::vector<Replacement> Fix, bool OnNote) {
  Finding F;
  F.Check = "cudalint-missing-restrict";
  F.Main.File = "/t/a.cu";
  Message Note;
  Note.File = "/t/a.cu";
  (OnNote ? Note.Fixes : F.Main.Fixes) = std::move(Fix);
  F.Notes.push_back(Note);
  return F;
}

TEST(Fixes, ApplyEditsInOrder) {
  EXPECT_EQ(applyEdits("float *a, float *b", {{"f", 7, 0, "__restrict__ "},
                                              {"f", 17, 0, "__restrict__ "}}),
            "float *__restrict__ a, float *__restrict__ b");
  // An edit past the end, or overlapping the previous one: nothing applied.
  EXPECT_FALSE(applyEdits("abc", {{"f", 0, 1, "x"}, {"f", 9, 0, "y"}}));
  EXPECT_FALSE(applyEdits("abc", {{"f", 0, 2, "x"}, {"f", 1, 0, "y"}}));
}

TEST(Fixes, NoteFixesOnlyWithFixNotes) {
  RunReport R;
  R.Findings.push_back(findingWith({{"/t/a.cu", 3, 0, "x"}}, true));
  std::vector<std::string> Skipped;
  EXPECT_TRUE(collectFixes(R, false, nullptr, Skipped)["/t/a.cu"].empty());
  EXPECT_EQ(collectFixes(R, true, nullptr, Skipped)["/t/a.cu"].size(), 1u);
}

TEST(Fixes, DuplicatesMergeAndConflictsAreSkipped) {
  RunReport R;
  R.Findings.push_back(findingWith({{"/t/a.cu", 3, 0, "x"}}, false));
  R.Findings.push_back(findingWith({{"/t/a.cu", 3, 0, "x"}}, false));
  R.Findings.push_back(findingWith({{"/t/a.cu", 3, 0, "y"}}, false));
  std::vector<std::string> Skipped;
  auto ByFile = collectFixes(R, false, nullptr, Skipped);
  ASSERT_EQ(ByFile["/t/a.cu"].size(), 1u);
  EXPECT_EQ(ByFile["/t/a.cu"][0].Text, "x");
  EXPECT_EQ(Skipped.size(), 1u);
}

TEST(Fixes, UnifiedDiffHunk) {
  std::string Before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
  std::string After = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
  EXPECT_EQ(unifiedDiff("a.cu", Before, After),
            "--- a/a.cu\n+++ b/a.cu\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n"
            " 6\n 7\n 8\n");
  EXPECT_EQ(unifiedDiff("a.cu", Before, Before), "");
}

TEST(Fixes, UnifiedDiffManyEditsInALongFile) {
  std::string Before, After;
  for (int I = 0; I < 3000; ++I) {
    Before += "line " + std::to_string(I) + "\n";
    After += (I % 6 == 0 ? "edited " : "line ") + std::to_string(I) + "\n";
  }
  std::string Diff = unifiedDiff("f", Before, After);
  size_t Added = 0;
  for (size_t At = Diff.find("\n+edited "); At != std::string::npos;
       At = Diff.find("\n+edited ", At + 1))
    ++Added;
  EXPECT_EQ(Added, 500u);
  EXPECT_NE(Diff.find("-line 2994\n+edited 2994\n"), std::string::npos);
}

TEST(Fixes, UnifiedDiffSeparateHunksAndMissingNewline) {
  std::string Before, After;
  for (int I = 1; I <= 20; ++I) {
    Before += std::to_string(I) + "\n";
    After += (I == 2 || I == 18 ? "x" : std::to_string(I)) + "\n";
  }
  std::string Diff = unifiedDiff("f", Before, After);
  EXPECT_NE(Diff.find("@@ -1,5 +1,5 @@"), std::string::npos) << Diff;
  EXPECT_NE(Diff.find("@@ -15,6 +15,6 @@"), std::string::npos) << Diff;
  EXPECT_EQ(unifiedDiff("f", "a", "b"),
            "--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of "
            "file\n+b\n\\ No newline at end of file\n");
}

} // namespace
} // namespace cudalint
