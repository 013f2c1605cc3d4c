// Bytes → Instruction (docs/spec/amd-isa.md §9), as LLVM 19's AMDGPUDisassembler::getInstruction:
// the decoder tables of the target's generation in LLVM's order, an encoding's fixed bits, then
// each operand's field decoded as LLVM decodes that operand class; a field value the class refuses
// fails that table, and the next table is tried.
#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <tuple>

#include "gpuatom/amd/isa/binary.hpp"
#include "mimg_variant.hpp"
#include "operand_fields.hpp"

namespace gpuatom::amd::isa {
namespace {

// LLVM's decoder tables that hold atomics, in the order getInstruction tries them on a target.
std::vector<std::string_view> table_order(const Target& target) {
  switch (target.generation) {
    case Generation::gfx9: {
      std::vector<std::string_view> out;
      if (has(target, Feature::gfx940_insts)) out.push_back("GFX940");
      if (has(target, Feature::gfx90a_insts)) out.push_back("GFX90A");
      out.push_back("GFX8");
      out.push_back("GFX9");
      return out;
    }
    case Generation::gfx10: return {"GFX10"};
    case Generation::gfx11: return {"GFX11"};
    case Generation::gfx12: return {"GFX12"};
  }
  return {};
}

// The rows LLVM's decoder tables hold (not parser-only) per target, decoder table and size,
// built once (thread-safe): decode only scans the rows that can match.
const std::vector<const Encoding*>& decodable_rows(const Target& target, std::string_view table, unsigned size) {
  using Key = std::tuple<uint8_t, std::string_view, unsigned>;
  static const std::map<Key, std::vector<const Encoding*>> rows = [] {
    std::map<Key, std::vector<const Encoding*>> out;
    for (const Target& t : targets())
      for (const Encoding& e : encodings())
        if (!e.parser_only && e.on(t)) out[Key{t.index, e.decoder_table, e.bytes}].push_back(&e);
    return out;
  }();
  static const std::vector<const Encoding*> none;
  const auto it = rows.find(Key{target.index, table, size});
  return it == rows.end() ? none : it->second;
}

bool matches(const Encoding& e, const Bits& word) {
  return (word[0] & e.fixed_mask[0]) == e.fixed_value[0] && (word[1] & e.fixed_mask[1]) == e.fixed_value[1];
}

unsigned fixed_bit_count(const Encoding& e) {
  return static_cast<unsigned>(__builtin_popcountll(e.fixed_mask[0]) + __builtin_popcountll(e.fixed_mask[1]));
}

struct Attempt {
  bool ok = false;
  Instruction instruction;
  std::string why;
};

// The operands of `e` read from `word` (LLVM's operand decoders, in operand order).
Attempt decode_operands(const Encoding& e, const Bits& word, std::span<const uint8_t> bytes, const Target& target) {
  Attempt a;
  a.instruction.encoding = &e;
  a.instruction.values.assign(e.operands.size(), 0);
  const bool gfx90a_insts = has(target, Feature::gfx90a_insts);
  unsigned nsa_index = 0;
  for (size_t i = 0; i < e.operands.size(); ++i) {
    const OperandSlot& slot = e.operands[i];
    int64_t& value = a.instruction.values[i];
    const Field* field = e.field(slot.name);
    const auto refuse = [&](const std::string& why) {
      a.why = std::string(slot.name) + ": " + why;
      return a;
    };
    if (!field) {
      if ((slot.kind == OperandKind::vgpr || slot.kind == OperandKind::vgpr_or_agpr) &&
          slot.name.starts_with("vaddr") && detail::nsa_extra_addresses(e)) {
        // NSA: one address register per byte after the first 8 (LLVM reads them after the match).
        const size_t at = 8 + nsa_index++;
        if (at >= bytes.size()) return refuse("the NSA address bytes are missing");
        value = vgpr_code_base + bytes[at];
        continue;
      }
      // Tied operands (an image atomic's vdst, a returning buffer atomic's vdata_in) are filled in
      // below; an operand the encoding has no bits for (gds on GFX12) is 0.
      continue;
    }
    const uint64_t raw = detail::gather(word, *field);
    const unsigned width = detail::raw_width(*field);
    switch (slot.kind) {
      case OperandKind::vgpr:
      case OperandKind::vgpr_or_agpr: {
        bool acc = false;
        if (slot.kind == OperandKind::vgpr_or_agpr && gfx90a_insts) {
          acc = (raw >> 9) & 1u;
          // decodeAVLdSt: the data operand of an atomic takes vdst's register file, a DS data1
          // takes data0's.
          const std::string_view lead = (slot.name == "vdata" || slot.name == "data0") ? "vdst"
                                        : slot.name == "data1"                         ? "data0"
                                                                                       : "";
          if (!lead.empty())
            if (const int64_t* v = a.instruction.value(lead); v && is_agpr_code(*v)) acc = true;
        }
        if (raw & 0x100) return refuse("bit 8 of a vector register field is set");
        const unsigned index = raw & 0xff;
        if (index + slot.dwords > 256) {
          std::string why(acc ? "a" : "v");
          why += std::to_string(index);
          why += " with ";
          why += std::to_string(slot.dwords);
          why += " registers runs past register 255";
          return refuse(why);
        }
        value = (acc ? agpr_code_base : vgpr_code_base) + index;
        break;
      }
      case OperandKind::sgpr:
      case OperandKind::sgpr_or_inline: {
        if (raw == 255) {
          // GFX10/GFX11: decodeSrcOp reads a literal dword after the instruction's own bytes;
          // llvm-mc 19 refuses the word on GFX9 (measured, docs/spec/amd-isa.md §9).
          if (has(target, Feature::gfx9)) return refuse("code 255 (a literal) is no operand on GFX9");
          const size_t at = e.bytes;
          if (bytes.size() < at + 4) return refuse("code 255 (a literal) with no literal dword after the instruction");
          a.instruction.literal = static_cast<uint32_t>(bytes[at]) | static_cast<uint32_t>(bytes[at + 1]) << 8 |
                                  static_cast<uint32_t>(bytes[at + 2]) << 16 |
                                  static_cast<uint32_t>(bytes[at + 3]) << 24;
          value = 255;
          break;
        }
        const detail::ScalarDecode s = detail::scalar_code(target, slot.dwords, static_cast<unsigned>(raw));
        if (!s.code) return refuse(s.why);
        value = *s.code;
        break;
      }
      case OperandKind::offset: value = detail::offset_value(e, target, raw, width); break;
      case OperandKind::gds:
        // Targets without GDS (gfx90a, gfx94x, GFX12): LLVM's getInstruction puts a 0 gds operand
        // ahead of the decoded one, so the bit reads as 0.
        value = has(target, Feature::gds) ? static_cast<int64_t>(raw) : 0;
        break;
      default: value = static_cast<int64_t>(raw); break;
    }
  }
  // Tied operands hold what they are tied to: vdst of an image atomic its vdata, vdata_in its vdata.
  for (size_t i = 0; i < e.operands.size(); ++i) {
    const OperandSlot& slot = e.operands[i];
    if (e.field(slot.name) || (slot.kind != OperandKind::vgpr && slot.kind != OperandKind::vgpr_or_agpr)) continue;
    const std::string_view tied = slot.name == "vdst"          ? std::string_view("vdata")
                                  : slot.name.ends_with("_in") ? slot.name.substr(0, slot.name.size() - 3)
                                                               : std::string_view();
    if (const int64_t* v = tied.empty() ? nullptr : a.instruction.value(tied)) a.instruction.values[i] = *v;
  }
  // getInstruction: a returning MUBUF, FLAT or SMEM atomic always has GLC in its cache policy.
  if (e.returns && (e.cls == InstClass::mubuf || e.cls == InstClass::flat || e.cls == InstClass::smrd))
    for (size_t i = 0; i < e.operands.size(); ++i)
      if (e.operands[i].kind == OperandKind::cpol) a.instruction.values[i] |= 1;
  a.ok = true;
  return a;
}

}  // namespace

std::variant<Instruction, DecodeRefusal> decode(std::span<const uint8_t> bytes, const Target& target) {
  if (bytes.size() < 4)
    return DecodeRefusal{"an AMD instruction has at least 4 bytes, " + std::to_string(bytes.size()) + " given",
                         static_cast<uint32_t>(bytes.size())};
  Bits word{};
  const size_t n = std::min<size_t>(bytes.size(), 12);
  for (size_t i = 0; i < n; ++i) word[i / 8] |= static_cast<uint64_t>(bytes[i]) << (8 * (i % 8));
  std::string why;
  // LLVM tries its 96-bit tables first (GFX12's VFLAT, VBUFFER, VIMAGE), then the 64-bit ones.
  for (const unsigned size : {12u, 8u}) {
    if (n < size) continue;
    Bits sized = word;
    if (size == 8) sized[1] = 0;
    for (const std::string_view table : table_order(target)) {
      const Encoding* best = nullptr;
      for (const Encoding* e : decodable_rows(target, table, size))
        if (matches(*e, sized) && (!best || fixed_bit_count(*e) > fixed_bit_count(*best))) best = e;
      if (!best) continue;
      Attempt a = decode_operands(*best, sized, bytes, target);
      if (!a.ok) {
        if (why.empty()) why = std::string(best->record) + ": " + a.why;
        continue;
      }
      if (best->cls == InstClass::mimg || best->cls == InstClass::vimage) {
        std::string mimg_why;
        if (!detail::choose_image_variant(a.instruction, target, mimg_why)) {
          if (why.empty()) why = std::string(best->record) + ": " + mimg_why;
          continue;
        }
      }
      if (detail::encoded_bytes(*a.instruction.encoding) + (a.instruction.literal ? 4 : 0) > bytes.size()) {
        if (why.empty()) why = std::string(best->record) + ": the instruction runs past the bytes given";
        continue;
      }
      return a.instruction;
    }
  }
  const bool matched_atomic = !why.empty();
  if (!matched_atomic) why = "not an atomic: no atomic encoding of " + std::string(target.name) + " matches";
  return DecodeRefusal{why, 4, matched_atomic};
}

}  // namespace gpuatom::amd::isa
