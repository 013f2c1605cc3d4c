// write_file_atomically: the whole file or the old one, never a part, and no temporary file left.
#include "gpuatom/support/files.hpp"

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

TEST(WriteFileAtomically, ADirectoryTargetIsRefusedAndNothingIsLeft) {
  // The target is a non-empty directory: refused before a temporary is made (it once failed only
  // at the rename, after writing the whole file).
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-files");
  const fs::path target = dir / "taken";
  fs::create_directories(target / "inside");
  const auto error = write_file_atomically(target, "data");
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("taken: a directory, not a regular file"), std::string::npos) << *error;
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

TEST(WriteFileAtomically, KeepsAnExistingFilesPermissions) {
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-files");
  const fs::path target = dir / "secret";
  ASSERT_EQ(write_file_atomically(target, "old"), std::nullopt);
  ASSERT_EQ(chmod(target.c_str(), 0600), 0);
  ASSERT_EQ(write_file_atomically(target, "new"), std::nullopt);
  struct stat st {};
  ASSERT_EQ(stat(target.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);  // not widened to the umask's 0644
  EXPECT_EQ(read(target), "new");
  fs::remove_all(dir);
}

TEST(WriteFileAtomically, RefusesWhatIsNotARegularFile) {
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-files");
  const fs::path fifo = dir / "fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const auto refused = write_file_atomically(fifo, "x");
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->find("a FIFO, not a regular file"), std::string::npos) << *refused;
  EXPECT_TRUE(fs::is_fifo(fifo));
  const auto device = write_file_atomically("/dev/null", "x");
  ASSERT_TRUE(device);
  EXPECT_NE(device->find("/dev/null: a character device"), std::string::npos) << *device;
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  const auto directory = write_file_atomically(dir, "x");
  ASSERT_TRUE(directory);
  EXPECT_NE(directory->find("a directory"), std::string::npos) << *directory;
  EXPECT_EQ(entries(dir), 1u);  // the FIFO, and no temporary
  fs::remove_all(dir);
}

TEST(WriteFileAtomically, WritesThroughASymbolicLinkAndKeepsIt) {
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-files");
  ASSERT_EQ(write_file_atomically(dir / "real", "old"), std::nullopt);
  fs::create_symlink("real", dir / "link");
  ASSERT_EQ(write_file_atomically(dir / "link", "new"), std::nullopt);
  EXPECT_TRUE(fs::is_symlink(dir / "link"));
  EXPECT_EQ(read(dir / "real"), "new");
  EXPECT_EQ(entries(dir), 2u);
  fs::remove_all(dir);
}

TEST(WriteFilesAtomically, ReplacesNoneWhenOneCannotBeWritten) {
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-files");
  ASSERT_EQ(write_file_atomically(dir / "a", "old a"), std::nullopt);
  ASSERT_EQ(write_file_atomically(dir / "b", "old b"), std::nullopt);
  ASSERT_EQ(mkfifo((dir / "c").c_str(), 0600), 0);
  const auto refused = write_files_atomically({{dir / "a", "new a"}, {dir / "b", "new b"}, {dir / "c", "new c"}});
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->find("none of the 3 files was replaced"), std::string::npos) << *refused;
  EXPECT_EQ(read(dir / "a"), "old a");
  EXPECT_EQ(read(dir / "b"), "old b");
  EXPECT_EQ(entries(dir), 3u);  // no temporary left behind
  ASSERT_EQ(write_files_atomically({{dir / "a", "new a"}, {dir / "b", "new b"}}), std::nullopt);
  EXPECT_EQ(read(dir / "a"), "new a");
  EXPECT_EQ(read(dir / "b"), "new b");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace gpuatom::support
