// Every item the spec marks ASSUMPTION is visible in `gpuatom explain`, with where it is stated.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli/run_cli.hpp"

TEST(ExplainCommand, EverySpecAssumptionIsListed) {
  const CliRun r = run_gpuatom("explain --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto list = nlohmann::json::parse(r.out);
  std::set<std::string> cited;
  for (const auto& a : list)
    if (a["label"] == "ASSUMPTION") cited.insert(a["source"].get<std::string>());
  // The sections of docs/spec/nvidia.md and docs/spec/intel.md whose text says ASSUMPTION.
  for (const char* section : {"docs/spec/nvidia.md §3.2", "docs/spec/nvidia.md §3.3", "docs/spec/nvidia.md §4.2",
                              "docs/spec/nvidia.md §4.3", "docs/spec/nvidia.md §4.4", "docs/spec/nvidia.md §6.6",
                              "docs/spec/nvidia.md §8.2", "docs/spec/intel.md §4.1", "docs/spec/intel.md §5.1"})
    EXPECT_TRUE(cited.count(section)) << section;
}

TEST(ExplainCommand, HumanOutputNamesLabelAndSwitch) {
  const CliRun r = run_gpuatom("explain nvidia");
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("[ASSUMPTION] nvidia.f16x2-no-flush"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("changed by --f16x2-flush"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("intel."), std::string::npos);
  EXPECT_EQ(run_gpuatom("explain cuda").exit_code, 2);
}
