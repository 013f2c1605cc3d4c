#include "gpuatom/nvidia/encoder.hpp"

#include <fmt/format.h>

#include "gpuatom/nvidia/validator.hpp"

namespace gpuatom::nvidia {

namespace {

uint64_t cas_kind(AtomOp op) {
  switch (op) {
    case AtomOp::CAST: return 0;
    case AtomOp::CAST_SPIN: return 1;
    default: return 2;  // CAS
  }
}

// What the instruction puts in a field (§11.2, §11.3).
uint64_t field_value(const Instruction& i, FieldKind kind) {
  switch (kind) {
    case FieldKind::rd: return i.rd.value_or(RZ);
    case FieldKind::ra: return i.address.base;
    case FieldKind::rb:
      // Layout 2 keeps the swap register in the Rb field; the compare value is RZ (§6.2).
      if (i.is_compare() && !i.is_surface() && i.cas_layout() == CasLayout::compare_is_rz) return i.rc.value_or(RZ);
      return i.rb.value_or(RZ);
    case FieldKind::rc: return i.surface.handle_register.value_or(RZ);
    case FieldKind::guard: return i.guard.predicate;
    case FieldKind::guard_negate: return i.guard.negated;
    case FieldKind::offset20: return static_cast<uint64_t>(i.address.offset) & 0xfffff;
    case FieldKind::offset22_div4: return static_cast<uint64_t>(i.address.offset >> 2) & 0x3fffff;
    case FieldKind::extended: return i.extended;
    case FieldKind::byte_address: return i.surface.byte_address;
    case FieldKind::atom_size: return static_cast<uint64_t>(info(i.size).atom_code);
    case FieldKind::cas_size: return i.data_bits() == 64;
    case FieldKind::shared_size: return static_cast<uint64_t>(info(i.size).shared_code);
    case FieldKind::surface_size: return static_cast<uint64_t>(info(i.size).surface_code);
    case FieldKind::op: return static_cast<uint64_t>(info(i.op).code);
    case FieldKind::cas_layout: return static_cast<uint64_t>(i.cas_layout());
    case FieldKind::cas_kind: return cas_kind(i.op);
    case FieldKind::sparse: return i.ps ? 7u - *i.ps : 0u;  // bit-inverted: 0 = PT (§6.6)
    case FieldKind::dim: return static_cast<uint64_t>(info(i.surface.dim).code);
    case FieldKind::ts_index: return i.surface.handle_indices.empty() ? 0 : i.surface.handle_indices[0];
    case FieldKind::clamp: return static_cast<uint64_t>(info(i.surface.clamp).code);
    case FieldKind::unassigned: return 0;
  }
  return 0;
}

}  // namespace

std::optional<EncodingForm> encoding_form(const Instruction& i) {
  if (i.dialect != Dialect::spa5) return std::nullopt;
  const bool compare = i.is_compare();
  switch (i.family()) {
    case Family::ATOM:
      if (i.ps) return std::nullopt;
      return compare ? EncodingForm::atom_cas : EncodingForm::atom;
    case Family::ATOMS: return compare ? EncodingForm::atoms_cas : EncodingForm::atoms;
    case Family::RED: return EncodingForm::red;
    case Family::SUATOM:
      if (!i.surface.bindless()) return compare ? EncodingForm::suatom_bound_cas : EncodingForm::suatom_bound;
      if (compare) return EncodingForm::suatom_bindless_cas;
      return i.ps ? EncodingForm::suatom_bindless_sparse : EncodingForm::suatom_bindless;
    case Family::SURED: return i.surface.bindless() ? EncodingForm::sured_bindless : EncodingForm::sured_bound;
  }
  return std::nullopt;
}

std::variant<uint64_t, support::Diagnostic> encode(const Instruction& i) {
  const auto refuse = [&](uint32_t column, std::string message, std::string rule) {
    support::SourceLocation where = i.where;
    if (where.line != 0 && column != 0) where.column = column;
    return support::Diagnostic{support::Severity::error, where, std::move(message), std::move(rule)};
  };
  const std::string_view mn = info(i.mnemonic).name;
  if (i.dialect != Dialect::spa5)
    return refuse(i.columns.mnemonic,
                  fmt::format("{} is written in the sm_70+ spelling, which has no Maxwell 64-bit encoding (gpuatom "
                              "encodes SPA 5.0 words only)",
                              mn),
                  "spec/nvidia.md §10.3");
  if (i.family() == Family::ATOM && i.ps)
    return refuse(i.columns.column(OperandRole::ps),
                  fmt::format("{}.{} with a sparse predicate Ps has no known encoding (no public decoder models it)", mn,
                              info(i.op).name),
                  "spec/nvidia.md §6.6, §13");
  support::Diagnostics checks;
  validate(i, checks);
  for (const support::Diagnostic& d : checks.all())
    if (d.severity == support::Severity::error) return d;
  for (int s = 0; s < slot_count; ++s)
    if (i.placeholders[s])
      return refuse(i.columns.column(static_cast<Slot>(s)),
                    fmt::format(".INVALID{} names no {} value and has no encoding", *i.placeholders[s],
                                name(static_cast<Slot>(s))),
                    "spec/nvidia.md §10.3");

  const EncodingInfo& form = info(*encoding_form(i));
  uint64_t word = form.match;
  for (const BitField& f : form.fields) {
    const uint64_t value = field_value(i, f.kind);
    if (value >> f.width)
      return refuse(i.columns.mnemonic,
                    fmt::format("internal: {} value 0x{:x} does not fit bits {}–{} of {}", name(f.kind), value, f.lo,
                                f.lo + f.width - 1, form.name),
                    "spec/nvidia.md §11.2");
    word |= value << f.lo;
  }
  return word;
}

}  // namespace gpuatom::nvidia
