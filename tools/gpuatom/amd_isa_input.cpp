#include "amd_isa_input.hpp"

#include <fmt/format.h>

#include "command.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

void AmdTargetOption::add_to(CLI::App& command, bool required) {
  CLI::Option* option = command.add_option(
      "--target", name,
      "the gfx target: " + amd::isa::target_names() + " (llvm-mc's names, and products as the ROCm page names them)");
  if (required) option->required();
}

const amd::isa::Target* AmdTargetOption::target() const {
  if (name.empty()) return nullptr;
  const amd::isa::Target* t = amd::isa::find_target(name);
  if (!t)
    throw BadInput(fmt::format("--target {}: not a target gpuatom models at instruction level; it knows {}", name,
                               amd::isa::target_names()));
  return t;
}

amd::isa::Program read_amd_text(const std::string& file, const amd::isa::Target& target, const NothingReadRule& rule,
                                support::Diagnostics& diagnostics) {
  const std::string source = read_input(file);
  amd::isa::Program program = amd::isa::parse(source, target, file);
  for (const support::Diagnostic& d : program.diagnostics) diagnostics.add(d);
  rule.check(program.instructions.size(), start_of_text(file), held_by_text(source), diagnostics);
  return program;
}

std::vector<uint8_t> parse_amd_hex(std::string_view text, const support::FileName& file,
                                   support::Diagnostics& diagnostics) {
  std::vector<uint8_t> out;
  uint32_t line = 1, column = 1;
  size_t i = 0;
  const auto is_separator = [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '[' || c == ']';
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line, column = 1, ++i;
      continue;
    }
    if (is_separator(c)) {
      ++column, ++i;
      continue;
    }
    if (c == ';' || text.substr(i, 2) == "//") {  // a comment to the end of the line
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && !is_separator(text[end]) && text[end] != '\n' && text[end] != ';') ++end;
    const std::string_view written = text.substr(i, end - i);
    std::string_view token = written;
    const uint32_t token_column = column;
    column += static_cast<uint32_t>(end - i);
    i = end;
    if (token.size() > 2 && token[0] == '0' && (token[1] == 'x' || token[1] == 'X')) token.remove_prefix(2);
    const bool hex = !token.empty() && token.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
    if (!hex || (token.size() != 2 && token.size() != 8)) {
      diagnostics.error({file, line, token_column, std::nullopt},
                        fmt::format("'{}' is not a byte (two hex digits) or a dword (eight hex digits)", written));
      continue;
    }
    const uint32_t value = static_cast<uint32_t>(std::stoul(std::string(token), nullptr, 16));
    if (token.size() == 2)
      out.push_back(static_cast<uint8_t>(value));
    else
      for (int b = 0; b < 4; ++b) out.push_back(static_cast<uint8_t>(value >> (8 * b)));
  }
  return out;
}

}  // namespace gpuatom::cli
