// Little-endian reads from a file's bytes, every offset checked before it is read, and refusals
// that name the byte offset of what is wrong: what the ELF readers (NVIDIA cubins, AMD code
// objects) share.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::support {

class ByteReader {
 public:
  // `rule`: the documentation a refusal cites.
  ByteReader(std::string_view bytes, const FileName& file, std::string rule)
      : bytes_(bytes), file_(file), rule_(std::move(rule)) {}

  // Whether `size` bytes at `offset` lie inside the file (no overflow whatever the values).
  bool has(uint64_t offset, uint64_t size) const { return offset <= bytes_.size() && size <= bytes_.size() - offset; }
  // The little-endian value of `size` (1–8) bytes at `offset`; has(offset, size) must hold.
  uint64_t get(uint64_t offset, int size) const {
    uint64_t v = 0;
    for (int b = size - 1; b >= 0; --b)
      v = (v << 8) | static_cast<unsigned char>(bytes_[offset + static_cast<size_t>(b)]);
    return v;
  }
  Diagnostic refuse(uint64_t offset, std::string message) const {
    return {Severity::error, {file_, 0, 0, offset}, std::move(message), rule_};
  }
  std::string_view bytes() const { return bytes_; }

 private:
  std::string_view bytes_;
  FileName file_;
  std::string rule_;
};

}  // namespace gpuatom::support
