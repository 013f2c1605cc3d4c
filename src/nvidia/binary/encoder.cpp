#include "gpuatom/nvidia/binary/encoder.hpp"

#include <fmt/format.h>

#include <array>

#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "maxwell_fields.hpp"

namespace gpuatom::nvidia {

namespace {

// What encode() asks of a form for every instruction, gathered once per form (out of line, so
// that the lookup is not slowed by the code that makes it): its row, where its fields lie, and
// its fields by kind. The unassigned ones are left out: the encoder writes 0 there.
struct EncodePlan {
  const EncodingInfo* form = nullptr;
  const FieldLayout* fields = nullptr;
  maxwell::FieldsByKind by_kind{};
};
using EncodePlans = std::array<EncodePlan, encoding_form_count>;

[[gnu::noinline]] EncodePlans make_encode_plans() {
  EncodePlans plans{};
  for (const EncodingInfo& e : encoding_table()) {
    EncodePlan& plan = plans[static_cast<size_t>(e.form)];
    plan.form = &e;
    plan.fields = &layout(e.form);
    for (const BitField& f : e.fields)
      if (f.kind != FieldKind::unassigned) plan.by_kind[static_cast<size_t>(f.kind)] = &f;
  }
  return plans;
}

const EncodePlan& plan(EncodingForm form) {
  static const EncodePlans plans = make_encode_plans();
  return plans[static_cast<size_t>(form)];
}

// The form of each family, op, handle, mode and Ps: the first entry of encoding_table() whose
// attributes take them, looked up once for every combination (the encoder asks per word), out of
// line so that the lookup is not slowed by the code that makes it.
constexpr int form_families = static_cast<int>(Family::SURED) + 1, form_handles = 3;
using FormsByAttributes = std::array<uint8_t, size_t{form_families} * atom_op_count * form_handles * 2 * 2>;

[[gnu::noinline]] FormsByAttributes make_forms_by_attributes() {
  constexpr int families = form_families, handles = form_handles;
  FormsByAttributes t;
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
}

}  // namespace

namespace {

// encoding_form() with the mnemonic's row already looked up (encode has it).
std::optional<EncodingForm> form_of(const Instruction& i, const MnemonicInfo& mnemonic) {
  if (i.dialect != Dialect::spa5) return std::nullopt;
  constexpr int handles = form_handles;
  static const FormsByAttributes forms = make_forms_by_attributes();
  const bool surface = mnemonic.surface;
  const int handle = !surface               ? 0
                     : i.surface.bindless() ? static_cast<int>(FormHandle::bindless)
                                            : static_cast<int>(FormHandle::bound);
  const int formatted = surface && i.surface.formatted;
  const uint8_t form =
      forms[(((static_cast<int>(mnemonic.family) * atom_op_count + static_cast<int>(i.op)) * handles + handle) * 2 +
             formatted) *
                2 +
            (i.ps ? 1 : 0)];
  if (form == 0xff) return std::nullopt;
  return static_cast<EncodingForm>(form);
}

}  // namespace

std::optional<EncodingForm> encoding_form(const Instruction& i) { return form_of(i, info(i.mnemonic)); }

std::variant<uint64_t, support::Diagnostic> encode(const Instruction& i, Architecture arch) {
  const auto refuse = [&](uint32_t column, std::string message, std::string rule) {
    support::SourceLocation where = i.where;
    if (where.line != 0 && column != 0) where.column = column;
    return support::Diagnostic{support::Severity::error, where, std::move(message), std::move(rule)};
  };
  const MnemonicInfo& mnemonic = info(i.mnemonic);
  const std::string_view mn = mnemonic.name;
  if (i.dialect != Dialect::spa5)
    return refuse(i.columns.mnemonic,
                  fmt::format("{} is written in the sm_70+ spelling, which has no Maxwell/Pascal 64-bit word: its "
                              "word is a 128-bit one (encode128, sm_70 on)",
                              mn),
                  "docs/spec/nvidia.md §10.3");
  if (!is_spa5(arch))
    return refuse(i.columns.mnemonic, fmt::format("{} has no Maxwell 64-bit words (sm_50 … sm_62 have)", name(arch)),
                  "docs/spec/nvidia.md §11");
  const EncodePlan& plan = nvidia::plan(*form_of(i, mnemonic));
  const EncodingInfo& form = *plan.form;
  const FieldLayout& fields = *plan.fields;

  // What the instruction says that this opcode has no field for.
  if (i.ps && !fields.has(FieldKind::sparse))
    return refuse(i.columns.column(OperandRole::ps), fmt::format("{} has no sparse predicate Ps field", form.name),
                  "docs/spec/nvidia.md §6.6");
  if (i.ps && !has(arch, Feature::ps_forms))
    return refuse(i.columns.column(OperandRole::ps), missing_ps_form(arch), "docs/oracles.md");
  if (fields.has(FieldKind::sparse) && mnemonic.family == Family::ATOM &&
      (i.address.offset != 0 || i.address.absolute()))
    return refuse(i.columns.column(OperandRole::address),
                  fmt::format("{} with Ps takes [Ra] only: no offset, no absolute address", mn),
                  "docs/spec/nvidia.md §6.6");
  if (i.surface.byte_address && !fields.has(FieldKind::byte_address))
    return refuse(i.columns.column(ModifierSlot::byte_address),
                  fmt::format("{} has no {} field", form.name, name(ModifierSlot::byte_address)), "docs/oracles.md");
  const bool sized = fields.has(FieldKind::atom_size) || fields.has(FieldKind::surface_size) ||
                     fields.has(FieldKind::shared_size) || fields.has(FieldKind::cas_size);
  if (!sized && (i.size != Size::U32 || i.placeholders[static_cast<int>(ModifierSlot::size)]))
    return refuse(i.columns.column(ModifierSlot::size), fmt::format("{} has no size field", form.name),
                  "docs/oracles.md");

  // Each field as its codec writes it; a signed field is checked against its range there, before
  // it is cut to its width.
  const maxwell::Writing writing{i, arch};
  uint64_t word = form.match;
  if (maxwell::write_fields(plan.by_kind, writing, word)) return word;
  // A field has no value or one that does not fit: the first such field in the form's own order
  // is the one to name.
  word = form.match;
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
