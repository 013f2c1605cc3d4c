// `make run` runs the bundled examples; every expectation must hold in all three modes.
#include <gtest/gtest.h>

#include <string>

#include "cli/run_cli.hpp"

namespace {
std::string examples() { return std::string("GPUATOM_EXAMPLES=") + GPUATOM_SOURCE_DIR + "/examples "; }
}  // namespace

class BundledExamples : public testing::TestWithParam<const char*> {};

TEST_P(BundledExamples, EveryExpectationHolds) {
  const std::string command = std::string("run --quiet --mode ") + GetParam();
  // run_gpuatom prefixes the binary; the environment variable goes in front through env(1).
  const CliRun r = run_gpuatom_with_env(examples(), command);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(" passed, 0 failed"), std::string::npos) << r.out;
}

INSTANTIATE_TEST_SUITE_P(Modes, BundledExamples, testing::Values("parallel", "deterministic", "exhaustive"));

TEST(RunCommand, BadScenarioExitsTwoWithLocationAndWritesNothingElse) {
  const CliRun r = run_gpuatom("run " + std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/bad-isa.toml");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("bad-isa.toml:1:7: error: unknown isa 'cuda'"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("scenarios:"), std::string::npos) << r.out;
}

// Bad scenario files: exit 2, the place and the reason on stderr, and nothing on stdout.
TEST(RunCommand, BadScenarioFilesNameTheirPlace) {
  const std::pair<const char*, const char*> cases[] = {
      {"bad-syntax", "bad-syntax.toml:5:7: error: Error while parsing table header"},
      {"bad-register", "bad-register.toml:6:1: error: 'R300' is not a register"},
      {"bad-op-size", "bad-op-size.toml:2:22: error: ATOM.INC.S32 is illegal"},
      {"bad-overlap", "bad-overlap.toml:9:1: error: region 'b' [0x1080, 0x1180) overlaps region 'a'"},
      {"bad-expression", "bad-expression.toml:6:12: error: addr(nowhere): unknown function or name"},
  };
  for (const auto& [file, message] : cases) {
    const std::string path = std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/" + file + ".toml";
    const CliRun both = run_gpuatom("run " + path);
    EXPECT_EQ(both.exit_code, 2) << file;
    EXPECT_NE(both.out.find(message), std::string::npos) << both.out;
    const CliRun stdout_only = run_gpuatom_command("(" + std::string(GPUATOM_CLI) + " run " + path + " 2>/dev/null)");
    EXPECT_EQ(stdout_only.out, "") << file;
  }
}
