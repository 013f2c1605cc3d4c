#include "gpuatom/support/hex_text.hpp"

#include <fmt/format.h>

#include <optional>

namespace gpuatom::support {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::vector<uint8_t> parse_hex(const std::string& text, const std::string& file, Diagnostics& diagnostics) {
  std::vector<uint8_t> out;
  uint32_t line = 1, column = 1;
  size_t i = 0;
  const auto advance = [&] {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    ++i;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '#' || (c == '/' && i + 1 < text.size() && text[i + 1] == '/')) {
      while (i < text.size() && text[i] != '\n') advance();
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',') {
      advance();
      continue;
    }
    // One token: [0x]hexdigits, an even number of them.
    const uint32_t token_line = line, token_column = column;
    if (c == '0' && i + 1 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X')) {
      advance();
      advance();
    }
    std::string digits;
    while (i < text.size() && hex_digit(text[i]) >= 0) {
      digits += text[i];
      advance();
    }
    const bool ends_cleanly =
        i >= text.size() || std::string_view(" \t\r\n,#/").find(text[i]) != std::string_view::npos;
    if (digits.empty() || digits.size() % 2 != 0 || !ends_cleanly) {
      size_t end = i;
      while (end < text.size() && std::string_view(" \t\r\n,").find(text[end]) == std::string_view::npos) ++end;
      const size_t begin = i - (column - token_column);
      diagnostics.error({file, token_line, token_column, std::nullopt},
                        fmt::format("'{}' is not hex bytes (pairs of hex digits, e.g. 4E 05 or 4e05)",
                                    text.substr(begin, end - begin)));
      while (i < end) advance();
      continue;
    }
    for (size_t k = 0; k < digits.size(); k += 2)
      out.push_back(static_cast<uint8_t>(hex_digit(digits[k]) * 16 + hex_digit(digits[k + 1])));
  }
  return out;
}

std::string hex_bytes(const std::vector<uint8_t>& bytes) {
  std::string out;
  for (size_t i = 0; i < bytes.size(); ++i) out += fmt::format("{}{:02X}", i ? " " : "", bytes[i]);
  return out;
}

}  // namespace gpuatom::support
