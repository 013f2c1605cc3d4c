// AMD atomic instructions ⇄ bytes (docs/spec/amd-isa.md §2, §3), byte-identical to llvm-mc 19.
// Both directions read only the encoding table (encoding_table.hpp): an encoding's fixed bits and
// its operands' fields.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "gpuatom/amd/isa/instruction.hpp"
#include "gpuatom/amd/isa/target.hpp"

namespace gpuatom::amd::isa {

// The little-endian bytes of an instruction (4, 8 or 12). The instruction must be valid for the
// target (validate() first); an operand value that does not fit its field is a programming error
// reported as an exception.
std::vector<uint8_t> encode(const Instruction& instruction);

// The instruction at the start of `bytes` on `target`, or why none: `bytes` too short, no atomic
// encoding of the target matches, or a field holds a value the target's assembler would not read
// back (the reason names the operand). `size` in the refusal is how many bytes the caller may skip
// (4: the next dword may start an instruction).
struct DecodeRefusal {
  std::string reason;
  uint32_t skip = 4;
  // Some atomic encoding's fixed bits matched, and its operands or length refused the word: not a
  // non-atomic instruction to step over.
  bool matched_atomic = false;
};
std::variant<Instruction, DecodeRefusal> decode(std::span<const uint8_t> bytes, const Target& target);

}  // namespace gpuatom::amd::isa
