// What a platform has is asked of the platform table (gpuatom/intel/platform.hpp: `has(platform,
// feature)`, `first_platform_with()`): no other code compares platforms, as on NVIDIA
// (SassSingleSource.NoCodeComparesArchitectures) and AMD (TargetTable.NoCodeComparesGenerations).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

namespace gpuatom::intel {
namespace {

TEST(IntelSingleSource, NoCodeComparesPlatforms) {
  const std::regex comparison(R"(platform\s*(==|!=|<=|>=|<|>)[^=]|(==|!=|<=|>=|<|>)\s*(intel::)?Platform::)");
  EXPECT_TRUE(std::regex_search("if (options.platform >= Platform::xehp)", comparison));
  EXPECT_TRUE(std::regex_search("p == intel::Platform::pvc", comparison));
  EXPECT_FALSE(std::regex_search("has(platform, Feature::lsc)", comparison));
  EXPECT_FALSE(std::regex_search("Platform platform = Platform::gen12;", comparison));
  const std::filesystem::path root(GPUATOM_SOURCE_DIR);
  std::string found;
  for (const char* top : {"src", "include/gpuatom", "tools/gpuatom"})
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / top)) {
      if (!entry.is_regular_file() || entry.path().filename() == "platform.cpp") continue;  // the table
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number)
        if (std::regex_search(line.substr(0, line.find("//")), comparison))
          found += std::filesystem::relative(entry.path(), root).string() + ":" + std::to_string(number) + ": " + line +
                   "\n";
    }
  EXPECT_EQ(found, "");
}

}  // namespace
}  // namespace gpuatom::intel
