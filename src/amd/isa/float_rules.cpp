#include "gpuatom/amd/isa/float_rules.hpp"

#include <array>

namespace gpuatom::amd::isa {

namespace {

constexpr std::array<std::string_view, family_count> family_names = {"gfx90a",  "gfx94x", "gfx950",
                                                                     "gfx103x", "gfx11",  "gfx12"};

// L2 add_f32 keeps subnormal inputs under LLVM's reading on the targets with the feature
// `memory-atomic-fadd-f32-denormal-support` (AMDGPU.td: gfx94x and gfx950, which inherits gfx94x's
// features; gfx11; gfx12), flushes them on gfx90a and gfx103x; the manuals flush on every target
// (docs/spec/amd-isa.md §4, §7.2).
bool l2_add_f32_flushes(Family family, L2AddF32Reading reading) {
  if (reading == L2AddF32Reading::manuals) return true;
  return family == Family::gfx90a || family == Family::gfx103x;
}

bool is_add(alu::Op op) { return op == alu::Op::add || op == alu::Op::sub; }

}  // namespace

std::string_view name(Family family) { return family_names[static_cast<int>(family)]; }

std::optional<Family> family_named(std::string_view text) {
  for (int k = 0; k < family_count; ++k)
    if (family_names[k] == text) return static_cast<Family>(k);
  return std::nullopt;
}

bool flushes_inputs(Family family, AtomicUnit unit, alu::Op op, alu::Type type, const FloatRulesOptions& options) {
  const auto format = alu::element_format(type);
  if (!format || *format == numeric::FormatId::f64) return false;                      // ADD_F64 never flushes (§7.1)
  if (unit == AtomicUnit::lds) return options.lds_denormals == LdsDenormals::flushed;  // MODE (§7.1)
  // L2: only add_f32 flushes (CDNA4's table: packed adds not flushed, min/max n.a.; §7.3).
  return is_add(op) && type == alu::Type::f32 && l2_add_f32_flushes(family, options.l2_add_f32);
}

alu::FloatRules float_rules(Family family, AtomicUnit unit, alu::Op op, alu::Type type,
                            const FloatRulesOptions& options) {
  alu::FloatRules rules;
  if (!alu::is_float(type)) return rules;
  const bool flush = flushes_inputs(family, unit, op, type, options);
  // Add: round to nearest even whatever MODE says; a NaN input made quiet and passed on (the
  // first, memory's, when both are NaN: §7.5); −inf + +inf gives the default NaN (§7.4); the
  // flush is of inputs only (§7.1).
  rules.add = {flush, false, numeric::NanResult::propagate, options.default_nan};
  // Min/max: a signalling NaN becomes the quiet NaN of its source, and a quiet NaN orders below
  // −inf for max and above +inf for min, so the number wins; two NaNs give memory's made quiet
  // (§7.5); −0 < +0; flushing is for the comparison only (§7.1).
  rules.min_max = {flush, numeric::MinMaxNan::number_else_first_quiet, options.default_nan, true};
  // Compare-and-swap: IEEE equality; where inputs flush the result is flushed too (§7.1).
  rules.compare = {flush, flush};
  return rules;
}

alu::Operation operation(Family family, AtomicUnit unit, alu::Op op, alu::Type type, const FloatRulesOptions& options) {
  return {op, type, float_rules(family, unit, op, type, options)};
}

}  // namespace gpuatom::amd::isa
