// write_file_atomically: the whole file or the old one, never a part, and no temporary file left.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "common/child_process.hpp"
#include "gpuatom/support/files.hpp"

namespace gpuatom::support {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) { return gpuatom::testing::slurp_file(p); }

size_t entries(const fs::path& dir) {
  size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}

TEST(WriteFileAtomically, ReplacesTheFileAndLeavesNothingElse) {
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-files");
  const fs::path target = dir / "out.txt";
  EXPECT_EQ(write_file_atomically(target, "first\n"), std::nullopt);
  EXPECT_EQ(read(target), "first\n");
  const std::string big(3 << 20, 'x');
  EXPECT_EQ(write_file_atomically(target, big), std::nullopt);
  EXPECT_EQ(read(target), big);
  EXPECT_EQ(entries(dir), 1u);
  fs::remove_all(dir);
}

TEST(WriteFileAtomically, AFailedWriteKeepsThePreviousFileAndNoTemporary) {
  if (geteuid() == 0) GTEST_SKIP() << "root writes into read-only directories";
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-files");
  const fs::path target = dir / "out.txt";
  ASSERT_EQ(write_file_atomically(target, "previous\n"), std::nullopt);
  fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec);
  const auto error = write_file_atomically(target, "new\n");
  fs::permissions(dir, fs::perms::owner_all);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("cannot create a temporary file in"), std::string::npos) << *error;
  EXPECT_EQ(read(target), "previous\n");
  EXPECT_EQ(entries(dir), 1u);
  fs::remove_all(dir);
}

TEST(WriteFileAtomically, AWriteThatFailsHalfwayKeepsThePreviousFile) {
  // A file size limit makes the write stop after 1 KiB (EFBIG), as a full disk would.
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-files");
  const fs::path target = dir / "out.txt";
  ASSERT_EQ(write_file_atomically(target, "previous\n"), std::nullopt);
  rlimit old{};
  getrlimit(RLIMIT_FSIZE, &old);
  const auto old_handler = signal(SIGXFSZ, SIG_IGN);
  rlimit small = old;
  small.rlim_cur = 1024;
  setrlimit(RLIMIT_FSIZE, &small);
  const auto error = write_file_atomically(target, std::string(64 << 10, 'y'));
  setrlimit(RLIMIT_FSIZE, &old);
  signal(SIGXFSZ, old_handler);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("cannot write"), std::string::npos) << *error;
  EXPECT_EQ(read(target), "previous\n");
  EXPECT_EQ(entries(dir), 1u) << "the temporary file was left behind";
  fs::remove_all(dir);
}

TEST(WriteFileAtomically, AFailedRenameLeavesNoTemporary) {
  // The target is a non-empty directory: the temporary is written, the rename fails.
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-files");
  const fs::path target = dir / "taken";
  fs::create_directories(target / "inside");
  const auto error = write_file_atomically(target, "data");
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("cannot rename"), std::string::npos) << *error;
  EXPECT_TRUE(fs::is_directory(target / "inside"));
  EXPECT_EQ(entries(dir), 1u) << "the temporary file was left behind";
  fs::remove_all(dir);
}

TEST(WriteFileAtomically, GivesTheUsualPermissions) {
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-files");
  const mode_t mask = umask(022);
  ASSERT_EQ(write_file_atomically(dir / "f", "x"), std::nullopt);
  umask(mask);
  struct stat st {};
  ASSERT_EQ(stat((dir / "f").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace gpuatom::support
