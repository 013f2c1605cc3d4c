// Bytes → Instruction (docs/spec/amd-isa.md §9), as LLVM 19's AMDGPUDisassembler::getInstruction:
// the decoder tables of the target's generation in LLVM's order, an encoding's fixed bits, then
// each operand's field decoded as LLVM decodes that operand class; a field value the class refuses
// fails that table, and the next table is tried.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>

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

bool matches(const Encoding& e, const Bits& word) {
  return (word[0] & e.fixed_mask[0]) == e.fixed_value[0] && (word[1] & e.fixed_mask[1]) == e.fixed_value[1];
}

unsigned fixed_bit_count(const Encoding& e) {
  return static_cast<unsigned>(__builtin_popcountll(e.fixed_mask[0]) + __builtin_popcountll(e.fixed_mask[1]));
}

Bits and_of(const Bits& a, const Bits& b) { return {a[0] & b[0], a[1] & b[1]}; }

// One decoder table's rows for a target and a size, indexed so that a word visits only the rows
// that can match it: each node splits its rows by the bits they all fix (beyond those the nodes
// above split on), until its rows fix no further common bit. A row that matches a word fixes the
// node's bits to the word's, so it lies under the child the word's bits name; a leaf's rows keep
// the table's order, so the best row is the one the whole scan found: the most fixed bits, the
// first of equals.
class RowTree {
 public:
  explicit RowTree(const std::vector<const Encoding*>& encodings) {
    std::vector<Row> rows;
    rows.reserve(encodings.size());
    for (const Encoding* e : encodings) rows.push_back({e, fixed_bit_count(*e)});
    build(rows, Bits{});
  }

  const Encoding* best(const Bits& word) const {
    const Node* node = &nodes_[0];
    while (node->mask[0] != 0 || node->mask[1] != 0) {
      const Bits key = and_of(word, node->mask);
      const size_t slots = node->children.size() - 1;  // a power of two less one
      for (size_t i = hash(key) & slots;; i = (i + 1) & slots) {
        const Child& c = node->children[i];
        if (c.node == no_node) return nullptr;
        if (c.key[0] == key[0] && c.key[1] == key[1]) {
          node = &nodes_[c.node];
          break;
        }
      }
    }
    const Row* best = nullptr;
    for (const Row& r : node->rows)
      if (matches(*r.encoding, word) && (!best || r.fixed_bits > best->fixed_bits)) best = &r;
    return best ? best->encoding : nullptr;
  }

 private:
  struct Row {
    const Encoding* encoding;
    unsigned fixed_bits;
  };
  static constexpr uint32_t no_node = ~uint32_t{0};
  struct Child {
    Bits key{};
    uint32_t node = no_node;  // no_node: a free slot
  };
  struct Node {
    Bits mask{};                  // the bits it splits on; none: a leaf
    std::vector<Child> children;  // open addressing by hash(key), at most half full
    std::vector<Row> rows;        // a leaf's, in the table's order
  };

  static size_t hash(const Bits& key) {
    return static_cast<size_t>(((key[0] * 0x9E3779B97F4A7C15ULL) ^ (key[1] * 0xC2B2AE3D27D4EB4FULL)) >> 32);
  }

  uint32_t build(const std::vector<Row>& rows, const Bits& used) {
    Bits common{~uint64_t{0} & ~used[0], ~uint64_t{0} & ~used[1]};
    for (const Row& r : rows) common = and_of(common, r.encoding->fixed_mask);
    const auto id = static_cast<uint32_t>(nodes_.size());
    nodes_.emplace_back();
    if (rows.size() <= 2 || (common[0] == 0 && common[1] == 0)) {
      nodes_[id].rows = rows;
      return id;
    }
    std::map<Bits, std::vector<Row>> groups;  // each in the table's order
    for (const Row& r : rows) groups[and_of(r.encoding->fixed_value, common)].push_back(r);
    const Bits below{used[0] | common[0], used[1] | common[1]};
    size_t slots = 2;
    while (slots < 2 * groups.size()) slots *= 2;
    std::vector<Child> children(slots);
    for (const auto& group : groups) {
      size_t i = hash(group.first) & (slots - 1);
      while (children[i].node != no_node) i = (i + 1) & (slots - 1);
      children[i] = {group.first, build(group.second, below)};
    }
    nodes_[id].mask = common;
    nodes_[id].children = std::move(children);
    return id;
  }

  std::vector<Node> nodes_;
};

// What decode() tries on a target: per size (12 bytes, then 8), its decoder tables in LLVM's
// order, each with the rows LLVM's decoder tables hold there (not parser-only).
struct DecodePlan {
  std::array<std::vector<RowTree>, 2> tables;
};
constexpr std::array<unsigned, 2> plan_sizes = {12, 8};  // LLVM tries its 96-bit tables first

DecodePlan make_plan(const Target& target) {
  DecodePlan plan;
  for (size_t s = 0; s < plan_sizes.size(); ++s)
    for (const std::string_view table : table_order(target)) {
      std::vector<const Encoding*> rows;
      for (const Encoding& e : encodings()) {
        if (e.parser_only || e.decoder_table != table || e.bytes != plan_sizes[s]) continue;
        // A row belongs to every target of the table whose index is this target's.
        for (const Target& t : targets())
          if (t.index == target.index && e.on(t)) {
            rows.push_back(&e);
            break;
          }
      }
      plan.tables[s].emplace_back(rows);
    }
  return plan;
}

// The plans of every target of the tables (targets(), then compiler_only_targets()), built once
// (thread-safe), found by the target's place in its table.
const DecodePlan* cached_plan(const Target& target) {
  struct Plans {
    std::span<const Target> encoded, compiler_only;
    std::vector<DecodePlan> plans;
  };
  static const Plans cache = [] {
    Plans out{targets(), compiler_only_targets(), {}};
    for (const Target& t : out.encoded) out.plans.push_back(make_plan(t));
    for (const Target& t : out.compiler_only) out.plans.push_back(make_plan(t));
    return out;
  }();
  const auto place = [&](std::span<const Target> table) -> std::optional<size_t> {
    // std::less: a total order over pointers, also those into other arrays.
    if (std::less<const Target*>()(&target, table.data()) ||
        !std::less<const Target*>()(&target, table.data() + table.size()))
      return std::nullopt;
    return static_cast<size_t>(&target - table.data());
  };
  if (const auto i = place(cache.encoded)) return &cache.plans[*i];
  if (const auto i = place(cache.compiler_only)) return &cache.plans[cache.encoded.size() + *i];
  return nullptr;
}

// The operand named `name` of `e`: its index, or -1 (as Instruction::value finds it).
int operand_index(const Encoding& e, std::string_view name) {
  for (size_t i = 0; i < e.operands.size(); ++i)
    if (e.operands[i].name == name) return static_cast<int>(i);
  return -1;
}

// decodeAVLdSt: the data operand of an atomic takes vdst's register file, a DS data1 takes data0's.
std::string_view register_file_lead(std::string_view operand) {
  return (operand == "vdata" || operand == "data0") ? "vdst" : operand == "data1" ? "data0" : "";
}

// A tied operand holds what it is tied to: vdst of an image atomic its vdata, vdata_in its vdata.
std::string_view tied_to(std::string_view operand) {
  return operand == "vdst"          ? std::string_view("vdata")
         : operand.ends_with("_in") ? operand.substr(0, operand.size() - 3)
                                    : std::string_view();
}

// A field run as decoding reads it (detail::bits_at() worked out once): the word's half it sits
// in, the shift there, its bits' mask, and its place in the operand's value. A run across the
// halves is two.
struct Run {
  uint8_t half, shift, operand_bit;
  uint64_t mask;
};

// One operand of an encoding as decoding reads it, found once by name: its field (null: none),
// that field's runs (EncodingFields::runs[first_run, end_run)) and raw width, and the operands
// register_file_lead() and tied_to() name (-1: none).
struct OperandField {
  const Field* field = nullptr;
  uint32_t first_run = 0, end_run = 0;
  unsigned width = 0;
  int lead = -1, tied = -1;
};

struct EncodingFields {
  std::vector<OperandField> operands;
  std::vector<Run> runs;

  // detail::gather(word, *operand.field).
  uint64_t gather(const Bits& word, const OperandField& operand) const {
    uint64_t raw = 0;
    for (uint32_t k = operand.first_run; k < operand.end_run; ++k) {
      const Run& r = runs[k];
      raw |= ((word[r.half] >> r.shift) & r.mask) << r.operand_bit;
    }
    return raw;
  }
};

void add_runs(const Field& field, std::vector<Run>& runs) {
  const auto mask = [](unsigned length) { return length >= 64 ? ~uint64_t{0} : (uint64_t{1} << length) - 1; };
  for (const FieldRun& r : field.runs) {
    const unsigned pos = r.instruction_bit;
    if (pos >= 128 || r.length == 0) continue;  // reads as 0
    const unsigned length = std::min<unsigned>(r.length, 128 - pos);
    const unsigned shift = pos % 64;
    const unsigned low = pos < 64 ? std::min(length, 64 - shift) : length;  // the bits in the run's first half
    runs.push_back({static_cast<uint8_t>(pos / 64), static_cast<uint8_t>(shift), r.operand_bit, mask(low)});
    if (low < length) runs.push_back({1, 0, static_cast<uint8_t>(r.operand_bit + low), mask(length - low)});
  }
}

const EncodingFields& operand_fields(const Encoding& e) {
  struct Table {
    const Encoding* first;
    std::vector<EncodingFields> rows;
  };
  static const Table table = [] {
    Table out{encodings().data(), {}};
    for (const Encoding& row : encodings()) {
      EncodingFields f;
      for (const OperandSlot& slot : row.operands) {
        OperandField o;
        o.field = row.field(slot.name);
        o.first_run = static_cast<uint32_t>(f.runs.size());
        if (o.field) add_runs(*o.field, f.runs);
        o.end_run = static_cast<uint32_t>(f.runs.size());
        o.width = o.field ? detail::raw_width(*o.field) : 0;
        const std::string_view lead = register_file_lead(slot.name), tied = tied_to(slot.name);
        o.lead = lead.empty() ? -1 : operand_index(row, lead);
        o.tied = tied.empty() ? -1 : operand_index(row, tied);
        f.operands.push_back(o);
      }
      out.rows.push_back(std::move(f));
    }
    return out;
  }();
  return table.rows[static_cast<size_t>(&e - table.first)];
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
  const EncodingFields& fields = operand_fields(e);
  unsigned nsa_index = 0;
  for (size_t i = 0; i < e.operands.size(); ++i) {
    const OperandSlot& slot = e.operands[i];
    int64_t& value = a.instruction.values[i];
    const OperandField& operand = fields.operands[i];
    const Field* field = operand.field;
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
    const uint64_t raw = fields.gather(word, operand);
    const unsigned width = operand.width;
    switch (slot.kind) {
      case OperandKind::vgpr:
      case OperandKind::vgpr_or_agpr: {
        bool acc = false;
        if (slot.kind == OperandKind::vgpr_or_agpr && gfx90a_insts) {
          acc = (raw >> 9) & 1u;
          // decodeAVLdSt (register_file_lead()).
          if (const int lead = operand.lead; lead >= 0 && is_agpr_code(a.instruction.values[lead])) acc = true;
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
  // Tied operands hold what they are tied to (tied_to()).
  for (size_t i = 0; i < e.operands.size(); ++i) {
    const OperandSlot& slot = e.operands[i];
    if (fields.operands[i].field || (slot.kind != OperandKind::vgpr && slot.kind != OperandKind::vgpr_or_agpr))
      continue;
    if (const int tied = fields.operands[i].tied; tied >= 0) a.instruction.values[i] = a.instruction.values[tied];
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
  static_assert(std::endian::native == std::endian::little, "the words' bytes are copied as they lie");
  std::memcpy(word.data(), bytes.data(), n);
  std::string why;
  // LLVM tries its 96-bit tables first (GFX12's VFLAT, VBUFFER, VIMAGE), then the 64-bit ones.
  const DecodePlan* plan = cached_plan(target);
  DecodePlan uncached;  // a target from outside the tables (none in gpuatom's own use)
  if (!plan) {
    uncached = make_plan(target);
    plan = &uncached;
  }
  for (size_t s = 0; s < plan_sizes.size(); ++s) {
    const unsigned size = plan_sizes[s];
    if (n < size) continue;
    Bits sized = word;
    if (size == 8) sized[1] = 0;
    for (const RowTree& table : plan->tables[s]) {
      const Encoding* best = table.best(sized);
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
      return std::move(a.instruction);
    }
  }
  const bool matched_atomic = !why.empty();
  if (!matched_atomic) why = "not an atomic: no atomic encoding of " + std::string(target.name) + " matches";
  return DecodeRefusal{why, 4, matched_atomic};
}

}  // namespace gpuatom::amd::isa
