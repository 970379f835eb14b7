//===--- GpuTargetsTest.cpp - the architecture table and target sets ------===//

#include "analysis/GpuTargets.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace cudalint;

namespace {

GpuTargets targets(llvm::StringRef List) {
  std::optional<GpuTargets> T = GpuTargets::parse(List, TargetSource::Build);
  EXPECT_TRUE(T.has_value()) << List.str();
  return T.value_or(GpuTargets::defaults());
}

std::string names(const GpuTargets &T) { return targetNames(T.all()); }

} // namespace

TEST(GpuTargets, SpellingsOfOneTarget) {
  EXPECT_EQ(names(targets("sm_61")), "sm_61");
  EXPECT_EQ(names(targets("compute_70")), "sm_70");
  EXPECT_EQ(names(targets("lto_86")), "sm_86");
  EXPECT_EQ(names(targets("sm_90a")), "sm_90a");
  EXPECT_EQ(names(targets("89")), "sm_89");
  // Sorted, duplicates gone, commas or spaces.
  EXPECT_EQ(names(targets("sm_90, sm_61 sm_90,compute_61")), "sm_61 and sm_90");
}

TEST(GpuTargets, AllAndAllMajorAreNvcc13s) {
  EXPECT_EQ(names(targets("all-major")),
            "sm_75, sm_80, sm_90, sm_100, sm_110 and sm_120");
  GpuTargets All = targets("all");
  EXPECT_EQ(All.all().front().Capability, 75u);
  EXPECT_EQ(All.all().back().Capability, 121u);
  EXPECT_EQ(All.all().size(), GpuTargets::defaults().all().size());
}

TEST(GpuTargets, UnknownNamesAndNothingAreRejected) {
  std::string Error;
  EXPECT_FALSE(GpuTargets::parse("sm_bogus", TargetSource::Build, &Error));
  EXPECT_EQ(Error, "unknown GPU architecture 'sm_bogus'");
  EXPECT_FALSE(GpuTargets::parse("native", TargetSource::Build));
  EXPECT_FALSE(GpuTargets::parse("unstated", TargetSource::Build));
  EXPECT_FALSE(GpuTargets::parse("", TargetSource::Option));
}

TEST(GpuTargets, FeaturesByCapability) {
  auto Has = [](const char *Arch, GpuFeature F) {
    return targets(Arch).allHave(F);
  };
  EXPECT_FALSE(Has("sm_61", GpuFeature::TensorCores));
  EXPECT_TRUE(Has("sm_70", GpuFeature::TensorCores));
  EXPECT_FALSE(Has("sm_75", GpuFeature::Tf32TensorCores));
  EXPECT_TRUE(Has("sm_80", GpuFeature::Tf32TensorCores));
  EXPECT_TRUE(Has("sm_86", GpuFeature::Bf16TensorCores));
  EXPECT_FALSE(Has("sm_86", GpuFeature::Fp8TensorCores));
  EXPECT_TRUE(Has("sm_89", GpuFeature::Fp8TensorCores));
  // FP64 tensor cores at a useful rate: the data-centre parts only.
  EXPECT_TRUE(Has("sm_80,sm_90,sm_100", GpuFeature::Fp64TensorCores));
  for (const char *Consumer : {"sm_86", "sm_89", "sm_103", "sm_120"})
    EXPECT_FALSE(Has(Consumer, GpuFeature::Fp64TensorCores)) << Consumer;
  EXPECT_TRUE(Has("sm_61", GpuFeature::DoubleAtomicAdd));
  EXPECT_FALSE(Has("sm_61", GpuFeature::HalfAtomicAdd));
  EXPECT_FALSE(Has("sm_75", GpuFeature::WarpReduceSync));
  EXPECT_TRUE(Has("sm_80", GpuFeature::CpAsync));
  EXPECT_FALSE(Has("sm_61", GpuFeature::ThreadScheduling));
  EXPECT_TRUE(Has("sm_70", GpuFeature::ThreadScheduling));
  EXPECT_TRUE(Has("sm_120", GpuFeature::Tma));
  EXPECT_FALSE(Has("sm_90", GpuFeature::Wgmma));
  EXPECT_TRUE(Has("sm_90a", GpuFeature::Wgmma));
  EXPECT_FALSE(Has("sm_100a", GpuFeature::Wgmma));
}

TEST(GpuTargets, TheTableKnowsEachBuiltArchitecture) {
  GpuTargets Built = GpuTargets::defaults();
  for (const GpuTarget &T : Built.all()) {
    const GpuArchitecture *A = T.architecture();
    ASSERT_NE(A, nullptr) << T.name();
    EXPECT_TRUE(A->MaxWarpsPerSM == 32 || A->MaxWarpsPerSM == 48 ||
                A->MaxWarpsPerSM == 64)
        << T.name();
    EXPECT_GE(A->SharedKiBPerSM, A->SharedKiBPerBlock) << T.name();
  }
  EXPECT_EQ(targets("sm_86").all().front().architecture()->MaxWarpsPerSM, 48u);
  EXPECT_EQ(targets("sm_90").all().front().architecture()->SharedKiBPerBlock,
            227u);
}

TEST(GpuTargets, AdviceForEveryTargetOrSaysWhich) {
  GpuTargets Mixed = targets("sm_61,sm_75,sm_90");
  EXPECT_FALSE(Mixed.allHave(GpuFeature::Tf32TensorCores));
  EXPECT_EQ(targetNames(Mixed.lacking(GpuFeature::Tf32TensorCores)),
            "sm_61 and sm_75");
  EXPECT_EQ(featureMissingText(GpuFeature::Tf32TensorCores, Mixed),
            "TF32 tensor cores (sm_80 and later) not assumed: this build "
            "targets sm_61 and sm_75, which lack them");
  EXPECT_NE(
      featureMissingText(GpuFeature::Tf32TensorCores, GpuTargets::defaults())
          .find("the build states no target"),
      std::string::npos);
}

TEST(GpuTargets, FiguresFromSm90AreCaveatedElsewhere) {
  EXPECT_EQ(measuredElsewhereText(targets("sm_90")), "");
  EXPECT_EQ(measuredElsewhereText(GpuTargets::defaults()), "");
  EXPECT_EQ(measuredElsewhereText(targets("sm_61")),
            "cudalint's figures were measured on H100 and H200 GPUs (sm_90), "
            "not on sm_61, which this build targets: a remedy's gain differs "
            "between GPUs");
  EXPECT_NE(measuredElsewhereText(targets("sm_80,sm_90")).find("also targets"),
            std::string::npos);
}

TEST(GpuTargets, ParseableArchitecture) {
  EXPECT_EQ(parseableArchitecture({61, false}), "sm_61");
  EXPECT_EQ(parseableArchitecture({90, true}), "sm_90a");
  EXPECT_EQ(parseableArchitecture({120, false}), "sm_90a");
}
