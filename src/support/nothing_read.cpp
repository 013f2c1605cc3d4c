#include "gpuatom/support/nothing_read.hpp"

#include <fmt/format.h>

namespace gpuatom::support {

void check_something_read(uint64_t instructions, bool allow_empty, const SourceLocation& input, std::string_view held,
                          Diagnostics& diagnostics) {
  // An input that already failed needs no second error (a line that did not parse was read).
  if (instructions > 0 || allow_empty || diagnostics.has_errors()) return;
  diagnostics.error(input, fmt::format("no instruction read: the input holds {}; reading nothing is an error, not an "
                                       "empty success (--allow-empty accepts it)",
                                       held));
}

SourceLocation start_of_text(const FileName& file) { return {file, 1, 1, std::nullopt}; }
SourceLocation start_of_bytes(const FileName& file) { return {file, 0, 0, 0}; }

std::string_view held_by_text(std::string_view source) {
  return source.empty() ? "0 bytes" : "only blank lines and comments";
}

}  // namespace gpuatom::support
