// Reading an input line by line under caps, so that no input can make a reader hang or fill
// memory: /dev/zero (no newline, ever) stops at the line cap, an endless stream of short lines
// at the size cap. A read error is reported as one, never taken for the end of the file, and a
// file that cannot be opened says why (no such file, permission denied, a directory).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace gpuatom::support {

// Where bytes come from: a file, or memory (tests, fuzz targets).
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Up to `size` bytes into `buffer`: how many (0 at the end of the input), or why the read failed.
  virtual std::variant<std::size_t, std::string> read(char* buffer, std::size_t size) = 0;
};

// Bytes in memory, viewed, not copied: they must outlive the source.
class MemorySource final : public ByteSource {
 public:
  explicit MemorySource(std::string_view bytes) : rest_(bytes) {}
  std::variant<std::size_t, std::string> read(char* buffer, std::size_t size) override;

 private:
  std::string_view rest_;
};

class FileSource final : public ByteSource {
 public:
  // The file at `path` opened for reading ("-": standard input), or why it cannot be: "is a
  // directory, not a file", "cannot open the file: No such file or directory", "… Permission denied".
  static std::variant<std::unique_ptr<FileSource>, std::string> open(const std::string& path);
  ~FileSource() override;
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;
  std::variant<std::size_t, std::string> read(char* buffer, std::size_t size) override;

 private:
  explicit FileSource(int descriptor) : descriptor_(descriptor) {}
  int descriptor_;
};

// A whole input read under a size cap, for the readers that parse all of it at once (SASS and vISA
// text, cubins, scenario files). `path` "-" is standard input.
struct WholeInput {
  enum class Problem : uint8_t { none, cannot_open, too_long, read_error };
  std::string bytes;
  Problem problem = Problem::none;
  std::string detail;  // cannot_open, read_error: the reason ("is a directory, not a file", "Permission denied")
};
WholeInput read_whole_input(const std::string& path, uint64_t max_bytes);
// The usual message for a problem: "kernel.sass: cannot open the file: No such file or directory",
// "/dev/zero: larger than 256 MiB, more than gpuatom reads".
std::string describe(const WholeInput& input, const std::string& path, uint64_t max_bytes);

struct LineLimits {
  std::size_t max_line_bytes;  // a longer line stops the reading
  uint64_t max_total_bytes;    // so does an input longer than this
};

// One line without its '\n' (nor the '\r' of a CRLF ending). `text` stays valid until the next
// call of LineReader::next.
struct InputLine {
  uint32_t number = 0;  // 1-based
  uint64_t offset = 0;  // of its first byte in the input
  std::string_view text;
};

// Why a LineReader stopped before the end of its input.
struct LineStop {
  enum class Reason : uint8_t { line_too_long, input_too_long, read_error };
  Reason reason;
  uint32_t line = 0;    // the line being read
  uint64_t offset = 0;  // bytes read before the stop (line_too_long: where the line starts)
  std::string detail;   // read_error: the system's reason
};

class LineReader {
 public:
  LineReader(ByteSource& source, LineLimits limits) : source_(source), limits_(limits) {}
  // The next line; nothing at the end of the input, or where reading had to stop (stopped()).
  std::optional<InputLine> next();
  const std::optional<LineStop>& stopped() const { return stop_; }

 private:
  bool fill();  // reads more into buffer_; false at the end or on a stop

  ByteSource& source_;
  LineLimits limits_;
  std::string buffer_;  // unread bytes start at begin_
  std::size_t begin_ = 0;
  std::size_t scanned_ = 0;  // bytes after begin_ already known to hold no '\n'
  uint64_t consumed_ = 0;    // input offset of buffer_[0]
  uint64_t total_read_ = 0;
  uint32_t line_number_ = 0;
  bool at_end_ = false;
  std::optional<LineStop> stop_;
};

}  // namespace gpuatom::support
