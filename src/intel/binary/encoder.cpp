#include "gpuatom/intel/binary/encoder.hpp"

#include <fmt/format.h>

#include "gpuatom/intel/binary/lsc_fields.hpp"

namespace gpuatom::intel {

std::optional<std::string> encode(const Instruction& inst, std::vector<uint8_t>& out, IdWidth ids) {
  const FormInfo& form = form_info(inst.form);
  const bool lsc = is_lsc(inst.form);
  if (lsc && !find_lsc_op(inst.lsc.op))
    return fmt::format("LSC sub-op 0x{:02x} is not an atomic (docs/intel-igc.md §4.1)", inst.lsc.op);
  if (!lsc && !find(inst.op))
    return fmt::format(
        "op code 0x{:02x} is not an atomic op "
        "(docs/spec/intel.md §3.1)",
        static_cast<unsigned>(inst.op));
  const auto width = lsc ? std::optional<uint8_t>(0) : width_bits(inst.form, inst.width);
  if (!width) return std::string("TYPED_ATOMIC has no 64-bit form (docs/spec/intel.md §5.2)");
  const auto size_code = exec_size_code(inst.exec.channels);
  if (!size_code) return fmt::format("exec size {} has no size code (docs/spec/intel.md §2.3)", inst.exec.channels);
  if (inst.exec.mask > 15) return fmt::format("mask code {} is not 0-15 (docs/spec/intel.md §2.3)", inst.exec.mask);
  if (inst.predicate.id > max_predicate_id)
    return fmt::format(
        "predicate id {} does not fit the pred word's 12 bits "
        "(docs/spec/intel.md §2.4)",
        inst.predicate.id);
  for (OperandSlot slot : form.text_operands)
    if (ids == IdWidth::two && inst.operand(slot).id > 0xFFFF)
      return fmt::format("variable id {} does not fit a 2-byte id (docs/spec/intel.md §2.2)", inst.operand(slot).id);

  const uint8_t op_byte = static_cast<uint8_t>(static_cast<uint8_t>(inst.op) | *width);
  const uint16_t pred =
      static_cast<uint16_t>(inst.predicate.id | (static_cast<unsigned>(inst.predicate.control) << pred_control_shift) |
                            (inst.predicate.invert ? pred_invert_bit : 0));
  for (const LayoutItem& item : form.layout) {
    switch (item.field) {
      case ByteField::opcode: out.push_back(form.opcode); break;
      case ByteField::sub_opcode: out.push_back(form.sub_opcode.value_or(0)); break;
      case ByteField::op: out.push_back(op_byte); break;
      // The writer packs size | (emask << 4) (IGC VISAKernelImpl.cpp).
      case ByteField::exec_size:
        out.push_back(static_cast<uint8_t>(*size_code | (inst.exec.mask << exec_mask_shift)));
        break;
      case ByteField::predicate: put16(out, pred); break;
      case ByteField::surface: out.push_back(inst.surface); break;
      case ByteField::raw: {
        const RawOperand& operand = inst.operand(item.slot);
        put16(out, static_cast<uint16_t>(operand.id));
        if (ids == IdWidth::four) put16(out, static_cast<uint16_t>(operand.id >> 16));
        put16(out, operand.offset);
        break;
      }
      default: find_lsc_field_codec(item.field)->write(inst, out); break;  // lsc_fields.hpp
    }
  }
  return std::nullopt;
}

}  // namespace gpuatom::intel
