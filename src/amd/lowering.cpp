// `lower`: LLVM 19's decision for one atomicrmw/cmpxchg (docs/spec/amd-isa.md §8.1), then the
// instruction's spelling (lowering_mnemonics.cpp). The decision follows
// SITargetLowering::shouldExpandAtomicRMWInIR and AMDGPUTargetLowering's fallback
// (llvm/lib/Target/AMDGPU/SIISelLowering.cpp, AMDGPUISelLowering.cpp, LLVM 19.1.7).
#include "gpuatom/amd/lowering.hpp"

#include <fmt/format.h>

#include <optional>
#include <utility>

#include "lowering_mnemonics.hpp"

namespace gpuatom::amd {

namespace {

struct Decision {
  LoweringKind kind;
  LoweringRule rule;
  std::string reason;
  std::string missing_feature = {};  // for an unavailable builtin
};

Decision native(std::string reason) { return {LoweringKind::instruction, LoweringRule::native, std::move(reason)}; }
Decision cas(LoweringRule rule, std::string reason) { return {LoweringKind::cas_loop, rule, std::move(reason)}; }

constexpr std::string_view fallback_source = "AMDGPUTargetLowering::shouldExpandAtomicRMWInIR";
constexpr std::string_view si_source = "SITargetLowering::shouldExpandAtomicRMWInIR";

// What every float RMW on global or flat memory passes before its instruction is looked for: the
// unsafe-fp-atomics attribute, and a scope narrower than the system's.
std::optional<Decision> global_float_gate(const HipAtomic& a, const CompileFlags& f) {
  if (!f.unsafe_fp_atomics)
    return cas(LoweringRule::unsafe_fp_required,
               fmt::format("{}: float atomics on global or flat memory are expanded unless the function has "
                           "amdgpu-unsafe-fp-atomics (-munsafe-fp-atomics)",
                           si_source));
  if (a.scope == HipScope::system)
    return cas(LoweringRule::system_scope_fp,
               fmt::format("{}: system-scope float atomics are always expanded", si_source));
  return std::nullopt;
}

Decision float_add(const LoweringTarget& t, const HipAtomic& a, const CompileFlags& f) {
  const bool f32 = a.type == HipType::f32;
  if (a.memory == AddressSpace::lds) {
    // DS float add: f32 on every gfx8+ target, f64 from gfx90a (hasLDSFPAtomicAddF32/F64).
    if (f32 || t.lds_fadd_f64)
      return native(fmt::format("{}: LDS has ds_add_{} on {}", si_source, name(a.type), t.name));
    return cas(LoweringRule::no_instruction,
               fmt::format("{}: {} has no LDS f64 add (hasLDSFPAtomicAddF64 is gfx90a+)", si_source, t.name));
  }
  if (t.gfx940_insts)
    return {LoweringKind::instruction, LoweringRule::gfx940_fadd,
            fmt::format("{}: gfx940 targets' global and flat f32/f64 add is native whatever the flags and scope "
                        "(hasGFX940Insts)",
                        si_source)};
  if (auto expanded = global_float_gate(a, f)) return *expanded;
  if (!f32) {
    if (t.fadd_f64) return native(fmt::format("{}: {} has global and flat f64 add", si_source, t.name));
    return cas(LoweringRule::no_instruction, fmt::format("{}: {} has no global or flat f64 add "
                                                         "(hasFlatBufferGlobalAtomicFaddF64Inst)",
                                                         si_source, t.name));
  }
  const bool has_form = a.returned ? t.fadd_f32_rtn : t.fadd_f32_no_rtn;
  if (a.memory == AddressSpace::flat && t.flat_fadd_f32)
    return native(fmt::format("{}: {} has flat f32 add", si_source, t.name));
  if (has_form && a.memory == AddressSpace::global)
    return native(
        fmt::format("{}: {} has global f32 add{}", si_source, t.name, a.returned ? " with a return value" : ""));
  if (has_form)  // flat pointer, no flat f32 add: the global and the LDS (gfx8+) forms exist
    return {LoweringKind::expanded, LoweringRule::flat_address_test,
            fmt::format("{}: {} has no flat f32 add but a global and an LDS one: the address space is tested at "
                        "run time (AtomicExpansionKind::Expand)",
                        si_source, t.name)};
  if (a.returned && t.fadd_f32_no_rtn)
    return cas(LoweringRule::no_returning_form, fmt::format("{}: {}'s global f32 add returns nothing "
                                                            "(hasAtomicFaddNoRtnInsts without RtnInsts)",
                                                            si_source, t.name));
  return cas(LoweringRule::no_instruction, fmt::format("{}: {} has no global f32 add", si_source, t.name));
}

Decision float_min_max(const LoweringTarget& t, const HipAtomic& a, const CompileFlags& f) {
  if (a.memory == AddressSpace::lds)
    return native(fmt::format("{}: LDS float min/max exist on every target", si_source));
  if (auto expanded = global_float_gate(a, f)) return *expanded;
  if (a.type == HipType::f32 ? t.fminmax_f32 : t.fminmax_f64)
    return native(fmt::format("{}: {} has global and flat {} min/max", si_source, t.name, name(a.type)));
  return cas(LoweringRule::no_instruction,
             fmt::format("{}: {} has no global or flat {} min/max "
                         "(hasAtomicFMinFMax{}GlobalInsts)",
                         si_source, t.name, name(a.type), a.type == HipType::f32 ? "F32" : "F64"));
}

// The packed adds are target builtins (clang's BuiltinsAMDGPU.def): each needs one feature, and
// becomes its instruction as written — an intrinsic, which the atomic expansion never sees.
Decision packed_add(const LoweringTarget& t, const HipAtomic& a) {
  const bool f16 = a.type == HipType::f16x2;
  const auto [has, feature] = [&]() -> std::pair<bool, std::string_view> {
    switch (a.memory) {
      case AddressSpace::global:
        return f16 ? std::pair{t.pk_add_f16_global, "atomic-buffer-global-pk-add-f16-insts"}
                   : std::pair{t.pk_add_bf16_global, "atomic-global-pk-add-bf16-inst"};
      case AddressSpace::flat: return {t.pk_add_16_flat, "atomic-flat-pk-add-16-insts"};
      case AddressSpace::lds: return {t.pk_add_16_ds, "atomic-ds-pk-add-16-insts"};
    }
    return {false, ""};
  }();
  const std::string builtin = fmt::format("__builtin_amdgcn_{}_atomic_fadd_v2{}",
                                          a.memory == AddressSpace::lds ? "ds" : name(a.memory), f16 ? "f16" : "bf16");
  if (has)
    return {LoweringKind::instruction, LoweringRule::builtin, fmt::format("{} is {}'s instruction", builtin, t.name)};
  return {LoweringKind::unavailable, LoweringRule::no_builtin,
          fmt::format("clang-19 refuses {} on {}: it needs target feature {}", builtin, t.name, feature),
          std::string(feature)};
}

Decision decide(const LoweringTarget& t, const HipAtomic& a, const CompileFlags& f) {
  if (is_packed(a.type)) return packed_add(t, a);
  const bool fp = is_float(a.type);
  switch (a.op) {
    case HipOp::add:
      if (fp) return float_add(t, a, f);
      break;
    case HipOp::sub:
      // Atomic sub/or/xor of a constant 0 at system scope become add (PCIe carries only add); the
      // value here is a variable, so that rule never fires.
      if (fp)
        return cas(LoweringRule::no_instruction,
                   fmt::format("{}: no AMDGPU target has a float sub atomic (atomicrmw fsub)", fallback_source));
      break;
    case HipOp::min:
    case HipOp::max:
      if (fp) return float_min_max(t, a, f);
      if (a.scope == HipScope::system && a.memory != AddressSpace::lds)
        return cas(LoweringRule::system_scope_min_max,
                   fmt::format("{}: system-scope integer min/max on global or flat memory are always expanded "
                               "(PCIe has no min/max)",
                               si_source));
      break;
    default: break;
  }
  // Exchange and compare-and-swap of 32 and 64 bits (floats as their bits), and every 32/64-bit
  // integer RMW, are native (AMDGPUTargetLowering's fallback).
  return native(fmt::format("{}: {}-bit {} is native", fallback_source, width(a.type), name(a.op)));
}

std::vector<std::string> flag_notes(const HipAtomic& a, const CompileFlags& f) {
  std::vector<std::string> notes;
  if (is_packed(a.type))
    notes.emplace_back(
        "the packed-add builtins take no scope: the instruction carries no scope bits, whatever the "
        "scope asked");
  if (f.unsafe_fp_atomics && !is_float(a.type)) notes.emplace_back("-munsafe-fp-atomics changes only float atomics");
  if (f.flush_denormals)
    notes.emplace_back(
        "-fgpu-flush-denormals-to-zero changes no atomic in LLVM 19: its comparison of the denormal "
        "mode with the instruction's (fpModeMatchesGlobalFPAtomicMode) is compiled out "
        "(docs/spec/amd-isa.md §8.1)");
  if (f.fine_grained)
    notes.emplace_back(
        "fine-grained memory changes no atomic in LLVM 19 (its FIXMEs in shouldExpandAtomicRMWInIR; "
        "clang-19 has no -fatomic-fine-grained-memory); later clang expands float atomics for it "
        "(docs/spec/amd-isa.md §6)");
  return notes;
}

}  // namespace

Lowering lower(const LoweringTarget& target, const HipAtomic& atomic, const CompileFlags& flags) {
  Decision d = decide(target, atomic, flags);
  Lowering out;
  out.kind = d.kind;
  out.rule = d.rule;
  out.reason = std::move(d.reason);
  out.instruction =
      d.kind == LoweringKind::unavailable ? "needs " + d.missing_feature : instruction_text(target, atomic, d.kind);
  out.notes = modifier_notes(target, atomic, d.kind);
  for (std::string& n : flag_notes(atomic, flags)) out.notes.push_back(std::move(n));
  return out;
}

}  // namespace gpuatom::amd
