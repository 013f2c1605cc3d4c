// What the statement parsers (declarations, instructions, directives) share: a cursor over the
// tokens, the module being built and the diagnostics. Internal to src/intel/text.
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include "gpuatom/intel/text/lexer.hpp"
#include "gpuatom/intel/text/parser.hpp"

namespace gpuatom::intel::detail {

// Thrown after an error has been reported; the parser skips the rest of the statement. Keeps
// each statement parser a straight line instead of a ladder of early returns.
struct StatementFailed {};

// A cursor over one statement's tokens (StatementLexer): peeking past its line end gives the
// line end again.
class ParseContext {
 public:
  ParseContext(const std::vector<Token>& tokens, const ParseOptions& parse_options, Module& target,
               support::Diagnostics& sink)
      : options(parse_options), module(target), diagnostics(sink), tokens_(tokens) {}

  const Token& peek(size_t ahead = 0) const {
    const size_t i = pos_ + ahead;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  const Token& next() {
    const Token& t = peek();
    if (t.kind != TokenKind::end) ++pos_;
    return t;
  }
  bool at(TokenKind kind) const { return peek().kind == kind; }
  bool at_statement_end() const { return at(TokenKind::newline) || at(TokenKind::end); }
  bool accept(TokenKind kind) {
    if (!at(kind)) return false;
    next();
    return true;
  }
  // The next token if it is of `kind`; otherwise "expected <what>, found <token>" and fail.
  const Token& expect(TokenKind kind, std::string_view what, std::string_view rule) {
    if (!at(kind)) fail(peek(), fmt::format("expected {}, found {}", what, describe(peek())), rule);
    return next();
  }

  support::SourceLocation location(const Token& token) const { return {module.file, token.line, token.column, {}}; }

  [[noreturn]] void fail(const Token& at, std::string message, std::string_view rule) {
    diagnostics.error(location(at), std::move(message), std::string(rule));
    throw StatementFailed{};
  }

  const ParseOptions& options;
  Module& module;
  support::Diagnostics& diagnostics;

 private:
  const std::vector<Token>& tokens_;
  size_t pos_ = 0;
};

// `.decl …` after the `decl` word (declaration_parser.cpp).
void parse_declaration(ParseContext& context);
// `[(pred)] typed_atomic… | svm_atomic… | dword_atomic…` up to the line end (instruction_parser.cpp).
Instruction parse_instruction(ParseContext& context);
// `[(pred)] lsc_atomic_<op>…` up to the line end (lsc_parser.cpp).
Instruction parse_lsc_instruction(ParseContext& context);
// The parts every form shares (instruction_parser.cpp): `(` [`!`] name [`.any` | `.all`] `)`, and
// `(N)` or `(MASK, N)`.
void parse_predicate(ParseContext& context, Instruction& inst);
void parse_exec_size(ParseContext& context, Instruction& inst);

}  // namespace gpuatom::intel::detail
