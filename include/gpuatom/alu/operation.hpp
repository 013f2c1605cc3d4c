// The vendor-neutral atomic operation: what to compute on the old memory value, on which data
// type, under which float rules. Vendors map their spellings onto these values (nvidia/, intel/,
// amd/); the ALU itself knows no vendor.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "gpuatom/numeric/format.hpp"
#include "gpuatom/numeric/rules.hpp"

namespace gpuatom::alu {

enum class Op : uint8_t {
  add,  // old + v (integer wrap, or float add)
  sub,  // old − v (integer wrap, or float subtract)
  min,  // signed/unsigned per type; float min per FloatRules
  max,
  inc_bounded,  // (old >= v) ? 0 : old + 1, unsigned (NVIDIA INC, HIP atomicInc)
  dec_bounded,  // (old == 0 || old > v) ? v : old − 1, unsigned (NVIDIA DEC, HIP atomicDec)
  inc_wrap,     // old + 1, wraps (Intel inc)
  dec_wrap,     // old − 1, wraps (Intel dec)
  predec,       // old − 1, wraps; returns the new value (Intel predec)
  bit_and,
  bit_or,
  bit_xor,
  exchange,            // v
  compare_swap,        // (old == compare, bitwise) ? v : old
  compare_swap_float,  // (old == compare, IEEE float equality under FloatRules::compare) ? v : old
                       // (Intel fcmpwr, AMD cmpswap_f32 / cmpst_f32)
  compare_store_flag,  // as compare_swap, but returns 1 when it stored and 0 when not (NVIDIA ATOMS.CAST)
  sub_saturate,        // (old >= v) ? old − v : 0, unsigned (AMD sub_clamp / csub)
  sub_if_ge,           // (old >= v) ? old − v : old, unsigned (AMD cond_sub)
  reverse_sub,         // v − old, wraps (AMD DS rsub)
  mask_or,             // (old & ~compare) | v: `compare` is the mask of bits replaced (AMD DS mskor)
};
inline constexpr int op_count = static_cast<int>(Op::mask_or) + 1;

enum class Type : uint8_t {
  u16,
  s16,
  u32,
  s32,
  u64,
  s64,
  u128,
  f16,
  bf16,
  f32,
  f64,
  f16x2,
  bf16x2,  // two 16-bit float lanes in a 32-bit word: lane 0 = bits 15:0, lane 1 = bits 31:16
};
inline constexpr int type_count = static_cast<int>(Type::bf16x2) + 1;

// Float rules for one operation: the add rules, the min/max rules and the compare-and-swap rules.
// Defaults are IEEE (no flushing, first NaN propagated quiet, minNum-style min/max).
struct FloatRules {
  numeric::AddRules add{false, false, numeric::NanResult::propagate, numeric::DefaultNan::quiet};
  numeric::MinMaxRules min_max{false, numeric::MinMaxNan::number_else_first, numeric::DefaultNan::quiet};
  numeric::CompareRules compare{};
};

struct Operation {
  Op op = Op::add;
  Type type = Type::u32;
  FloatRules floats{};
};

// Operand values for one lane. `value` is the operand of every op (the stored value of the
// compare-and-swap family); `compare` is the comparand of the compare-and-swap family.
struct Operands {
  uint64_t value = 0;
  uint64_t compare = 0;
};

// The outcome of one atomic: the new memory bits and the value returned to the lane.
// Bits above the type's width are zero in both.
struct Result {
  uint64_t memory = 0;
  uint64_t returned = 0;
};

// What an op hands back to the lane (`Result::returned`).
enum class Returns : uint8_t { old_value, new_value, stored_flag };

std::string_view name(Op op);
std::string_view name(Type type);

// Memory access width: 16, 32, 64 or 128 bits.
constexpr int width_bits(Type type) {
  switch (type) {
    case Type::u16:
    case Type::s16:
    case Type::f16:
    case Type::bf16: return 16;
    case Type::u64:
    case Type::s64:
    case Type::f64: return 64;
    case Type::u128: return 128;
    default: return 32;
  }
}
constexpr bool is_float(Type type) { return type >= Type::f16; }
// A pair of 16-bit floats in one 32-bit word.
constexpr bool is_packed(Type type) { return type == Type::f16x2 || type == Type::bf16x2; }
// The format of a float type's elements (a packed pair's halves); nothing for an integer type.
constexpr std::optional<numeric::FormatId> element_format(Type type) {
  switch (type) {
    case Type::f16:
    case Type::f16x2: return numeric::FormatId::f16;
    case Type::bf16:
    case Type::bf16x2: return numeric::FormatId::bf16;
    case Type::f32: return numeric::FormatId::f32;
    case Type::f64: return numeric::FormatId::f64;
    default: return std::nullopt;
  }
}
constexpr bool is_signed(Type type) { return type == Type::s16 || type == Type::s32 || type == Type::s64; }
constexpr Returns returns(Op op) {
  return op == Op::predec               ? Returns::new_value
         : op == Op::compare_store_flag ? Returns::stored_flag
                                        : Returns::old_value;
}
// Which operations' effects on memory commute with one another's, when nobody reads the old value:
// each group has its own nonzero class, 0 is none. Integer add, sub and the wrapping inc/dec of
// one width (they add modulo 2^width); and, or or xor of one width; min or max of one type (signed
// and unsigned apart); saturating subtracts of one width (max(old − a − b, 0) either way). Floats
// do not commute (each add rounds), nor do bounded inc/dec, exchange, the compares, sub_if_ge
// (5 − 5 then 3 leaves 0, 5 − 3 then 5 leaves 2), reverse_sub (v − old composes to va − vb + old)
// and mask_or (the last writer of a bit in both masks wins).
constexpr uint16_t commuting_class(Op op, Type type) {
  if (is_float(type) || type == Type::u128) return 0;
  const auto of = [&](uint16_t group) {
    return static_cast<uint16_t>(1 + group * type_count + static_cast<int>(type));
  };
  const auto width = [&](uint16_t group) {  // signedness does not matter to these
    const Type unsigned_type = type == Type::s16   ? Type::u16
                               : type == Type::s32 ? Type::u32
                               : type == Type::s64 ? Type::u64
                                                   : type;
    return static_cast<uint16_t>(1 + group * type_count + static_cast<int>(unsigned_type));
  };
  switch (op) {
    case Op::add:
    case Op::sub:
    case Op::inc_wrap:
    case Op::dec_wrap: return width(0);
    case Op::bit_and: return width(1);
    case Op::bit_or: return width(2);
    case Op::bit_xor: return width(3);
    case Op::min: return of(4);
    case Op::max: return of(5);
    case Op::sub_saturate: return width(6);
    default: return 0;
  }
}

// Mask of the value bits (all ones for 64 and for the low word of 128).
constexpr uint64_t width_mask(Type type) {
  const int bits = width_bits(type);
  return bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
}

}  // namespace gpuatom::alu
