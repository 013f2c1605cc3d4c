// How options take their values (tools/gpuatom/main.cpp, one_value_per_use): one value per use,
// never the positionals after it; an empty value refused, never read as "not given"; --threads 0
// every core, as the embedding API documents; --quiet printing only what needs a look; docs
// --check outside a checkout saying so.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "cli/run_cli.hpp"

namespace {

namespace fs = std::filesystem;

TEST(OptionValues, DumpTakesOneValueAndLeavesTheScenarioPath) {
  for (const std::string& dump : {std::string("--dump sum "), std::string("--dump=sum ")}) {
    const CliRun r = run_gpuatom("run --mode deterministic " + dump + batch() + "/pass-sum.toml");
    EXPECT_EQ(r.exit_code, 0) << dump << "\n" << r.out;
    EXPECT_NE(r.out.find("== " + batch() + "/pass-sum.toml"), std::string::npos) << dump << "\n" << r.out;
    EXPECT_NE(r.out.find("sum (4 × f32, at 0x"), std::string::npos) << dump << "\n" << r.out;
    EXPECT_NE(r.out.find("1 scenarios: 1 passed"), std::string::npos) << dump << "\n" << r.out;
  }
  // Repeated, each use adds a region (or a comma list).
  const CliRun twice = run_gpuatom("run --mode deterministic --dump sum --dump sum:s32 " + batch() + "/pass-sum.toml");
  EXPECT_EQ(twice.exit_code, 0) << twice.out;
  EXPECT_NE(twice.out.find("0x42c08000  1119911936"), std::string::npos) << twice.out;
}

TEST(OptionValues, AnEmptyValueIsRefusedNotTakenForNotGiven) {
  for (const std::string& option : {std::string("--junit ''"), std::string("--max-memory ''"), std::string("--dump ''"),
                                    std::string("--mode ''")}) {
    const CliRun r = run_gpuatom("run " + batch() + "/pass-sum.toml " + option);
    EXPECT_EQ(r.exit_code, 2) << option << "\n" << r.out;
    EXPECT_EQ(r.out.rfind("gpuatom: error: ", 0), 0u) << option << "\n" << r.out;
    EXPECT_NE(r.out.find("an empty value"), std::string::npos) << option << "\n" << r.out;
    EXPECT_EQ(r.out.find("scenarios:"), std::string::npos) << option << "\n" << r.out;
  }
  // `--junit=` CLI11 refuses itself: "1 required TEXT missing".
  EXPECT_EQ(run_gpuatom("run " + batch() + "/pass-sum.toml --junit=").exit_code, 2);
  const CliRun out = run_gpuatom("report --out '' " + batch() + "/pass-sum.toml");
  EXPECT_EQ(out.exit_code, 2) << out.out;
  EXPECT_NE(out.out.find("--out: an empty value"), std::string::npos) << out.out;
}

TEST(OptionValues, ThreadsZeroIsEveryCore) {
  const CliRun r = run_gpuatom("run --threads 0 " + batch() + "/pass-sum.toml");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("[sass, parallel, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 scenarios: 1 passed"), std::string::npos) << r.out;
}

TEST(OptionValues, QuietPrintsOnlyWhatDidNotPassAndTheSummary) {
  const CliRun r =
      run_gpuatom("run --quiet --mode deterministic " + batch() + "/pass-sum.toml " + batch() + "/fail-count.toml");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_EQ(r.out.find("batch pass: float sum"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("batch fail: counter"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 scenarios: 1 passed, 1 failed"), std::string::npos) << r.out;
  // What --dump asks for is shown all the same.
  const CliRun dump = run_gpuatom("run --quiet --mode deterministic --dump sum " + batch() + "/pass-sum.toml");
  EXPECT_NE(dump.out.find("sum (4 × f32, at 0x"), std::string::npos) << dump.out;
}

TEST(OptionValues, DocsCheckOutsideACheckoutSaysSoNotStale) {
  const fs::path dir = fs::temp_directory_path() / ("gpuatom-docs-check-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const CliRun outside = run_gpuatom_command("cd " + dir.string() + " && " GPUATOM_CLI " docs --check");
  EXPECT_EQ(outside.exit_code, 2) << outside.out;
  EXPECT_NE(outside.out.find("docs/reference is not a directory: run it in a gpuatom checkout"), std::string::npos)
      << outside.out;
  EXPECT_EQ(outside.out.find("stale"), std::string::npos) << outside.out;
  // A directory without the files: each is called missing.
  fs::create_directories(dir / "docs/reference");
  const CliRun missing = run_gpuatom_command("cd " + dir.string() + " && " GPUATOM_CLI " docs --check");
  EXPECT_EQ(missing.exit_code, 1) << missing.out;
  EXPECT_NE(missing.out.find("docs/reference/cli.md is missing"), std::string::npos) << missing.out;
  EXPECT_EQ(missing.out.find("stale"), std::string::npos) << missing.out;
  fs::remove_all(dir);
}

}  // namespace
