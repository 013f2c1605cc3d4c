// Instruction → Maxwell/Pascal 64-bit word (docs/spec/nvidia.md §11), the inverse of decode() for an
// architecture. The encoder walks the bit fields of the form's row in the instruction table and
// refuses, with a diagnostic, only what no word holds: sm_70+ spellings, a value that does not
// fit its field (an offset out of range, a size with no code on that architecture), an operand
// the opcode has no field for (Ps on a form without one, .BA on .P), a CAS register layout
// other than the four of §6.2. Rule violations that a field can hold — illegal op × size, odd
// register pairs, reserved codes (.INVALIDATOMOP14) — encode, as nvdisasm prints them; validate()
// reports them. Unassigned bits are 0.
#pragma once

#include <cstdint>
#include <optional>
#include <variant>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// Which opcode of the instruction table the instruction uses (SUATOM: bound/bindless, .op/.CAS,
// Ps, .P), or nothing for sm_70+ spellings.
std::optional<EncodingForm> encoding_form(const Instruction& instruction);

// The word, or the first reason there is none.
std::variant<uint64_t, support::Diagnostic> encode(const Instruction& instruction,
                                                   Architecture arch = default_word_architecture);

}  // namespace gpuatom::nvidia
