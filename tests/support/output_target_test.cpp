// support::output_target_conflict: an output is compared with the inputs and with the files
// standard input and output are, by device and inode, so a link or another spelling of the same
// file is seen through; an output that does not exist yet conflicts with nothing.
#include "gpuatom/support/output_target.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using gpuatom::support::output_target_conflict;

class OutputTargetConflict : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuatom-output-target-unit-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    std::ofstream(input()) << "input";
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string input() const { return (dir_ / "in.toml").string(); }
  fs::path dir_;
};

TEST_F(OutputTargetConflict, ANewFileOrAnotherFileIsFine) {
  EXPECT_FALSE(output_target_conflict(dir_ / "new.xml", {input()}));
  std::ofstream(dir_ / "other.xml") << "x";
  EXPECT_FALSE(output_target_conflict(dir_ / "other.xml", {input()}));
}

TEST_F(OutputTargetConflict, TheSameFileUnderAnySpellingIsRefused) {
  EXPECT_EQ(output_target_conflict(input(), {input()}).value_or(""),
            input() + ": is one of this command's inputs; gpuatom does not write over what it reads");
  const std::string dotted = (dir_ / "." / "in.toml").string();
  EXPECT_EQ(output_target_conflict(dotted, {input()}).value_or(""),
            dotted + ": is the same file as the input " + input() + "; gpuatom does not write over what it reads");
  fs::create_hard_link(input(), dir_ / "hard");
  fs::create_symlink(input(), dir_ / "soft");
  EXPECT_TRUE(output_target_conflict(dir_ / "hard", {input()}));
  EXPECT_TRUE(output_target_conflict(dir_ / "soft", {input()}));
}

TEST_F(OutputTargetConflict, StandardInputsFileCountsForDash) {
  const int saved = dup(STDIN_FILENO);
  const int file = open(input().c_str(), O_RDONLY);
  ASSERT_GE(file, 0);
  dup2(file, STDIN_FILENO);
  const auto conflict = output_target_conflict(input(), {"-"});
  dup2(saved, STDIN_FILENO);
  close(file);
  close(saved);
  EXPECT_EQ(conflict.value_or(""),
            input() + ": is the file standard input comes from; gpuatom does not write over what it reads");
}

}  // namespace
