// The encoding table: rows generated from LLVM 19's AMDGPU records (atomic_encodings.inc,
// atomic_aliases.inc, by scripts/amd-isa-table), parsed once into Encodings.
#include "gpuatom/amd/isa/encoding_table.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <stdexcept>
#include <string>

namespace gpuatom::amd::isa {
namespace {

// Plain pointers, not string views: a constant of 4,605 rows then initializes without measuring
// a string (clang's constant evaluation counts those steps and gives up; GCC's dynamic
// initialization of string views takes minutes to optimize).
struct GeneratedEncoding {
  const char* record;
  InstClass cls;
  const char* decoder_table;
  const char* mnemonic;
  int returns;
  bool parser_only;
  const char* converter;
  int bytes;
  uint64_t value_low, value_high, mask_low, mask_high;
  uint32_t targets;
  const char* syntax;
  const char* operands;  // "out:vdst:AVLdSt_32 in:vaddr:VReg_64 …"
  const char* fields;    // "vdst=56:0:8,55:9:1 vaddr=32:0:8 …"
  bool decoder_only;
};
// constexpr under GCC (a dynamic initializer of 4,605 rows takes GCC minutes at -O3); const under
// clang, whose constexpr evaluation (clang 14, the fuzz build) runs out of steps on them.
#if defined(__clang__)
const
#else
constexpr
#endif
    GeneratedEncoding generated_encodings[] = {
#include "atomic_encodings.inc"
};

constexpr Alias generated_aliases[] = {
#include "atomic_aliases.inc"
};

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const size_t at = text.find(separator);
    out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) break;
    text = text.substr(at + 1);
  }
  return out;
}

int number(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size())
    throw std::logic_error("amd encoding table: bad number " + std::string(text));
  return value;
}

// The operand kind and width of an LLVM operand class name.
OperandSlot slot_of(std::string_view direction, std::string_view slot_name, std::string_view operand_class) {
  OperandSlot slot;
  slot.name = slot_name;
  slot.operand_class = operand_class;
  slot.output = direction == "out";
  const auto dwords_after = [&](std::string_view prefix) {
    const int bits = number(operand_class.substr(
        prefix.size(), operand_class.find_first_not_of("0123456789", prefix.size()) - prefix.size()));
    return static_cast<uint8_t>(bits / 32);
  };
  if (operand_class == "VGPR_32") {
    slot.kind = OperandKind::vgpr;
  } else if (operand_class.starts_with("VReg_")) {
    slot.kind = OperandKind::vgpr;
    slot.dwords = dwords_after("VReg_");
  } else if (operand_class.starts_with("AVLdSt_")) {
    slot.kind = OperandKind::vgpr_or_agpr;
    slot.dwords = dwords_after("AVLdSt_");
  } else if (operand_class.starts_with("SReg_")) {
    slot.kind = OperandKind::sgpr;
    slot.dwords = dwords_after("SReg_");
  } else if (operand_class == "SCSrc_b32") {
    slot.kind = OperandKind::sgpr_or_inline;
  } else if (operand_class == "Offset" || operand_class == "flat_offset" || operand_class.starts_with("SMEMOffset")) {
    slot.kind = OperandKind::offset;
  } else if (operand_class.starts_with("CPol")) {
    slot.kind = OperandKind::cpol;
  } else if (operand_class == "gds") {
    slot.kind = OperandKind::gds;
  } else if (operand_class == "DMask") {
    slot.kind = OperandKind::dmask;
  } else if (operand_class == "Dim") {
    slot.kind = OperandKind::dim;
  } else if (operand_class == "R128A16" || operand_class == "A16" || operand_class == "TFE" ||
             operand_class == "UNorm" || operand_class == "LWE" || operand_class == "DA") {
    slot.kind = OperandKind::flag;
  } else {
    throw std::logic_error("amd encoding table: unknown operand class " + std::string(operand_class));
  }
  return slot;
}

Encoding parse_row(const GeneratedEncoding& g) {
  Encoding e;
  e.record = g.record;
  e.cls = g.cls;
  e.decoder_table = g.decoder_table;
  e.mnemonic = g.mnemonic;
  e.returns = g.returns != 0;
  e.parser_only = g.parser_only;
  e.decoder_only = g.decoder_only;
  e.converter = g.converter;
  e.bytes = static_cast<uint8_t>(g.bytes);
  e.fixed_value = {g.value_low, g.value_high};
  e.fixed_mask = {g.mask_low, g.mask_high};
  e.targets = g.targets;
  e.syntax = g.syntax;
  for (std::string_view operand : split(g.operands, ' ')) {
    const std::vector<std::string_view> parts = split(operand, ':');
    e.operands.push_back(slot_of(parts.at(0), parts.at(1), parts.at(2)));
  }
  for (std::string_view field : split(g.fields, ' ')) {
    const size_t equals = field.find('=');
    Field f;
    f.operand = field.substr(0, equals);
    for (std::string_view run : split(field.substr(equals + 1), ',')) {
      const std::vector<std::string_view> parts = split(run, ':');
      f.runs.push_back({static_cast<uint8_t>(number(parts.at(0))), static_cast<uint8_t>(number(parts.at(1))),
                        static_cast<uint8_t>(number(parts.at(2)))});
    }
    e.fields.push_back(std::move(f));
  }
  return e;
}

std::vector<Encoding> build_encodings() {
  std::vector<Encoding> out;
  out.reserve(std::size(generated_encodings));
  for (const GeneratedEncoding& g : generated_encodings) out.push_back(parse_row(g));
  return out;
}

}  // namespace

std::string_view name(InstClass cls) {
  constexpr std::array<std::string_view, 6> names{"FLAT", "MUBUF", "DS", "MIMG", "VIMAGE", "SMEM"};
  return names[static_cast<size_t>(cls)];
}

const OperandSlot* Encoding::operand(std::string_view slot_name) const {
  for (const OperandSlot& s : operands)
    if (s.name == slot_name) return &s;
  return nullptr;
}

const Field* Encoding::field(std::string_view slot_name) const {
  for (const Field& f : fields)
    if (f.operand == slot_name) return &f;
  return nullptr;
}

std::span<const Encoding> encodings() {
  static const std::vector<Encoding> table = build_encodings();
  return table;
}

std::span<const Alias> aliases() { return generated_aliases; }

std::optional<std::string_view> canonical_mnemonic(std::string_view spelling, const Target& target) {
  for (const Encoding& e : encodings())
    if (e.mnemonic == spelling && e.on(target)) return e.mnemonic;
  for (const Alias& a : aliases())
    if (a.spelling == spelling && (a.targets & target.mask())) return a.mnemonic;
  return std::nullopt;
}

std::vector<std::string_view> mnemonics_on(const Target& target) {
  std::vector<std::string_view> out;
  for (const Encoding& e : encodings())
    if (e.on(target)) out.push_back(e.mnemonic);
  for (const Alias& a : aliases())
    if (a.targets & target.mask()) out.push_back(a.spelling);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

const Target* first_target_with(std::string_view spelling) {
  for (const Target& t : targets())
    if (canonical_mnemonic(spelling, t)) return &t;
  return nullptr;
}

}  // namespace gpuatom::amd::isa
