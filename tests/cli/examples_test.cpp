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
