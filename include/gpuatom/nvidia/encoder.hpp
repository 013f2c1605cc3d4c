// Instruction → Maxwell 64-bit word (spec/nvidia.md §11). The encoder walks the bit fields of
// the form's row in the instruction table; it refuses, with a diagnostic naming the rule, what
// has no word: invalid instructions (validate() errors), sm_70+ spellings, the ATOM/ATOM.CAS Ps
// forms (no public encoding, §6.6) and `.INVALIDn` placeholders. Unassigned bits are 0.
#pragma once

#include <cstdint>
#include <optional>
#include <variant>

#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// Which of the opcodes of §11.2 the instruction uses (SUATOM: bound/bindless, .op/.CAS, Ps),
// or nothing for sm_70+ spellings and the ATOM Ps forms.
std::optional<EncodingForm> encoding_form(const Instruction& instruction);

// The word, or the first reason there is none.
std::variant<uint64_t, support::Diagnostic> encode(const Instruction& instruction);

}  // namespace gpuatom::nvidia
