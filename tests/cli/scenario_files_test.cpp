// Which files `run DIR` and `report DIR` take (gpuatom/report/scenario_files.hpp): under a
// directory only regular files; a FIFO named *.toml is passed over with a note, never opened (it
// would block the run for ever), while a FIFO named on the command line is read as given.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "cli/run_cli.hpp"

namespace {

namespace fs = std::filesystem;

class ScenarioFiles : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuatom-scenario-files-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::copy_file(std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/batch/pass-sum.toml", dir_ / "a-pass.toml");
    ASSERT_EQ(mkfifo((dir_ / "b-pipe.toml").c_str(), 0600), 0);
    fs::create_symlink(dir_ / "nowhere.toml", dir_ / "c-broken.toml");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(ScenarioFiles, AFifoOrBrokenLinkInADirectoryIsSkippedWithANoteNotOpened) {
  // `timeout`: before the fix the run waited for a writer to the FIFO for ever.
  const CliRun r = run_gpuatom_command("timeout 60 " GPUATOM_CLI " run --mode deterministic " + dir_.string());
  EXPECT_NE(r.exit_code, 124) << "the run blocked on the FIFO";
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("gpuatom: note: " + (dir_ / "b-pipe.toml").string() + ": a FIFO, not a regular file: skipped"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("c-broken.toml: a broken symbolic link, not a regular file: skipped"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("1 scenarios: 1 passed"), std::string::npos) << r.out;
  const CliRun report =
      run_gpuatom_command("timeout 60 " GPUATOM_CLI " report --out " + (dir_ / "out").string() + " " + dir_.string());
  EXPECT_EQ(report.exit_code, 0) << report.out;
  EXPECT_NE(report.out.find("b-pipe.toml: a FIFO"), std::string::npos) << report.out;
}

TEST_F(ScenarioFiles, AFifoNamedOnTheCommandLineIsReadAsGiven) {
  const std::string fifo = (dir_ / "b-pipe.toml").string();
  const CliRun r = run_gpuatom_command("cat " + (dir_ / "a-pass.toml").string() + " > " + fifo +
                                       " & timeout 60 " GPUATOM_CLI " run --mode deterministic " + fifo +
                                       "; status=$?; wait; exit $status");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("1 scenarios: 1 passed"), std::string::npos) << r.out;
}

}  // namespace
