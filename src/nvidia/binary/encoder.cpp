#include "gpuatom/nvidia/binary/encoder.hpp"

#include <fmt/format.h>

#include <array>

#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "maxwell_fields.hpp"

namespace gpuatom::nvidia {

namespace {

bool has_field(const EncodingInfo& form, FieldKind kind) { return layout(form.form).has(kind); }

}  // namespace

std::optional<EncodingForm> encoding_form(const Instruction& i) {
  if (i.dialect != Dialect::spa5) return std::nullopt;
  // The form of each family, op, handle, mode and Ps: the first entry of encoding_table() whose
  // attributes take them, looked up once for every combination (the encoder asks per word).
  constexpr int families = static_cast<int>(Family::SURED) + 1, handles = 3;
  static const auto forms = [] {
    std::array<uint8_t, size_t{families} * atom_op_count * handles * 2 * 2> t;
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
  const int handle = !i.is_surface()        ? 0
                     : i.surface.bindless() ? static_cast<int>(FormHandle::bindless)
                                            : static_cast<int>(FormHandle::bound);
  const int formatted = i.is_surface() && i.surface.formatted;
  const uint8_t form =
      forms[(((static_cast<int>(i.family()) * atom_op_count + static_cast<int>(i.op)) * handles + handle) * 2 +
             formatted) *
                2 +
            (i.ps ? 1 : 0)];
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
  if (has_field(form, FieldKind::sparse) && i.family() == Family::ATOM &&
      (i.address.offset != 0 || i.address.absolute()))
    return refuse(i.columns.column(OperandRole::address),
                  fmt::format("{} with Ps takes [Ra] only: no offset, no absolute address", mn),
                  "docs/spec/nvidia.md §6.6");
  if (i.surface.byte_address && !has_field(form, FieldKind::byte_address))
    return refuse(i.columns.column(ModifierSlot::byte_address),
                  fmt::format("{} has no {} field", form.name, name(ModifierSlot::byte_address)), "docs/oracles.md");
  const bool sized = has_field(form, FieldKind::atom_size) || has_field(form, FieldKind::surface_size) ||
                     has_field(form, FieldKind::shared_size) || has_field(form, FieldKind::cas_size);
  if (!sized && (i.size != Size::U32 || i.placeholders[static_cast<int>(ModifierSlot::size)]))
    return refuse(i.columns.column(ModifierSlot::size), fmt::format("{} has no size field", form.name),
                  "docs/oracles.md");

  // Each field as its codec writes it; a signed field is checked against its range there, before
  // it is cut to its width.
  const maxwell::Writing writing{i, arch};
  uint64_t word = form.match;
  for (const BitField& f : form.fields) {
    const auto value = maxwell::codec(f.kind).write(f, writing);
    if (const auto* why = std::get_if<std::string>(&value))
      return refuse(i.columns.mnemonic, fmt::format("{}: {}", form.name, *why), "docs/spec/nvidia.md §11.2");
    const uint64_t v = std::get<uint64_t>(value);
    if (v >> f.width)
      return refuse(i.columns.mnemonic,
                    fmt::format("{} value 0x{:x} does not fit bits {}–{} of {}", name(f.kind), v, f.lo,
                                f.lo + f.width - 1, form.name),
                    "docs/spec/nvidia.md §11.2");
    word |= v << f.lo;
  }
  return word;
}

}  // namespace gpuatom::nvidia
