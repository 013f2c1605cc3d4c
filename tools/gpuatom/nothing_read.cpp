#include "nothing_read.hpp"

#include <fmt/format.h>

namespace gpuatom::cli {

void NothingReadRule::add_option(CLI::App& command) {
  command.add_flag("--allow-empty", allow_empty_,
                   "accept an input that holds no instruction (empty, only comments, a cubin without code): exit 0; "
                   "without it that is bad input (exit 2), so that a tool that failed and wrote nothing does not pass");
}

void NothingReadRule::check(uint64_t instructions, const support::SourceLocation& input, std::string_view held,
                            support::Diagnostics& diagnostics) const {
  // An input that already failed needs no second error (a line that did not parse was read).
  if (instructions > 0 || allow_empty_ || diagnostics.has_errors()) return;
  diagnostics.error(input, fmt::format("no instruction read: the input holds {}; reading nothing is an error, not an "
                                       "empty success (--allow-empty accepts it)",
                                       held));
}

support::SourceLocation start_of_text(const support::FileName& file) { return {file, 1, 1, std::nullopt}; }
support::SourceLocation start_of_bytes(const support::FileName& file) { return {file, 0, 0, 0}; }

std::string_view held_by_text(std::string_view source) {
  return source.empty() ? "0 bytes" : "only blank lines and comments";
}

}  // namespace gpuatom::cli
