// Bit-exact add, min, max and equality on float bit patterns, for any Format.
//
// The add is a plain integer algorithm: align the significands with 32 (or 64) guard bits and a
// sticky bit, add or subtract, normalise, round to nearest even once. It is exact for every input
// and never reads or sets the host FPU's state. Templates live here so the executor's hot path
// can inline them; `numeric/dispatch.hpp` chooses a format at run time.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <type_traits>

#include "gpuatom/numeric/format.hpp"
#include "gpuatom/numeric/rules.hpp"

namespace gpuatom::numeric {

namespace detail {

// Significand arithmetic width: 64 bits hold 24 significand bits + 32 guard bits + carry;
// binary64 needs 53 + 64 + carry and uses 128 bits.
template <class F>
struct Wide {
  using type = std::conditional_t<(F::frac_bits > 23), unsigned __int128, uint64_t>;
  static constexpr int bits = F::frac_bits > 23 ? 128 : 64;
  static constexpr int guard = F::frac_bits > 23 ? 64 : 32;
};

template <class W>
constexpr int bit_length(W x) {
  if constexpr (std::is_same_v<W, unsigned __int128>) {
    const auto hi = static_cast<uint64_t>(x >> 64);
    return hi ? 64 + std::bit_width(hi) : std::bit_width(static_cast<uint64_t>(x));
  } else {
    return std::bit_width(x);
  }
}

}  // namespace detail

namespace detail {

// The algorithm for two finite operands, not both zero (flushed already where inputs flush).
template <class F>
[[gnu::always_inline]] constexpr uint64_t add_finite(uint64_t a, uint64_t b, AddRules rules);

// add() once its cheap exits are taken: `both_normal` skips the special-value checks. The rules come
// by value: a reference would give the address of an inlining caller's copy to this call, and the
// caller would then keep its locals in memory rather than in registers.
template <class F>
constexpr uint64_t add_general(uint64_t a, uint64_t b, AddRules rules, bool both_normal) {
  if (!both_normal) {
    if (rules.flush_inputs) {
      a = flush_subnormal<F>(a);
      b = flush_subnormal<F>(b);
    }
    const bool a_nan = is_nan<F>(a);
    const bool b_nan = is_nan<F>(b);
    if (a_nan || b_nan) {
      if (rules.nan == NanResult::canonical) return default_nan<F>(rules.default_nan);
      if (rules.nan == NanResult::last_exact) return b_nan ? b : a;
      return quieten<F>(a_nan ? a : b);
    }
    const bool a_inf = is_infinity<F>(a);
    const bool b_inf = is_infinity<F>(b);
    if (a_inf || b_inf) {
      if (a_inf && b_inf && sign_of<F>(a) != sign_of<F>(b)) return default_nan<F>(rules.default_nan);
      return a_inf ? a : b;
    }
    // (+0) + (−0) = +0 and (−0) + (−0) = −0 under round-to-nearest.
    if (is_zero<F>(a) && is_zero<F>(b)) return a & b;
  }
  return add_finite<F>(a, b, rules);
}

template <class F>
[[gnu::always_inline]] constexpr uint64_t add_finite(uint64_t a, uint64_t b, AddRules rules) {
  using W = typename detail::Wide<F>::type;
  constexpr int guard = detail::Wide<F>::guard;
  constexpr int wide_bits = detail::Wide<F>::bits;
  constexpr int top = F::frac_bits + guard;  // position of the hidden bit once normalised

  // x is the operand of larger magnitude (encodings order like magnitudes).
  const bool a_larger = (a & ~F::sign_bit) >= (b & ~F::sign_bit);
  const uint64_t x = a_larger ? a : b;
  const uint64_t y = a_larger ? b : a;
  const bool sign = sign_of<F>(x);

  auto significand = [](uint64_t v) {
    const uint64_t e = exponent_of<F>(v);
    return e == 0 ? fraction_of<F>(v) : (fraction_of<F>(v) | (1ULL << F::frac_bits));
  };
  const int ex = std::max<int>(1, static_cast<int>(exponent_of<F>(x)));
  const int ey = std::max<int>(1, static_cast<int>(exponent_of<F>(y)));
  W mx = static_cast<W>(significand(x)) << guard;
  W my = static_cast<W>(significand(y)) << guard;

  const int shift = ex - ey;
  if (shift >= wide_bits - 1) {
    my = my != 0 ? 1 : 0;
  } else if (shift > 0) {
    const W lost = my & ((static_cast<W>(1) << shift) - 1);
    my = (my >> shift) | (lost != 0 ? 1 : 0);  // sticky bit, far below the rounding point
  }

  W m = sign == sign_of<F>(y) ? mx + my : mx - my;
  if (m == 0) return 0;  // exact cancellation gives +0 under round-to-nearest

  int e = ex;
  const int p = detail::bit_length(m) - 1;
  if (p > top) {  // carry out of an addition: one bit to the right
    const int s = p - top;
    const W lost = m & ((static_cast<W>(1) << s) - 1);
    m = (m >> s) | (lost != 0 ? 1 : 0);
    e += s;
  } else if (p < top) {  // cancellation: shift left, but not below the subnormal exponent
    int s = top - p;
    if (e - s < 1) s = e - 1;
    m <<= s;
    e -= s;
  }

  // Round to nearest, ties to even, at the guard boundary.
  const W half = static_cast<W>(1) << (guard - 1);
  const W rem = m & ((static_cast<W>(1) << guard) - 1);
  uint64_t q = static_cast<uint64_t>(m >> guard);
  if (rem > half || (rem == half && (q & 1))) ++q;
  if (q >> (F::frac_bits + 1)) {  // rounding carried into a new bit
    q >>= 1;
    ++e;
  }
  if (e >= F::max_exp) return (sign ? F::sign_bit : 0) | F::infinity;

  uint64_t bits = (q >> F::frac_bits) ? ((static_cast<uint64_t>(e) << F::frac_bits) | (q & F::frac_mask))
                                      : q;  // no hidden bit: subnormal, exponent field 0
  if (sign) bits |= F::sign_bit;
  if (rules.flush_result && is_subnormal<F>(bits)) bits &= F::sign_bit;
  return bits;
}

}  // namespace detail

// Small enough to inline into a caller's loop (the executor's CAS loop): the common exits come
// first, the general algorithm is one call.
template <class F>
[[gnu::always_inline]] constexpr uint64_t add(uint64_t a, uint64_t b, const AddRules& rules) {
  a &= F::mask;
  b &= F::mask;
  // Two normal operands (the common case) are neither NaN, infinite, zero nor flushed: the
  // general algorithm skips its special-value checks for them.
  const auto normal = [](uint64_t v) { return exponent_of<F>(v) - 1 < static_cast<uint64_t>(F::max_exp - 1); };
  const bool a_normal = normal(a);
  const bool b_normal = normal(b);
  // A zero (after flushing, when inputs flush) beside a normal number: the general algorithm
  // adds a zero significand, needs no normalising or rounding and gives the normal operand's
  // bits, so return them at once.
  const auto zero = [&](uint64_t v) {
    return exponent_of<F>(v) == 0 && (fraction_of<F>(v) == 0 || rules.flush_inputs);
  };
  if (a_normal && zero(b)) return a;
  if (b_normal && zero(a)) return b;
  return detail::add_general<F>(a, b, rules, a_normal && b_normal);
}

namespace detail {
// add_finite() with no rules, out of line: a call to a function that calls nothing, whose
// clobbered registers the caller knows (GCC's interprocedural register allocation), so that a
// caller's loop keeps its own values in registers around it.
template <class F>
[[gnu::noinline]] constexpr uint64_t add_finite_leaf(uint64_t a, uint64_t b) {
  return add_finite<F>(a, b, AddRules{});
}
}  // namespace detail

// add() with no call and no rules, for a loop that must not make one (the executor's block of
// lanes): where both operands are normal numbers or zeros (not both zero) and the sum is not
// subnormal, every platform rule agrees (nothing to flush, no NaN, no signed-zero choice), so
// the sum goes to `sum` and the result is true. False, with `sum` unspecified, for every other
// pair: add() with the platform's rules takes those.
template <class F>
[[gnu::always_inline]] constexpr bool add_without_rules(uint64_t a, uint64_t b, uint64_t& sum) {
  a &= F::mask;
  b &= F::mask;
  const auto normal = [](uint64_t v) { return exponent_of<F>(v) - 1 < static_cast<uint64_t>(F::max_exp - 1); };
  const auto zero = [](uint64_t v) { return (v & ~F::sign_bit) == 0; };
  const bool a_normal = normal(a);
  const bool b_normal = normal(b);
  if (a_normal && b_normal) {
    sum = detail::add_finite_leaf<F>(a, b);
    return !is_subnormal<F>(sum);  // a cancellation into the subnormal range: the rules decide
  }
  if (a_normal && zero(b))
    sum = a;
  else if (b_normal && zero(a))
    sum = b;
  else
    return false;
  return true;
}

// Total order of non-NaN values with −0 < +0, as an unsigned key.
template <class F>
constexpr uint64_t order_key(uint64_t x) {
  return sign_of<F>(x) ? (~x & F::mask) : (x | F::sign_bit);
}

namespace detail {

// Returns the NaN-rule result when a or b is a NaN, else nothing (signalled by `handled`).
template <class F>
constexpr uint64_t min_max_nan(uint64_t a, uint64_t b, const MinMaxRules& rules, bool& handled) {
  const bool a_nan = is_nan<F>(a);
  const bool b_nan = is_nan<F>(b);
  handled = a_nan || b_nan;
  if (!handled) return 0;
  if (rules.nan == MinMaxNan::signaling_wins) {
    const bool a_sig = is_signaling_nan<F>(a);
    const bool b_sig = is_signaling_nan<F>(b);
    if (a_sig != b_sig) return a_sig ? a : b;  // a single signalling NaN wins, bit-exact
    if (a_nan && b_nan) return a;              // two of one class: the first (memory) value
    return a_nan ? b : a;                      // a quiet NaN is ignored
  }
  if (!(a_nan && b_nan)) return a_nan ? b : a;
  switch (rules.nan) {
    case MinMaxNan::number_else_default: return default_nan<F>(rules.default_nan);
    case MinMaxNan::number_else_first_quiet: return quieten<F>(a);
    default: return a;
  }
}

}  // namespace detail

namespace detail {
template <class F>
constexpr uint64_t min_max(uint64_t a, uint64_t b, const MinMaxRules& rules, bool want_max) {
  a &= F::mask;
  b &= F::mask;
  // The values compared: flushed where inputs flush. The values returned: the same, unless the
  // flush is for the comparison only.
  const uint64_t ca = rules.flush_inputs ? flush_subnormal<F>(a) : a;
  const uint64_t cb = rules.flush_inputs ? flush_subnormal<F>(b) : b;
  if (!rules.flush_compares_only) {
    a = ca;
    b = cb;
  }
  bool handled = false;
  const uint64_t nan_result = min_max_nan<F>(a, b, rules, handled);
  if (handled) return nan_result;
  const uint64_t ka = order_key<F>(ca);
  const uint64_t kb = order_key<F>(cb);
  return (want_max ? ka >= kb : ka <= kb) ? a : b;
}
}  // namespace detail

template <class F>
constexpr uint64_t min(uint64_t a, uint64_t b, const MinMaxRules& rules) {
  return detail::min_max<F>(a, b, rules, false);
}

template <class F>
constexpr uint64_t max(uint64_t a, uint64_t b, const MinMaxRules& rules) {
  return detail::min_max<F>(a, b, rules, true);
}

// IEEE equality: −0 == +0, a NaN equals nothing (not even its own bits).
template <class F>
constexpr bool equal(uint64_t a, uint64_t b, bool flush_inputs = false) {
  a &= F::mask;
  b &= F::mask;
  if (flush_inputs) {
    a = flush_subnormal<F>(a);
    b = flush_subnormal<F>(b);
  }
  if (is_nan<F>(a) || is_nan<F>(b)) return false;
  if (is_zero<F>(a) && is_zero<F>(b)) return true;
  return a == b;
}

// Float compare-and-swap: `value` when `old` equals `compare` (IEEE equality, on flushed inputs
// where the rules flush them), else `old`; the result flushed where the rules say so.
template <class F>
constexpr uint64_t compare_swap(uint64_t old, uint64_t compare, uint64_t value, const CompareRules& rules) {
  old &= F::mask;
  value &= F::mask;
  const uint64_t result = equal<F>(old, compare, rules.flush_inputs) ? value : old;
  return rules.flush_result ? flush_subnormal<F>(result) : result;
}

}  // namespace gpuatom::numeric
