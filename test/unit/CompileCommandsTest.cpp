//===--- CompileCommandsTest.cpp - nvcc to clang flag translation ---------===//

#include "worker/CompileCommands.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::Not;

namespace cudalint {
namespace {

// A flag with its value, spelled joined (-Ifoo) or separate (-I foo).
bool hasFlag(const std::vector<std::string> &Args, const std::string &Flag,
             const std::string &Value) {
  for (size_t I = 0; I < Args.size(); ++I) {
    if (Args[I] == Flag + Value)
      return true;
    if (Args[I] == Flag && I + 1 < Args.size() && Args[I + 1] == Value)
      return true;
  }
  return false;
}

TEST(TranslateCompileCommand, NvccFlagsBecomeClangFlags) {
  TranslatedCommand T = translateCompileCommand(
      {"/usr/local/cuda/bin/nvcc",
       "-gencode",
       "arch=compute_80,code=sm_80",
       "--generate-code=arch=compute_86,code=[compute_86,sm_86]",
       "-ccbin",
       "/usr/bin/g++",
       "-Xcompiler",
       "-fPIC,-Wall",
       "-Xptxas",
       "-v",
       "--expt-relaxed-constexpr",
       "--extended-lambda",
       "-rdc=true",
       "--use_fast_math",
       "-x",
       "cu",
       "--forward-unknown-to-host-compiler",
       "-Iinclude",
       "-isystem",
       "/opt/x",
       "-DFOO=1",
       "-std=c++17",
       "-O3",
       "-c",
       "src/a.cu",
       "-o",
       "a.o",
       "--some-future-nvcc-flag"});
  EXPECT_THAT(T.GpuArchs, ElementsAre("sm_80", "sm_86"));
  EXPECT_TRUE(hasFlag(T.Args, "-I", "include"));
  EXPECT_TRUE(hasFlag(T.Args, "-D", "FOO=1"));
  EXPECT_TRUE(hasFlag(T.Args, "-isystem", "/opt/x"));
  for (const char *Kept :
       {"-fPIC", "-Wall", "-fgpu-rdc", "-ffast-math", "-std=c++17", "-O3"})
    EXPECT_THAT(T.Args, Contains(Kept)) << Kept;
  for (const char *Gone :
       {"-ccbin", "/usr/bin/g++", "-v", "src/a.cu", "a.o", "-o", "-c", "cu",
        "--some-future-nvcc-flag", "--expt-relaxed-constexpr", "-Xptxas"})
    EXPECT_THAT(T.Args, Not(Contains(Gone))) << Gone;
  EXPECT_THAT(T.Dropped, Contains("--some-future-nvcc-flag"));
}

TEST(TranslateCompileCommand, ArchSpellings) {
  EXPECT_THAT(translateCompileCommand({"nvcc", "-arch=sm_90", "a.cu"}).GpuArchs,
              ElementsAre("sm_90"));
  EXPECT_THAT(
      translateCompileCommand({"nvcc", "-arch", "compute_75", "a.cu"}).GpuArchs,
      ElementsAre("sm_75"));
  EXPECT_THAT(translateCompileCommand(
                  {"clang++", "--cuda-gpu-arch=sm_70", "-x", "cuda", "a.cu"})
                  .GpuArchs,
              ElementsAre("sm_70"));
}

TEST(TranslateCompileCommand, EveryWayATargetIsNamed) {
  // -gencode's code= values, PTX targets, -code lists, arch-specific names.
  EXPECT_THAT(translateCompileCommand(
                  {"nvcc", "-gencode", "arch=compute_61,code=sm_61",
                   "--generate-code=arch=compute_90a,code=[sm_90a,compute_90a]",
                   "a.cu"})
                  .GpuArchs,
              ElementsAre("sm_61", "sm_90a"));
  EXPECT_THAT(translateCompileCommand({"nvcc", "--gpu-architecture=compute_70",
                                       "-code=sm_70,sm_75", "a.cu"})
                  .GpuArchs,
              ElementsAre("sm_70", "sm_75"));
  EXPECT_THAT(
      translateCompileCommand({"nvcc", "-arch=all-major", "a.cu"}).GpuArchs,
      ElementsAre("all-major"));
  EXPECT_THAT(
      translateCompileCommand({"nvcc", "-arch=native", "a.cu"}).GpuArchs,
      ElementsAre("native"));
  EXPECT_THAT(translateCompileCommand({"clang++", "--offload-arch=sm_86",
                                       "--cuda-gpu-arch=sm_89", "a.cu"})
                  .GpuArchs,
              ElementsAre("sm_86", "sm_89"));
}

TEST(TargetsDefinition, TheBuildsTargetsOrUnstated) {
  EXPECT_EQ(targetsDefinition({"sm_90", "sm_61"}, ""),
            "-D__CUDALINT_TARGETS__=sm_61,sm_90");
  EXPECT_EQ(targetsDefinition({"sm_90"}, "sm_75,sm_80"),
            "-D__CUDALINT_TARGETS__=sm_75,sm_80");
  EXPECT_EQ(targetsDefinition({"all-major"}, ""),
            "-D__CUDALINT_TARGETS__=sm_75,sm_80,sm_90,sm_100,sm_110,sm_120");
  EXPECT_EQ(targetsDefinition({}, ""), "-D__CUDALINT_TARGETS__=unstated");
  EXPECT_EQ(targetsDefinition({"native"}, ""),
            "-D__CUDALINT_TARGETS__=unstated");
}

TEST(TranslateCompileCommand, ResponseFilesAreExpanded) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("flags", "rsp", Path));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << "-DFROM_RSP \"-I/path with space\" -Xcompiler -fopenmp\n";
  }
  TranslatedCommand T =
      translateCompileCommand({"nvcc", ("@" + Path).str(), "--options-file",
                               std::string(Path), "a.cu"});
  EXPECT_TRUE(hasFlag(T.Args, "-D", "FROM_RSP"));
  EXPECT_TRUE(hasFlag(T.Args, "-I", "/path with space"));
  EXPECT_THAT(T.Args, Contains("-fopenmp"));
  llvm::sys::fs::remove(Path);
}

TEST(TranslateCompileCommand, HostOnlyFlagsDoNotReachTheDeviceParse) {
  TranslatedCommand T = translateCompileCommand(
      {"g++", "-march=native", "-Werror", "-O2", "-c", "a.cu"});
  EXPECT_THAT(T.Args, Not(Contains("-march=native")));
  EXPECT_THAT(T.Args, Not(Contains("-Werror")));
  EXPECT_THAT(T.Args, Contains("-O2"));
}

TEST(ChooseGpuArch, NewestKnownOrOverride) {
  EXPECT_EQ(chooseGpuArch({"sm_70", "sm_90", "sm_80"}, ""), "sm_90");
  EXPECT_EQ(chooseGpuArch({"sm_100"}, ""), "sm_90a");
  EXPECT_EQ(chooseGpuArch({}, ""), "sm_80");
  EXPECT_EQ(chooseGpuArch({"sm_70"}, "sm_86"), "sm_86");
  EXPECT_EQ(chooseGpuArch({"sm_90"}, "sm_61,sm_75"), "sm_75");
  EXPECT_EQ(chooseGpuArch({"native"}, ""), "sm_80");
  EXPECT_EQ(chooseGpuArch({"sm_90a"}, ""), "sm_90a");
}

TEST(BuildParseCommand, DeviceSideWithCudaFlags) {
  Toolchain TC{"/usr/local/cuda", "/res", "/shim"};
  std::vector<std::string> Cmd =
      buildParseCommand(TC, {}, "", {"-DEXTRA"}, "/src/a.cu");
  EXPECT_EQ(Cmd.back(), "/src/a.cu");
  EXPECT_THAT(Cmd, Contains("--cuda-device-only"));
  EXPECT_THAT(Cmd, Contains("--cuda-path=/usr/local/cuda"));
  EXPECT_THAT(Cmd, Contains("-resource-dir=/res"));
  EXPECT_THAT(Cmd, Contains("/shim"));
  EXPECT_THAT(Cmd, Contains("-DEXTRA"));

  std::vector<std::string> Hermetic =
      buildParseCommand(TC, {}, "", {"-nocudainc"}, "/src/a.cu");
  EXPECT_THAT(Hermetic, Not(Contains("--cuda-path=/usr/local/cuda")));
}

} // namespace
} // namespace cudalint
