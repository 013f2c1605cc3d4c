#include "gpuatom/intel/text/lexer.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/support/text.hpp"

namespace gpuatom::intel {

namespace {

bool is_ident_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

class StatementLexer::Lexer {
 public:
  Lexer(std::string_view source, const std::string& file, support::Diagnostics& diagnostics)
      : src_(source), file_(file), diagnostics_(diagnostics) {}
  // Reads `pieces` into a buffer of its own that holds the current statement's text and what
  // follows it, never the text of statements already given.
  Lexer(TextPieces pieces, const std::string& file, support::Diagnostics& diagnostics)
      : file_(file), diagnostics_(diagnostics), pieces_(std::move(pieces)) {}

  // One statement's tokens into `out`: up to its line end (a newline token, also a block comment
  // across lines) or the end of input (the end token, given once).
  size_t text_held() const { return buffer_.capacity(); }

  bool next_statement(std::vector<Token>& out) {
    if (ended_) return false;
    out.clear();
    tokens_ = &out;
    statement_begin_ = pos_;
    while (pos_ < src_.size() || pull()) {
      step();  // at most one token a step
      if (!out.empty() && out.back().kind == TokenKind::newline) return true;
    }
    push(TokenKind::end, pos_, 0);
    ended_ = true;
    return true;
  }

 private:
  void step() {
    const char c = src_[pos_];
    if (c == '\n') {
      push(TokenKind::newline, pos_, 1);
      advance(1);
      return;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') return advance(1);
    if (c == '/' && peek(1) == '/') {
      while (pos_ < src_.size() && src_[pos_] != '\n') advance(1);
      return;
    }
    if (c == '/' && peek(1) == '*') return block_comment();
    if (c == '"') return string();
    if (is_ident_start(c)) return push_run(TokenKind::identifier, 0);
    if (c == '%') {
      if (is_ident_start(peek(1))) return push_run(TokenKind::builtin, 1);
      error("'%' must start a built-in name such as %null or %slm");
      return advance(1);
    }
    if (is_digit(c)) {
      const size_t begin = pos_;
      while (pos_ < src_.size() && is_ident_char(src_[pos_])) ++pos_;
      const std::string_view text = src_.substr(begin, pos_ - begin);
      pos_ = begin;
      push(support::parse_unsigned(text) ? TokenKind::number : TokenKind::word, begin, text.size());
      return advance(text.size());
    }
    TokenKind kind;
    switch (c) {
      case '.': kind = TokenKind::dot; break;
      case ',': kind = TokenKind::comma; break;
      case '(': kind = TokenKind::lparen; break;
      case ')': kind = TokenKind::rparen; break;
      case '!': kind = TokenKind::bang; break;
      case '=': kind = TokenKind::equals; break;
      case '<': kind = TokenKind::less; break;
      case '>': kind = TokenKind::greater; break;
      default: {
        // Other printable punctuation (`: ; [ ] + - * & | ~ $ @ { } ? ^ #`, a lone `/`) is a token of
        // its own: IGC writes it in instructions gpuatom skips (regions `<1;1,0>`, immediates
        // `0x0:ud`, LSC addresses `flat[V44]:a64`); a statement that must not hold it says so.
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7F) {
          error(fmt::format("unexpected byte 0x{:02x}", byte));
          return advance(1);
        }
        kind = TokenKind::punctuation;
        break;
      }
    }
    push(kind, pos_, 1);
    advance(1);
  }

  void block_comment() {
    const size_t from_statement = pos_ - statement_begin_;  // pull() moves offsets, not this distance
    const uint32_t line = line_, column = column_;
    size_t close = src_.find("*/", pos_ + 2);
    while (close == std::string_view::npos) {
      const size_t seen = src_.size() - pos_;  // searched already, from the '/'; its last '*' may end a "*/"
      if (!pull()) break;
      close = src_.find("*/", pos_ + std::max<size_t>(seen, 3) - 1);
    }
    if (close == std::string_view::npos) {
      error("unterminated /* comment");
      while (pos_ < src_.size()) advance(1);
      return;
    }
    bool spans_lines = false;
    while (pos_ < close + 2) {
      spans_lines |= src_[pos_] == '\n';
      advance(1);
    }
    // A comment across lines ends the statement it started in, as the line end it hides would.
    if (spans_lines)
      tokens_->push_back({TokenKind::newline, src_.substr(statement_begin_ + from_statement, 2), line, column});
  }

  void string() {
    const size_t begin = pos_;
    size_t end = begin + 1;
    while (end < src_.size() && src_[end] != '"' && src_[end] != '\n') ++end;
    if (end >= src_.size() || src_[end] != '"') {
      error("unterminated string");
      advance(end - begin);
      return;
    }
    push(TokenKind::string, begin, end + 1 - begin);
    advance(end + 1 - begin);
  }

  void push_run(TokenKind kind, size_t prefix) {
    size_t end = pos_ + prefix;
    while (end < src_.size() && is_ident_char(src_[end])) ++end;
    push(kind, pos_, end - pos_);
    advance(end - pos_);
  }

  void push(TokenKind kind, size_t begin, size_t length) {
    tokens_->push_back({kind, src_.substr(begin, length), line_, column_});
  }

  void advance(size_t n) {
    for (size_t i = 0; i < n && pos_ < src_.size(); ++i, ++pos_) {
      if (src_[pos_] == '\n') {
        ++line_;
        column_ = 1;
      } else {
        ++column_;
      }
    }
  }

  char peek(size_t ahead) const { return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0'; }

  // Appends the next piece, first dropping the text of statements already given (their tokens are
  // gone); the current statement's tokens are moved along. False at the end of the pieces.
  bool pull() {
    if (!pieces_) return false;
    const std::optional<std::string_view> piece = pieces_();
    if (!piece) {
      pieces_ = nullptr;
      return false;
    }
    std::vector<size_t> offsets;
    for (const Token& t : *tokens_) offsets.push_back(static_cast<size_t>(t.text.data() - buffer_.data()));
    buffer_.erase(0, statement_begin_);
    buffer_.append(*piece);
    for (size_t i = 0; i < offsets.size(); ++i)
      (*tokens_)[i].text = std::string_view(buffer_.data() + offsets[i] - statement_begin_, (*tokens_)[i].text.size());
    pos_ -= statement_begin_;
    statement_begin_ = 0;
    src_ = buffer_;
    return true;
  }

  // Reported at the current position: the first character of what could not be read.
  void error(std::string message) {
    diagnostics_.error({file_, line_, column_, std::nullopt}, std::move(message), "docs/spec/intel.md §10.2");
  }

  std::string_view src_;
  std::string file_;  // a copy: a StatementLexer may outlive the caller's string
  support::Diagnostics& diagnostics_;
  TextPieces pieces_;   // empty: all of the text is src_ already
  std::string buffer_;  // the pieces' text from the current statement on (src_ views it)
  std::vector<Token>* tokens_ = nullptr;
  size_t statement_begin_ = 0;  // where the current statement's text starts in src_
  size_t pos_ = 0;
  uint32_t line_ = 1;
  uint32_t column_ = 1;
  bool ended_ = false;
};

StatementLexer::StatementLexer(std::string_view source, const std::string& file, support::Diagnostics& diagnostics)
    : lexer_(std::make_unique<Lexer>(source, file, diagnostics)) {}
StatementLexer::StatementLexer(TextPieces pieces, const std::string& file, support::Diagnostics& diagnostics)
    : lexer_(std::make_unique<Lexer>(std::move(pieces), file, diagnostics)) {}
StatementLexer::~StatementLexer() = default;

bool StatementLexer::next(std::vector<Token>& out) { return lexer_->next_statement(out); }

size_t StatementLexer::text_held() const { return lexer_->text_held(); }

std::vector<Token> lex_visa(std::string_view source, const std::string& file, support::Diagnostics& diagnostics) {
  StatementLexer lexer(source, file, diagnostics);
  std::vector<Token> all, statement;
  while (lexer.next(statement)) all.insert(all.end(), statement.begin(), statement.end());
  return all;
}

std::string describe(const Token& token) {
  if (token.kind == TokenKind::newline) return "end of line";
  if (token.kind == TokenKind::end) return "end of input";
  return fmt::format("'{}'", token.text);
}

}  // namespace gpuatom::intel
