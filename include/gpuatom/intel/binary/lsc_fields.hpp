// Each LSC field of a vISA atomic's bytes (docs/intel-igc.md §4.2, §4.3), read and written by one
// entry: what its bytes mean is stated once for both directions, as LLVM pairs a field's encoder
// and decoder methods. The decoder and the encoder walk a form's layout and hand each LSC field
// to its entry.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/intel/instruction.hpp"

namespace gpuatom::intel {

// A field's byte that does not read back as a value: `at` bytes past the field's first byte.
struct LscFieldError {
  size_t at = 0;
  std::string message;
  std::string_view rule;  // the spec section that says so
};

struct LscFieldCodec {
  ByteField field;
  // Reads the field at the start of `bytes` into `inst` (its LSC fields, and the legacy op or
  // width a field also gives); returns the bytes it spans. A value out of range leaves an error.
  size_t (*read)(std::span<const uint8_t> bytes, Instruction& inst, std::vector<LscFieldError>& errors);
  // Appends the field's bytes for `inst`.
  void (*write)(const Instruction& inst, std::vector<uint8_t>& out);
  // The location a decoded field sets to its first byte, or null.
  support::SourceLocation InstructionLocations::*location;
};

// One entry per ByteField::lsc_* value.
std::span<const LscFieldCodec> lsc_field_codecs();
// The entry of an LSC field; null for the fields every form has (opcode, op, exec size …).
const LscFieldCodec* find_lsc_field_codec(ByteField field);

// Little-endian words, as vISA writes every multi-byte field.
void put16(std::vector<uint8_t>& out, uint16_t value);
void put32(std::vector<uint8_t>& out, uint32_t value);

}  // namespace gpuatom::intel
