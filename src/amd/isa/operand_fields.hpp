// Internal to the AMD binary half (encoder.cpp, decoder.cpp): an operand's bits in an
// instruction word, and the rules LLVM 19's disassembler applies beyond an encoding's fixed bits
// (docs/spec/amd-isa.md §9).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/target.hpp"

namespace gpuatom::amd::isa::detail {

// Bits [pos, pos+len) of a 96-bit word, len ≤ 32.
uint64_t bits_at(const Bits& word, unsigned pos, unsigned len);
void put_bits(Bits& word, unsigned pos, unsigned len, uint64_t value);

// The operand's number as its field holds it (runs gathered), and the reverse.
uint64_t gather(const Bits& word, const Field& field);
void scatter(Bits& word, const Field& field, uint64_t raw);
// The widest operand bit a field carries + 1 (the raw value's width).
unsigned raw_width(const Field& field);
bool has_operand_bit(const Field& field, unsigned operand_bit);

// LLVM's encoding of a register operand in a field ("enum10"): VGPR n = 256 + n, AGPR n = 768 + n
// as codes; raw field values carry the vector register number in bits 0–7 and the acc bit (9).
int64_t raw_of_code(int64_t code);

// The register code a scalar field value stands for on the target, or why it is none (LLVM's
// decodeSrcOp: SGPRs up to s101 (GFX9) / s105 (GFX10+), aligned down to the tuple, trap
// temporaries, specials by width, inline constants (reachable only from 8- and 9-bit fields)).
struct ScalarDecode {
  std::optional<int64_t> code;
  std::string why;
};
ScalarDecode scalar_code(const Target& target, unsigned dwords, unsigned raw);

// Offsets: the signed byte offset a field's bits stand for (docs/spec/amd-isa.md §9).
int64_t offset_value(const Encoding& encoding, const Target& target, uint64_t raw, unsigned width);

// The extra address dwords of an NSA image encoding (GFX10/GFX11: vaddr1… one byte each after the
// first 8 bytes); 0 for every other encoding.
unsigned nsa_extra_addresses(const Encoding& encoding);
unsigned encoded_bytes(const Encoding& encoding);

}  // namespace gpuatom::amd::isa::detail
