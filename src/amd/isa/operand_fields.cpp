// Where an operand's bits sit in an AMD instruction word (the table's field runs), and the value
// rules of LLVM 19's AMDGPU disassembler that the fixed bits do not say (docs/spec/amd-isa.md §9).
#include "operand_fields.hpp"

#include <string>

#include "gpuatom/amd/isa/instruction.hpp"
#include "registers.hpp"

namespace gpuatom::amd::isa::detail {

uint64_t bits_at(const Bits& word, unsigned pos, unsigned len) {
  if (pos >= 128 || len == 0) return 0;
  if (len > 128 - pos) len = 128 - pos;  // the bits at 128 and above read as 0
  const unsigned shift = pos % 64;
  uint64_t out = word[pos / 64] >> shift;
  if (shift != 0 && pos < 64) out |= word[1] << (64 - shift);  // a run across the halves
  return len >= 64 ? out : out & ((uint64_t{1} << len) - 1);
}

void put_bits(Bits& word, unsigned pos, unsigned len, uint64_t value) {
  for (unsigned i = 0; i < len; ++i) {
    const unsigned p = pos + i;
    if (p >= 128) break;
    const uint64_t bit = uint64_t{1} << (p % 64);
    if ((value >> i) & 1u)
      word[p / 64] |= bit;
    else
      word[p / 64] &= ~bit;
  }
}

uint64_t gather(const Bits& word, const Field& field) {
  uint64_t raw = 0;
  for (const FieldRun& r : field.runs) raw |= bits_at(word, r.instruction_bit, r.length) << r.operand_bit;
  return raw;
}

void scatter(Bits& word, const Field& field, uint64_t raw) {
  for (const FieldRun& r : field.runs) put_bits(word, r.instruction_bit, r.length, raw >> r.operand_bit);
}

unsigned raw_width(const Field& field) {
  unsigned width = 0;
  for (const FieldRun& r : field.runs)
    if (r.operand_bit + r.length > width) width = r.operand_bit + r.length;
  return width;
}

bool has_operand_bit(const Field& field, unsigned operand_bit) {
  for (const FieldRun& r : field.runs)
    if (operand_bit >= r.operand_bit && operand_bit < r.operand_bit + r.length) return true;
  return false;
}

int64_t raw_of_code(int64_t code) { return code >= vgpr_code_base ? code - vgpr_code_base : code; }

namespace {

std::string not_a_tuple(const char* prefix, unsigned number, unsigned dwords) {
  std::string why(prefix);
  why += std::to_string(number);
  why += " does not start a ";
  why += std::to_string(dwords);
  why += "-register tuple";
  return why;
}

// How many tuples of `dwords` registers a class of `count` registers has, tuples starting at
// multiples of `align` (LLVM's SGPR_N / TTMP_N classes).
unsigned tuples(unsigned count, unsigned dwords, unsigned align) {
  return count < dwords ? 0 : (count - dwords) / align + 1;
}

std::optional<int64_t> special(const Target& target, unsigned dwords, unsigned raw) {
  const bool gfx11_plus = has(target, Feature::gfx11_insts);
  if (dwords == 1) {
    if ((raw >= 102 && raw <= 111) || raw == 124 || raw == 125 || raw == 126 || raw == 127 ||
        (raw >= 235 && raw <= 239) || (raw >= 251 && raw <= 254))
      return raw;
    return std::nullopt;
  }
  // Wider classes (SReg_128, SReg_256) take the 64-bit specials too: LLVM's decodeSrcOp returns
  // them and its printer flags them "Invalid register".
  if (dwords >= 2) {
    if (raw == 102 || raw == 104 || raw == 106 || raw == 108 || raw == 110 || raw == 126 ||
        (raw >= 235 && raw <= 239) || (raw >= 251 && raw <= 253))
      return raw;
    if (raw == 124 && gfx11_plus) return raw;
    if (raw == 125 && !gfx11_plus) return raw;
  }
  return std::nullopt;
}

}  // namespace

ScalarDecode scalar_code(const Target& target, unsigned dwords, unsigned raw) {
  if (raw >= 256 && raw < 512) {
    // A 9-bit scalar field (GFX12 VIMAGE rsrc) with bit 8 set: decodeSrcOp reads a VGPR tuple
    // (printed "Invalid register"), valid while the tuple stays below v256.
    if (raw - 256 + dwords > 256) return {std::nullopt, "a vector tuple that runs past v255"};
    return {static_cast<int64_t>(raw), {}};
  }
  const unsigned sgpr_max = last_sgpr(target);
  const unsigned align = dwords == 1 ? 1 : dwords == 2 ? 2 : 4;
  if (raw <= sgpr_max) {
    const unsigned index = raw / align;
    if (index >= tuples(106, dwords, align)) return {std::nullopt, not_a_tuple("s", raw, dwords)};
    return {static_cast<int64_t>(index * align), {}};
  }
  if (raw >= 108 && raw <= 123) {
    const unsigned index = (raw - 108) / align;
    if (index >= tuples(16, dwords, align)) return {std::nullopt, not_a_tuple("ttmp", raw - 108, dwords)};
    return {static_cast<int64_t>(108 + index * align), {}};
  }
  if (((raw >= 128 && raw <= 208) || (raw >= 240 && raw <= 248))) return {raw, {}};
  if (const auto s = special(target, dwords, raw)) return {*s, {}};
  std::string why("scalar operand code ");
  why += std::to_string(raw);
  why += " names no register of this width";
  return {std::nullopt, why};
}

int64_t offset_value(const Encoding& encoding, const Target& target, uint64_t raw, unsigned width) {
  const auto sign_extend = [&](unsigned bits) {
    const uint64_t sign = uint64_t{1} << (bits - 1);
    const uint64_t masked = raw & ((uint64_t{1} << bits) - 1);
    return static_cast<int64_t>(masked ^ sign) - static_cast<int64_t>(sign);
  };
  switch (encoding.cls) {
    case InstClass::flat:
      // global_ and scratch_ offsets are signed at the field's width; a flat_ offset is unsigned.
      if (encoding.mnemonic.starts_with("flat_")) return static_cast<int64_t>(raw);
      return sign_extend(width);
    case InstClass::smrd:
      // decodeSMEMOffset: GFX9+ 21-bit signed (GFX12 24-bit; no GFX12 SMEM atomics exist).
      (void)target;
      return sign_extend(width);
    default: return static_cast<int64_t>(raw);
  }
}

unsigned nsa_extra_addresses(const Encoding& encoding) {
  if (encoding.cls != InstClass::mimg || encoding.syntax.find('[') == std::string_view::npos) return 0;
  unsigned extra = 0;
  for (const OperandSlot& s : encoding.operands)
    if (s.name.starts_with("vaddr") && s.name != "vaddr0" && s.name != "vaddr" && !encoding.field(s.name)) ++extra;
  return extra;
}

unsigned encoded_bytes(const Encoding& encoding) {
  const unsigned extra = nsa_extra_addresses(encoding);
  return extra ? 8 + 4 * ((extra + 3) / 4) : encoding.bytes;
}

}  // namespace gpuatom::amd::isa::detail
