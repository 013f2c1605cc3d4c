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

bool formatted(EncodingForm f) {
  switch (f) {
    case EncodingForm::suatom_formatted_bound: case EncodingForm::suatom_formatted_bindless:
    case EncodingForm::suatom_formatted_cas_bound: case EncodingForm::suatom_formatted_cas_bindless:
    case EncodingForm::sured_formatted_bound: case EncodingForm::sured_formatted_bindless:
      return true;
    default:
      return false;
  }
}

bool surface_compare(EncodingForm f) {
  return f == EncodingForm::suatom_bound_cas || f == EncodingForm::suatom_bindless_cas ||
         f == EncodingForm::suatom_formatted_cas_bound || f == EncodingForm::suatom_formatted_cas_bindless;
}

class Decoder {
 public:
  Decoder(uint64_t word, const EncodingInfo& form, Architecture arch, const support::SourceLocation& where,
          support::Diagnostics& out)
      : word_(word), form_(form), arch_(arch), fields_(field_map(form)), out_(out) {
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
      case EncodingForm::atom: case EncodingForm::atom_sparse: atom(); break;
      case EncodingForm::atom_cas: case EncodingForm::atom_cas_sparse: atom_cas(); break;
      case EncodingForm::atoms: atoms(); break;
      case EncodingForm::atoms_cast: case EncodingForm::atoms_cas: atoms_cas(); break;
      case EncodingForm::red: red(); break;
      default: surface(); break;
    }
    return std::move(inst_);
  }

 private:
  bool has(FieldKind k) const { return fields_.mask[static_cast<size_t>(k)] != 0; }
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
                     fmt::format("bits {}–{} are unassigned in {} but hold 0x{:x}; nvdisasm ignores them and the "
                                 "encoder writes 0 there",
                                 f.lo, f.lo + f.width - 1, form_.name, raw),
                     "spec/nvidia.md §11.2, docs/oracles.md");
    }
  }

  // A field value that names nothing: nvdisasm prints it by a reserved name, and so does gpuatom.
  void reserved(Slot slot, uint64_t code, std::string_view field) {
    inst_.placeholders[static_cast<int>(slot)] = static_cast<uint16_t>(code);
    const bool formatted_cas = inst_.surface.formatted && inst_.is_compare();
    out_.warning(inst_.where,
                 fmt::format("{} field value {} of {} names no {}; printed as nvdisasm prints it, .{}{}", field, code,
                             form_.name, name(slot), placeholder_stem(slot, inst_.family(), Dialect::spa5, formatted_cas),
                             code),
                 "docs/oracles.md");
  }

  // What nvdisasm of this architecture refuses: an error (the word still decodes for the reader).
  void refused(std::string why) {
    out_.error(inst_.where, fmt::format("nvdisasm {} calls this {} word invalid: {}", nvdisasm_name(arch_), form_.name, why),
               "docs/oracles.md");
  }

  // An op code names an op when the family's SPA 5.0 table takes that op in some size (ATOMS
  // and SUATOM have no SAFEADD: nvdisasm prints code 10 there as .INVALIDATOMSOP10).
  void op(FieldKind kind) {
    const uint64_t code = v(kind);
    for (const OpInfo& o : op_table())
      if (o.code >= 0 && static_cast<uint64_t>(o.code) == code && takes(o.op)) {
        inst_.op = o.op;
        return;
      }
    reserved(Slot::op, code, "op");
  }
  bool takes(AtomOp op) const { return has_op(inst_.family(), Dialect::spa5, op); }

  void size(SizeField field, FieldKind kind) {
    const uint64_t code = v(kind);
    if (const auto s = size_from_code(field, static_cast<int>(code), arch_)) {
      inst_.size = *s;
      inst_.size_spelling = decoded_size_spelling(*s, arch_);
      return;
    }
    reserved(Slot::size, code, "size");
  }

  // Ra = RZ reads the field unsigned (absolute form), otherwise signed (§6.5).
  void offset(uint64_t field, int bits, int scale) {
    const bool absolute = inst_.address.base == RZ;
    inst_.address.offset = (absolute ? static_cast<int64_t>(field) : sign_extend(field, bits)) * scale;
  }

  // The sparse predicate Ps, bit-inverted (§6.6). nvdisasm has no Ps forms on sm_50, and none
  // with an absolute address.
  void sparse() {
    inst_.ps = static_cast<uint8_t>(7 - v(FieldKind::sparse));
    if (arch_ == Architecture::sm_50) refused("sm_50 has no sparse predicate Ps forms");
  }

  // The Rb field and the 2-bit layout give the compare and swap registers (§6.2). nvdisasm
  // prints a register 255 that is not RZ — a packed pair from field 255 or past R254, or the
  // swap register of layout 2 — as `???255`.
  void cas_registers() {
    inst_.size = v(FieldKind::cas_size) ? Size::U64 : Size::U32;
    const uint8_t field = reg(FieldKind::rb);
    const int n = inst_.data_registers();
    const auto unnamed = [&](OperandRole role) { inst_.unnamed_register[static_cast<int>(role)] = true; };
    switch (static_cast<CasLayout>(v(FieldKind::cas_layout))) {
      case CasLayout::packed:
        inst_.rb = field;
        inst_.rc = field + n >= RZ ? RZ : static_cast<uint8_t>(field + n);
        if (field == RZ) unnamed(OperandRole::rb);
        if (field + n >= RZ) unnamed(OperandRole::rc);
        break;
      case CasLayout::rc_is_rz:
        inst_.rb = field;
        inst_.rc = RZ;
        break;
      case CasLayout::compare_is_rz:
        inst_.rb = RZ;
        inst_.rc = field;
        if (field == RZ) unnamed(OperandRole::rc);
        break;
      case CasLayout::invalid:
        inst_.rb = field;
        inst_.rc = field;
        refused("CAS operand layout 3 names no operands");
        break;
    }
  }

  void atom() {
    inst_.rd = reg(FieldKind::rd);
    inst_.rb = reg(FieldKind::rb);
    inst_.extended = v(FieldKind::extended);
    op(FieldKind::op);
    size(SizeField::atom, FieldKind::atom_size);
    if (has(FieldKind::sparse)) sparse_address();
    else offset(v(FieldKind::offset20), 20, 1);
  }

  void atom_cas() {
    inst_.rd = reg(FieldKind::rd);
    inst_.extended = v(FieldKind::extended);
    inst_.op = AtomOp::CAS;
    cas_registers();
    if (has(FieldKind::sparse)) sparse_address();
    else offset(v(FieldKind::offset20), 20, 1);
  }

  // ATOM with Ps: [Ra] only (§6.6).
  void sparse_address() {
    sparse();
    if (inst_.address.base == RZ) refused("a sparse-predicate ATOM has no absolute address [RZ]");
  }

  void atoms() {
    inst_.rd = reg(FieldKind::rd);
    inst_.rb = reg(FieldKind::rb);
    op(FieldKind::op);
    size(SizeField::shared, FieldKind::shared_size);
    offset(v(FieldKind::offset22_div4), 22, 4);
  }

  void atoms_cas() {
    inst_.rd = reg(FieldKind::rd);
    if (form_.form == EncodingForm::atoms_cas) inst_.op = AtomOp::CAS;
    else inst_.op = v(FieldKind::cas_kind) ? AtomOp::CAST_SPIN : AtomOp::CAST;
    cas_registers();
    offset(v(FieldKind::offset22_div4), 22, 4);
  }

  void red() {
    inst_.rb = reg(FieldKind::rb);
    inst_.extended = v(FieldKind::extended);
    op(FieldKind::op);
    size(SizeField::atom, FieldKind::atom_size);
    offset(v(FieldKind::offset20), 20, 1);
  }

  void surface() {
    Surface& s = inst_.surface;
    s.formatted = formatted(form_.form);
    if (inst_.mnemonic == Mnemonic::SUATOM) inst_.rd = reg(FieldKind::rd);
    inst_.rb = reg(FieldKind::rb);
    if (surface_compare(form_.form)) {
      inst_.op = AtomOp::CAS;
      if (has(FieldKind::formatted_cas_op) && v(FieldKind::formatted_cas_op) != 0)
        reserved(Slot::op, v(FieldKind::formatted_cas_op), "formatted CAS op");
    } else {
      op(FieldKind::op);
    }
    if (has(FieldKind::surface_size)) size(SizeField::surface, FieldKind::surface_size);
    s.byte_address = v(FieldKind::byte_address);
    if (v(FieldKind::dim) < dim_table().size()) s.dim = dim_table()[v(FieldKind::dim)].dim;
    else reserved(Slot::dim, v(FieldKind::dim), "dim");
    if (v(FieldKind::clamp) < clamp_table().size()) s.clamp = clamp_table()[v(FieldKind::clamp)].clamp;
    else reserved(Slot::clamp, v(FieldKind::clamp), "clamp");
    if (has(FieldKind::rc)) s.handle_register = reg(FieldKind::rc);
    else s.handle_indices = {static_cast<uint32_t>(v(FieldKind::ts_index))};
    // In the .CAS forms a PT field is the form without Ps; the bindless .op form with Ps has its
    // own opcode, so it always prints its Ps, PT included.
    if (!has(FieldKind::sparse)) return;
    if (form_.form == EncodingForm::suatom_bindless_sparse || v(FieldKind::sparse) != 0) sparse();
  }

  uint64_t word_;
  const EncodingInfo& form_;
  Architecture arch_;
  const FieldMap& fields_;
  support::Diagnostics& out_;
  Instruction inst_;
};

}  // namespace

Decoded decode(uint64_t word, const support::SourceLocation& where, Architecture arch) {
  Decoded out;
  if (!is_spa5(arch)) {
    out.diagnostics.error(where,
                          fmt::format("{} has no Maxwell 64-bit words: decode reads sm_50 … sm_62", name(arch)),
                          "spec/nvidia.md §11");
    return out;
  }
  const EncodingInfo* form = find_encoding(word);
  if (!form) {
    out.diagnostics.error(where,
                          fmt::format("0x{:016x} is not a SPA 5.0 atomic: its opcode bits match none of ATOM, ATOM.CAS, "
                                      "ATOMS, ATOMS.CAS/CAST, RED, SUATOM, SURED (nor nvdisasm's Ps and .P forms)",
                                      word),
                          "spec/nvidia.md §11.4");
    return out;
  }
  out.instruction = Decoder(word, *form, arch, where, out.diagnostics).run();
  // The rules of the pages hold for text a person writes; a word that breaks one is still what
  // the hardware field holds and what nvdisasm prints, so here they are warnings.
  validate(*out.instruction, out.diagnostics, RuleSeverity::warning);
  return out;
}

}  // namespace gpuatom::nvidia
