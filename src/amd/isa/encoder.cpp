// Instruction → bytes (docs/spec/amd-isa.md §9): the encoding's fixed bits, each operand's value in
// its field runs, and an NSA image's extra address bytes. Nothing here knows an opcode.
#include <stdexcept>
#include <string>

#include "gpuatom/amd/isa/binary.hpp"
#include "operand_fields.hpp"

namespace gpuatom::amd::isa {

std::vector<uint8_t> encode(const Instruction& instruction) {
  const Encoding* e = instruction.encoding;
  if (!e) throw std::invalid_argument("amd encode: an instruction without an encoding");
  if (instruction.values.size() != e->operands.size())
    throw std::invalid_argument("amd encode: " + std::string(e->record) + " takes " +
                                std::to_string(e->operands.size()) + " operand values, got " +
                                std::to_string(instruction.values.size()));
  Bits word = e->fixed_value;
  std::vector<uint8_t> nsa;
  for (size_t i = 0; i < e->operands.size(); ++i) {
    const OperandSlot& slot = e->operands[i];
    const int64_t value = instruction.values[i];
    const Field* field = e->field(slot.name);
    const bool reg = slot.kind == OperandKind::vgpr || slot.kind == OperandKind::vgpr_or_agpr;
    if (!field) {
      // An NSA image's vaddr1… are whole bytes after the first two dwords.
      if (reg && slot.name.starts_with("vaddr") && detail::nsa_extra_addresses(*e))
        nsa.push_back(static_cast<uint8_t>(value - vgpr_code_base));
      continue;
    }
    const uint64_t raw = static_cast<uint64_t>(reg ? detail::raw_of_code(value) : value);
    const unsigned width = detail::raw_width(*field);
    // An AGPR's acc bit goes where the field has bit 9; where it has none (a returning atomic's
    // vdata, a DS data1) the register class follows the operand it is tied to.
    if (reg && !is_vgpr_code(value) && !(slot.kind == OperandKind::vgpr_or_agpr && is_agpr_code(value)))
      throw std::invalid_argument("amd encode: " + std::string(slot.name) + " of " + std::string(e->record) +
                                  " is not a vector register code: " + std::to_string(value));
    // A value must fit its field: offsets signed or unsigned at the field's width, other
    // numbers unsigned. A cache policy may hold bits the row fixes (GLC of a returning atomic).
    const int64_t limit = int64_t{1} << width;
    const bool fits =
        reg || slot.kind == OperandKind::cpol ||
        (slot.kind == OperandKind::offset ? value >= -(limit / 2) && value < limit : value >= 0 && value < limit);
    if (!fits)
      throw std::invalid_argument("amd encode: " + std::string(slot.name) + " of " + std::string(e->record) +
                                  " does not fit its " + std::to_string(width) +
                                  "-bit field: " + std::to_string(value));
    detail::scatter(word, *field, raw);
  }
  std::vector<uint8_t> out(detail::encoded_bytes(*e), 0);
  for (size_t i = 0; i < out.size() && i < 12; ++i) out[i] = static_cast<uint8_t>(word[i / 8] >> (8 * (i % 8)));
  for (size_t i = 0; i < nsa.size(); ++i) out[8 + i] = nsa[i];
  if (instruction.literal)
    for (unsigned i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(*instruction.literal >> (8 * i)));
  return out;
}

}  // namespace gpuatom::amd::isa
