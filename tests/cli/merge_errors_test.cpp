// `gpuatom merge` refuses shards that are not one whole run, naming the file: another N, a shard
// given twice, a shard missing, another scenario set, a file that is no shard's result; and
// `gpuatom run --shard` refuses a K/N that names no shard.
#include <gtest/gtest.h>

#include "cli/run_cli.hpp"
#include "cli/shard_files.hpp"

namespace {

using namespace shard_test;

class MergeErrors : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(scratch("merge-errors"));
    const std::string batch = source("tests/cli/data/batch");
    for (const std::string shard : {"1/2", "2/2", "1/3"})
      run_gpuatom_command(
          to_file("run " + batch + " --quiet --mode deterministic --json --shard " + shard, path(shard)));
    run_gpuatom_command(to_file("run " + source("tests/cli/data/batch/deeper") + " --quiet --json --shard 2/2",
                                *dir_ / "other-set.json"));
    run_gpuatom_command(to_file("run " + batch + "/pass-sum.toml --quiet --json", *dir_ / "plain.json"));
  }
  static void TearDownTestSuite() { delete dir_; }
  static fs::path path(std::string shard) {
    shard[shard.find('/')] = '-';
    return *dir_ / ("shard-" + shard + ".json");
  }
  static CliRun merge(const std::string& files) { return run_gpuatom("merge " + files); }
  static fs::path* dir_;
};
fs::path* MergeErrors::dir_ = nullptr;

TEST_F(MergeErrors, TheTwoShardsOfOneRunMerge) {
  const CliRun r = merge(path("2/2").string() + " " + path("1/2").string() + " --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.out;  // the batch's own verdict: one file is bad input
  EXPECT_NE(r.out.find("4 scenarios: 2 passed, 1 failed, 1 bad input"), std::string::npos) << r.out;
}

TEST_F(MergeErrors, AShardOfAnotherCountIsNamed) {
  const CliRun r = merge(path("1/2").string() + " " + path("1/3").string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find(path("1/3").string() + ": shard 1/3 of another run: " + path("1/2").string() + " is shard 1/2"),
            std::string::npos)
      << r.out;
}

TEST_F(MergeErrors, AShardGivenTwiceIsNamed) {
  const CliRun r = merge(path("1/2").string() + " " + path("1/2").string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find(path("1/2").string() + ": shard 1/2 again (also " + path("1/2").string() + ")"),
            std::string::npos)
      << r.out;
}

TEST_F(MergeErrors, AMissingShardIsNamed) {
  const CliRun r = merge(path("1/2").string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("shard 2/2 is missing: no result given for it"), std::string::npos) << r.out;
}

TEST_F(MergeErrors, AnotherScenarioSetIsNamed) {
  const CliRun r = merge(path("1/2").string() + " " + (*dir_ / "other-set.json").string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find((*dir_ / "other-set.json").string() + ": a scenario set (1 files) other than"),
            std::string::npos)
      << r.out;
}

TEST_F(MergeErrors, AResultThatIsNoShardsIsNamed) {
  const CliRun r = merge((*dir_ / "plain.json").string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find((*dir_ / "plain.json").string() + ": not a `gpuatom run --shard K/N --json` result"),
            std::string::npos)
      << r.out;
  const CliRun missing = merge((*dir_ / "none.json").string());
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.out.find("none.json"), std::string::npos) << missing.out;
}

TEST(ShardOption, ValuesThatNameNoShardAreRefusedNamingTheOption) {
  for (const std::string bad : {"0/4", "5/4", "1/0", "4", "a/b", "1/4x", "-1/4", "/4"}) {
    const CliRun r = run_gpuatom("run " + source("tests/cli/data/batch/pass-sum.toml") + " --shard " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_NE(r.out.find("--shard " + bad + ": expected K/N"), std::string::npos) << r.out;
  }
}

}  // namespace
