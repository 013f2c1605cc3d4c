#include "gpuatom/amd/isa/hex_bytes.hpp"

#include <fmt/format.h>

#include <string>

namespace gpuatom::amd::isa {

namespace {

bool is_separator(char c) { return c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '[' || c == ']'; }

// Appends a token's byte or dword; false when it is neither two nor eight hex digits.
bool append_token(std::string_view token, std::vector<uint8_t>& out) {
  if (token.size() > 2 && token[0] == '0' && (token[1] == 'x' || token[1] == 'X')) token.remove_prefix(2);
  const bool hex = !token.empty() && token.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
  if (!hex || (token.size() != 2 && token.size() != 8)) return false;
  const auto value = static_cast<uint32_t>(std::stoul(std::string(token), nullptr, 16));
  if (token.size() == 2)
    out.push_back(static_cast<uint8_t>(value));
  else
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<uint8_t>(value >> (8 * b)));
  return true;
}

}  // namespace

std::vector<uint8_t> parse_hex_bytes(std::string_view text, const support::FileName& file,
                                     support::Diagnostics& diagnostics) {
  std::vector<uint8_t> out;
  uint32_t line = 1, column = 1;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line, column = 1, ++i;
      continue;
    }
    if (is_separator(c)) {
      ++column, ++i;
      continue;
    }
    if (c == ';' || text.substr(i, 2) == "//") {  // a comment to the end of the line
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && !is_separator(text[end]) && text[end] != '\n' && text[end] != ';') ++end;
    const std::string_view written = text.substr(i, end - i);
    const uint32_t token_column = column;
    column += static_cast<uint32_t>(end - i);
    i = end;
    if (!append_token(written, out))
      diagnostics.error({file, line, token_column, std::nullopt},
                        fmt::format("'{}' is not a byte (two hex digits) or a dword (eight hex digits)", written));
  }
  return out;
}

}  // namespace gpuatom::amd::isa
