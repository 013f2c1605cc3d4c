// Reading lines under caps (support/line_input.hpp): CRLF and a last line without '\n', a line
// past the line cap and an input past the size cap stop the reading, a read error part-way is
// reported as one (not as the end of the input), and a file that cannot be opened says why.
#include "gpuatom/support/line_input.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace gpuatom::support;

constexpr LineLimits roomy{1 << 20, 1 << 30};

// Gives its bytes a few at a time, then fails (or ends, when `error` is empty).
class ScriptedSource final : public ByteSource {
 public:
  ScriptedSource(std::string bytes, std::string error) : bytes_(std::move(bytes)), error_(std::move(error)) {}
  std::variant<std::size_t, std::string> read(char* buffer, std::size_t size) override {
    if (at_ == bytes_.size()) {
      if (error_.empty()) return std::size_t{0};
      return error_;
    }
    const std::size_t n = std::min({size, bytes_.size() - at_, std::size_t{5}});
    std::memcpy(buffer, bytes_.data() + at_, n);
    at_ += n;
    return n;
  }
  std::size_t delivered() const { return at_; }

 private:
  std::string bytes_, error_;
  std::size_t at_ = 0;
};

std::vector<std::string> all_lines(LineReader& reader) {
  std::vector<std::string> out;
  while (auto line = reader.next()) out.emplace_back(line->text);
  return out;
}

TEST(LineInput, SplitsLinesDroppingCrlfAndKeepsALastLineWithoutNewline) {
  MemorySource source("a\r\nbb\n\n c \nlast");
  LineReader reader(source, roomy);
  auto first = reader.next();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->number, 1u);
  EXPECT_EQ(first->offset, 0u);
  EXPECT_EQ(first->text, "a");
  auto second = reader.next();
  ASSERT_TRUE(second);
  EXPECT_EQ(second->number, 2u);
  EXPECT_EQ(second->offset, 3u);
  EXPECT_EQ(all_lines(reader), (std::vector<std::string>{"", " c ", "last"}));
  EXPECT_FALSE(reader.stopped());
  EXPECT_FALSE(reader.next());
}

TEST(LineInput, ALineOnlyAsLongAsTheCapIsRead) {
  const std::string bytes = std::string(16, 'x') + "\n" + std::string(16, 'y');  // outlives the source's view
  MemorySource source(bytes);
  LineReader reader(source, {16, 1 << 20});
  EXPECT_EQ(all_lines(reader).size(), 2u);
  EXPECT_FALSE(reader.stopped());
}

TEST(LineInput, ALineLongerThanTheCapStopsTheReading) {
  ScriptedSource source("ok\n" + std::string(100, 'x') + "\nnever\n", "");
  LineReader reader(source, {64, 1 << 20});
  EXPECT_EQ(all_lines(reader), std::vector<std::string>{"ok"});
  ASSERT_TRUE(reader.stopped());
  EXPECT_EQ(reader.stopped()->reason, LineStop::Reason::line_too_long);
  EXPECT_EQ(reader.stopped()->line, 2u);
  EXPECT_EQ(reader.stopped()->offset, 3u);
  // It read no more than the line cap and one read's worth past it.
  EXPECT_LE(source.delivered(), 3u + 64u + 5u);
}

TEST(LineInput, EndlessInputWithoutNewlineStopsAtTheLineCap) {
  // /dev/zero: bytes forever, no '\n'.
  class Zeros final : public ByteSource {
   public:
    std::variant<std::size_t, std::string> read(char* buffer, std::size_t size) override {
      std::memset(buffer, 0, size);
      given += size;
      return size;
    }
    std::size_t given = 0;
  } zeros;
  LineReader reader(zeros, {1 << 20, uint64_t{1} << 40});
  EXPECT_FALSE(reader.next());
  ASSERT_TRUE(reader.stopped());
  EXPECT_EQ(reader.stopped()->reason, LineStop::Reason::line_too_long);
  EXPECT_LT(zeros.given, std::size_t{2} << 20);
}

TEST(LineInput, AnInputLongerThanTheSizeCapStopsTheReading) {
  std::string many;
  for (int i = 0; i < 1000; ++i) many += "line\n";
  MemorySource source(many);
  LineReader reader(source, {1 << 20, 100});
  EXPECT_LE(all_lines(reader).size(), 20u);
  ASSERT_TRUE(reader.stopped());
  EXPECT_EQ(reader.stopped()->reason, LineStop::Reason::input_too_long);
  EXPECT_EQ(reader.stopped()->offset, 100u);
  // Exactly at the cap is fine.
  const std::string hundred_bytes = many.substr(0, 100);
  MemorySource exact(hundred_bytes);
  LineReader exact_reader(exact, {1 << 20, 100});
  EXPECT_EQ(all_lines(exact_reader).size(), 20u);
  EXPECT_FALSE(exact_reader.stopped());
}

TEST(LineInput, AReadErrorPartWayIsNotTheEndOfTheInput) {
  ScriptedSource source("first\nsecond\nthi", "Input/output error");
  LineReader reader(source, roomy);
  EXPECT_EQ(all_lines(reader), (std::vector<std::string>{"first", "second"}));
  ASSERT_TRUE(reader.stopped());
  EXPECT_EQ(reader.stopped()->reason, LineStop::Reason::read_error);
  EXPECT_EQ(reader.stopped()->detail, "Input/output error");
  EXPECT_EQ(reader.stopped()->offset, 16u);
  EXPECT_EQ(reader.stopped()->line, 3u);
}

TEST(LineInput, FilesThatCannotBeReadSayWhy) {
  auto missing = FileSource::open("/nonexistent/results.jsonl");
  ASSERT_TRUE(std::holds_alternative<std::string>(missing));
  EXPECT_EQ(std::get<std::string>(missing), "cannot open the file: No such file or directory");
  auto directory = FileSource::open("/tmp");
  ASSERT_TRUE(std::holds_alternative<std::string>(directory));
  EXPECT_EQ(std::get<std::string>(directory), "is a directory, not a file");
}

TEST(LineInput, AnUnreadableFileSaysPermissionDenied) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads every file";
  const std::string path = "/tmp/gpuatom-line-input-" + std::to_string(getpid());
  std::ofstream(path) << "x\n";
  chmod(path.c_str(), 0);
  auto opened = FileSource::open(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(std::holds_alternative<std::string>(opened));
  EXPECT_EQ(std::get<std::string>(opened), "cannot open the file: Permission denied");
}

// A real read error from the kernel: /proc/self/mem opens, but reading address 0 fails (EIO).
TEST(LineInput, AFileReadErrorIsReported) {
  auto opened = FileSource::open("/proc/self/mem");
  if (!std::holds_alternative<std::unique_ptr<FileSource>>(opened)) GTEST_SKIP() << std::get<std::string>(opened);
  LineReader reader(*std::get<std::unique_ptr<FileSource>>(opened), roomy);
  EXPECT_FALSE(reader.next());
  ASSERT_TRUE(reader.stopped());
  EXPECT_EQ(reader.stopped()->reason, LineStop::Reason::read_error);
  EXPECT_EQ(reader.stopped()->detail, std::strerror(EIO));
}

TEST(LineInput, ReadsAFile) {
  const std::string path = "/tmp/gpuatom-line-input-file-" + std::to_string(getpid());
  std::ofstream(path, std::ios::binary) << "one\ntwo\n";
  auto opened = FileSource::open(path);
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<FileSource>>(opened));
  LineReader reader(*std::get<std::unique_ptr<FileSource>>(opened), roomy);
  EXPECT_EQ(all_lines(reader), (std::vector<std::string>{"one", "two"}));
  EXPECT_FALSE(reader.stopped());
  std::filesystem::remove(path);
}

}  // namespace
