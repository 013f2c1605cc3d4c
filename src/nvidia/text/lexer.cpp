#include "lexer.hpp"

#include <fmt/format.h>

#include <array>
#include <cctype>

namespace gpuatom::nvidia::detail {

namespace {

// ASCII character classes in one table (the C library's isalpha & co. consult the locale per
// call). Bytes >= 0x80 are in no class, as in the "C" locale.
// word_char and number_char are the characters that continue a word or a number, so that the
// loops over them test one bit.
enum : uint8_t { space = 1, letter = 2, digit = 4, punct = 8, word_char = 16, number_char = 32 };

constexpr std::array<uint8_t, 256> classes = [] {
  std::array<uint8_t, 256> t{};
  for (const char c : std::string_view(" \t\n\v\f\r")) t[static_cast<unsigned char>(c)] = space;
  for (int c = 'a'; c <= 'z'; ++c) t[c] = letter;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = letter;
  t['_'] = letter;
  for (int c = '0'; c <= '9'; ++c) t[c] = digit;
  for (const char c : std::string_view("@!,[]+-;")) t[static_cast<unsigned char>(c)] = punct;
  for (int c = 0; c < 256; ++c) {
    // '?' belongs to words: nvdisasm spells a field value that names nothing `???n` (an op of
    // SUATOM.P.CAS, a register 255 that is not RZ).
    if ((t[c] & (letter | digit)) != 0 || c == '.' || c == '?') t[c] |= word_char;
    if ((t[c] & (letter | digit)) != 0 || c == '\'') t[c] |= number_char;
  }
  return t;
}();

bool is(char c, uint8_t cls) { return (classes[static_cast<unsigned char>(c)] & cls) != 0; }

}  // namespace

std::optional<LexError> lex_line(std::string_view line, std::vector<Token>& tokens) {
  tokens.clear();
  size_t i = 0;
  const auto column = [](size_t index) { return static_cast<uint32_t>(index + 1); };
  // A token's text is a view into the line.
  const auto text = [&](size_t start, size_t end) { return std::string_view(line.data() + start, end - start); };
  // The common classes first (words, spaces, punctuation); '/', '#', '{' and '?' are in none.
  while (i < line.size()) {
    const char c = line[i];
    if (is(c, letter)) {
      const size_t start = i;
      while (i < line.size() && is(line[i], word_char)) ++i;
      tokens.push_back({TokenKind::word, text(start, i), column(start)});
    } else if (is(c, space)) {
      ++i;
    } else if (is(c, punct)) {
      tokens.push_back({TokenKind::punct, text(i, i + 1), column(i)});
      ++i;
    } else if (is(c, digit)) {
      const size_t start = i;
      while (i < line.size() && is(line[i], number_char)) ++i;
      tokens.push_back({TokenKind::number, text(start, i), column(start)});
    } else if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') {
      break;  // comment
    } else if (c == '/' && i + 1 < line.size() && line[i + 1] == '*') {
      // A block comment, closed on its line: nvdisasm's and cuobjdump's listings put the address
      // before the instruction (`/*0070*/`) and its word after it (`/* 0x0000000502007388 */`).
      const size_t close = line.find("*/", i + 2);
      if (close == std::string_view::npos)
        return LexError{column(i), "unterminated /* comment: a comment closes on its own line"};
      i = close + 2;
    } else if (c == '#') {
      const char next = i + 1 < line.size() ? line[i + 1] : '\0';
      if (!is(next, digit) && next != '-') break;  // comment
      tokens.push_back({TokenKind::punct, text(i, i + 1), column(i)});
      ++i;
    } else if (c == '{') {
      // Scheduling annotation: skipped whole, nested braces included.
      const size_t open = i;
      int depth = 0;
      for (; i < line.size(); ++i) {
        if (line[i] == '{') ++depth;
        if (line[i] == '}' && --depth == 0) break;
      }
      if (i == line.size()) return LexError{column(open), "unterminated scheduling annotation '{'"};
      ++i;
    } else if (c == '?') {
      const size_t start = i;
      while (i < line.size() && is(line[i], word_char)) ++i;
      tokens.push_back({TokenKind::word, text(start, i), column(start)});
    } else {
      const bool printable = std::isprint(static_cast<unsigned char>(c)) != 0;
      return LexError{column(i), printable ? fmt::format("unexpected character '{}'", c)
                                           : fmt::format("unexpected byte 0x{:02x}", static_cast<unsigned char>(c))};
    }
  }
  return std::nullopt;
}

}  // namespace gpuatom::nvidia::detail
