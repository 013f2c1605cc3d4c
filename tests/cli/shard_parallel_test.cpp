// `gpuatom run --shard K/N` as docs/scaling.md runs it: four shards through GNU parallel, merged by
// `gpuatom merge`, give the unsharded run's verdict, JSON, JUnit report and HTML page (times
// aside), for a directory batch and for one exhaustive search split by subtree.
#include <gtest/gtest.h>

#include <cstdlib>

#include "cli/run_cli.hpp"
#include "cli/shard_files.hpp"

namespace {

using namespace shard_test;

bool have_parallel() { return std::system("command -v parallel >/dev/null 2>&1") == 0; }

struct Compared {
  CliRun single, merged;
  fs::path dir;
};

// The unsharded run of `what` and the merge of its four shards, each writing JSON, JUnit and a page.
Compared run_both_ways(const std::string& name, const std::string& what) {
  Compared c;
  c.dir = scratch(name);
  const std::string d = c.dir.string();
  c.single =
      run_gpuatom_command(to_file("run " + what + " --quiet --json --junit " + d + "/single.xml", d + "/single.json"));
  run_gpuatom("report --json " + d + "/single.json --out " + d + "/single-report");
  const CliRun shards = run_gpuatom_command("parallel --halt never -j2 " GPUATOM_CLI " run " + what +
                                            " --quiet --shard {}/4 --json --junit " + d + "/shard-{}.xml '>' " + d +
                                            "/shard-{}.json ::: 1 2 3 4");
  EXPECT_LE(shards.exit_code, 4) << shards.out;
  c.merged = run_gpuatom_command(to_file("merge " + d + "/shard-1.json " + d + "/shard-3.json " + d + "/shard-2.json " +
                                             d + "/shard-4.json --json --junit " + d + "/merged.xml --report " + d +
                                             "/merged-report",
                                         d + "/merged.json"));
  return c;
}

void expect_same_results(const Compared& c) {
  const fs::path& d = c.dir;
  EXPECT_EQ(c.merged.exit_code, c.single.exit_code) << c.merged.out;
  EXPECT_EQ(without_times(nlohmann::json::parse(read(d / "merged.json"))),
            without_times(nlohmann::json::parse(read(d / "single.json"))));
  EXPECT_EQ(junit_without_times(read(d / "merged.xml")), junit_without_times(read(d / "single.xml")));
  const std::string single_page = read(d / "single-report/index.html");
  EXPECT_GT(single_page.size(), 1000u);
  EXPECT_EQ(read(d / "merged-report/index.html"), single_page);
}

TEST(ShardParallel, DirectoryBatchMergesToTheSingleRun) {
  if (!have_parallel()) GTEST_SKIP() << "GNU parallel (Debian package parallel) is not installed";
  // Passed, failed and bad input: exit 2 either way; two of the four shards get no file.
  const Compared batch = run_both_ways("batch", source("tests/cli/data/batch") + " --mode deterministic");
  EXPECT_EQ(batch.single.exit_code, 2);
  expect_same_results(batch);
  // Every shard's result names itself and the whole set; together they ran each file once.
  size_t ran = 0;
  for (int k = 1; k <= 4; ++k) {
    const nlohmann::json shard = nlohmann::json::parse(read(batch.dir / ("shard-" + std::to_string(k) + ".json")));
    EXPECT_EQ(shard["shard"]["index"], k);
    EXPECT_EQ(shard["shard"]["count"], 4);
    EXPECT_EQ(shard["shard"]["split"], "files");
    EXPECT_EQ(shard["shard"]["scenarios"].size(), 4u);
    ran += shard["runs"].size();
  }
  EXPECT_EQ(ran, 4u);
}

TEST(ShardParallel, ExhaustiveSearchSplitBySubtreeMergesToTheSingleRun) {
  if (!have_parallel()) GTEST_SKIP() << "GNU parallel (Debian package parallel) is not installed";
  const Compared search =
      run_both_ways("search", source("examples/intel/svm-fmin-fmax-nan.toml") + " --mode exhaustive");
  EXPECT_EQ(search.single.exit_code, 0);
  expect_same_results(search);
  const nlohmann::json single = nlohmann::json::parse(read(search.dir / "single.json"));
  uint64_t executions = 0, shards_that_searched = 0;
  for (int k = 1; k <= 4; ++k) {
    const nlohmann::json shard = nlohmann::json::parse(read(search.dir / ("shard-" + std::to_string(k) + ".json")));
    EXPECT_EQ(shard["shard"]["split"], "subtrees");
    const nlohmann::json& run = shard["runs"][0];
    EXPECT_GT(run["shard_search"]["subtrees"].get<uint64_t>(), 4u);  // more subtrees than shards
    executions += run["executions"].get<uint64_t>();
    if (run["executions"].get<uint64_t>() > 0) ++shards_that_searched;
  }
  EXPECT_EQ(executions, single[0]["executions"].get<uint64_t>());
  EXPECT_GE(shards_that_searched, 3u);
}

// An expectation over every interleaving is judged on the union: an outcome that fails in one
// shard's subtrees fails the merged run, though the other shards saw none.
TEST(ShardParallel, MergedSearchFailsWhereOneShardFoundTheFailingOutcome) {
  if (!have_parallel()) GTEST_SKIP() << "GNU parallel (Debian package parallel) is not installed";
  const Compared search =
      run_both_ways("failing", source("tests/cli/data/shard/exchange-fails-sometimes.toml") + " --mode exhaustive");
  EXPECT_EQ(search.single.exit_code, 1) << search.single.out;
  expect_same_results(search);
  int passing_shards = 0;
  for (int k = 1; k <= 4; ++k) {
    const nlohmann::json shard = nlohmann::json::parse(read(search.dir / ("shard-" + std::to_string(k) + ".json")));
    if (shard["runs"][0]["status"] == "passed") ++passing_shards;
  }
  EXPECT_GE(passing_shards, 1);  // that shard alone would have passed
}

}  // namespace
