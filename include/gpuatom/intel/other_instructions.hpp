// The instruction words of IGC's vISA assembly that gpuatom reads past without modelling them
// (docs/intel-igc.md §8): a dumped kernel is full of moves, compares, branches and sends around
// its atomics, and each of those lines must be accepted (and kept verbatim) rather than refused.
// A word outside this list and outside the atomic forms is still an "unknown instruction".
//
// Source: IGC 1.0.12504, the instruction names of `visa/IsaDescription.cpp` (ISA_Inst_Table)
// and the instruction keywords of its assembler's lexer `visa/CISA.l`.
#pragma once

#include <optional>
#include <string_view>

namespace gpuatom::intel {

struct OtherInstruction {
  std::string_view word;  // the first word as IGC prints it ("mov", "fence_global", "lsc_load")
  // An atomic of a form gpuatom does not read yet (LSC's append-counter atomics): the line is
  // accepted but not checked, and the reader says so. (lsc_atomic_* never gets here: it is read.)
  bool unread_atomic;
};

// The entry for an instruction's first word (exact case, as IGC's lexer), or nothing.
std::optional<OtherInstruction> find_other_instruction(std::string_view word);

}  // namespace gpuatom::intel
