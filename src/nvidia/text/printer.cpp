#include "gpuatom/nvidia/text/printer.hpp"

#include <fmt/format.h>

namespace gpuatom::nvidia {

namespace {

std::string_view size_text(const Instruction& inst) {
  if (!inst.size_spelling.empty()) {
    const SizeSpelling* remembered = find_size_spelling(inst.size_spelling);
    if (remembered && remembered->size == inst.size) return remembered->text;
  }
  return canonical_size_spelling(inst);
}

// One modifier slot: its placeholder if it holds one, else its value ("" when absent or when it
// holds the value an unwritten modifier has).
std::string slot_text(const Instruction& inst, const SlotInfo& slot) {
  if (inst.placeholders[static_cast<int>(slot.slot)]) return inst.placeholder_spelling(slot.slot);
  if (slot.slot == ModifierSlot::size) return std::string(size_text(inst));
  std::string_view spelling;
  if (slot.slot == ModifierSlot::op) {
    spelling = info(inst.op).name;
  } else if (const auto value = inst.modifier(slot.slot); value && value != slot.unwritten) {
    spelling = modifier_name(slot.slot, *value);
  }
  if (spelling.empty()) return "";
  std::string out(1, '.');
  out += spelling;
  return out;
}

// "R9", "UR4, 0x0", "0x54", "0x0, 0x5c": the handle register, then any immediates; sm_120's
// SUATOM "R9, UR5", "UR4, UR5", "R9, UR4, UR5": a uniform handle after the register, and the
// second uniform register last.
std::string handle_text(const Surface& surface, bool unnamed_rz) {
  std::string out;
  const auto append = [&](const std::string& operand) {
    if (!out.empty()) out += ", ";
    out += operand;
  };
  if (surface.handle_register)
    append(unnamed_rz && *surface.handle_register == RZ ? std::string(unnamed_register)
                                                        : register_name(*surface.handle_register));
  if (surface.handle_uniform) append(uniform_register_name(*surface.handle_uniform));
  for (uint32_t index : surface.handle_indices) append(fmt::format("0x{:x}", index));
  if (surface.second_uniform) append(uniform_register_name(*surface.second_uniform));
  return out;
}

}  // namespace

std::string_view canonical_size_spelling(const Instruction& inst) {
  switch (inst.size) {
    case Size::U32: return "";
    // nvdisasm: ATOM.CAS.64 and ATOMS.CAS.64 (and every sm_70+ ATOM .64), SURED.D.BA.1D.ADD.U64 on
    // every generation; SUATOM.D.1D.CAS.U64 on SPA 5.0, but SUATOM.D.1D.CAS.64 from sm_70
    // (nvdisasm 13.0 on random words).
    case Size::U64: {
      const bool compact = inst.is_surface() ? inst.is_compare() && inst.dialect == Dialect::modern
                                             : inst.is_compare() || inst.dialect == Dialect::modern;
      return compact ? compact_size_spelling(Size::U64) : info(Size::U64).spelling;
    }
    default: return info(inst.size).spelling;
  }
}

std::string signed_hex(int64_t value) {
  if (value < 0) return fmt::format("-0x{:x}", static_cast<uint64_t>(-value));
  return fmt::format("0x{:x}", static_cast<uint64_t>(value));
}

std::string print_address(const Address& a) {
  std::string out;
  if (a.descriptor) out += fmt::format("desc[{}]", uniform_register_name(*a.descriptor));
  out += '[';
  if (a.absolute() && a.offset != 0 && a.suffix == RegisterSuffix::none) {
    out += signed_hex(a.offset);  // [0x5008]
  } else {
    out += a.uniform_base     ? uniform_register_name(a.base)
           : a.unnamed_base() ? std::string(unnamed_register)
                              : register_name(a.base);
    out += name(a.suffix);
    if (a.uniform_index) out += fmt::format("+{}", uniform_register_name(*a.uniform_index));
    if (a.offset != 0) out += fmt::format("+{}", signed_hex(a.offset));  // "+0x8", "+-0x8"
  }
  out += ']';
  return out;
}

std::string print_opcode(const Instruction& inst) {
  std::string out(info(inst.mnemonic).name);
  for (const SlotInfo& slot : slot_table()) out += slot_text(inst, slot);
  return out;
}

std::string print(const Instruction& inst) {
  std::string out;
  if (!inst.guard.always())
    out += fmt::format("@{}{} ", inst.guard.negated ? "!" : "", predicate_name(inst.guard.predicate));
  out += print_opcode(inst);
  std::vector<std::string> operands;
  if (inst.ps) operands.push_back(predicate_name(*inst.ps));
  if (inst.pu) operands.push_back(predicate_name(*inst.pu));
  if (inst.rd) operands.push_back(register_name(*inst.rd));
  // nvdisasm 13.0 prints a sm_70+ SUATOM's coordinate or handle register of 255 as ???255
  // (`SUATOM.D.1D.ADD P0, R2, [???255], R4, R6`): a surface has no RZ.
  const bool unnamed_rz = inst.mnemonic == Mnemonic::SUATOM && inst.dialect == Dialect::modern;
  const Address& a = inst.address;
  operands.push_back(unnamed_rz && a.base == RZ && !a.uniform_base ? fmt::format("[{}]", unnamed_register)
                                                                   : print_address(a));
  // `???255`: a register field of 255 where RZ would mean something else (nvdisasm's spelling).
  const auto data = [&](uint8_t r, OperandRole role) {
    return inst.unnamed(role) ? std::string(unnamed_register) : register_name(r);
  };
  if (inst.rb) operands.push_back(data(*inst.rb, OperandRole::rb));
  if (inst.rc) operands.push_back(data(*inst.rc, OperandRole::rc));
  if (inst.is_surface()) operands.push_back(handle_text(inst.surface, unnamed_rz));
  out += ' ';
  for (size_t i = 0; i < operands.size(); ++i) {
    if (i) out += ", ";
    out += operands[i];
  }
  if (inst.terminated) out += " ;";
  return out;
}

}  // namespace gpuatom::nvidia
