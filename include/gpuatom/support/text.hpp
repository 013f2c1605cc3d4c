// Small text helpers shared by every front-end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpuatom::support {

// ASCII case folding, without the C library's locale lookup: the front-ends call it for every
// character of every mnemonic and modifier they match.
constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// ASCII case-insensitive comparison (mnemonics and modifiers match case-insensitively).
constexpr bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}
constexpr bool istarts_with(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && iequals(text.substr(0, prefix.size()), prefix);
}

// Parses an unsigned integer written in decimal or 0x-hexadecimal (digits separators '_' and
// '\'' allowed). Returns nothing on any malformed text or when the value exceeds `max`.
std::optional<uint64_t> parse_unsigned(std::string_view text, uint64_t max = ~0ULL);

// Text safe inside HTML elements and double-quoted attributes.
std::string html_escape(std::string_view text);

// The length of the well-formed UTF-8 sequence of two to four bytes at text[i], else 0 (overlong
// forms, surrogates and code points past U+10FFFF are not well formed). One definition for the
// JSON reader and the diagnostics' printable text.
std::size_t utf8_sequence(std::string_view text, std::size_t i);

// Lower-case hex with "0x" and exactly `digits` digits: hex(0x5, 8) == "0x00000005".
std::string hex(uint64_t value, int digits);

// Text echoed to a terminal whatever it holds (a command-line argument in an error message):
// control characters become \xNN, so no escape sequence reaches the terminal, and past
// `max_bytes` the rest is cut to "…", so a 100 KB argument is not echoed whole. Other bytes stay
// as they are.
std::string escape_controls(std::string_view text, std::size_t max_bytes);

}  // namespace gpuatom::support
