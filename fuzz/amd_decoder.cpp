// Fuzz target: the AMD instruction decoder and encoder (docs/spec/amd-isa.md §9). The first byte
// picks the target (modulo the table's targets), the rest is the instruction's bytes.
//
// Properties:
//   1. decode never crashes, on any bytes and any target; a refusal says why and skips 1–4 bytes
//      (none when none are given);
//   2. a decoded instruction encodes, and the encoding is a fixed point: it decodes to the same
//      row and operand values and encodes to the same bytes again;
//   3. the encoding keeps the word's bits wherever the row defines them (fixed bits and operand
//      fields), except where LLVM's disassembler itself normalises a field (docs/oracles.md, "AMD
//      instructions: llvm-mc 19"): a scalar register field (tuples aligned down, wide fields), the
//      gds bit on targets without GDS, an NSA image's address bytes, and the fixed bits of an image
//      row (the variant is chosen after the match).
#include <fmt/format.h>

#include <string>
#include <variant>

#include "fuzz_check.hpp"
#include "gpuatom/amd/isa/binary.hpp"

using namespace gpuatom::amd::isa;

namespace {

std::string hex_dump(std::span<const uint8_t> bytes) {
  std::string out;
  for (uint8_t b : bytes) out += fmt::format("{:02x}", b);
  return out;
}

uint64_t bits_at(const Bits& word, unsigned pos, unsigned len) {
  uint64_t out = 0;
  for (unsigned i = 0; i < len && pos + i < 128; ++i) out |= ((word[(pos + i) / 64] >> ((pos + i) % 64)) & 1u) << i;
  return out;
}

// Field bits where the word's bits must survive decode → encode.
bool kept_field(const Encoding& e, const OperandSlot& slot, const Target& target) {
  if (slot.kind == OperandKind::sgpr || slot.kind == OperandKind::sgpr_or_inline) return false;
  if (slot.kind == OperandKind::gds && !has(target, "gds")) return false;
  (void)e;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const std::span<const Target> all = targets();
  const Target& target = all[data[0] % all.size()];
  const std::span<const uint8_t> bytes(data + 1, size - 1);
  const auto first = decode(bytes, target);
  if (const auto* refusal = std::get_if<DecodeRefusal>(&first)) {
    FUZZ_CHECK(!refusal->reason.empty(), "a refusal without a reason");
    FUZZ_CHECK(refusal->skip <= 4 && refusal->skip <= bytes.size() && (refusal->skip >= 1 || bytes.empty()),
               fmt::format("skip {} of {} bytes", refusal->skip, bytes.size()));
    return 0;
  }
  const Instruction& ins = std::get<Instruction>(first);
  const Encoding& e = *ins.encoding;
  FUZZ_CHECK(!e.parser_only || e.cls == InstClass::mimg || e.cls == InstClass::vimage,
             fmt::format("{} {}: decoded to parser-only row {}", target.name, hex_dump(bytes), e.record));
  const std::vector<uint8_t> again = encode(ins);
  FUZZ_CHECK(again.size() <= bytes.size(),
             fmt::format("{} {}: {} encodes to {} bytes", target.name, hex_dump(bytes), e.record, again.size()));

  // 2. A fixed point.
  const auto second = decode(again, target);
  FUZZ_CHECK(
      std::holds_alternative<Instruction>(second),
      fmt::format("{} {} → {}: the re-encoding does not decode: {}", target.name, hex_dump(bytes), hex_dump(again),
                  std::holds_alternative<DecodeRefusal>(second) ? std::get<DecodeRefusal>(second).reason : ""));
  const Instruction& ins2 = std::get<Instruction>(second);
  if (ins2.encoding != ins.encoding && (e.cls == InstClass::mimg || e.cls == InstClass::vimage) &&
      ins2.encoding->mnemonic == e.mnemonic) {
    // LLVM picks an image variant from the row its tables matched: a variant whose encoding zeroes
    // the address bytes it does not use can match another row, which keeps its own variant
    // (docs/oracles.md, "AMD instructions: llvm-mc 19"). That one must be a fixed point.
    const std::vector<uint8_t> third = encode(ins2);
    const auto again2 = decode(third, target);
    FUZZ_CHECK(std::holds_alternative<Instruction>(again2) && std::get<Instruction>(again2).encoding == ins2.encoding &&
                   encode(std::get<Instruction>(again2)) == third,
               fmt::format("{} {}: the image variant's re-encoding is no fixed point", target.name, hex_dump(bytes)));
    return 0;
  }
  FUZZ_CHECK(ins2.encoding == ins.encoding && ins2.values == ins.values && ins2.literal == ins.literal,
             fmt::format("{} {} → {}: decodes to {}, not {}", target.name, hex_dump(bytes), hex_dump(again),
                         ins2.encoding->record, e.record));
  FUZZ_CHECK(encode(ins2) == again, fmt::format("{} {}: encoding is no fixed point", target.name, hex_dump(bytes)));

  // 3. The word's bits survive in the fixed bits and the operand fields.
  Bits word{}, out{};
  for (size_t i = 0; i < std::min<size_t>(e.bytes, 12); ++i) {
    word[i / 8] |= static_cast<uint64_t>(bytes[i]) << (8 * (i % 8));
    out[i / 8] |= static_cast<uint64_t>(again[i]) << (8 * (i % 8));
  }
  // An image row is chosen after the match (its variant): its fixed bits (NSA counts, unused
  // address bytes) need not be the matched row's.
  const bool variant = e.cls == InstClass::mimg || e.cls == InstClass::vimage;
  FUZZ_CHECK(
      variant || ((out[0] & e.fixed_mask[0]) == (word[0] & e.fixed_mask[0]) &&
                  (out[1] & e.fixed_mask[1]) == (word[1] & e.fixed_mask[1])),
      fmt::format("{} {} → {}: fixed bits of {} changed", target.name, hex_dump(bytes), hex_dump(again), e.record));
  for (const OperandSlot& slot : e.operands) {
    const Field* field = e.field(slot.name);
    if (!field || !kept_field(e, slot, target)) continue;
    for (const FieldRun& r : field->runs) {
      // An AV operand's acc bit on a target without AGPRs reads as 0 (LLVM masks it).
      if (slot.kind == OperandKind::vgpr_or_agpr && r.operand_bit == 9 && !has(target, "gfx90a-insts")) continue;
      FUZZ_CHECK(bits_at(word, r.instruction_bit, r.length) == bits_at(out, r.instruction_bit, r.length),
                 fmt::format("{} {} → {}: field {} of {} changed", target.name, hex_dump(bytes), hex_dump(again),
                             slot.name, e.record));
    }
  }
  return 0;
}
