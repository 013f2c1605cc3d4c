// The launch layer only translates a setup: the vendors' lane machines (NVIDIA's warp, Intel's
// SIMD thread, AMD's wavefront) live in their vendor's exec/ folder, and launch/bind_*.cpp define
// none; the scenario layer, above it, only reads files and calls no vendor's loader.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(LaunchBindings, DefineNoLaneMachine) {
  const std::filesystem::path root(GPUATOM_SOURCE_DIR);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root / "src" / "launch")) {
    const std::string text = read(entry.path());
    for (const char* machine : {"class WarpLanes", "class ThreadLanes", "class WaveLanes", "class Registers",
                                "class ChannelReader", "struct GroupState"})
      EXPECT_EQ(text.find(machine), std::string::npos) << entry.path().filename() << " defines " << machine;
    ++files;
  }
  EXPECT_GT(files, 5);
  EXPECT_NE(read(root / "include/gpuatom/nvidia/exec/warp.hpp").find("class WarpLanes"), std::string::npos);
  EXPECT_NE(read(root / "include/gpuatom/intel/exec/thread.hpp").find("class ThreadLanes"), std::string::npos);
  EXPECT_NE(read(root / "include/gpuatom/amd/exec/wave.hpp").find("class WaveLanes"), std::string::npos);
}

TEST(LaunchBindings, ScenarioFilesLeaveTheVendorsToTheLaunchLayer) {
  const std::filesystem::path root(GPUATOM_SOURCE_DIR);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root / "src" / "scenario")) {
    const std::string text = read(entry.path());
    for (const char* vendor : {"load_program(", "prepare(", "gpuatom/nvidia/", "gpuatom/intel/", "gpuatom/amd/"})
      EXPECT_EQ(text.find(vendor), std::string::npos) << entry.path().filename() << " names " << vendor;
    EXPECT_NE(entry.path().filename().string().rfind("bind_", 0), 0u) << entry.path().filename();
    ++files;
  }
  EXPECT_GT(files, 0);
}

}  // namespace
