// AMD atomic instructions ⇄ text, exactly as llvm-mc 19 prints them (docs/spec/amd-isa.md §2):
// `global_atomic_add_f32 v0, v[2:3], v1, off sc0`. A line is one instruction; `;` and `//` start
// comments. Aliases (older spellings gfx11/gfx12 still read) parse; the printer writes the
// canonical mnemonic.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/amd/isa/instruction.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::amd::isa {

// The text of one instruction, operands and modifiers as llvm-mc prints them.
std::string print(const Instruction& instruction, const Target& target);

// Every instruction of `text` (one per line; blank and comment lines skipped). An atomic the
// target does not have, an operand that does not fit, or a modifier the target lacks is an error
// at its line and column; a mnemonic some other target has names the first target that has it.
struct Program {
  std::vector<Instruction> instructions;
  std::vector<support::Diagnostic> diagnostics;
};
Program parse(std::string_view text, const Target& target, std::string_view file_name = "<input>");

}  // namespace gpuatom::amd::isa
