// Reads SASS text into Instructions: the SPA 5.0 grammar of the ATOM and SUATOM pages and the
// sm_70–sm_90 disassembler spellings (docs/spec/nvidia.md §10). The parser checks the grammar —
// known mnemonic and modifiers, modifier order, the operand shape of the form — and records
// what it read; the rules about values (op × size, register pairing, ranges, …) are the
// validator's (validator.hpp). check_sass() runs both.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

struct ParsedSass {
  std::vector<Instruction> instructions;  // one per instruction line that parsed
  support::Diagnostics diagnostics;       // file:line:col for every line that did not
  // Every instruction line read, whether it parsed or not, and in a listing whether it is an
  // atomic or not: 0 when the source holds no instruction at all (blank lines and comments).
  uint64_t lines_read = 0;
};

// Parses a whole source: one instruction per line; blank and comment-only lines are skipped.
// `file` names the source in diagnostics ("-" for standard input). With an architecture, every
// line is read in its dialect (SPA 5.0 for sm_5x/sm_6x, the sm_70+ spellings after) and
// remembers it (Instruction::architecture); without one, each line's spelling decides.
ParsedSass parse_sass(std::string_view source, std::string_view file = "-",
                      std::optional<Architecture> architecture = std::nullopt);

// Parses one line. Nothing for a blank or comment-only line, and nothing (with a diagnostic)
// for a line that does not parse. `where` gives the file and line; its column is ignored.
std::optional<Instruction> parse_sass_line(std::string_view line, const support::SourceLocation& where,
                                           support::Diagnostics& diagnostics,
                                           std::optional<Architecture> architecture = std::nullopt);

}  // namespace gpuatom::nvidia
