// The scenario layer only translates files: the vendors' lane machines (NVIDIA's warp, Intel's
// SIMD thread, AMD's wavefront) live in their vendor's exec/ folder, and scenario/bind_*.cpp
// define none (issue 28).
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

TEST(ScenarioBindings, DefineNoLaneMachine) {
  const std::filesystem::path root(GPUATOM_SOURCE_DIR);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root / "src" / "scenario")) {
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

}  // namespace
