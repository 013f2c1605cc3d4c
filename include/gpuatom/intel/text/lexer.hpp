// Tokens of the vISA assembly text (.visaasm, spec/intel.md §10.2). Lines matter — one
// statement per line — so line ends are tokens; comments (`//`, `/* */`) and blanks are not.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

enum class TokenKind : uint8_t {
  identifier,  // [A-Za-z_][A-Za-z0-9_]*
  builtin,     // %[A-Za-z_][A-Za-z0-9_]*  (%null, %slm, …)
  number,      // decimal or 0x-hex
  word,        // starts with a digit but is no number ("2GRF", "32word")
  string,      // "…" (text keeps the quotes)
  dot, comma, lparen, rparen, bang, equals, less, greater,
  punctuation,  // any other printable character, one per token (':', '[', ';', '-', …)
  newline,     // end of a statement (also a block comment that spans lines)
  end,         // end of input; always the last token
};

struct Token {
  TokenKind kind;
  std::string_view text;  // a view into the source, which must outlive the tokens
  uint32_t line;          // 1-based
  uint32_t column;        // 1-based, in bytes
};

// Splits `source` into tokens. A character that starts no token is reported (file:line:col)
// and skipped, as is an unterminated comment or string.
std::vector<Token> lex_visa(std::string_view source, const std::string& file, support::Diagnostics& diagnostics);

std::string describe(const Token& token);  // "'foo'", "end of line", "end of input"

}  // namespace gpuatom::intel
