#include "gpuatom/nvidia/decoder.hpp"

#include <array>
#include <stdexcept>

#include <fmt/format.h>

#include "gpuatom/nvidia/validator.hpp"

namespace gpuatom::nvidia {

namespace {

constexpr int64_t sign_extend(uint64_t value, int bits) {
  const uint64_t sign = 1ULL << (bits - 1);
  return static_cast<int64_t>((value ^ sign) - sign);
}

// Where each field kind lies in one form's word: shift and mask (mask 0 for a kind the form does
// not have, which then reads 0), and which bits are unassigned. Built once per form from its
// field list, so decoding a word reads fields straight from the word: nothing to clear or copy.
struct FieldMap {
  std::array<uint8_t, field_kind_count> shift{};
  std::array<uint64_t, field_kind_count> mask{};
  uint64_t unassigned = 0;
};

const FieldMap& field_map(const EncodingInfo& form) {
  static const std::array<FieldMap, encoding_form_count> maps = [] {
    std::array<FieldMap, encoding_form_count> all{};
    for (const EncodingInfo& e : encoding_table()) {
      FieldMap& m = all[static_cast<size_t>(e.form)];
      for (const BitField& f : e.fields) {
        if (f.kind == FieldKind::unassigned) {
          m.unassigned |= f.mask();
          continue;
        }
        const auto k = static_cast<size_t>(f.kind);
        if (m.mask[k]) throw std::logic_error("a field kind appears twice in one encoding");
        m.shift[k] = f.lo;
        m.mask[k] = f.mask() >> f.lo;
      }
    }
    return all;
  }();
  return maps[static_cast<size_t>(form.form)];
}

class Decoder {
 public:
  Decoder(uint64_t word, const EncodingInfo& form, const support::SourceLocation& where, support::Diagnostics& out)
      : word_(word), form_(form), fields_(field_map(form)), out_(out) {
    inst_.mnemonic = form.mnemonic;
    inst_.dialect = Dialect::spa5;
    inst_.where = where;
    inst_.terminated = true;
  }

  Instruction run() {
    check_unassigned();
    inst_.guard = {static_cast<uint8_t>(v(FieldKind::guard)), v(FieldKind::guard_negate) != 0};
    inst_.address.base = static_cast<uint8_t>(v(FieldKind::ra));
    switch (form_.form) {
      case EncodingForm::atom: atom(); break;
      case EncodingForm::atom_cas: atom_cas(); break;
      case EncodingForm::atoms: atoms(); break;
      case EncodingForm::atoms_cas: atoms_cas(); break;
      case EncodingForm::red: red(); break;
      case EncodingForm::sured_bound: case EncodingForm::sured_bindless: surface(false); break;
      default: surface(true); break;
    }
    return std::move(inst_);
  }

 private:
  uint64_t v(FieldKind k) const {
    const auto i = static_cast<size_t>(k);
    return (word_ >> fields_.shift[i]) & fields_.mask[i];
  }
  uint8_t reg(FieldKind k) const { return static_cast<uint8_t>(v(k)); }

  // Warns about each unassigned field that is not zero, in field order.
  void check_unassigned() {
    if (!(word_ & fields_.unassigned)) return;
    for (const BitField& f : form_.fields) {
      const uint64_t raw = (word_ & f.mask()) >> f.lo;
      if (f.kind == FieldKind::unassigned && raw)
        out_.warning(inst_.where,
                     fmt::format("bits {}–{} are unassigned in {} but hold 0x{:x}; the encoder writes 0 there", f.lo,
                                 f.lo + f.width - 1, form_.name, raw),
                     "spec/nvidia.md §11.2 (PROPOSED)");
    }
  }

  void invalid(Slot slot, uint64_t code, std::string_view field) {
    inst_.placeholders[static_cast<int>(slot)] = static_cast<uint16_t>(code);
    out_.error(inst_.where, fmt::format("{} field value {} of {} names no {}; printed as .INVALID{}", field, code, form_.name,
                                        name(slot), code),
               "spec/nvidia.md §11.3");
  }

  void op(FieldKind kind) {
    const uint64_t code = v(kind);
    for (const OpInfo& o : op_table())
      if (o.code >= 0 && static_cast<uint64_t>(o.code) == code) {
        inst_.op = o.op;
        return;
      }
    invalid(Slot::op, code, "op");
  }

  void size(int SizeInfo::*column, FieldKind kind) {
    const uint64_t code = v(kind);
    for (const SizeInfo& s : size_table())
      if (s.*column >= 0 && static_cast<uint64_t>(s.*column) == code) {
        inst_.size = s.size;
        return;
      }
    invalid(Slot::size, code, "size");
  }

  // Ra = RZ reads the field unsigned (absolute form), otherwise signed (§6.5).
  void offset(uint64_t field, int bits, int scale) {
    const bool absolute = inst_.address.base == RZ;
    inst_.address.offset = (absolute ? static_cast<int64_t>(field) : sign_extend(field, bits)) * scale;
  }

  void cas_registers() {
    inst_.size = v(FieldKind::cas_size) ? Size::U64 : Size::U32;
    const uint8_t field = reg(FieldKind::rb);
    const int n = inst_.data_registers();
    switch (static_cast<CasLayout>(v(FieldKind::cas_layout))) {
      case CasLayout::packed:
        inst_.rb = field;
        inst_.rc = field + n >= RZ ? RZ : static_cast<uint8_t>(field + n);
        if (field != RZ && field + n == RZ)
          out_.warning(inst_.where,
                       "packed CAS operands with Rb = R254: Rc = R255 is RZ, which prints like operand layout 1 (Rc = RZ)",
                       "spec/nvidia.md §6.2");
        break;
      case CasLayout::rc_is_rz:
        inst_.rb = field;
        inst_.rc = RZ;
        break;
      case CasLayout::compare_is_rz:  // not expressible in seed 000 syntax: printed with RZ as compare
        inst_.rb = RZ;
        inst_.rc = field;
        break;
      case CasLayout::invalid:
        inst_.rb = field;
        inst_.rc = field;
        out_.error(inst_.where, fmt::format("CAS operand layout 3 of {} is invalid", form_.name), "spec/nvidia.md §6.2");
        break;
    }
  }

  void atom() {
    inst_.rd = reg(FieldKind::rd);
    inst_.rb = reg(FieldKind::rb);
    inst_.extended = v(FieldKind::extended);
    op(FieldKind::op);
    size(&SizeInfo::atom_code, FieldKind::atom_size);
    offset(v(FieldKind::offset20), 20, 1);
  }

  void atom_cas() {
    inst_.rd = reg(FieldKind::rd);
    inst_.extended = v(FieldKind::extended);
    inst_.op = AtomOp::CAS;
    cas_registers();
    offset(v(FieldKind::offset20), 20, 1);
  }

  void atoms() {
    inst_.rd = reg(FieldKind::rd);
    inst_.rb = reg(FieldKind::rb);
    op(FieldKind::op);
    size(&SizeInfo::shared_code, FieldKind::shared_size);
    offset(v(FieldKind::offset22_div4), 22, 4);
  }

  void atoms_cas() {
    inst_.rd = reg(FieldKind::rd);
    switch (v(FieldKind::cas_kind)) {
      case 0: inst_.op = AtomOp::CAST; break;
      case 1: inst_.op = AtomOp::CAST_SPIN; break;
      case 2: inst_.op = AtomOp::CAS; break;
      default:  // 3: a CAS-family opcode whose kind names nothing
        inst_.op = AtomOp::CAS;
        invalid(Slot::op, v(FieldKind::cas_kind), "CAS kind");
        break;
    }
    cas_registers();
    offset(v(FieldKind::offset22_div4), 22, 4);
  }

  void red() {
    inst_.rb = reg(FieldKind::rb);
    inst_.extended = v(FieldKind::extended);
    op(FieldKind::op);
    size(&SizeInfo::atom_code, FieldKind::atom_size);
    offset(v(FieldKind::offset20), 20, 1);
  }

  void surface(bool returns) {
    if (returns) inst_.rd = reg(FieldKind::rd);
    inst_.rb = reg(FieldKind::rb);
    const bool cas = form_.form == EncodingForm::suatom_bound_cas || form_.form == EncodingForm::suatom_bindless_cas;
    if (cas) inst_.op = AtomOp::CAS;
    else op(FieldKind::op);
    size(&SizeInfo::surface_code, FieldKind::surface_size);
    Surface& s = inst_.surface;
    s.byte_address = v(FieldKind::byte_address);
    if (v(FieldKind::dim) < dim_table().size()) s.dim = dim_table()[v(FieldKind::dim)].dim;
    else invalid(Slot::dim, v(FieldKind::dim), "dim");
    if (v(FieldKind::clamp) < clamp_table().size()) s.clamp = clamp_table()[v(FieldKind::clamp)].clamp;
    else invalid(Slot::clamp, v(FieldKind::clamp), "clamp");
    const bool bindless = form_.form == EncodingForm::suatom_bindless || form_.form == EncodingForm::suatom_bindless_sparse ||
                          form_.form == EncodingForm::suatom_bindless_cas || form_.form == EncodingForm::sured_bindless;
    if (bindless) s.handle_register = reg(FieldKind::rc);
    else s.handle_indices = {static_cast<uint32_t>(v(FieldKind::ts_index))};
    // Ps is bit-inverted (§6.6). In the .CAS forms a PT field is the form without Ps; the
    // bindless .op form with Ps has its own opcode, so it always prints its Ps, PT included.
    const uint8_t ps = static_cast<uint8_t>(7 - v(FieldKind::sparse));
    if (form_.form == EncodingForm::suatom_bindless_sparse || (cas && ps != PT)) inst_.ps = ps;
  }

  uint64_t word_;
  const EncodingInfo& form_;
  const FieldMap& fields_;
  support::Diagnostics& out_;
  Instruction inst_;
};

}  // namespace

Decoded decode(uint64_t word, const support::SourceLocation& where) {
  Decoded out;
  const EncodingInfo* form = find_encoding(word);
  if (!form) {
    out.diagnostics.error(where,
                          fmt::format("0x{:016x} is not a SPA 5.0 atomic: its opcode bits match none of ATOM, ATOM.CAS, "
                                      "ATOMS, ATOMS.CAS/CAST, RED, SUATOM, SURED",
                                      word),
                          "spec/nvidia.md §11.4");
    return out;
  }
  out.instruction = Decoder(word, *form, where, out.diagnostics).run();
  validate(*out.instruction, out.diagnostics);
  return out;
}

}  // namespace gpuatom::nvidia
