// Tokens of the vISA assembly text (.visaasm, docs/spec/intel.md §10.2). Lines matter — one
// statement per line — so line ends are tokens; comments (`//`, `/* */`) and blanks are not.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
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
  dot,
  comma,
  lparen,
  rparen,
  bang,
  equals,
  less,
  greater,
  punctuation,  // any other printable character, one per token (':', '[', ';', '-', …)
  newline,      // end of a statement (also a block comment that spans lines)
  end,          // end of input; always the last token
};

struct Token {
  TokenKind kind;
  std::string_view text;  // a view into the source, which must outlive the tokens
  uint32_t line;          // 1-based
  uint32_t column;        // 1-based, in bytes
};

// Where a StatementLexer reads text piece by piece: the next piece (whole lines, the last one
// perhaps without its '\n'), or nothing at the end. A piece's view must stay valid until the next call.
using TextPieces = std::function<std::optional<std::string_view>()>;

// The tokens of `source` one statement at a time, so that a reader holds one line's tokens instead
// of the whole file's (a million-line IGC dump is mostly lines read past). Reports as lex_visa does.
class StatementLexer {
 public:
  StatementLexer(std::string_view source, const std::string& file, support::Diagnostics& diagnostics);
  // The same over text read piece by piece: only the current statement's text is held.
  StatementLexer(TextPieces pieces, const std::string& file, support::Diagnostics& diagnostics);
  ~StatementLexer();
  StatementLexer(const StatementLexer&) = delete;
  StatementLexer& operator=(const StatementLexer&) = delete;

  // Replaces `out` with the next statement's tokens, up to and including its line end (a newline
  // token) or, for the last, the end token; false once the end token has been given.
  bool next(std::vector<Token>& out);
  // Bytes of text the lexer holds (pieces only; a whole text is the caller's): the current
  // statement's and the rest of the last piece.
  size_t text_held() const;

 private:
  class Lexer;
  std::unique_ptr<Lexer> lexer_;
};

// Splits `source` into tokens. A character that starts no token is reported (file:line:col)
// and skipped, as is an unterminated comment or string.
std::vector<Token> lex_visa(std::string_view source, const std::string& file, support::Diagnostics& diagnostics);

std::string describe(const Token& token);  // "'foo'", "end of line", "end of input"

}  // namespace gpuatom::intel
