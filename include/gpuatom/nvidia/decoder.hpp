// Maxwell 64-bit word → Instruction (spec/nvidia.md §11): the opcode bits pick the form in the
// instruction table, its bit fields fill the Instruction, which prints as NVIDIA's disassembler
// prints the word (§10.4). A word whose fields are illegal (op × size, CAS registers, invalid
// codes) still decodes — invalid codes as `.INVALIDn` — and is flagged with errors; non-zero
// unassigned bits draw a warning (§11.2). encode(decode(w)) == w for every word decoded without
// diagnostics.
#pragma once

#include <cstdint>
#include <optional>

#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

struct Decoded {
  std::optional<Instruction> instruction;  // nothing when no opcode matches
  support::Diagnostics diagnostics;        // flags and warnings, at `where`
};

// `where` names the word in diagnostics (file and byte offset).
Decoded decode(uint64_t word, const support::SourceLocation& where = {});

}  // namespace gpuatom::nvidia
