// A command whose standard output cannot be written has not succeeded (docs/reliability.md): it
// exits 4 and says so on standard error, whatever it had to print.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli/run_cli.hpp"

namespace {

// `args` with standard output on /dev/full and standard error kept.
CliRun run_to_full_device(const std::string& args) {
  return run_gpuatom_command("sh -c '" + std::string(GPUATOM_CLI) + " " + args + " 2>&1 >/dev/full'");
}

}  // namespace

TEST(LostOutput, EveryCommandThatPrintsExitsFour) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const std::string source = GPUATOM_SOURCE_DIR;
  for (const std::string& args :
       {std::string("disasm sass 0xed07000100570200"), std::string("alu intel add --old 1 --src0 2"),
        std::string("explain"), std::string("--help"),
        "asm visa " + source + "/tests/conformance/intel/spec_examples.visaasm",
        "run --json " + source + "/examples/intel/lsc-slm-counter.toml"}) {
    const CliRun r = run_to_full_device(args);
    EXPECT_EQ(r.exit_code, 4) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("gpuatom: error: could not write standard output: No space left on device"), std::string::npos)
        << args << "\n"
        << r.out;
    EXPECT_EQ(r.out.find("internal error"), std::string::npos) << args << "\n" << r.out;
  }
}

TEST(LostOutput, AFailureKeepsItsOwnExitCode) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const CliRun r = run_to_full_device("disasm sass 0xZZ");
  EXPECT_EQ(r.exit_code, 2) << r.out;
}

// With standard error gone too, writing a diagnostic neither throws nor aborts: the exit code
// still says what happened (2 bad input, 4 lost output), never 134 (SIGABRT).
TEST(LostOutput, WithStandardErrorGoneTheExitCodeStillSays) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const auto both_full = [](const std::string& args) {
    return run_gpuatom_command("sh -c '" + std::string(GPUATOM_CLI) + " " + args + " >/dev/full 2>/dev/full'");
  };
  EXPECT_EQ(both_full("alu nvidia ADD --old x --src 2").exit_code, 2);
  EXPECT_EQ(both_full("disasm sass 0xZZ").exit_code, 2);
  EXPECT_EQ(both_full("--no-such-option").exit_code, 2);
  EXPECT_EQ(both_full("alu nvidia ADD --old 1 --src 2").exit_code, 4);
  EXPECT_EQ(
      run_gpuatom_command("sh -c '" + std::string(GPUATOM_CLI) + " check sass /no/such/file 2>/dev/full'").exit_code,
      2);
}
