// Splits one line of SASS text into tokens (docs/spec/nvidia.md §10.1). Private to the parser.
//
// Dropped here, so the parser never sees them: whitespace, comments (`//` or `#` to the end of
// the line) and scheduling annotations (`{&req_6}`, `{?sched}`, any `{…}` group). A `#`
// directly followed by a digit or '-' is the immediate prefix of `#tsPtrIdxU13`, not a comment.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuatom::nvidia::detail {

enum class TokenKind : uint8_t {
  word,    // letters, digits, '_' and '.', starting with a letter: "ATOM.E.ADD", "R2.64", "desc"
  number,  // starting with a digit: "0x10", "400"
  punct,   // one of @ ! , [ ] + - ; #
};

struct Token {
  TokenKind kind;
  std::string_view text;  // a view into the line
  uint32_t column;        // 1-based
  bool is(char c) const { return kind == TokenKind::punct && text.size() == 1 && text[0] == c; }
};

struct LexError {
  uint32_t column;
  std::string message;
};

// Replaces `tokens` with the tokens of `line` (the caller keeps one vector for a whole file, so
// lexing a line allocates nothing); returns the first lexical error, if any.
std::optional<LexError> lex_line(std::string_view line, std::vector<Token>& tokens);

}  // namespace gpuatom::nvidia::detail
