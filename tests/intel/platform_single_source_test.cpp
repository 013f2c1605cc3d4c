// What a platform has is asked of the platform table (gpuatom/intel/platform.hpp: `has(platform,
// feature)`, `first_platform_with()`): no other code compares platforms, as on NVIDIA
// (SassSingleSource.NoCodeComparesArchitectures) and AMD (TargetTable.NoCodeComparesGenerations).
#include <gtest/gtest.h>

#include <regex>

#include "common/code_lines.hpp"

namespace gpuatom::intel {
namespace {

TEST(IntelSingleSource, NoCodeComparesPlatforms) {
  const std::regex comparison(R"(platform\s*(==|!=|<=|>=|<|>)[^=]|(==|!=|<=|>=|<|>)\s*(intel::)?Platform::)");
  EXPECT_TRUE(std::regex_search("if (options.platform >= Platform::xehp)", comparison));
  EXPECT_TRUE(std::regex_search("p == intel::Platform::pvc", comparison));
  EXPECT_FALSE(std::regex_search("has(platform, Feature::lsc)", comparison));
  EXPECT_FALSE(std::regex_search("Platform platform = Platform::gen12;", comparison));
  EXPECT_EQ(
      gpuatom::testing::code_lines_matching(comparison, {"src", "include/gpuatom", "tools/gpuatom"}, {"platform.cpp"}),
      "");
}

}  // namespace
}  // namespace gpuatom::intel
