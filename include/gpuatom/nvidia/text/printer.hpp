// Prints an Instruction in NVIDIA's disassembler spelling (docs/spec/nvidia.md §10.4 for SPA 5.0,
// §10.3 for sm_70+): what decode() produces prints exactly as nvdisasm prints the word, and
// what parse_sass() read prints back as it was written (for the disassembler's own text).
#pragma once

#include <string>

#include "gpuatom/nvidia/instruction.hpp"

namespace gpuatom::nvidia {

// "@!P2 ATOM.E.CAS.64 R8, [R6+-0x8], R12, R14 ;"
std::string print(const Instruction& instruction);

// The modifier chain alone: "ATOM.E.CAS.64".
std::string print_opcode(const Instruction& instruction);

// An immediate as every message and the printer spell it: lower-case hex with a "-" in front of
// negative values: "0x8", "-0x8".
std::string signed_hex(int64_t value);

// The address operand alone: "desc[UR8][R2.64+0x8]", "[0x5008]", "[R6+-0x8]".
std::string print_address(const Address& address);

// The canonical size suffix when none was remembered (§10.4): "" for U32, ".64" for 64-bit CAS
// and every sm_70+ U64, ".U64" otherwise, ".F16x2.RN" for F16x2.
std::string_view canonical_size_spelling(const Instruction& instruction);

}  // namespace gpuatom::nvidia
