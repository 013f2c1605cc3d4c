// Bytes → Instructions (docs/spec/intel.md §2): a stream of TYPED_ATOMIC (0x73, 48 bytes) and SVM
// ATOMIC (0x4E 0x05, 30 bytes) instructions, no padding. Every field is checked for what the
// binary itself forbids — unknown opcodes and SVM sub-ops, reserved op codes (and IGC's fadd /
// fsub, on neither page), invalid width bits, reserved Exec_size and Pred bits, size codes above
// 5 — with "file: byte 0x..: error: …" at the offending byte. The semantic rules are the
// validator's. Each decoded field's location is its byte offset (from `base_offset`).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "gpuatom/intel/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

struct DecodeOptions {
  // 2-byte variable ids, as in files before version 3.4 (`--visa-legacy-ids`, §2.2, PROPOSED).
  IdWidth ids = IdWidth::four;
  uint64_t base_offset = 0;  // the byte offset of bytes[0] in the file, for diagnostics
};

// Decodes until the bytes end. An instruction with a bad field is reported and skipped (its
// length is known from its opcode); an unknown opcode or a truncated instruction ends decoding.
std::vector<Instruction> decode(std::span<const uint8_t> bytes, const std::string& file, const DecodeOptions& options,
                                support::Diagnostics& diagnostics);

}  // namespace gpuatom::intel
