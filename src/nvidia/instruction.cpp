#include "gpuatom/nvidia/instruction.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia {

namespace {

struct SuffixInfo {
  RegisterSuffix suffix;
  std::string_view name;  // with the dot
  int scale;
};
constexpr std::array<SuffixInfo, 6> suffixes = {{
    {RegisterSuffix::none, "", 1},
    {RegisterSuffix::wide64, ".64", 1},
    {RegisterSuffix::u32, ".U32", 1},
    {RegisterSuffix::x4, ".X4", 4},
    {RegisterSuffix::x8, ".X8", 8},
    {RegisterSuffix::x16, ".X16", 16},
}};

}  // namespace

std::string_view name(RegisterSuffix suffix) { return suffixes[static_cast<int>(suffix)].name; }
int scale(RegisterSuffix suffix) { return suffixes[static_cast<int>(suffix)].scale; }

std::optional<RegisterSuffix> parse_register_suffix(std::string_view text) {
  for (const SuffixInfo& s : suffixes)
    if (s.suffix != RegisterSuffix::none && support::iequals(s.name.substr(1), text)) return s.suffix;
  return std::nullopt;
}

std::string register_suffix_names() {
  std::string out;
  for (const SuffixInfo& s : suffixes) {
    if (s.suffix == RegisterSuffix::none) continue;
    if (!out.empty()) out += ' ';
    out += s.name;
  }
  return out;
}

bool Instruction::is_compare() const { return nvidia::is_compare(op); }

bool Instruction::has_placeholder() const {
  // Every slot, without a branch each: the validator asks for every instruction.
  bool any = false;
  for (const auto& p : placeholders) any |= p.has_value();
  return any;
}

std::string Instruction::placeholder_spelling(ModifierSlot slot) const {
  const auto& number = placeholders[static_cast<int>(slot)];
  if (!number) return "";
  // Blackwell's ATOMS with a predicate destination and no Rd (opcode 0x58d, ATOMS.CAST{.SPIN} Pu)
  // reads its op as two bits: 87 CAST, 88 .SPIN. nvdisasm 13.0 prints an op without bit 87 as
  // `???0`, with `.SPIN` after it for bit 88 (docs/sass128.md).
  if (slot == ModifierSlot::op && dialect == Dialect::modern && family() == Family::ATOMS && pu && !rd &&
      (*number == 0 || *number == 2)) {
    const std::string_view spin = info(AtomOp::CAST_SPIN).name.substr(info(AtomOp::CAST).name.size());  // ".SPIN"
    return fmt::format(".{}{}{}", unnamed_stem, *number & 1, *number & 2 ? spin : std::string_view());
  }
  // Hopper's REDAS prints its order codes' placeholders `.???n` (docs/sass128.md).
  if (mnemonic == Mnemonic::REDAS && (slot == ModifierSlot::strength || slot == ModifierSlot::scope))
    return fmt::format(".{}{}", unnamed_stem, *number);
  const Dialect stems = generic_placeholders ? Dialect::modern : dialect;  // the sm_70+ `INVALID`
  return fmt::format(".{}{}", placeholder_stem(slot, family(), op, stems, surface.formatted && is_compare()), *number);
}

std::optional<uint8_t> Instruction::modifier(ModifierSlot slot) const {
  const auto flag = [](bool set) { return set ? std::optional<uint8_t>(1) : std::nullopt; };
  const auto value = [](auto v) {
    return v == decltype(v){} ? std::nullopt : std::optional<uint8_t>(static_cast<uint8_t>(v));
  };
  const bool surf = is_surface();
  switch (slot) {
    case ModifierSlot::mode:
      if (!surf) return std::nullopt;
      return surface.formatted ? mode_formatted : mode_raw;
    case ModifierSlot::byte_address: return flag(surf && surface.byte_address);
    case ModifierSlot::uniform_array: return flag(surf && surface.uniform_array);
    case ModifierSlot::dim: return surf ? std::optional<uint8_t>(static_cast<uint8_t>(surface.dim)) : std::nullopt;
    case ModifierSlot::extended: return flag(extended);
    case ModifierSlot::op:
    case ModifierSlot::size: return std::nullopt;
    case ModifierSlot::cache: return value(memory.cache);
    case ModifierSlot::strength: return value(memory.strength);
    case ModifierSlot::scope: return value(memory.scope);
    case ModifierSlot::private_: return flag(memory.private_);
    case ModifierSlot::clamp: return surf ? std::optional<uint8_t>(static_cast<uint8_t>(surface.clamp)) : std::nullopt;
  }
  return std::nullopt;
}

void Instruction::set_modifier(ModifierSlot slot, uint8_t v) {
  switch (slot) {
    case ModifierSlot::mode: surface.formatted = v == mode_formatted; break;
    case ModifierSlot::byte_address: surface.byte_address = v != 0; break;
    case ModifierSlot::uniform_array: surface.uniform_array = v != 0; break;
    case ModifierSlot::dim: surface.dim = static_cast<Dim>(v); break;
    case ModifierSlot::extended: extended = v != 0; break;
    case ModifierSlot::op:
    case ModifierSlot::size: break;
    case ModifierSlot::cache: memory.cache = static_cast<CacheOp>(v); break;
    case ModifierSlot::strength: memory.strength = static_cast<Strength>(v); break;
    case ModifierSlot::scope: memory.scope = static_cast<Scope>(v); break;
    case ModifierSlot::private_: memory.private_ = v != 0; break;
    case ModifierSlot::clamp: surface.clamp = static_cast<Clamp>(v); break;
  }
}

CasLayout Instruction::cas_layout() const {
  const uint8_t b = rb.value_or(RZ);
  const uint8_t c = rc.value_or(RZ);
  // `???255` (nvdisasm): a packed pair that runs past R254, or layout 2 with field value 255.
  if (unnamed(OperandRole::rb)) return unnamed(OperandRole::rc) ? CasLayout::packed : CasLayout::invalid;
  if (unnamed(OperandRole::rc)) {
    if (b == RZ) return CasLayout::compare_is_rz;
    return b + data_registers() >= RZ ? CasLayout::packed : CasLayout::invalid;
  }
  if (b == RZ && c != RZ) return CasLayout::compare_is_rz;
  if (c == RZ) return CasLayout::rc_is_rz;
  if (c == b + data_registers()) return CasLayout::packed;
  return CasLayout::invalid;
}

std::optional<uint8_t> Instruction::swap_register() const {
  if (!is_compare() || !rb) return std::nullopt;
  if (is_surface()) {
    const int r = *rb + data_registers();
    return r >= RZ ? std::nullopt : std::optional<uint8_t>(static_cast<uint8_t>(r));
  }
  if (!rc || *rc == RZ) return std::nullopt;
  return rc;
}

std::optional<uint8_t> Instruction::compare_register() const {
  if (!is_compare() || !rb || *rb == RZ) return std::nullopt;
  return rb;
}

std::string register_name(uint8_t r) { return register_name(RegisterFile::general, r); }
std::string predicate_name(uint8_t p) { return register_name(RegisterFile::predicate, p); }
std::string uniform_register_name(uint8_t ur) { return register_name(RegisterFile::uniform, ur); }

}  // namespace gpuatom::nvidia
