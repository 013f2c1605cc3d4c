#include "gpuatom/support/line_input.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>

namespace gpuatom::support {

namespace {

constexpr std::size_t chunk_bytes = std::size_t{64} * 1024;

}  // namespace

std::variant<std::size_t, std::string> MemorySource::read(char* buffer, std::size_t size) {
  const std::size_t n = std::min(size, rest_.size());
  std::memcpy(buffer, rest_.data(), n);
  rest_.remove_prefix(n);
  return n;
}

std::variant<std::unique_ptr<FileSource>, std::string> FileSource::open(const std::string& path) {
  // Standard input is read through a copy of its descriptor, which the source may close.
  const int descriptor =
      path == "-" ? ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return fmt::format("cannot open the file: {}", std::generic_category().message(errno));
  auto source = std::unique_ptr<FileSource>(new FileSource(descriptor));
  // A directory opens for reading on Linux; its first read would fail with a less clear reason.
  struct stat status {};
  if (fstat(descriptor, &status) == 0 && S_ISDIR(status.st_mode)) return std::string("is a directory, not a file");
  return source;
}

FileSource::~FileSource() { ::close(descriptor_); }

std::variant<std::size_t, std::string> FileSource::read(char* buffer, std::size_t size) {
  for (;;) {
    const ssize_t n = ::read(descriptor_, buffer, size);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) return std::generic_category().message(errno);
  }
}

WholeInput read_whole_input(const std::string& path, uint64_t max_bytes) {
  WholeInput input;
  auto opened = FileSource::open(path);
  if (auto* why = std::get_if<std::string>(&opened)) {
    input.problem = WholeInput::Problem::cannot_open;
    input.detail = std::move(*why);
    return input;
  }
  FileSource& source = *std::get<std::unique_ptr<FileSource>>(opened);
  // Room for the whole cap at once: untouched, it costs no memory, and the string never moves
  // while it grows (doubling took /dev/zero's 256 MiB to a 530 MB peak).
  input.bytes.reserve(static_cast<std::size_t>(max_bytes) + 1);
  for (;;) {
    // Never more than one byte past the cap: that byte says the input is too long.
    const uint64_t allowed = max_bytes + 1 - input.bytes.size();
    const std::size_t want = static_cast<std::size_t>(std::min<uint64_t>(chunk_bytes, allowed));
    const std::size_t old_size = input.bytes.size();
    input.bytes.resize(old_size + want);
    auto got = source.read(input.bytes.data() + old_size, want);
    if (auto* why = std::get_if<std::string>(&got)) {
      input.bytes.resize(old_size);
      input.problem = WholeInput::Problem::read_error;
      input.detail = std::move(*why);
      return input;
    }
    const std::size_t n = std::get<std::size_t>(got);
    input.bytes.resize(old_size + n);
    if (input.bytes.size() > max_bytes) {
      input.bytes.clear();
      input.problem = WholeInput::Problem::too_long;
      return input;
    }
    if (n == 0) {
      if (input.bytes.capacity() > 2 * input.bytes.size() + chunk_bytes) input.bytes.shrink_to_fit();
      return input;
    }
  }
}

std::string describe(const WholeInput& input, const std::string& path, uint64_t max_bytes) {
  switch (input.problem) {
    case WholeInput::Problem::none: return {};
    case WholeInput::Problem::cannot_open: return fmt::format("{}: {}", path, input.detail);
    case WholeInput::Problem::too_long:
      return max_bytes % (1 << 20) == 0
                 ? fmt::format("{}: larger than {} MiB, more than gpuatom reads", path, max_bytes >> 20)
                 : fmt::format("{}: larger than {} bytes, more than gpuatom reads", path, max_bytes);
    case WholeInput::Problem::read_error: return fmt::format("{}: cannot read the file: {}", path, input.detail);
  }
  return {};
}

bool LineReader::fill() {
  if (at_end_ || stop_) return false;
  // Drop the lines already handed out, so the buffer holds at most one line and one chunk.
  if (begin_ > 0) {
    buffer_.erase(0, begin_);
    consumed_ += begin_;
    begin_ = 0;
  }
  // Never read past the size cap by more than one byte: that byte says the input is too long.
  const uint64_t allowed = limits_.max_total_bytes + 1 - total_read_;
  const std::size_t want = static_cast<std::size_t>(std::min<uint64_t>(chunk_bytes, allowed));
  const std::size_t old_size = buffer_.size();
  buffer_.resize(old_size + want);
  auto got = source_.read(buffer_.data() + old_size, want);
  if (auto* why = std::get_if<std::string>(&got)) {
    buffer_.resize(old_size);
    stop_ = LineStop{LineStop::Reason::read_error, line_number_ + 1, total_read_, std::move(*why)};
    return false;
  }
  const std::size_t n = std::get<std::size_t>(got);
  buffer_.resize(old_size + n);
  total_read_ += n;
  if (total_read_ > limits_.max_total_bytes) {
    stop_ = LineStop{LineStop::Reason::input_too_long, line_number_ + 1, limits_.max_total_bytes, {}};
    return false;
  }
  if (n == 0) at_end_ = true;
  return n > 0;
}

std::optional<InputLine> LineReader::next() {
  for (;;) {
    if (stop_) return std::nullopt;
    const std::size_t newline = buffer_.find('\n', begin_ + scanned_);
    const std::size_t length = (newline == std::string::npos ? buffer_.size() : newline) - begin_;
    if (length > limits_.max_line_bytes) {
      stop_ = LineStop{LineStop::Reason::line_too_long, line_number_ + 1, consumed_ + begin_, {}};
      return std::nullopt;
    }
    if (newline != std::string::npos || (at_end_ && length > 0)) {
      InputLine line;
      line.number = ++line_number_;
      line.offset = consumed_ + begin_;
      line.text = std::string_view(buffer_).substr(begin_, length);
      if (!line.text.empty() && line.text.back() == '\r') line.text.remove_suffix(1);
      begin_ += length + (newline != std::string::npos ? 1 : 0);
      scanned_ = 0;
      return line;
    }
    if (at_end_) return std::nullopt;
    scanned_ = length;
    if (!fill()) {
      if (stop_) return std::nullopt;
      // The end of the input: what is left (if anything) is a last line without '\n'.
    }
  }
}

}  // namespace gpuatom::support
