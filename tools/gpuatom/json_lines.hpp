// `--json` of asm, disasm and check (report/json_lines.hpp, where the keys are listed), printed
// on standard output.
#pragma once

#include <fmt/format.h>

#include "gpuatom/report/json_lines.hpp"

namespace gpuatom::cli {

using report::CodePlace;
using report::json_instruction;

inline void print_json_instruction(std::string_view file, uint32_t line, std::string_view text,
                                   std::optional<uint64_t> word = std::nullopt,
                                   std::optional<uint64_t> word_high = std::nullopt) {
  fmt::print("{}", json_instruction(file, line, text, word, word_high));
}
inline void print_json_diagnostics(const support::Diagnostics& diagnostics) {
  fmt::print("{}", report::json_diagnostics(diagnostics));
}
inline void print_json_summary(std::string_view file, size_t instructions, const support::Diagnostics& diagnostics) {
  fmt::print("{}", report::json_summary(file, instructions, diagnostics));
}

}  // namespace gpuatom::cli
