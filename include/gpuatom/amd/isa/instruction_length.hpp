// How many bytes the AMDGPU instruction at the start of some code takes, whatever it is (not only
// an atomic): what walking a code object's code from one instruction to the next needs. The
// format is told by the top bits of the first dword (AMD's ISA manuals, "Microcode Formats", per
// generation); a literal constant operand (source code 255) adds a dword, as do DPP and SDWA
// forms and the address dwords of a non-sequential-address image instruction.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "gpuatom/amd/isa/target.hpp"

namespace gpuatom::amd::isa {

// The size in bytes (4 to 20), or nothing when the first dword names no format of the target's
// generation or `code` ends inside the instruction.
std::optional<uint32_t> instruction_length(std::span<const uint8_t> code, const Target& target);

}  // namespace gpuatom::amd::isa
