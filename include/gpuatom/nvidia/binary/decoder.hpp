// Maxwell/Pascal 64-bit word → Instruction (docs/spec/nvidia.md §11), read as NVIDIA's own nvdisasm
// (CUDA 11.8) reads it for one architecture (docs/oracles.md): the opcode bits pick the form in
// the instruction table, its bit fields fill the Instruction, which prints exactly as nvdisasm
// prints the word — reserved codes with nvdisasm's names (.INVALIDATOMOP14, .???3, `???255`).
//
// Diagnostics: an error only where nvdisasm calls the word invalid (a CAS operand layout of 3,
// a sparse-predicate form with an absolute address or on sm_50); everything else that breaks a
// rule — illegal op × size, odd register pairs, reserved codes, non-zero unassigned bits — is a
// warning, so a word is never refused for being unusual. encode(decode(w)) == w for every word
// without unassigned bits set.
#pragma once

#include <cstdint>
#include <optional>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// The reading `disasm sass` gives without --arch: Pascal's (sm_6x read all words alike). It
// differs from Maxwell's in two size codes (opcodes.hpp, size_from_code) and, on sm_50, in the
// sparse-predicate forms, which sm_50 has not.
inline constexpr Architecture default_word_architecture = Architecture::sm_61;

struct Decoded {
  std::optional<Instruction> instruction;  // nothing when no opcode matches
  support::Diagnostics diagnostics;        // flags and warnings, at `where`
};

// `where` names the word in diagnostics (file and byte offset). `arch` must be sm_5x or sm_6x.
Decoded decode(uint64_t word, const support::SourceLocation& where = {}, Architecture arch = default_word_architecture);

}  // namespace gpuatom::nvidia
