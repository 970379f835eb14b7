//===--- ResultCacheTest.cpp - keys, validity and sizes of the cache ------===//

#include "run/ResultCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <thread>

namespace cudalint {
namespace {

TEST(ResultCache, ByteSizes) {
  EXPECT_EQ(parseByteSize("1000"), 1000u);
  EXPECT_EQ(parseByteSize("64K"), 64u << 10);
  EXPECT_EQ(parseByteSize("500m"), 500u << 20);
  EXPECT_EQ(parseByteSize("2G"), uint64_t(2) << 30);
  EXPECT_FALSE(parseByteSize(""));
  EXPECT_FALSE(parseByteSize("G"));
  EXPECT_FALSE(parseByteSize("lots"));
  EXPECT_FALSE(parseByteSize("-5M"));
}

TEST(ResultCache, KeyNamesEverythingThatDecides) {
  UnitIdentity Base{{"clang++", "-x", "cuda", "a.cu"}, "/w", "/w/a.cu", "c"};
  std::string Key = unitKey(Base);
  EXPECT_EQ(Key, unitKey(Base));
  EXPECT_EQ(Key.size(), 64u);
  UnitIdentity Flag = Base;
  Flag.Command.insert(Flag.Command.begin() + 1, "-DN=2");
  UnitIdentity Dir = Base;
  Dir.WorkingDirectory = "/v";
  UnitIdentity Config = Base;
  Config.Config = "d";
  // Concatenations do not collide: {"ab", "c"} is not {"a", "bc"}.
  UnitIdentity Split = Base;
  Split.Command = {"clang++", "-x", "cu", "daa.cu"};
  for (const UnitIdentity &Other : {Flag, Dir, Config, Split})
    EXPECT_NE(unitKey(Other), Key);
}

class CacheOnDisk : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cache-test", Root));
    Options.Dir = (Root + "/cache").str();
    Header = (Root + "/h.cuh").str();
    Source = (Root + "/a.cu").str();
    write(Header, "#define N 1\n");
    write(Source, "#include \"h.cuh\"\n");
    // Files the cache trusts by time must be older than the run.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  static void write(const std::string &Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    Out << Text;
  }
  FileResult result() const {
    FileResult R;
    R.File = Source;
    R.Parsed = true;
    R.Inputs = {Header, Source};
    return R;
  }

  llvm::SmallString<128> Root;
  CacheOptions Options;
  std::string Header, Source;
};

TEST_F(CacheOnDisk, ChangedContentsInvalidateSameContentsDoNot) {
  {
    ResultCache Cache(Options, {});
    EXPECT_FALSE(Cache.lookup("k1"));
    Cache.store("k1", result());
    EXPECT_EQ(Cache.stats().Stored, 1u);
  }
  EXPECT_TRUE(ResultCache(Options, {}).lookup("k1"));
  write(Header, "#define N 1\n"); // New time, same bytes.
  EXPECT_TRUE(ResultCache(Options, {}).lookup("k1"));
  write(Header, "#define N 2\n");
  EXPECT_FALSE(ResultCache(Options, {}).lookup("k1"));
}

TEST_F(CacheOnDisk, FailuresAreNotStored) {
  ResultCache Cache(Options, {});
  FileResult Crashed = result();
  Crashed.FileErrors.push_back("cudalint crashed while analysing this file");
  Cache.store("k1", Crashed);
  EXPECT_EQ(Cache.stats().Stored, 0u);
  EXPECT_FALSE(ResultCache(Options, {}).lookup("k1"));
}

TEST_F(CacheOnDisk, TheSearchSetDecidesOnlyWhereTheSearchWasUsed) {
  FileResult Searched = result();
  Searched.UsedHeaderSearch = true;
  {
    ResultCache Cache(Options, {Header});
    Cache.store("searched", Searched);
    Cache.store("plain", result());
  }
  ResultCache Grown(Options, {Header, Root.str().str() + "/new.cuh"});
  EXPECT_FALSE(Grown.lookup("searched"));
  EXPECT_TRUE(Grown.lookup("plain"));
}

TEST_F(CacheOnDisk, DisabledCacheNeitherReadsNorWrites) {
  Options.Enabled = false;
  ResultCache Cache(Options, {});
  Cache.store("k1", result());
  EXPECT_FALSE(Cache.lookup("k1"));
  EXPECT_FALSE(llvm::sys::fs::exists(Options.Dir));
}

} // namespace
} // namespace cudalint
