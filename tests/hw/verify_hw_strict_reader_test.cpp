// `gpuatom verify-hw` on the inputs an adversarial review broke its reader with (issue 31), as a
// user runs it: each is bad input (exit 2) with "file:line:column: error: …" or the file and its
// reason, a short standard error without raw control bytes, nothing on standard output, and no
// "internal error". The real H100 records still agree, every one of them.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/child_process.hpp"
#include "common/sanitizers.hpp"

namespace {

namespace fs = std::filesystem;
using gpuatom::testing::ChildOptions;
using gpuatom::testing::ChildResult;

const std::string record =
    R"({"device":"NVIDIA H100 80GB HBM3","sm":"9.0","kind":"single","op":"atomicAdd","type":"u32","space":"global",)"
    R"("old":"0x00000001","operand":"0x00000002","memory":"0x00000003","returned":"0x00000001"})";

// A file in a fresh directory, both removed at the end of the test.
class Scratch {
 public:
  Scratch() : dir_(gpuatom::testing::make_temporary_directory("gpuatom-verify-hw-strict")) {}
  ~Scratch() {
    std::error_code ec;
    fs::permissions(dir_ / "results.jsonl", fs::perms::owner_all, ec);
    fs::remove_all(dir_, ec);
  }
  std::string write(const std::string& contents) {
    std::ofstream(dir_ / "results.jsonl", std::ios::binary) << contents;
    return (dir_ / "results.jsonl").string();
  }
  const fs::path& dir() const { return dir_; }

 private:
  fs::path dir_;
};

ChildResult verify_hw(const std::string& path) {
  ChildOptions options;
  options.args = {GPUATOM_CLI, "verify-hw", path};
  options.kill_after_seconds = 120;  // a hang guard, not a speed test
  return gpuatom::testing::run_child(options);
}

// The checks every bad input shares: exit 2, nothing on standard output, no internal error, no
// raw control byte on standard error, and standard error bounded.
void expect_refused(const ChildResult& r, std::size_t stderr_limit = 16 * 1024) {
  EXPECT_FALSE(r.killed_for_time);
  EXPECT_TRUE(r.exited) << "signal " << r.term_signal;
  EXPECT_EQ(r.exit_code, 2) << r.err.substr(0, 2000);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err.substr(0, 2000);
  EXPECT_LT(r.err.size(), stderr_limit) << r.err.substr(0, 2000);
  EXPECT_TRUE(std::none_of(r.err.begin(), r.err.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && c != '\n') || byte == 0x7f;
  })) << "a raw control byte on standard error";
}

std::size_t count_lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(VerifyHwStrictReader, ANumberPastADoubleUnderAnIgnoredKeyIsBadInputAtItsPlace) {
  Scratch scratch;
  const std::string path = scratch.write(record + "\n" + R"({"x":1e400,)" + record.substr(1) + "\n");
  const ChildResult r = verify_hw(path);
  expect_refused(r);
  EXPECT_EQ(r.err,
            path + ":2:6: error: number 1e400 is too large: numbers must fit a double (at most about 1.8e308)\n");
}

TEST(VerifyHwStrictReader, ADuplicateKeyIsBadInput) {
  Scratch scratch;
  const std::string path = scratch.write(R"({"op":"atomicMax",)" + record.substr(1) + "\n");
  const ChildResult r = verify_hw(path);
  expect_refused(r);
  EXPECT_NE(r.err.find(path + ":1:79: error: duplicate key \"op\" (first at column 2)"), std::string::npos) << r.err;
}

TEST(VerifyHwStrictReader, TenThousandBadLinesGiveABoundedReportWithACount) {
  Scratch scratch;
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "{\"x\":1e400}\n";
  const ChildResult r = verify_hw(scratch.write(text));
  expect_refused(r, 16 * 1024);
  EXPECT_EQ(count_lines(r.err), 101u) << r.err.substr(0, 2000);
  EXPECT_NE(r.err.find(":101:6: error: 9900 more diagnostics not shown (at most 100 are listed)\n"), std::string::npos)
      << r.err.substr(r.err.size() - std::min<std::size_t>(r.err.size(), 500));
}

TEST(VerifyHwStrictReader, ATenMegabyteTokenGivesAShortMessage) {
  Scratch scratch;
  // Past the 1 MiB line cap: the line is refused as too long, unread.
  const ChildResult r = verify_hw(scratch.write(R"({"op":")" + std::string(10'000'000, 'Q') + "\"}\n"));
  expect_refused(r, 1024);
  EXPECT_NE(r.err.find(":1:1: error: line 1 is longer than 1 MiB"), std::string::npos) << r.err;
  // Under the cap: read, and quoted in 40 bytes.
  const std::string op = R"("op":"atomicAdd")";
  std::string line = record;
  line.replace(line.find(op), op.size(), R"("op":")" + std::string(900'000, 'Q') + "\"");
  const ChildResult u = verify_hw(scratch.write(line + "\n"));
  expect_refused(u, 1024);
  EXPECT_NE(u.err.find("error: field \"op\": '" + std::string(40, 'Q') + "…' is not a CUDA atomic"), std::string::npos)
      << u.err;
}

TEST(VerifyHwStrictReader, EscAndNulBytesAreEscapedAndDoNotCutTheMessage) {
  Scratch scratch;
  const std::string path =
      scratch.write(std::string(R"({"x":"a)") + "\x1b" + R"([2J",)" + record.substr(1) + "\n" + R"({"x":)" +
                    std::string(1, '\0') + "," + record.substr(1) + "\n" + R"({"device":"\u001b]0;pwned\u0007",)" +
                    record.substr(record.find("\"sm\"")) + "\n");
  const ChildResult r = verify_hw(path);
  expect_refused(r);
  EXPECT_NE(r.err.find(path + ":1:8: error: control character '\\x1b' in a string"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(path + ":2:6: error: expected a JSON value (a string, number, object, array, true, false or "
                              "null), found '\\x00'\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(path + ":3:11: error: field \"device\": control character '\\x1b' in a device name"),
            std::string::npos)
      << r.err;
}

TEST(VerifyHwStrictReader, DevZeroIsRefusedAfterABoundedRead) {
  const ChildResult r = verify_hw("/dev/zero");
  expect_refused(r);
  EXPECT_EQ(r.err,
            "/dev/zero:1:1: error: line 1 is longer than 1 MiB, the most a record may take (the harness writes "
            "lines of at most 64 KiB); the rest of the file is not read\n");
  if (!gpuatom::testing::under_asan) {
    EXPECT_LT(r.max_rss_kib, 64 * 1024) << "peak RSS in KiB";  // the old reader took 2 GB
  }
  std::printf("[ measured ] verify-hw /dev/zero: %.3f s, %ld MiB\n", r.seconds, r.max_rss_kib / 1024);
}

TEST(VerifyHwStrictReader, ADirectoryIsNamedAsOne) {
  Scratch scratch;
  const ChildResult r = verify_hw(scratch.dir().string());
  expect_refused(r);
  EXPECT_EQ(r.err, scratch.dir().string() + ": error: is a directory, not a file\n");
}

TEST(VerifyHwStrictReader, AMissingFileSaysSo) {
  const ChildResult r = verify_hw("/nonexistent/results.jsonl");
  expect_refused(r);
  EXPECT_EQ(r.err, "/nonexistent/results.jsonl: error: cannot open the file: No such file or directory\n");
}

TEST(VerifyHwStrictReader, AnUnreadableFileSaysPermissionDenied) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads every file";
  Scratch scratch;
  const std::string path = scratch.write(record + "\n");
  chmod(path.c_str(), 0);
  const ChildResult r = verify_hw(path);
  expect_refused(r);
  EXPECT_EQ(r.err, path + ": error: cannot open the file: Permission denied\n");
}

// A read error from the kernel (reading address 0 of /proc/self/mem fails with EIO): reported as
// one, not taken for the end of a file that "holds no records".
TEST(VerifyHwStrictReader, AReadErrorIsBadInputNotTheEndOfTheFile) {
  if (!fs::exists("/proc/self/mem")) GTEST_SKIP() << "no /proc";
  const ChildResult r = verify_hw("/proc/self/mem");
  expect_refused(r);
  EXPECT_EQ(r.err,
            "/proc/self/mem: byte 0x0: error: cannot read the file: Input/output error (a read error after 0 "
            "bytes, not its end)\n");
}

TEST(VerifyHwStrictReader, TheMeasuredH100RecordsStillAllAgree) {
  const std::string path = std::string(GPUATOM_SOURCE_DIR) + "/hw/results/h100/results.jsonl";
  std::ifstream in(path);
  std::size_t records = 0;
  for (std::string line; std::getline(in, line);) records += line.find_first_not_of(" \t\r") != std::string::npos;
  ASSERT_GT(records, 0u);
  const ChildResult r = verify_hw(path);
  EXPECT_EQ(r.exit_code, 0) << r.err.substr(0, 2000) << r.out.substr(0, 2000);
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("\nall " + std::to_string(records) + " cases agree with the model, bit for bit\n"),
            std::string::npos)
      << r.out.substr(r.out.size() - std::min<std::size_t>(r.out.size(), 500));
}

}  // namespace
