// `gpuatom run` verdicts are honest (issue 39): a fault no expectation mentions fails the
// scenario, a check over nothing is never a PASS, and an exhaustive search stopped at its cap is
// undecided (exit 5), not a failure.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/run_cli.hpp"

namespace {

namespace fs = std::filesystem;

// A scenario file of `text` in a fresh temporary folder; its path.
std::string scenario_file(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / ("gpuatom-verdicts-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path path = dir / name;
  std::ofstream(path) << text;
  return path.string();
}

// Four lanes add 1 to words past the end of a 16-byte region: every access faults out of range.
const std::string out_of_range =
    "isa = \"sass\"\n"
    "program = \"ATOM.E.ADD R0, [R2], R4 ;\"\n"
    "[launch]\nlanes = 4\n"
    "[[region]]\nname = \"a\"\nsize = 16\n"
    "[lanes]\nR2 = \"lo(addr(a) + 64 + tid * 4)\"\nR3 = \"hi(addr(a) + 64 + tid * 4)\"\nR4 = 1\n"
    "[[expect]]\nregion = \"a\"\ntype = \"u32\"\neach = 0\n";

}  // namespace

TEST(Verdicts, AFaultNoExpectationMentionsFailsTheScenario) {
  const CliRun r = run_gpuatom("run " + scenario_file("faults.toml", out_of_range) + " --quiet --mode deterministic");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL  no lane faults (no [[expect]] mentions faults)    4 lanes faulted; first: lane 0"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("   ok\n"), std::string::npos) << r.out;
}

TEST(Verdicts, FaultsThatAnExpectationCountsPass) {
  const CliRun counted =
      run_gpuatom("run " + scenario_file("counted.toml", out_of_range + "[[expect]]\nfaults = 4\n") + " --quiet");
  EXPECT_EQ(counted.exit_code, 0) << counted.out;
  // Naming one faulting lane accounts for that lane only: the other three still fail the run.
  const CliRun one = run_gpuatom(
      "run " + scenario_file("one.toml", out_of_range + "[[expect]]\nfault = \"out-of-range\"\nat_lane = 2\n") +
      " --quiet");
  EXPECT_EQ(one.exit_code, 1) << one.out;
  EXPECT_NE(one.out.find("FAIL  no lane faults but those named by `fault` expectations    3 lanes faulted; first: "
                         "lane 0"),
            std::string::npos)
      << one.out;
}

TEST(Verdicts, ALaneCheckOverNoActiveLaneFails) {
  const std::string text =
      "isa = \"sass\"\n"
      "program = \"ATOM.E.ADD R0, [R2], R4 ;\"\n"
      "[launch]\nlanes = 4\nactive = \"0\"\n"
      "[[region]]\nname = \"a\"\nsize = 16\n"
      "[lanes]\nR2 = \"lo(addr(a))\"\nR3 = \"hi(addr(a))\"\nR4 = 1\n"
      "[[expect]]\nlane = \"R0\"\neach = 7\n"
      "[[expect]]\nlane = \"R0\"\npermutation = \"i\"\n"
      "[[expect]]\nlane = \"R0\"\ndistinct = true\n";
  const CliRun r = run_gpuatom("run " + scenario_file("inactive.toml", text) + " --quiet");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL  R0 == 7 in every lane    0 active lanes: the check is over nothing"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("FAIL  R0 over the lanes is a permutation of i    0 active lanes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("FAIL  R0 distinct across lanes    0 active lanes"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("PASS"), std::string::npos) << r.out;
}

TEST(Verdicts, ARegionSmallerThanOneElementIsBadInput) {
  const std::string text =
      "isa = \"sass\"\n"
      "program = \"ATOM.E.ADD R0, [R2], R4 ;\"\n"
      "[launch]\nlanes = 4\n"
      "[[region]]\nname = \"a\"\nsize = 2\n"
      "[lanes]\nR2 = \"lo(addr(a))\"\nR3 = \"hi(addr(a))\"\nR4 = 1\n"
      "[[expect]]\nregion = \"a\"\ntype = \"u32\"\neach = \"4\"\n";
  const CliRun r = run_gpuatom("run " + scenario_file("small.toml", text) + " --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("small.toml:14:8: error: region 'a' has 2 bytes, less than one u32 element"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("PASS"), std::string::npos) << r.out;
}

TEST(Verdicts, AnExhaustiveRunStoppedAtTheCapIsUndecided) {
  const std::string example = std::string(GPUATOM_SOURCE_DIR) + "/examples/nvidia/inc-race-small.toml";
  const CliRun r = run_gpuatom("run " + example + " --mode exhaustive --max-executions 2 --quiet");
  EXPECT_EQ(r.exit_code, 5) << r.out;
  EXPECT_NE(r.out.find("UNDECIDED  every interleaving explored    exploration stopped at the cap after"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("1 scenarios: 0 passed, 0 failed, 1 undecided"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  // The JSON status says the same.
  const CliRun json = run_gpuatom("run " + example + " --mode exhaustive --max-executions 2 --quiet --json");
  EXPECT_EQ(json.exit_code, 5) << json.out;
  EXPECT_NE(json.out.find("\"status\": \"undecided\""), std::string::npos) << json.out;
}

TEST(Verdicts, ExplainableOverNoAtomicFails) {
  const std::string text =
      "isa = \"sass\"\n"
      "program = \"ATOM.E.ADD R0, [R2], R4 ;\"\n"
      "[launch]\nlanes = 4\nactive = \"0\"\n"
      "[[region]]\nname = \"a\"\nsize = 16\n"
      "[lanes]\nR2 = \"lo(addr(a))\"\nR3 = \"hi(addr(a))\"\nR4 = 1\n"
      "[[expect]]\nexplainable = true\n";
  const CliRun r = run_gpuatom("run " + scenario_file("nothing.toml", text) + " --quiet --mode deterministic");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL  returned values explainable by a serial order    no atomic was performed"),
            std::string::npos)
      << r.out;
}
