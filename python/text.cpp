#include "text.hpp"

#include <fmt/format.h>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/assembly.hpp"
#include "gpuatom/nvidia/disassembly_pass.hpp"
#include "gpuatom/nvidia/disassembly_walks.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::python {

namespace {

std::optional<nvidia::Architecture> read_architecture(const std::string& text) {
  if (text.empty()) return std::nullopt;
  if (const auto arch = nvidia::parse_architecture(text)) return arch;
  throw support::InputError(fmt::format("--arch {}: expected {}", text, nvidia::architecture_range()));
}

nvidia::RuleSeverity rules(bool as_warnings) {
  return as_warnings ? nvidia::RuleSeverity::warning : nvidia::RuleSeverity::error;
}

// Errors first, then warnings, as the CLI reports them.
void keep(const support::Diagnostics& diagnostics, TextResult& out) {
  for (const support::Severity severity : {support::Severity::error, support::Severity::warning})
    for (const support::Diagnostic& d : diagnostics.all())
      if (d.severity == severity) out.diagnostics.push_back(d);
  out.ok = !diagnostics.has_errors();
}

}  // namespace

TextResult nvidia_check(const std::string& source, const std::string& file, const std::string& arch,
                        bool rules_as_warnings) {
  const nvidia::ParsedSass checked =
      nvidia::check_sass(source, file, read_architecture(arch), rules(rules_as_warnings));
  TextResult out;
  keep(checked.diagnostics, out);
  return out;
}

TextResult nvidia_asm(const std::string& source, const std::string& file, const std::string& arch, bool encode,
                      bool rules_as_warnings) {
  const std::optional<nvidia::Architecture> given = read_architecture(arch);
  nvidia::ParsedSass checked = nvidia::check_sass(source, file, given, rules(rules_as_warnings));
  support::Diagnostics diagnostics = checked.diagnostics;
  if (encode) nvidia::take_control_comments(checked.instructions, source, diagnostics);
  const std::vector<nvidia::AssembledLine> lines = nvidia::assemble(checked, given, encode, diagnostics);
  TextResult out;
  keep(diagnostics, out);
  if (!out.ok) return out;
  for (const nvidia::AssembledLine& l : lines)
    out.lines.push_back({l.text, l.word ? std::optional(l.word->lo) : std::nullopt, l.word ? l.word->hi : std::nullopt,
                         l.instruction->where.line});
  return out;
}

TextResult nvidia_disasm(const std::vector<uint64_t>& words, const std::string& arch, bool control) {
  std::vector<std::string> spelled;
  for (const uint64_t w : words) spelled.push_back(fmt::format("0x{:016x}", w));
  const std::optional<nvidia::Architecture> given = read_architecture(arch);
  const nvidia::DisassemblyWalk walk =
      nvidia::argument_words_walk(spelled, nvidia::disassembly_architecture(given), given, control);
  TextResult out;
  std::string listing;
  support::Diagnostics reported;
  const auto report = [&](const support::Diagnostics& d) { reported.append(d); };
  const auto render = [&](const nvidia::ListedAtomic& a) {
    out.lines.push_back({std::string(a.text), a.word, a.word_high, a.line});
    return std::string();  // the lines are kept as values; nothing is printed
  };
  nvidia::disassemble(walk.walk, control, nullptr, report, render, [&](std::string_view s) { listing += s; });
  keep(reported, out);
  return out;
}

}  // namespace gpuatom::python
