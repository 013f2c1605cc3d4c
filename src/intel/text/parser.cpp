// The statement loop: one statement per line — a directive (.version, .kernel, .decl, and the
// directives kept as written: .input, .kernel_attr, .function, …), a label, an atomic
// instruction, or another vISA instruction (kept as written, docs/intel-igc.md §8). A failed
// statement is reported and skipped, so one run lists every bad line.
#include "gpuatom/intel/text/parser.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/intel/other_instructions.hpp"
#include "gpuatom/intel/text/lexer.hpp"
#include "gpuatom/support/text.hpp"
#include "parse_context.hpp"

namespace gpuatom::intel {

namespace {

using detail::ParseContext;

constexpr std::string_view directive_rule = "docs/spec/intel.md §10.3";

// Directives of IGC's assembler (visa/CISA.l) that say nothing about the atomics: kept as written.
bool is_kept_directive(std::string_view name) {
  for (std::string_view kept :
       {"input", "kernel_attr", "function", "global_function", "funcdecl", "parameter", "file", "loc"})
    if (name == kept) return true;
  return name.starts_with("implicit");  // .implicit_PSEUDO_INPUT, …
}

// The statement from `first` to the line end, as written, and moves past it. `first` is the
// current token, or one read already; then `read` is the last token read.
std::string take_statement_text(ParseContext& c, const Token& first, const Token* read) {
  const Token* last = read ? read : &first;
  while (!c.at_statement_end()) last = &c.next();
  const char* begin = first.text.data();
  std::string text(begin, static_cast<size_t>(last->text.data() + last->text.size() - begin));
  // A byte the lexer refused (reported already) becomes a blank, so that the kept line prints
  // back as text that reads without that error.
  const auto ident_start = [](char ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_'; };
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const bool lone_percent = text[i] == '%' && (i + 1 == text.size() || !ident_start(text[i + 1]));
    if ((byte < 0x20 && text[i] != '\t') || byte >= 0x7F || lone_percent) text[i] = ' ';
  }
  return text;
}

void keep(ParseContext& c, OtherStatement::Kind kind, const Token& first, bool unread_atomic = false,
          const Token* read = nullptr) {
  ++c.module.others_read[static_cast<size_t>(kind)];
  if (unread_atomic) ++c.module.unread_atomics_read;
  if (!c.options.keep_others) {
    while (!c.at_statement_end()) c.next();
    return;
  }
  OtherStatement other;
  other.kind = kind;
  other.where = c.location(first);
  other.before = c.module.instructions.size();
  other.unread_atomic = unread_atomic;
  other.text = take_statement_text(c, first, read);
  c.module.others.push_back(std::move(other));
}

void parse_directive(ParseContext& c) {
  const Token& dot = c.next();
  const Token& name = c.peek();
  if (name.kind != TokenKind::identifier)
    c.fail(name, fmt::format("expected a directive name after '.', found {}", describe(name)), directive_rule);
  c.next();
  if (name.text == "decl") return detail::parse_declaration(c);
  if (name.text == "version") {
    const Token& major = c.expect(TokenKind::number, "a version such as 4.2", directive_rule);
    c.expect(TokenKind::dot, "'.' in the version (e.g. 4.2)", directive_rule);
    const Token& minor = c.expect(TokenKind::number, "the minor version", directive_rule);
    c.module.version = fmt::format("{}.{}", major.text, minor.text);
    return;
  }
  if (name.text == "kernel") {
    const Token& kernel = c.peek();
    if (kernel.kind != TokenKind::string && kernel.kind != TokenKind::identifier)
      c.fail(kernel, fmt::format("expected the kernel name, found {}", describe(kernel)), directive_rule);
    c.module.kernel = std::string(c.next().text);
    return;
  }
  // Kept from its '.': the statement's text begins there.
  if (is_kept_directive(name.text)) return keep(c, OtherStatement::Kind::directive, dot, false, &name);
  c.fail(name,
         fmt::format("unknown directive .{}: expected .version, .kernel, .decl, .input, .kernel_attr, .function, "
                     ".global_function, .funcdecl, .parameter or .implicit…",
                     name.text),
         directive_rule);
}

// The first word of an instruction: after the predicate `( … )`, if there is one.
const Token& instruction_word(const ParseContext& c) {
  if (!c.at(TokenKind::lparen)) return c.peek();
  for (size_t i = 1;; ++i) {
    const Token& t = c.peek(i);
    if (t.kind == TokenKind::newline || t.kind == TokenKind::end) return c.peek();
    if (t.kind == TokenKind::rparen) return c.peek(i + 1);
  }
}

bool is_atomic_form(const Token& word) { return word.kind == TokenKind::identifier && find_form(word.text); }

// `name:` on a line of its own.
bool at_label(const ParseContext& c) {
  return c.at(TokenKind::identifier) && c.peek(1).kind == TokenKind::punctuation && c.peek(1).text == ":" &&
         (c.peek(2).kind == TokenKind::newline || c.peek(2).kind == TokenKind::end);
}

void parse_statement(ParseContext& c) {
  if (c.at(TokenKind::dot)) return parse_directive(c);
  if (at_label(c)) return keep(c, OtherStatement::Kind::label, c.peek());
  const Token& word = instruction_word(c);
  if (word.kind == TokenKind::identifier && word.text.starts_with("lsc_atomic_"))
    return c.module.instructions.push_back(detail::parse_lsc_instruction(c));
  if (!is_atomic_form(word) && word.kind == TokenKind::identifier)
    if (const auto other = find_other_instruction(word.text)) {
      if (other->unread_atomic)
        c.diagnostics.warning(c.location(word),
                              fmt::format("{} is an atomic gpuatom does not read yet: the line is kept as written "
                                          "and not checked",
                                          word.text),
                              "docs/intel-igc.md §8");
      return keep(c, OtherStatement::Kind::instruction, c.peek(), other->unread_atomic);
    }
  c.module.instructions.push_back(detail::parse_instruction(c));
}

// One statement's tokens at a time: a line read past leaves nothing behind unless kept.
Module parse_statements(StatementLexer& lexer, const std::string& file, const ParseOptions& options,
                        support::Diagnostics& diagnostics) {
  Module module;
  module.file = file;
  std::vector<Token> statement;
  while (lexer.next(statement)) {
    module.most_tokens_held = std::max(module.most_tokens_held, statement.capacity());
    module.most_text_held = std::max(module.most_text_held, lexer.text_held());
    ParseContext c(statement, options, module, diagnostics);
    if (c.at_statement_end()) continue;  // a blank line, or the end
    try {
      parse_statement(c);
      if (!c.at_statement_end())
        c.fail(c.peek(), fmt::format("unexpected {} at the end of the statement", describe(c.peek())),
               "docs/spec/intel.md §10");
    } catch (const detail::StatementFailed&) {
      // Reported already; go on with the next line.
    }
  }
  return module;
}

}  // namespace

Module parse_visa(std::string_view source, const std::string& file, const ParseOptions& options,
                  support::Diagnostics& diagnostics) {
  StatementLexer lexer(source, file, diagnostics);
  return parse_statements(lexer, file, options, diagnostics);
}

Module parse_visa(TextPieces pieces, const std::string& file, const ParseOptions& options,
                  support::Diagnostics& diagnostics) {
  StatementLexer lexer(std::move(pieces), file, diagnostics);
  return parse_statements(lexer, file, options, diagnostics);
}

size_t Module::count(OtherStatement::Kind kind) const { return others_read[static_cast<size_t>(kind)]; }

size_t Module::unread_atomics() const { return unread_atomics_read; }

}  // namespace gpuatom::intel
