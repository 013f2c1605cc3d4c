#include <fmt/format.h>

#include "gpuatom/nvidia/exec/warp.hpp"

namespace gpuatom::nvidia {

// Marks a register (and the pair/quad it starts) as needing storage.
void use(WarpProgram& p, Bank bank, uint8_t index, int count) {
  for (int k = 0; k < count; ++k) {
    const int i = index + k;
    if (bank == Bank::r && i < RZ && p.r_slot[static_cast<size_t>(i)] < 0)
      p.r_slot[static_cast<size_t>(i)] = static_cast<int16_t>(p.r_count++);
    if (bank == Bank::p && i < PT && p.p_slot[static_cast<size_t>(i)] < 0)
      p.p_slot[static_cast<size_t>(i)] = static_cast<int16_t>(p.p_count++);
    if (bank == Bank::ur && i < URZ && p.ur_slot[static_cast<size_t>(i)] < 0)
      p.ur_slot[static_cast<size_t>(i)] = static_cast<int16_t>(p.ur_count++);
  }
}

void use_registers(WarpProgram& p, const Instruction& in) {
  const int data = in.data_registers();
  if (in.rd) use(p, Bank::r, *in.rd, data);
  if (in.rb) use(p, Bank::r, *in.rb, data);
  if (in.rc) use(p, Bank::r, *in.rc, data);
  if (const auto s = in.swap_register()) use(p, Bank::r, *s, data);
  if (const auto c = in.compare_register()) use(p, Bank::r, *c, data);
  const Address& a = in.address;
  if (a.uniform_base)
    use(p, Bank::ur, a.base, in.wide_address() ? 2 : 1);
  else if (a.base != RZ)
    use(p, Bank::r, a.base, in.wide_address() ? 2 : in.is_surface() ? info(in.surface.dim).coordinates : 1);
  if (a.uniform_index) use(p, Bank::ur, *a.uniform_index);
  if (a.descriptor) use(p, Bank::ur, *a.descriptor);
  if (in.surface.handle_register) use(p, Bank::r, *in.surface.handle_register);
  if (in.surface.handle_uniform) use(p, Bank::ur, *in.surface.handle_uniform);
  if (in.guard.predicate != PT) use(p, Bank::p, in.guard.predicate);
  if (in.ps) use(p, Bank::p, *in.ps);
  if (in.pu) use(p, Bank::p, *in.pu);
}

// The instruction decoded for the warps' loop, when it has the common shape (FastPath). Called
// once every register has its slot.
FastPath fast_path(const WarpProgram& p, const CompiledInstruction& c) {
  const Instruction& in = c.instruction;
  FastPath f;
  const Address& a = in.address;
  if (p.log_atomics || in.is_surface() || in.family() == Family::ATOMS || a.uniform_base || a.uniform_index ||
      a.descriptor || in.ps || in.pu || in.op == AtomOp::CAST || in.op == AtomOp::CAST_SPIN || c.vector_words ||
      !(c.width_bytes == 2 || c.width_bytes == 4 || c.width_bytes == 8))
    return f;
  const auto slot = [&](int index) -> int16_t { return index >= RZ ? -1 : p.r_slot[static_cast<size_t>(index)]; };
  if (in.guard.never()) return f;  // @!PT: never runs; rare
  f.wide_address = in.wide_address();
  f.offset = static_cast<uint64_t>(a.offset);
  if (a.base != RZ) {
    f.base_lo = slot(a.base);
    if (f.wide_address) f.base_hi = slot(a.base + 1);
  }
  const int registers = in.data_registers();
  const auto data = [&](std::optional<uint8_t> reg, int16_t& lo, int16_t& hi) {
    if (!reg || *reg == RZ) return;
    lo = slot(*reg);
    if (registers >= 2) hi = slot(*reg + 1);
  };
  if (in.is_compare()) {
    data(in.swap_register(), f.value_lo, f.value_hi);
    data(in.compare_register(), f.compare_lo, f.compare_hi);
  } else {
    data(in.rb, f.value_lo, f.value_hi);
  }
  if (in.rd && *in.rd != RZ) {
    f.rd_lo = slot(*in.rd);
    if (registers >= 2) f.rd_hi = slot(*in.rd + 1);
  }
  f.usable = true;
  return f;
}

// Chooses the [lanes] registers that a streamed warp need not store: every instruction takes the
// fast path, the register is never written, no expectation reads it, and each instruction that
// reads it can compute it per lane instead — an address whose lo()/hi() halves (just lo() for a
// 32-bit address) are one affine expression or constants, or a value whose registers hold
// constants. Storing
// and reloading those registers was most of a lane's setup. Their values are exactly the ones
// begin() would store: affine lo/hi always fit a register, and only fitting constants qualify.
void plan_lazy_registers(WarpProgram& p) {
  for (const CompiledInstruction& c : p.code)
    if (!c.fast.usable) return;
  using Affine = exec::AffineLanes;
  std::array<WarpProgram::Init*, 256> by_slot{};  // candidate inits, by R slot
  std::array<int, 256> inits_of{};
  for (WarpProgram::Init& init : p.inits)
    if (init.reg.bank == Bank::r && init.reg.index != RZ && p.r_slot[init.reg.index] >= 0)
      ++inits_of[static_cast<size_t>(p.r_slot[init.reg.index])];
  for (WarpProgram::Init& init : p.inits) {
    if (init.reg.bank != Bank::r || init.reg.index == RZ || p.r_slot[init.reg.index] < 0) continue;
    const auto slot = static_cast<size_t>(p.r_slot[init.reg.index]);
    const auto& affine = init.value->affine();
    const bool constant = init.constant && fits_register(Bank::r, *init.constant);
    // A direct address steps t once per lane (FastReader): no quotient.
    if (inits_of[slot] == 1 && (constant || (affine && affine->half != Affine::Half::whole && affine->divisor == 1)))
      by_slot[slot] = &init;
  }
  for (const RegisterName& k : p.kept)
    if (k.bank == Bank::r && k.index != RZ && p.r_slot[k.index] >= 0)
      by_slot[static_cast<size_t>(p.r_slot[k.index])] = nullptr;
  const auto drop = [&](int16_t slot) {
    if (slot >= 0) by_slot[static_cast<size_t>(slot)] = nullptr;
  };
  for (const CompiledInstruction& c : p.code) {
    drop(c.fast.rd_lo);
    drop(c.fast.rd_hi);
    drop(c.fast.compare_lo);
    drop(c.fast.compare_hi);
  }
  const auto candidate = [&](int16_t slot) { return slot >= 0 ? by_slot[static_cast<size_t>(slot)] : nullptr; };
  const auto affine_of = [&](int16_t slot, Affine::Half half) -> std::optional<Affine> {
    const WarpProgram::Init* init = candidate(slot);
    if (!init || init->constant || init->value->affine()->half != half) return std::nullopt;
    return init->value->affine();
  };
  // The direct forms of one instruction's address and value, given the candidates left.
  const auto direct_address = [&](const FastPath& f) -> std::optional<Affine> {
    // Constant registers: an affine address with stride 0 (one hot word, say).
    const WarpProgram::Init* lo_init = candidate(f.base_lo);
    const WarpProgram::Init* hi_init = candidate(f.base_hi);
    if (lo_init && lo_init->constant && (!f.wide_address || (hi_init && hi_init->constant))) {
      const uint64_t hi = f.wide_address ? (*hi_init->constant & 0xffffffffULL) << 32 : 0;
      return Affine{Affine::Of::tid, Affine::Half::whole, 0, 0, (*lo_init->constant & 0xffffffffULL) | hi};
    }
    const auto lo = affine_of(f.base_lo, Affine::Half::lo);
    if (!lo) return std::nullopt;
    const uint64_t modulus = lo->of == Affine::Of::lane ? p.group_size : lo->modulus;
    if (modulus != 0 && modulus < p.group_size) return std::nullopt;
    Affine whole = *lo;
    whole.half = Affine::Half::whole;
    if (!f.wide_address) return whole;  // the 32-bit address wraps the same with or without hi()
    const auto hi = affine_of(f.base_hi, Affine::Half::hi);
    if (!hi || hi->of != lo->of || hi->modulus != lo->modulus || hi->stride != lo->stride || hi->base != lo->base)
      return std::nullopt;
    return whole;
  };
  const auto direct_value = [&](const FastPath& f) -> std::optional<uint64_t> {
    const WarpProgram::Init* lo = candidate(f.value_lo);
    const WarpProgram::Init* hi = candidate(f.value_hi);
    if (!lo || !lo->constant || (f.value_hi >= 0 && (!hi || !hi->constant))) return std::nullopt;
    return (*lo->constant & 0xffffffffULL) | (hi ? (*hi->constant & 0xffffffffULL) << 32 : 0);
  };
  // A register some instruction cannot compute is stored after all, which may leave its other
  // half unpaired: repeat until nothing changes.
  for (bool changed = true; changed;) {
    changed = false;
    for (const CompiledInstruction& c : p.code) {
      const FastPath& f = c.fast;
      const auto demote = [&](int16_t slot) {
        if (candidate(slot)) {
          drop(slot);
          changed = true;
        }
      };
      if (!direct_address(f)) {
        demote(f.base_lo);
        demote(f.base_hi);
      }
      if (!direct_value(f)) {
        demote(f.value_lo);
        demote(f.value_hi);
      }
    }
  }
  for (CompiledInstruction& c : p.code) {
    FastPath& f = c.fast;
    if (const auto a = direct_address(f)) {
      f.address_direct = true;
      f.address = *a;
    }
    if (const auto v = direct_value(f)) {
      f.value_direct = true;
      f.value = *v;
    }
  }
  for (WarpProgram::Init* init : by_slot)
    if (init) init->lazy = true;
  // A destination no instruction reads and no expectation keeps: a streamed warp need not write it.
  std::array<bool, 256> read{};
  const auto mark = [&](int16_t slot) {
    if (slot >= 0) read[static_cast<size_t>(slot)] = true;
  };
  for (const CompiledInstruction& c : p.code)
    for (const int16_t slot :
         {c.fast.base_lo, c.fast.base_hi, c.fast.value_lo, c.fast.value_hi, c.fast.compare_lo, c.fast.compare_hi})
      mark(slot);
  for (const RegisterName& k : p.kept)
    if (k.bank == Bank::r && k.index != RZ) mark(p.r_slot[k.index]);
  const auto unread = [&](int16_t slot) { return slot < 0 || !read[static_cast<size_t>(slot)]; };
  for (CompiledInstruction& c : p.code) c.fast.rd_unread = unread(c.fast.rd_lo) && unread(c.fast.rd_hi);
}

}  // namespace gpuatom::nvidia
