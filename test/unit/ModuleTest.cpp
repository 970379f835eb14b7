//===--- ModuleTest.cpp - plugin version guard ----------------------------===//

#include "CudaLintModule.h"

#include "gtest/gtest.h"

namespace cudalint {
namespace {

TEST(Module, VersionNumberFromBanner) {
  EXPECT_EQ(versionNumberIn("Debian clang version 19.1.7 (3~deb12u1)"),
            "19.1.7");
  EXPECT_EQ(versionNumberIn("clang version 18.1.8"), "18.1.8");
  EXPECT_EQ(versionNumberIn("no digits"), "");
}

TEST(Module, OnlySameMajorVersionIsCompatible) {
  EXPECT_TRUE(isCompatibleClangVersion("19.1.7", "19.1.0"));
  EXPECT_FALSE(isCompatibleClangVersion("19.1.7", "18.1.8"));
  EXPECT_FALSE(isCompatibleClangVersion("19.1.7", "20.1.0"));
  EXPECT_FALSE(isCompatibleClangVersion("19.1.7", ""));
}

TEST(Module, RefusesAnotherMajorVersion) {
  EXPECT_FALSE(registerCudaLintModule("18.1.8"));
}

} // namespace
} // namespace cudalint
