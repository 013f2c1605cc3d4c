// A text file read in pieces of whole lines (about 64 KiB each), for a parser that reads piecewise:
// a dump is never held whole. Refuses, as support::InputError with read_whole_input's messages
// (line_input.hpp), a file that cannot be opened or read or that grows past `max_bytes`
// (/dev/zero is refused, not read until memory runs out).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/support/input_error.hpp"
#include "gpuatom/support/line_input.hpp"

namespace gpuatom::support {

class LinePieces {
 public:
  LinePieces(const std::string& path, uint64_t max_bytes) : path_(path), max_bytes_(max_bytes) {
    auto opened = FileSource::open(path);
    if (auto* why = std::get_if<std::string>(&opened)) fail(WholeInput::Problem::cannot_open, *why);
    source_ = std::move(std::get<std::unique_ptr<FileSource>>(opened));
  }

  std::optional<std::string_view> next() {
    for (;;) {
      if (at_end_) {
        if (pending_.empty()) return std::nullopt;
        piece_.swap(pending_);
        pending_.clear();
        return piece_;
      }
      // Only the bytes read since the last look can hold a newline: looking through all of
      // pending_ each time would be quadratic in a long line (/dev/zero has none in 256 MiB).
      if (const size_t newline = std::string_view(pending_).substr(searched_).rfind('\n');
          newline != std::string_view::npos) {
        piece_.assign(pending_, 0, searched_ + newline + 1);
        pending_.erase(0, searched_ + newline + 1);
        searched_ = 0;
        return piece_;
      }
      searched_ = pending_.size();
      read_more();
    }
  }

 private:
  static constexpr size_t chunk_bytes = size_t{64} * 1024;

  void read_more() {
    const size_t old_size = pending_.size();
    pending_.resize(old_size + chunk_bytes);
    auto got = source_->read(pending_.data() + old_size, chunk_bytes);
    if (auto* why = std::get_if<std::string>(&got)) fail(WholeInput::Problem::read_error, *why);
    const size_t n = std::get<size_t>(got);
    pending_.resize(old_size + n);
    total_ += n;
    if (total_ > max_bytes_) fail(WholeInput::Problem::too_long, "");
    at_end_ = n == 0;
  }

  [[noreturn]] void fail(WholeInput::Problem problem, const std::string& detail) const {
    WholeInput input;
    input.problem = problem;
    input.detail = detail;
    throw InputError(describe(input, path_, max_bytes_));
  }

  std::string path_;
  uint64_t max_bytes_;
  std::unique_ptr<FileSource> source_;
  std::string pending_;  // read, not yet given
  size_t searched_ = 0;  // pending_'s first bytes, known to hold no newline
  std::string piece_;    // the piece last given
  uint64_t total_ = 0;
  bool at_end_ = false;
};

}  // namespace gpuatom::support
