// Narrowing a binary64 value to a smaller format, round to nearest even, bit-exact.
//
// Not for decimal literals: text → double → narrow rounds twice, and 1.0004882812500001 (just
// above the midpoint between f16's 1 and its successor) lands on the midpoint as a double and
// then on 1. numeric/float_literal.hpp rounds a literal once, from its exact value, by integers.
#pragma once

#include <bit>
#include <cstdint>

#include "gpuatom/numeric/format.hpp"

namespace gpuatom::numeric {

template <class F>
constexpr uint64_t narrow_from_double(uint64_t d) {
  const uint64_t sign = (d >> 63) ? F::sign_bit : 0;
  const int e = static_cast<int>((d >> 52) & 0x7ff);
  const uint64_t f = d & ((1ULL << 52) - 1);
  if (e == 0x7ff) {  // infinity, or a NaN keeping the top payload bits, made quiet
    return f ? (sign | F::exp_mask | F::quiet_bit | (f >> (52 - F::frac_bits))) : (sign | F::infinity);
  }
  if (e == 0 && f == 0) return sign;
  // value = m × 2^(exp − 52), m with its leading one at bit 52.
  uint64_t m = e == 0 ? f : (f | (1ULL << 52));
  int exp = (e == 0 ? 1 : e) - 1023;
  while (!(m >> 52)) {
    m <<= 1;
    --exp;
  }
  int biased = exp + F::bias;
  // Keep frac_bits + 1 bits (fewer when the result is subnormal).
  int shift = 52 - F::frac_bits + (biased < 1 ? 1 - biased : 0);
  if (biased < 1) biased = 1;
  uint64_t q;
  if (shift >= 64) {
    q = 0;  // far below the smallest subnormal: rounds to zero (m < 2^53 ≤ half of 2^64)
  } else {
    q = m >> shift;
    const uint64_t rem = m & ((1ULL << shift) - 1);
    const uint64_t half = 1ULL << (shift - 1);
    if (rem > half || (rem == half && (q & 1))) ++q;
  }
  if (q >> (F::frac_bits + 1)) {  // rounding carried into a new bit
    q >>= 1;
    ++biased;
  }
  if (!(q >> F::frac_bits)) return sign | q;  // subnormal (or zero): exponent field 0
  if (biased >= F::max_exp) return sign | F::infinity;
  return sign | (static_cast<uint64_t>(biased) << F::frac_bits) | (q & F::frac_mask);
}

}  // namespace gpuatom::numeric
