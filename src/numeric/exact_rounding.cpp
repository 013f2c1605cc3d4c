#include "exact_rounding.hpp"

#include <algorithm>

namespace gpuatom::numeric {

namespace {

// A format's fields at run time, so one routine serves the four formats.
struct Shape {
  int width;
  int frac_bits;
  int bias;
  int max_exp;
};

template <class F>
constexpr Shape shape() {
  return {F::width, F::frac_bits, F::bias, F::max_exp};
}

Shape shape_of(FormatId id) {
  switch (id) {
    case FormatId::f16: return shape<Half>();
    case FormatId::bf16: return shape<BFloat16>();
    case FormatId::f32: return shape<Single>();
    case FormatId::f64: break;
  }
  return shape<Double>();
}

int64_t floor_div(int64_t a, int64_t b) {  // b > 0; C++ division truncates toward zero
  const int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

// Integer bounds on e × log2(10), from 3.32192 < log2(10) < 3.32193 (|e| ≤ 2^40, so no overflow).
int64_t log2_of_ten_power_below(int64_t e) { return floor_div(e * (e >= 0 ? 332192 : 332193), 100000); }
int64_t log2_of_ten_power_above(int64_t e) { return -floor_div(-e * (e >= 0 ? 332193 : 332192), 100000); }

}  // namespace

uint64_t round_exact(FormatId format, bool negative, const BigUnsigned& m, int64_t exp2, int64_t exp10) {
  const Shape f = shape_of(format);
  const uint64_t sign = negative ? 1ULL << (f.width - 1) : 0;
  const uint64_t infinity = static_cast<uint64_t>(f.max_exp) << f.frac_bits;
  if (m.is_zero()) return sign;

  // Far outside the format's range the answer is known without big numbers (and 1e999999999
  // must not build 5^999999999). 2^(bits−1) ≤ m < 2^bits, so log2|value| lies in [low, high).
  const int64_t bits = m.bit_length();
  const int64_t low = bits - 1 + exp2 + log2_of_ten_power_below(exp10);
  const int64_t high = bits + exp2 + log2_of_ten_power_above(exp10);
  if (low >= f.bias + 1) return sign | infinity;   // ≥ 2^(bias+1), past the largest finite value
  if (high <= -f.bias - f.frac_bits) return sign;  // < 2^(−bias−frac_bits), half the smallest subnormal

  // value = numerator / denominator × 2^twos, each power of ten split into its fives and twos.
  BigUnsigned numerator = m;
  BigUnsigned denominator(1);
  if (exp10 >= 0) {
    numerator.multiply_by_power_of_five(exp10);
  } else {
    denominator.multiply_by_power_of_five(-exp10);
  }
  const int64_t twos = exp2 + exp10;

  // q = floor(value × 2^scale) must have frac_bits + 1 bits, or fewer when the value is subnormal:
  // the scale never passes that of the subnormals, whose last bit is worth 2^(1−bias−frac_bits).
  // The bit lengths put log2(value) in (magnitude − 1, magnitude + 1), so the first guess of the
  // scale gives frac_bits + 1 or frac_bits + 2 bits; the second case is divided again.
  const int64_t magnitude = numerator.bit_length() - denominator.bit_length() + twos;
  const int64_t subnormal_scale = f.bias + f.frac_bits - 1;
  int64_t scale = std::min<int64_t>(f.frac_bits + 1 - magnitude, subnormal_scale);
  BigUnsigned remainder;
  BigUnsigned divisor;
  const auto divide = [&](int64_t s) {
    remainder = numerator;
    divisor = denominator;
    const int64_t shift = twos + s;
    if (shift >= 0) {
      remainder.shift_left(shift);
    } else {
      divisor.shift_left(-shift);
    }
    return remainder.divide_small_quotient(divisor);
  };
  uint64_t q = divide(scale);
  if (q >> (f.frac_bits + 1)) q = divide(--scale);

  // The one rounding: nearest, ties to even, decided by the exact remainder against half the divisor.
  remainder.shift_left(1);
  const int against_half = compare(remainder, divisor);
  if (against_half > 0 || (against_half == 0 && (q & 1))) ++q;
  if (q >> (f.frac_bits + 1)) {  // rounded up to the next power of two
    q >>= 1;
    --scale;
  }
  if (!(q >> f.frac_bits)) return sign | q;  // subnormal (scale is subnormal_scale); exponent field 0
  const int64_t biased = f.frac_bits - scale + f.bias;
  if (biased >= f.max_exp) return sign | infinity;
  return sign | (static_cast<uint64_t>(biased) << f.frac_bits) | (q & ((1ULL << f.frac_bits) - 1));
}

}  // namespace gpuatom::numeric
