#include "lexer.hpp"

#include <cctype>

#include <fmt/format.h>

namespace gpuatom::nvidia::detail {

namespace {

bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_word_char(char c) { return is_letter(c) || is_digit(c) || c == '.'; }
bool is_number_char(char c) { return is_letter(c) || is_digit(c) || c == '\''; }

}  // namespace

LexedLine lex_line(std::string_view line) {
  LexedLine out;
  size_t i = 0;
  const auto column = [](size_t index) { return static_cast<uint32_t>(index + 1); };
  while (i < line.size()) {
    const char c = line[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') {
      break;  // comment
    } else if (c == '#') {
      const char next = i + 1 < line.size() ? line[i + 1] : '\0';
      if (!is_digit(next) && next != '-') break;  // comment
      out.tokens.push_back({TokenKind::punct, line.substr(i, 1), column(i)});
      ++i;
    } else if (c == '{') {
      // Scheduling annotation: skipped whole, nested braces included.
      const size_t open = i;
      int depth = 0;
      for (; i < line.size(); ++i) {
        if (line[i] == '{') ++depth;
        if (line[i] == '}' && --depth == 0) break;
      }
      if (i == line.size()) {
        out.error = LexError{column(open), "unterminated scheduling annotation '{'"};
        return out;
      }
      ++i;
    } else if (is_letter(c)) {
      const size_t start = i;
      while (i < line.size() && is_word_char(line[i])) ++i;
      out.tokens.push_back({TokenKind::word, line.substr(start, i - start), column(start)});
    } else if (is_digit(c)) {
      const size_t start = i;
      while (i < line.size() && is_number_char(line[i])) ++i;
      out.tokens.push_back({TokenKind::number, line.substr(start, i - start), column(start)});
    } else if (std::string_view("@!,[]+-;").find(c) != std::string_view::npos) {
      out.tokens.push_back({TokenKind::punct, line.substr(i, 1), column(i)});
      ++i;
    } else {
      const bool printable = std::isprint(static_cast<unsigned char>(c)) != 0;
      out.error = LexError{column(i), printable ? fmt::format("unexpected character '{}'", c)
                                                : fmt::format("unexpected byte 0x{:02x}", static_cast<unsigned char>(c))};
      return out;
    }
  }
  return out;
}

}  // namespace gpuatom::nvidia::detail
