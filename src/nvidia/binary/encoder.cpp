#include "gpuatom/nvidia/binary/encoder.hpp"

#include <array>

#include <fmt/format.h>

#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"

namespace gpuatom::nvidia {

namespace {

bool has_field(const EncodingInfo& form, FieldKind kind) { return layout(form.form).has(kind); }

// A field's value as the instruction asks for it, or the reason no word holds it. Signed
// fields are checked against their range here, before they are cut to their width.
class FieldValues {
 public:
  FieldValues(const Instruction& i, Architecture arch) : i_(i), arch_(arch) {}

  std::variant<uint64_t, std::string> operator()(const BitField& f) const {
    switch (f.kind) {
      case FieldKind::rd: return uint64_t{i_.rd.value_or(RZ)};
      case FieldKind::ra: return uint64_t{i_.address.base};
      case FieldKind::rb:
        // Layout 2 keeps the swap register in the Rb field; the compare value is RZ (§6.2).
        if (i_.is_compare() && !i_.is_surface() && i_.cas_layout() == CasLayout::compare_is_rz) return uint64_t{i_.rc.value_or(RZ)};
        return uint64_t{i_.rb.value_or(RZ)};
      case FieldKind::rc: return uint64_t{i_.surface.handle_register.value_or(RZ)};
      case FieldKind::guard: return uint64_t{i_.guard.predicate};
      case FieldKind::guard_negate: return uint64_t{i_.guard.negated};
      case FieldKind::offset20: return offset(f, 1);
      case FieldKind::offset22_div4: return offset(f, 4);
      case FieldKind::extended: return uint64_t{i_.extended};
      case FieldKind::byte_address: return uint64_t{i_.surface.byte_address};
      case FieldKind::atom_size: return size(SizeField::atom);
      case FieldKind::surface_size: return size(SizeField::surface);
      case FieldKind::shared_size: return size(SizeField::shared);
      case FieldKind::cas_size: return uint64_t{i_.data_bits() == 64};
      case FieldKind::op:
        if (const auto& p = placeholder(ModifierSlot::op)) {
          // decode() reads a code the family's table names as that op, not as a placeholder.
          for (const OpInfo& o : op_table())
            if (o.code >= 0 && static_cast<uint64_t>(o.code) == *p && has_op(i_.family(), Dialect::spa5, o.op))
              return named(ModifierSlot::op, fmt::format(".{}", o.name));
          return *p;
        }
        if (info(i_.op).code < 0) return fmt::format("{} has no op code in the {} field", info(i_.op).name, name(f.kind));
        return static_cast<uint64_t>(info(i_.op).code);
      case FieldKind::formatted_cas_op: return placeholder(ModifierSlot::op).value_or(0);
      case FieldKind::cas_layout:
        if (i_.cas_layout() == CasLayout::invalid)
          return std::string("the swap register Rc must be Rb+1 (Rb+2 for 64-bit), or RZ, or Rb must be RZ (§6.2)");
        return static_cast<uint64_t>(i_.cas_layout());
      case FieldKind::cas_kind: return uint64_t{i_.op == AtomOp::CAST_SPIN};
      case FieldKind::sparse: return i_.ps ? 7u - *i_.ps : 0u;  // bit-inverted: 0 = PT (§6.6)
      case FieldKind::dim:
        if (const auto& p = placeholder(ModifierSlot::dim)) {
          if (*p < dim_table().size()) return named(ModifierSlot::dim, fmt::format(".{}", dim_table()[*p].name));
          return *p;
        }
        return static_cast<uint64_t>(info(i_.surface.dim).code);
      case FieldKind::ts_index:
        if (i_.surface.handle_indices.size() != 1) return std::string("a bound surface takes one #tsPtrIdxU13");
        return uint64_t{i_.surface.handle_indices[0]};
      case FieldKind::clamp:
        if (const auto& p = placeholder(ModifierSlot::clamp)) {
          if (*p < clamp_table().size()) return named(ModifierSlot::clamp, fmt::format(".{}", clamp_table()[*p].name));
          return *p;
        }
        return static_cast<uint64_t>(info(i_.surface.clamp).code);
      case FieldKind::unassigned: return uint64_t{0};
    }
    return uint64_t{0};
  }

 private:
  std::optional<uint64_t> placeholder(ModifierSlot slot) const {
    if (const auto& p = i_.placeholders[static_cast<int>(slot)]) return *p;
    return std::nullopt;
  }

  // A placeholder stands for a code that names nothing (§10.3): one whose code names a value would
  // encode a word that decodes as that value.
  std::string named(ModifierSlot slot, std::string value) const {
    return fmt::format("{} stands for an unassigned {} code, but code {} is {} here", i_.placeholder_spelling(slot),
                       name(slot), *placeholder(slot), value);
  }

  std::variant<uint64_t, std::string> size(SizeField field) const {
    if (const auto& p = placeholder(ModifierSlot::size)) {
      if (const auto s = size_from_code(field, static_cast<int>(*p), arch_)) return named(ModifierSlot::size, std::string(size_name(*s)));
      return *p;
    }
    if (const auto code = size_code(field, i_.size, arch_)) return static_cast<uint64_t>(*code);
    return fmt::format("size {} has no code in this opcode's size field on {}", size_name(i_.size), name(arch_));
  }


  // ImmS20 / ImmS24÷4, or unsigned when Ra = RZ (§6.5).
  std::variant<uint64_t, std::string> offset(const BitField& f, int scale) const {
    const int64_t off = i_.address.offset;
    if (off % scale) return fmt::format("the offset {} is not a multiple of {}", signed_hex(off), scale);
    const int64_t field = off / scale;
    const int64_t span = int64_t{1} << f.width;
    const bool fits = i_.address.absolute() ? field >= 0 && field < span : field >= -span / 2 && field < span / 2;
    if (!fits) return fmt::format("the offset {} does not fit the {} field", signed_hex(off), name(f.kind));
    return static_cast<uint64_t>(field) & static_cast<uint64_t>(span - 1);
  }

  const Instruction& i_;
  Architecture arch_;
};

}  // namespace

std::optional<EncodingForm> encoding_form(const Instruction& i) {
  if (i.dialect != Dialect::spa5) return std::nullopt;
  // The form of each family, op, handle, mode and Ps: the first entry of encoding_table() whose
  // attributes take them, looked up once for every combination (the encoder asks per word).
  constexpr int families = static_cast<int>(Family::SURED) + 1, handles = 3;
  static const auto forms = [] {
    std::array<uint8_t, families * atom_op_count * handles * 2 * 2> t;
    t.fill(0xff);
    for (int f = 0; f < families; ++f)
      for (int op = 0; op < atom_op_count; ++op)
        for (int h = 0; h < handles; ++h)
          for (int formatted = 0; formatted < 2; ++formatted)
            for (int ps = 0; ps < 2; ++ps)
              for (const EncodingInfo& e : encoding_table()) {
                if (static_cast<int>(info(e.mnemonic).family) != f || static_cast<int>(e.handle) != h) continue;
                if (!form_takes(e.ops, static_cast<AtomOp>(op)) || (h && e.formatted != (formatted != 0))) continue;
                if (e.ps == (ps ? FormPs::without : FormPs::with)) continue;
                t[(((f * atom_op_count + op) * handles + h) * 2 + formatted) * 2 + ps] = static_cast<uint8_t>(e.form);
                break;
              }
    return t;
  }();
  const int handle = !i.is_surface() ? 0 : i.surface.bindless() ? static_cast<int>(FormHandle::bindless)
                                                               : static_cast<int>(FormHandle::bound);
  const int formatted = i.is_surface() && i.surface.formatted;
  const uint8_t form = forms[(((static_cast<int>(i.family()) * atom_op_count + static_cast<int>(i.op)) * handles + handle) * 2 +
                              formatted) * 2 + (i.ps ? 1 : 0)];
  if (form == 0xff) return std::nullopt;
  return static_cast<EncodingForm>(form);
}

std::variant<uint64_t, support::Diagnostic> encode(const Instruction& i, Architecture arch) {
  const auto refuse = [&](uint32_t column, std::string message, std::string rule) {
    support::SourceLocation where = i.where;
    if (where.line != 0 && column != 0) where.column = column;
    return support::Diagnostic{support::Severity::error, where, std::move(message), std::move(rule)};
  };
  const std::string_view mn = info(i.mnemonic).name;
  if (i.dialect != Dialect::spa5)
    return refuse(i.columns.mnemonic,
                  fmt::format("{} is written in the sm_70+ spelling, which has no Maxwell/Pascal 64-bit word: its "
                              "word is a 128-bit one (encode128, sm_70 on)",
                              mn),
                  "docs/spec/nvidia.md §10.3");
  if (!is_spa5(arch))
    return refuse(i.columns.mnemonic, fmt::format("{} has no Maxwell 64-bit words (sm_50 … sm_62 have)", name(arch)),
                  "docs/spec/nvidia.md §11");
  const EncodingInfo& form = info(*encoding_form(i));

  // What the instruction says that this opcode has no field for.
  if (i.ps && !has_field(form, FieldKind::sparse))
    return refuse(i.columns.column(OperandRole::ps), fmt::format("{} has no sparse predicate Ps field", form.name),
                  "docs/spec/nvidia.md §6.6");
  if (i.ps && !has(arch, Feature::ps_forms))
    return refuse(i.columns.column(OperandRole::ps), missing_ps_form(arch), "docs/oracles.md");
  if (has_field(form, FieldKind::sparse) && i.family() == Family::ATOM && (i.address.offset != 0 || i.address.absolute()))
    return refuse(i.columns.column(OperandRole::address), fmt::format("{} with Ps takes [Ra] only: no offset, no absolute address", mn),
                  "docs/spec/nvidia.md §6.6");
  if (i.surface.byte_address && !has_field(form, FieldKind::byte_address))
    return refuse(i.columns.column(ModifierSlot::byte_address), fmt::format("{} has no {} field", form.name, name(ModifierSlot::byte_address)), "docs/oracles.md");
  const bool sized = has_field(form, FieldKind::atom_size) || has_field(form, FieldKind::surface_size) ||
                     has_field(form, FieldKind::shared_size) || has_field(form, FieldKind::cas_size);
  if (!sized && (i.size != Size::U32 || i.placeholders[static_cast<int>(ModifierSlot::size)]))
    return refuse(i.columns.column(ModifierSlot::size), fmt::format("{} has no size field", form.name), "docs/oracles.md");

  const FieldValues values(i, arch);
  uint64_t word = form.match;
  for (const BitField& f : form.fields) {
    const auto value = values(f);
    if (const auto* why = std::get_if<std::string>(&value))
      return refuse(i.columns.mnemonic, fmt::format("{}: {}", form.name, *why), "docs/spec/nvidia.md §11.2");
    const uint64_t v = std::get<uint64_t>(value);
    if (v >> f.width)
      return refuse(i.columns.mnemonic,
                    fmt::format("{} value 0x{:x} does not fit bits {}–{} of {}", name(f.kind), v, f.lo, f.lo + f.width - 1,
                                form.name),
                    "docs/spec/nvidia.md §11.2");
    word |= v << f.lo;
  }
  return word;
}

}  // namespace gpuatom::nvidia
