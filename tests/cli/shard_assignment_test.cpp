// A batch's files are assigned to shards by a hash of their path relative to the directory given:
// each file to exactly one shard, the same whichever way the directory is spelled, and unchanged
// when other files are added.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "cli/run_cli.hpp"
#include "cli/shard_files.hpp"

namespace {

using namespace shard_test;

// Each file's shard (1 … n), by file name, when `dir` (as spelled) is split n ways.
std::map<std::string, int> assignment(const std::string& dir, int n) {
  std::map<std::string, int> shard_of;
  for (int k = 1; k <= n; ++k) {
    const CliRun r = run_gpuatom("run " + dir + " --quiet --mode deterministic --json --shard " + std::to_string(k) +
                                 "/" + std::to_string(n));
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const nlohmann::json result = nlohmann::json::parse(r.out);  // kept: the loop refers into it
    for (const auto& run : result["runs"]) {
      const std::string name = fs::path(run["file"].get<std::string>()).filename().string();
      EXPECT_FALSE(shard_of.contains(name)) << name << " is in two shards";
      shard_of[name] = k;
    }
  }
  return shard_of;
}

TEST(ShardAssignment, StableWhenFilesAreAddedAndWhateverTheDirectorysSpelling) {
  const fs::path dir = scratch("assignment");
  const std::string scenario = read(source("tests/cli/data/batch/pass-sum.toml"));
  for (const char* name : {"a", "b", "c", "d", "e", "f", "g", "h"})
    std::ofstream(dir / (std::string(name) + ".toml")) << scenario;
  const std::map<std::string, int> before = assignment(dir.string(), 3);
  ASSERT_EQ(before.size(), 8u);
  std::set<int> used;
  for (const auto& [name, k] : before) used.insert(k);
  EXPECT_GT(used.size(), 1u);  // the files are spread, not all in one shard

  EXPECT_EQ(assignment((dir / ".." / dir.filename()).string(), 3), before);

  for (const char* name : {"i", "j", "k"}) std::ofstream(dir / (std::string(name) + ".toml")) << scenario;
  std::map<std::string, int> after = assignment(dir.string(), 3);
  EXPECT_EQ(after.size(), 11u);
  for (const char* name : {"i", "j", "k"}) after.erase(std::string(name) + ".toml");
  EXPECT_EQ(after, before);
}

// The hash is fixed by its definition (FNV-1a of the relative path), so every machine and release
// agrees: these files of tests/cli/data/batch go to these shards of 4.
TEST(ShardAssignment, TheHashIsFixed) {
  const std::map<std::string, int> expected = {
      {"pass-sum.toml", 1}, {"bad-lanes.toml", 1}, {"fail-count.toml", 4}, {"pass-exhaustive.toml", 4}};
  std::map<std::string, int> got;
  for (int k = 1; k <= 4; ++k) {
    const fs::path result = scratch("fixed") / "shard.json";
    run_gpuatom_command(to_file("run " + source("tests/cli/data/batch") +
                                    " --quiet --mode deterministic --json --shard " + std::to_string(k) + "/4",
                                result));
    const nlohmann::json shard = nlohmann::json::parse(read(result));  // kept: the loop refers into it
    for (const auto& run : shard["runs"]) got[fs::path(run["file"].get<std::string>()).filename().string()] = k;
  }
  EXPECT_EQ(got, expected);
}

}  // namespace
