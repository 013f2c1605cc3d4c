// Which scenario files a batch runs (gpuatom/report/scenario_files.hpp): files as named,
// directories as their *.toml files in name order, the bundled examples by $GPUATOM_EXAMPLES.
#include "gpuatom/report/scenario_files.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "gpuatom/support/input_error.hpp"

using namespace gpuatom;

namespace {

namespace fs = std::filesystem;

}  // namespace

class ScenarioFilesIn : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuatom-report-files-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "sub");
    for (const char* name : {"b.toml", "a.toml", "sub/c.toml", "notes.txt"}) std::ofstream(dir_ / name) << "#\n";
    fs::create_directories(dir_ / "empty");
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const char* name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

TEST_F(ScenarioFilesIn, DirectoryGivesItsTomlFilesInNameOrderAfterNamedFiles) {
  EXPECT_EQ(report::scenario_files({"named.txt", dir_.string()}),
            (std::vector<std::string>{"named.txt", path("a.toml"), path("b.toml"), path("sub/c.toml")}));
}

TEST_F(ScenarioFilesIn, DirectoryWithoutScenariosIsBadInput) {
  try {
    report::scenario_files({path("empty")});
    FAIL() << "no error";
  } catch (const support::InputError& e) {
    EXPECT_EQ(std::string(e.what()), path("empty") + ": the directory holds no .toml scenario files");
  }
}

TEST_F(ScenarioFilesIn, BundledExamplesFollowTheEnvironment) {
  ASSERT_EQ(setenv("GPUATOM_EXAMPLES", dir_.string().c_str(), 1), 0);
  const std::vector<std::string> found = report::bundled_examples();
  unsetenv("GPUATOM_EXAMPLES");
  EXPECT_EQ(found, (std::vector<std::string>{path("a.toml"), path("b.toml"), path("sub/c.toml")}));
}
