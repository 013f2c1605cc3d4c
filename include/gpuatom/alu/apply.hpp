// apply(): the whole atomic computation, a few lines per op, as in Spike's insns/amo*.h.
//
// The ALU is pure: it maps (operation, old bits, operands) to (new bits, returned bits). The
// memory layer makes it atomic (host atomics, CAS loops or a striped lock) and the vendor layers
// decide what is legal and what reaches the lane's registers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/numeric/arithmetic.hpp"
#include "gpuatom/support/bits.hpp"
#include "gpuatom/support/bits128.hpp"

namespace gpuatom::alu {

// Whether the neutral ALU can compute `op` on `type` at all (e.g. no bounded INC on floats,
// no arithmetic on 128 bits). Returns the reason when it cannot; vendors check their own,
// narrower legality tables first and name their own rules.
std::optional<std::string> unsupported(Op op, Type type);

namespace detail {

template <class F>
constexpr uint64_t float_op(Op op, uint64_t old, uint64_t v, const FloatRules& rules) {
  switch (op) {
    case Op::add: return numeric::add<F>(old, v, rules.add);
    // old − v is old + (−v); a NaN operand is not negated, so that it propagates as written
    // (docs/spec/intel.md §4.3, ASSUMPTION intel.fsub-nan-sign).
    case Op::sub: return numeric::add<F>(old, numeric::is_nan<F>(v) ? v : v ^ F::sign_bit, rules.add);
    case Op::min: return numeric::min<F>(old, v, rules.min_max);
    case Op::max: return numeric::max<F>(old, v, rules.min_max);
    default: return old;
  }
}

// Each 16-bit lane of a packed word is its own float operation.
template <class F>
constexpr uint64_t packed_op(Op op, uint64_t old, uint64_t v, const FloatRules& rules) {
  const uint64_t lo = float_op<F>(op, old & 0xffff, v & 0xffff, rules);
  const uint64_t hi = float_op<F>(op, (old >> 16) & 0xffff, (v >> 16) & 0xffff, rules);
  return (hi << 16) | lo;
}

// A float op on `t`, one value or each lane of a packed pair.
constexpr uint64_t float_any(Op op, Type t, uint64_t old, uint64_t v, const FloatRules& rules) {
  switch (t) {
    case Type::f16: return float_op<numeric::Half>(op, old, v, rules);
    case Type::bf16: return float_op<numeric::BFloat16>(op, old, v, rules);
    case Type::f32: return float_op<numeric::Single>(op, old, v, rules);
    case Type::f64: return float_op<numeric::Double>(op, old, v, rules);
    case Type::f16x2: return packed_op<numeric::Half>(op, old, v, rules);
    case Type::bf16x2: return packed_op<numeric::BFloat16>(op, old, v, rules);
    default: return old;
  }
}

using support::sign_extend;

constexpr bool less(uint64_t a, uint64_t b, Type type) {
  switch (type) {
    case Type::s16: return sign_extend(a, 16) < sign_extend(b, 16);
    case Type::s32: return sign_extend(a, 32) < sign_extend(b, 32);
    case Type::s64: return static_cast<int64_t>(a) < static_cast<int64_t>(b);
    default: return a < b;
  }
}

constexpr uint64_t float_compare_swap(uint64_t old, uint64_t compare, uint64_t v, Type type,
                                      const numeric::CompareRules& rules) {
  switch (type) {
    case Type::f16: return numeric::compare_swap<numeric::Half>(old, compare, v, rules);
    case Type::bf16: return numeric::compare_swap<numeric::BFloat16>(old, compare, v, rules);
    case Type::f64: return numeric::compare_swap<numeric::Double>(old, compare, v, rules);
    default: return numeric::compare_swap<numeric::Single>(old, compare, v, rules);
  }
}

constexpr uint64_t mask_of(Type type) { return width_mask(type); }

}  // namespace detail

// The new memory value of `operation` applied to `old`. Precondition: !unsupported(op, type).
constexpr uint64_t new_value(const Operation& operation, uint64_t old, const Operands& in) {
  const Type t = operation.type;
  const uint64_t mask = detail::mask_of(t);
  old &= mask;
  const uint64_t v = in.value & mask;
  switch (operation.op) {
    case Op::add:
    case Op::sub:
    case Op::min:
    case Op::max:
      if (is_float(t)) return detail::float_any(operation.op, t, old, v, operation.floats);
      if (operation.op == Op::add) return (old + v) & mask;
      if (operation.op == Op::sub) return (old - v) & mask;
      return (operation.op == Op::min) == detail::less(old, v, t) ? old : v;
    case Op::inc_bounded: return old >= v ? 0 : (old + 1) & mask;
    case Op::dec_bounded: return (old == 0 || old > v) ? v : old - 1;
    case Op::inc_wrap: return (old + 1) & mask;
    case Op::dec_wrap:
    case Op::predec: return (old - 1) & mask;
    case Op::bit_and: return old & v;
    case Op::bit_or: return old | v;
    case Op::bit_xor: return old ^ v;
    case Op::exchange: return v;
    case Op::compare_swap:
    case Op::compare_store_flag: return old == (in.compare & mask) ? v : old;
    case Op::compare_swap_float:
      return detail::float_compare_swap(old, in.compare & mask, v, t, operation.floats.compare);
    case Op::sub_saturate: return old >= v ? old - v : 0;
    case Op::sub_if_ge: return old >= v ? old - v : old;
    case Op::reverse_sub: return (v - old) & mask;
    case Op::mask_or: return (old & ~in.compare & mask) | v;
  }
  return old;
}

// The full outcome: new memory bits and what the lane gets back.
constexpr Result apply(const Operation& operation, uint64_t old, const Operands& in) {
  old &= detail::mask_of(operation.type);
  const uint64_t memory = new_value(operation, old, in);
  switch (returns(operation.op)) {
    case Returns::new_value: return {memory, memory};
    case Returns::stored_flag: return {memory, old == (in.compare & detail::mask_of(operation.type)) ? 1u : 0u};
    case Returns::old_value: break;
  }
  return {memory, old};
}

struct Result128 {
  Bits128 memory;
  Bits128 returned;
};

// A vector atomic (PTX atom/red .v2/.v4/.v8, NVIDIA's .F16x8 … .F32x4): `words` 32-bit elements
// side by side, from bit 0 up (2: 64 bits, 4: 128 bits), each an f32 or a packed f16x2/bf16x2
// pair, and each its own atomic with `operation` (PTX: "one atomic per element"). Returns the
// new bits and the old ones; bits past the vector are zero. Precondition: `operation` is
// supported on its 32-bit type.
constexpr Result128 apply_vector(const Operation& operation, int words, Bits128 old, Bits128 value) {
  const auto word = [](Bits128 v, int k) { return ((k < 2 ? v.lo : v.hi) >> (32 * (k % 2))) & 0xffffffffULL; };
  Result128 out;
  for (int k = 0; k < words; ++k) {
    const uint64_t next = new_value(operation, word(old, k), {word(value, k), 0});
    uint64_t& memory = k < 2 ? out.memory.lo : out.memory.hi;
    uint64_t& returned = k < 2 ? out.returned.lo : out.returned.hi;
    memory |= next << (32 * (k % 2));
    returned |= word(old, k) << (32 * (k % 2));
  }
  return out;
}
// Precondition: op is exchange or compare_swap.
constexpr Result128 apply128(Op op, Bits128 old, Bits128 value, Bits128 compare) {
  if (op == Op::exchange || old == compare) return {value, old};
  return {old, old};
}

}  // namespace gpuatom::alu
