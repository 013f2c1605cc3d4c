// The statement loop: one statement per line — a directive (.version, .kernel, .decl, and the
// ignored .input / .kernel_attr) or an instruction. A failed statement is reported and skipped,
// so one run lists every bad line.
#include "gpuatom/intel/parser.hpp"

#include <fmt/format.h>

#include "gpuatom/intel/lexer.hpp"
#include "parse_context.hpp"

namespace gpuatom::intel {

namespace {

using detail::ParseContext;

constexpr std::string_view directive_rule = "spec/intel.md §10.3";

void parse_directive(ParseContext& c) {
  c.next();  // '.'
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
  if (name.text == "input" || name.text == "kernel_attr") {
    c.diagnostics.note(c.location(name),
                       fmt::format(".{} is accepted and ignored: gpuatom does not model kernel inputs or attributes",
                                   name.text),
                       std::string(directive_rule));
    while (!c.at_statement_end()) c.next();
    return;
  }
  c.fail(name,
         fmt::format("unknown directive .{}: expected .version, .kernel, .decl, .input or .kernel_attr", name.text),
         directive_rule);
}

}  // namespace

Module parse_visa(std::string_view source, const std::string& file, const ParseOptions& options,
                  support::Diagnostics& diagnostics) {
  Module module;
  module.file = file;
  const std::vector<Token> tokens = lex_visa(source, file, diagnostics);
  ParseContext c(tokens, options, module, diagnostics);
  while (!c.at(TokenKind::end)) {
    if (c.accept(TokenKind::newline)) continue;
    try {
      if (c.at(TokenKind::dot))
        parse_directive(c);
      else
        module.instructions.push_back(detail::parse_instruction(c));
      if (!c.at_statement_end())
        c.fail(c.peek(), fmt::format("unexpected {} at the end of the statement", describe(c.peek())),
               "spec/intel.md §10");
    } catch (const detail::StatementFailed&) {
      // Reported already; go on with the next line.
    }
    c.skip_statement();
  }
  return module;
}

}  // namespace gpuatom::intel
