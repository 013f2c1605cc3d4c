#include "gpuatom/support/text.hpp"

#include <fmt/format.h>

namespace gpuatom::support {

std::optional<uint64_t> parse_unsigned(std::string_view text, uint64_t max) {
  unsigned base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  }
  if (text.empty()) return std::nullopt;
  uint64_t value = 0;
  bool any_digit = false;
  for (char c : text) {
    if (c == '_' || c == '\'') continue;
    unsigned digit;
    if (c >= '0' && c <= '9')
      digit = static_cast<unsigned>(c - '0');
    else if (base == 16 && ascii_lower(c) >= 'a' && ascii_lower(c) <= 'f')
      digit = static_cast<unsigned>(ascii_lower(c) - 'a' + 10);
    else
      return std::nullopt;
    if (digit > max || value > (max - digit) / base) return std::nullopt;  // would exceed max (no unsigned wrap)
    value = value * base + digit;
    any_digit = true;
  }
  if (!any_digit) return std::nullopt;
  return value;
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string hex(uint64_t value, int digits) { return fmt::format("0x{:0{}x}", value, digits); }

std::size_t utf8_sequence(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = byte(i);
  const std::size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
  if ((c == 0xe0 && byte(i + 1) < 0xa0) || (c == 0xed && byte(i + 1) >= 0xa0) || (c == 0xf0 && byte(i + 1) < 0x90) ||
      (c == 0xf4 && byte(i + 1) >= 0x90))
    return 0;
  return n;
}

std::string escape_controls(std::string_view text, std::size_t max_bytes) {
  std::string out;
  for (const char c : text) {
    if (out.size() >= max_bytes) return out + "…";
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f)
      out += fmt::format("\\x{:02x}", u);
    else
      out += c;
  }
  return out;
}

}  // namespace gpuatom::support
