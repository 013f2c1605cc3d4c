// Every writer refuses to write over what the command reads or prints (support/output_target.hpp):
// `run me.toml --junit me.toml`, a link to the scenario, `--junit /dev/stdout` with standard
// output redirected to a file, `report --out` over its --json result. Exit 2, nothing written.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/run_cli.hpp"

namespace {

namespace fs = std::filesystem;

std::string file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class OutputTarget : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuatom-output-target-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::copy_file(std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/batch/pass-sum.toml", scenario());
    original_ = file_bytes(scenario());
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path scenario() const { return dir_ / "me.toml"; }
  // The scenario is still the scenario, and nothing else was left in the directory.
  void expect_untouched(const std::string& context, size_t files = 1) const {
    EXPECT_EQ(file_bytes(scenario()), original_) << context;
    EXPECT_EQ(static_cast<size_t>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator())), files)
        << context;
  }
  fs::path dir_;
  std::string original_;
};

TEST_F(OutputTarget, JunitOverTheScenarioIsRefused) {
  const CliRun r = run_gpuatom("run " + scenario().string() + " --junit " + scenario().string());
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("gpuatom: error: --junit " + scenario().string() +
                       ": is one of this command's inputs; gpuatom does not write over what it reads"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("== "), std::string::npos) << "nothing ran:\n" << r.out;
  expect_untouched("same path");
}

TEST_F(OutputTarget, JunitOverAHardOrSymbolicLinkToTheScenarioIsRefused) {
  fs::create_hard_link(scenario(), dir_ / "hard.xml");
  fs::create_symlink(scenario(), dir_ / "soft.xml");
  for (const char* link : {"hard.xml", "soft.xml"}) {
    const CliRun r = run_gpuatom("run " + scenario().string() + " --junit " + (dir_ / link).string());
    EXPECT_EQ(r.exit_code, 2) << link << "\n" << r.out;
    EXPECT_NE(r.out.find(": is the same file as the input " + scenario().string()), std::string::npos) << link << "\n"
                                                                                                       << r.out;
    expect_untouched(link, 3);
  }
  // A scenario found in a directory counts as an input too.
  const CliRun r = run_gpuatom("run " + dir_.string() + " --junit " + scenario().string());
  EXPECT_EQ(r.exit_code, 2) << r.out;
  expect_untouched("directory", 3);
}

TEST_F(OutputTarget, JunitOverTheFileStandardOutputGoesToIsRefused) {
  const fs::path log = dir_ / "log.txt";
  const CliRun r = run_gpuatom_command("sh -c '" + std::string(GPUATOM_CLI) + " run " + scenario().string() +
                                       " --junit /dev/stdout > " + log.string() + "'");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--junit /dev/stdout: is the file standard output goes to"), std::string::npos) << r.out;
  EXPECT_EQ(file_bytes(log), "");
  // And the writer itself refuses it, whoever calls it (here verify-hw's model sample).
  const CliRun sample = run_gpuatom_command("sh -c '" + std::string(GPUATOM_CLI) +
                                            " verify-hw --model-sample /dev/stdout > " + log.string() + "'");
  EXPECT_EQ(sample.exit_code, 2) << sample.out;
  EXPECT_NE(sample.out.find("is the file standard output goes to"), std::string::npos) << sample.out;
  EXPECT_EQ(file_bytes(log), "");
}

TEST_F(OutputTarget, ReportOverItsJsonResultIsRefused) {
  fs::create_directories(dir_ / "out");
  const fs::path result = dir_ / "out" / "index.html";
  std::ofstream(result) << "[]";
  const CliRun r = run_gpuatom("report --json " + result.string() + " --out " + (dir_ / "out").string());
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--out " + result.string() + ": is one of this command's inputs"), std::string::npos) << r.out;
  EXPECT_EQ(file_bytes(result), "[]");
}

}  // namespace
