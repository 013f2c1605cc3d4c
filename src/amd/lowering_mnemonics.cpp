#include "lowering_mnemonics.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace gpuatom::amd {

namespace {

bool is_signed(HipType t) { return t == HipType::i32 || t == HipType::i64; }

// The bits a CAS loop compares: the integer of the same width.
HipType bits_of(HipType t) { return width(t) == 32 ? HipType::u32 : HipType::u64; }

// "u32", "b64", "i32", "f64": the type suffix of gfx11+ memory and every DS mnemonic.
std::string suffix(HipOp op, HipType t) {
  const int w = width(t);
  if (is_float(t) && op != HipOp::exchange && op != HipOp::cas) return fmt::format("f{}", w);
  switch (op) {
    case HipOp::add:
    case HipOp::sub:
    case HipOp::inc:
    case HipOp::dec: return fmt::format("u{}", w);
    case HipOp::min:
    case HipOp::max: return fmt::format("{}{}", is_signed(t) ? 'i' : 'u', w);
    default: return fmt::format("b{}", w);
  }
}

// The operation's part of the mnemonic.
std::string op_word(Mnemonics m, HipOp op, HipType t, bool lds) {
  const bool minmax = op == HipOp::min || op == HipOp::max;
  std::string base(op == HipOp::min ? "min" : op == HipOp::max ? "max" : name(op));
  if (minmax && is_float(t)) {
    if (m == Mnemonics::gfx12) return base + "_num";
    if (m == Mnemonics::gfx10 && !lds) return "f" + base;
    return base;
  }
  const bool old_names = m == Mnemonics::gfx9 || m == Mnemonics::gfx10;
  if (lds) {
    if (op == HipOp::exchange) return old_names ? "wrxchg" : "storexchg";
    if (op == HipOp::cas) return old_names ? "cmpst" : "cmpstore";
    return base;
  }
  if (op == HipOp::exchange) return "swap";
  if (op == HipOp::cas) return "cmpswap";
  if (minmax && old_names) return (is_signed(t) ? "s" : "u") + base;
  return base;
}

std::string mnemonic(const LoweringTarget& target, HipOp op, HipType t, AddressSpace memory, bool returned) {
  const Mnemonics m = target.mnemonics;
  if (is_packed(t)) {
    const std::string_view element = t == HipType::f16x2 ? "f16" : "bf16";
    if (memory == AddressSpace::lds) return fmt::format("ds_pk_add{}_{}", returned ? "_rtn" : "", element);
    return fmt::format("{}_atomic_pk_add_{}", name(memory), element);
  }
  if (memory == AddressSpace::lds) {
    // DS exchange has only a returning form.
    const bool rtn = returned || op == HipOp::exchange;
    return fmt::format("ds_{}{}_{}", op_word(m, op, t, true), rtn ? "_rtn" : "", suffix(op, t));
  }
  const std::string prefix = memory == AddressSpace::flat ? "flat_atomic_" : "global_atomic_";
  const std::string word = op_word(m, op, t, false);
  if (m == Mnemonics::gfx11 || m == Mnemonics::gfx12) return prefix + word + "_" + suffix(op, t);
  // gfx9/gfx10: float adds and gfx90a's f64 min/max carry the type; the rest a 64-bit "_x2".
  if (is_float(t) && (op == HipOp::add || (m == Mnemonics::gfx9 && (op == HipOp::min || op == HipOp::max))))
    return prefix + word + "_" + suffix(op, t);
  return prefix + word + (width(t) == 64 ? "_x2" : "");
}

// The cache-policy modifiers of a relaxed global/flat atomic (AMDGPUUsage's memory model code
// sequences, as LLVM 19's SIMemoryLegalizer writes them).
std::vector<std::string> modifiers(const LoweringTarget& target, HipScope scope, bool returned) {
  std::vector<std::string> out;
  switch (target.scope_bits) {
    case ScopeBits::glc:
      if (returned) out.emplace_back("glc");
      break;
    case ScopeBits::sc0_sc1:
      if (returned) out.emplace_back("sc0");
      if (scope == HipScope::system) out.emplace_back("sc1");
      break;
    case ScopeBits::th_scope:
      if (returned) out.emplace_back("th:TH_ATOMIC_RETURN");
      if (scope == HipScope::system) out.emplace_back("scope:SCOPE_SYS");
      if (scope == HipScope::agent) out.emplace_back("scope:SCOPE_DEV");
      if (scope == HipScope::workgroup) out.emplace_back("scope:SCOPE_SE");
      break;
  }
  return out;
}

std::string with_modifiers(const LoweringTarget& target, const HipAtomic& a, HipOp op, HipType t, AddressSpace memory,
                           bool returned) {
  std::string text = mnemonic(target, op, t, memory, returned);
  // A packed-add builtin has no scope: no scope bits, as the narrowest scope has none.
  const HipScope scope = is_packed(t) ? HipScope::singlethread : a.scope;
  if (memory != AddressSpace::lds)
    for (const std::string& m : modifiers(target, scope, returned)) text += " " + m;
  return text;
}

}  // namespace

std::string instruction_text(const LoweringTarget& target, const HipAtomic& a, LoweringKind kind) {
  switch (kind) {
    case LoweringKind::instruction: return with_modifiers(target, a, a.op, a.type, a.memory, a.returned);
    case LoweringKind::cas_loop:
      // The loop needs the value it read: its compare-and-swap always returns.
      return with_modifiers(target, a, HipOp::cas, bits_of(a.type), a.memory, true);
    case LoweringKind::unavailable: return "";
    case LoweringKind::expanded: {
      std::vector<std::string> parts = {with_modifiers(target, a, a.op, a.type, AddressSpace::global, a.returned),
                                        with_modifiers(target, a, a.op, a.type, AddressSpace::lds, a.returned)};
      std::sort(parts.begin(), parts.end());
      return parts[0] + " + " + parts[1];
    }
  }
  return "";
}

std::vector<std::string> modifier_notes(const LoweringTarget& target, const HipAtomic& a, LoweringKind kind) {
  std::vector<std::string> notes;
  if (a.memory == AddressSpace::lds) {
    notes.emplace_back("LDS atomics carry no cache-policy bits: the scope does not change the instruction");
    return notes;
  }
  if (kind == LoweringKind::unavailable) return notes;
  const bool returned = a.returned || kind == LoweringKind::cas_loop;
  for (const std::string& m : modifiers(target, is_packed(a.type) ? HipScope::singlethread : a.scope, returned)) {
    if (m == "glc" || m == "sc0" || m == "th:TH_ATOMIC_RETURN")
      notes.push_back(fmt::format("{}: the atomic returns the pre-op value (docs/spec/amd-isa.md §5)", m));
    else if (m == "sc1")
      notes.push_back("sc1: system scope (docs/spec/amd-isa.md §5)");
    else
      notes.push_back(fmt::format("{}: the memory model's scope for {} (docs/spec/amd-isa.md §5)", m, name(a.scope)));
  }
  if (target.scope_bits != ScopeBits::sc0_sc1 && target.scope_bits != ScopeBits::th_scope)
    notes.push_back(fmt::format("{}: a relaxed atomic's scope sets no bit on this target", target.name));
  return notes;
}

}  // namespace gpuatom::amd
