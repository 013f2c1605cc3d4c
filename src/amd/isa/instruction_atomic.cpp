#include "gpuatom/amd/isa/instruction_atomic.hpp"

#include <fmt/format.h>

#include <variant>

#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/float_rules.hpp"
#include "gpuatom/amd/isa/semantics.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::amd::isa {
namespace {

FloatRulesOptions float_options(const InstructionAtomicArgs& a) {
  FloatRulesOptions options;
  if (a.lds_denormals != "kept" && a.lds_denormals != "flushed")
    throw support::InputError(fmt::format(
        "--lds-denormals {}: expected kept or flushed (MODE's denormal bit for LDS atomics)", a.lds_denormals));
  if (a.l2_add_f32 != "manuals" && a.l2_add_f32 != "llvm")
    throw support::InputError(
        fmt::format("--l2-add-f32 {}: expected manuals or llvm (ASSUMPTION amd-isa.l2-add-f32-denormals, "
                    "docs/spec/amd-isa.md §7.2)",
                    a.l2_add_f32));
  if (a.inf_minus_inf != "quiet" && a.inf_minus_inf != "negative")
    throw support::InputError(
        fmt::format("--inf-minus-inf {}: expected quiet or negative (ASSUMPTION amd-isa.inf-minus-inf, "
                    "docs/spec/amd-isa.md §7.4)",
                    a.inf_minus_inf));
  options.lds_denormals = a.lds_denormals == "kept" ? LdsDenormals::kept : LdsDenormals::flushed;
  options.l2_add_f32 = a.l2_add_f32 == "manuals" ? L2AddF32Reading::manuals : L2AddF32Reading::llvm;
  options.default_nan = a.inf_minus_inf == "quiet" ? numeric::DefaultNan::quiet : numeric::DefaultNan::negative_quiet;
  return options;
}

// The encoding of the mnemonic on the target that executes, a returning one first (it says what
// comes back); or why none does.
const Encoding& executed_encoding(std::string_view mnemonic, const Target& target, Semantics& semantics_out) {
  std::string refusal;
  const Encoding* chosen = nullptr;
  for (const bool want_return : {true, false})
    for (const Encoding& e : encodings()) {
      if (chosen || e.mnemonic != mnemonic || !e.on(target) || e.returns != want_return) continue;
      const auto s = semantics(e);
      if (const auto* why = std::get_if<NotExecuted>(&s)) {
        refusal = why->reason;
        continue;
      }
      semantics_out = std::get<Semantics>(s);
      chosen = &e;
    }
  if (!chosen)
    throw support::InputError(fmt::format("{} on {}: not executed here: {}", mnemonic, target.name, refusal));
  return *chosen;
}

}  // namespace

InstructionAtomic instruction_atomic(const InstructionAtomicArgs& a) {
  const Target* target = find_target(a.target);
  if (!target)
    throw support::InputError(fmt::format("--target {}: not a target gpuatom models at instruction level; it knows {}",
                                          a.target, target_names()));
  std::string lowered;
  for (char c : a.mnemonic) lowered += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto canonical = canonical_mnemonic(lowered, *target);
  if (!canonical) {
    if (const Target* first = first_target_with(lowered))
      throw support::InputError(fmt::format("{} is not an atomic of {} ({} has it; docs/reference/amd-isa.md)", lowered,
                                            target->name, first->name));
    throw support::InputError(
        fmt::format("unknown AMD atomic instruction '{}': expected a mnemonic as llvm-mc prints it "
                    "(global_atomic_add_f32, ds_cmpst_rtn_b32 …; docs/reference/amd-isa.md)",
                    lowered));
  }
  Semantics s;
  const Encoding& encoding = executed_encoding(*canonical, *target, s);
  InstructionAtomic out;
  out.operation = operation(s, *target, float_options(a));
  out.returns = encoding.returns;
  out.flush_rule = s.unit == Unit::lds
                       ? "MODE's denormal bit for LDS atomics, --lds-denormals; docs/spec/amd-isa.md §7.1"
                       : "AMD's L2 float rules, ASSUMPTION amd-isa.l2-add-f32-denormals; docs/spec/amd-isa.md §7.2";
  const int bits = alu::width_bits(out.operation.type);
  const bool two_operands = s.order != DataOrder::value;
  if (!a.old_value) throw support::InputError("missing --old: the memory value before the atomic");
  if (!a.operand)
    throw support::InputError(
        "missing --operand: the instruction's data (the new value of a compare-and-swap, the bits of mskor)");
  out.old = alu::parse_operand("--old", *a.old_value, out.operation.type, bits);
  out.value = alu::parse_operand("--operand", *a.operand, out.operation.type, bits);
  if (two_operands) {
    if (!a.compare)
      throw support::InputError(fmt::format("missing --compare: {} compares with it (mskor: the mask)", *canonical));
    out.compare = alu::parse_operand("--compare", *a.compare, out.operation.type, bits);
  } else if (a.compare) {
    throw support::InputError(fmt::format("--compare is not an operand of {}", *canonical));
  }
  out.notes.push_back(fmt::format("{} on {} ({}, {} float rules): {} {} in {}{}", *canonical, target->name,
                                  name(target->line), name(float_family(*target)), alu::name(out.operation.op),
                                  alu::name(out.operation.type), name(s.unit),
                                  two_operands ? fmt::format("; data registers in the order {}", name(s.order)) : ""));
  if (!out.returns)
    out.notes.push_back(fmt::format("{} returns nothing (no returning form on {})", *canonical, target->name));
  return out;
}

}  // namespace gpuatom::amd::isa
