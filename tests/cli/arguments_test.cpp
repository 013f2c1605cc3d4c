// One CLI: bare `gpuatom` prints help; every argument error starts "gpuatom: error:", is short and
// shows no control character; numeric options refuse what would wrap or make no sense; more
// threads than the system gives end in an error, never a hang.
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

#include "cli/run_cli.hpp"
#include "common/sanitizers.hpp"

namespace {

std::string example() { return std::string(GPUATOM_SOURCE_DIR) + "/examples/nvidia/histogram.toml"; }

TEST(Arguments, BareGpuatomPrintsHelpAndSucceeds) {
  const CliRun r = run_gpuatom("");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Usage: gpuatom [OPTIONS] SUBCOMMAND"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("run"), std::string::npos);
}

TEST(Arguments, NumericOptionsRefuseWhatWouldWrap) {
  const std::pair<std::string, std::string> cases[] = {
      {"run " + example() + " --seed -1", "--seed: expected a whole number from 0 to 18446744073709551615"},
      {"run " + example() + " --threads 5000", "--threads: expected a whole number from 0 to 1024"},
      {"run " + example() + " --max-executions 0", "--max-executions: expected a whole number from 1"},
      {"run " + example() + " --max-executions -1", "--max-executions: expected a whole number from 1"},
      {"report --seed -3", "--seed: expected a whole number from 0"},
  };
  for (const auto& [args, message] : cases) {
    const CliRun r = run_gpuatom(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
    EXPECT_EQ(r.out.rfind("gpuatom: error: ", 0), 0u) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << args << "\n" << r.out;
  }
}

TEST(Arguments, ErrorsShowNoControlCharacterAndStayShort) {
  const CliRun r = run_gpuatom("run --threads \"$(printf '\\033[31m')" + std::string(20000, 'x') + "\"");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out.rfind("gpuatom: error: ", 0), 0u) << r.out.substr(0, 400);
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
  EXPECT_LT(r.out.size(), 1000u);
}

// More threads than the process may have (a lowered `ulimit -u`): the run stops the threads it
// started and says so, exit 2, instead of waiting forever for the others.
TEST(Arguments, ThreadsTheSystemWillNotGiveAreAnErrorNotAHang) {
  // Root is exempt from the process limit: run as nobody where setpriv can say so.
  std::string prefix;
  if (::geteuid() == 0) {
    if (run_gpuatom_command("command -v setpriv").exit_code != 0) GTEST_SKIP() << "root, and no setpriv to drop it";
    prefix = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    if (run_gpuatom_command(prefix + "test -x " + std::string(GPUATOM_CLI)).exit_code != 0)
      GTEST_SKIP() << "nobody may not run " << GPUATOM_CLI;
  }
  // LeakSanitizer needs a thread of its own at exit, which the lowered limit refuses too.
  const std::string sanitizer = gpuatom::testing::under_asan ? "ASAN_OPTIONS=detect_leaks=0 " : "";
  const CliRun r =
      run_gpuatom_command("cd /tmp && timeout 60 " + prefix + "bash -c 'ulimit -u 3; " + sanitizer + "exec " +
                          std::string(GPUATOM_CLI) + " run " + example() + " --quiet --threads 16'");
  EXPECT_NE(r.exit_code, 124) << "the run hung";
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("could not start 16 host threads"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ask for fewer with --threads"), std::string::npos) << r.out;
}

}  // namespace
