#include "gpuatom/nvidia/binary/decoder.hpp"

#include <array>
#include <string>

#include <fmt/format.h>

#include "gpuatom/nvidia/validator.hpp"
#include "gpuatom/support/bits.hpp"

namespace gpuatom::nvidia {

namespace {

// What follows the word in the message for a word that is no atomic: " is not a SPA 5.0 atomic:
// its opcode bits match none of ATOM, ATOM.CAS, ATOMS, ATOMS.CAS/CAST, RED, SUATOM, SURED (nor
// nvdisasm's Ps and .P forms)". The list is the encoding table's: each SPA 5.0 mnemonic, and
// beside it the compare opcodes named by their op (the surface ones are told apart by handle);
// nvdisasm reads ATOM with Ps and the formatted surface forms too. Made once: random bytes
// ask for it per word.
const std::string& not_an_atomic() {
  static const std::string text = [] {
    std::string opcodes;
    for (const MnemonicInfo& m : mnemonic_table()) {
      if (m.modern_only) continue;
      opcodes += fmt::format("{}{}", opcodes.empty() ? "" : ", ", m.name);
      std::array<bool, atom_op_count> compares{};
      for (const EncodingInfo& e : encoding_table())
        if (e.mnemonic == m.mnemonic && e.handle == FormHandle::none && e.ps != FormPs::with)
          if (const auto op = compare_op(e.ops)) compares[static_cast<int>(*op)] = true;
      std::string ops;
      for (const OpInfo& o : op_table())
        if (compares[static_cast<int>(o.op)]) ops += fmt::format("{}{}", ops.empty() ? "" : "/", o.name);
      if (!ops.empty()) opcodes += fmt::format(", {}.{}", m.name, ops);
    }
    return fmt::format(" is not a SPA 5.0 atomic: its opcode bits match none of {} (nor nvdisasm's Ps and .{} forms)",
                       opcodes, modifier_name(ModifierSlot::mode, mode_formatted));
  }();
  return text;
}

class Decoder {
 public:
  Decoder(uint64_t word, const EncodingInfo& form, Architecture arch, const support::SourceLocation& where,
          support::Diagnostics& out)
      : word_(word), form_(form), arch_(arch), fields_(layout(form.form)), out_(out) {
    inst_.mnemonic = form.mnemonic;
    inst_.dialect = Dialect::spa5;
    inst_.where = where;
    inst_.terminated = true;
  }

  // The fields in one order for every form: what each means follows from the form's attributes
  // and from which fields it has (FieldLayout); the warnings and errors come in this order.
  Instruction run() {
    check_unassigned();
    inst_.guard = {static_cast<uint8_t>(v(FieldKind::guard)), v(FieldKind::guard_negate) != 0};
    inst_.address.base = static_cast<uint8_t>(v(FieldKind::ra));
    inst_.surface.formatted = form_.formatted;
    if (info(form_.mnemonic).returns) inst_.rd = reg(FieldKind::rd);
    if (!has(FieldKind::cas_layout)) inst_.rb = reg(FieldKind::rb);
    inst_.extended = v(FieldKind::extended);
    switch (form_.ops) {
      case FormOps::any: case FormOps::op: op(FieldKind::op); break;
      case FormOps::compare: case FormOps::cas: inst_.op = AtomOp::CAS; break;
      case FormOps::cast: inst_.op = v(FieldKind::cas_kind) ? AtomOp::CAST_SPIN : AtomOp::CAST; break;
    }
    if (has(FieldKind::formatted_cas_op) && v(FieldKind::formatted_cas_op) != 0)
      reserved(ModifierSlot::op, FieldKind::formatted_cas_op);
    if (has(FieldKind::atom_size)) size(SizeField::atom, FieldKind::atom_size);
    if (has(FieldKind::shared_size)) size(SizeField::shared, FieldKind::shared_size);
    if (has(FieldKind::surface_size)) size(SizeField::surface, FieldKind::surface_size);
    if (has(FieldKind::cas_layout)) cas_registers();
    if (form_.handle != FormHandle::none) surface();
    if (has(FieldKind::offset20)) offset(v(FieldKind::offset20), 20, 1);
    if (has(FieldKind::offset22_div4)) offset(v(FieldKind::offset22_div4), 22, 4);
    // A form of a Ps pair always prints its Ps, PT included; elsewhere a PT field is "no Ps".
    if (form_.ps == FormPs::with || (has(FieldKind::sparse) && v(FieldKind::sparse) != 0)) sparse();
    return std::move(inst_);
  }

 private:
  bool has(FieldKind k) const { return fields_.has(k); }
  uint64_t v(FieldKind k) const { return fields_.read(word_, k); }
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
                     "docs/spec/nvidia.md §11.2, docs/oracles.md");
    }
  }

  // A field value that names nothing: nvdisasm prints it by a reserved name, and so does gpuatom.
  void reserved(ModifierSlot slot, FieldKind field) {
    const uint64_t code = v(field);
    inst_.placeholders[static_cast<int>(slot)] = static_cast<uint16_t>(code);
    out_.warning(inst_.where,
                 fmt::format("{} field value {} of {} names no {}; printed as nvdisasm prints it, {}", name(field), code,
                             form_.name, name(slot), inst_.placeholder_spelling(slot)),
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
    reserved(ModifierSlot::op, kind);
  }
  bool takes(AtomOp op) const { return has_op(inst_.family(), Dialect::spa5, op); }

  void size(SizeField field, FieldKind kind) {
    const uint64_t code = v(kind);
    if (const auto s = size_from_code(field, static_cast<int>(code), arch_)) {
      inst_.size = *s;
      inst_.size_spelling = decoded_size_spelling(*s, arch_);
      return;
    }
    reserved(ModifierSlot::size, kind);
  }

  // Ra = RZ reads the field unsigned (absolute form), otherwise signed (§6.5).
  void offset(uint64_t field, int bits, int scale) {
    const bool absolute = inst_.address.base == RZ;
    inst_.address.offset = (absolute ? static_cast<int64_t>(field) : support::sign_extend(field, bits)) * scale;
  }

  // The sparse predicate Ps, bit-inverted (§6.6). nvdisasm has no Ps forms on sm_50, and none
  // with an absolute address.
  void sparse() {
    inst_.ps = static_cast<uint8_t>(7 - v(FieldKind::sparse));
    if (!nvidia::has(arch_, Feature::ps_forms))
      refused(fmt::format("{} has no sparse predicate Ps forms: they exist from {}", name(arch_),
                          first_with(Feature::ps_forms)));
    if (!inst_.is_surface() && inst_.address.base == RZ)
      refused(fmt::format("a sparse-predicate {} has no absolute address [RZ]", info(inst_.mnemonic).name));
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
        refused(fmt::format("{} {} names no operands", name(FieldKind::cas_layout), static_cast<int>(CasLayout::invalid)));
        break;
    }
  }

  // The surface operands besides Ra, Rb and the op (seed 002).
  void surface() {
    Surface& s = inst_.surface;
    s.byte_address = v(FieldKind::byte_address);
    if (v(FieldKind::dim) < dim_table().size()) s.dim = dim_table()[v(FieldKind::dim)].dim;
    else reserved(ModifierSlot::dim, FieldKind::dim);
    if (v(FieldKind::clamp) < clamp_table().size()) s.clamp = clamp_table()[v(FieldKind::clamp)].clamp;
    else reserved(ModifierSlot::clamp, FieldKind::clamp);
    if (form_.handle == FormHandle::bindless) s.handle_register = reg(FieldKind::rc);
    else s.handle_indices = {static_cast<uint32_t>(v(FieldKind::ts_index))};
  }

  uint64_t word_;
  const EncodingInfo& form_;
  Architecture arch_;
  const FieldLayout& fields_;
  support::Diagnostics& out_;
  Instruction inst_;
};

}  // namespace

Decoded decode(uint64_t word, const support::SourceLocation& where, Architecture arch) {
  Decoded out;
  if (!is_spa5(arch)) {
    out.diagnostics.error(where,
                          fmt::format("{} has no Maxwell 64-bit words: decode reads sm_50 … sm_62", name(arch)),
                          "docs/spec/nvidia.md §11");
    return out;
  }
  const EncodingInfo* form = find_encoding(word);
  if (!form) {
    out.diagnostics.error(where,
                          fmt::format("0x{:016x}{}", word, not_an_atomic()),
                          "docs/spec/nvidia.md §11.4");
    return out;
  }
  out.instruction = Decoder(word, *form, arch, where, out.diagnostics).run();
  // The rules of the pages hold for text a person writes; a word that breaks one is still what
  // the hardware field holds and what nvdisasm prints, so here they are warnings.
  validate(*out.instruction, out.diagnostics, RuleSeverity::warning);
  return out;
}

}  // namespace gpuatom::nvidia
