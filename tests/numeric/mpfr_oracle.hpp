// An independent oracle for numeric::add: GNU MPFR computes the correctly rounded sum, with the
// format's precision, exponent range and subnormals modelled exactly (MPFR's documented recipe:
// precision = frac_bits + 1, emin/emax of the format, mpfr_subnormalize after the operation).
//
// MPFR has no NaN payloads, so NaN results are decided here by the vendors' rules as the specs
// state them (shared/spec/nvidia.md §4.3, amd.md §7.1), not through MPFR. Shared by the numeric
// tests and tests/sweep-half. Also holds the value generators the numeric tests share.
#pragma once

#include <mpfr.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "gpuatom/numeric/format.hpp"
#include "gpuatom/numeric/rules.hpp"

namespace gpuatom::test {

static_assert(sizeof(unsigned long) == 8, "the oracle moves 64-bit significands through unsigned long");

// Exponent range of F in MPFR's convention (x = m · 2^e with 1/2 <= m < 1): the largest finite
// value is just below 2^(bias+1); the smallest subnormal 2^(1−bias−frac_bits) has e = 2−bias−frac_bits.
template <class F>
constexpr mpfr_exp_t mpfr_emax = F::bias + 1;
template <class F>
constexpr mpfr_exp_t mpfr_emin = 2 - F::bias - F::frac_bits;

// Sets v to the exact value of the bit pattern (v must have at least frac_bits + 1 bits of
// precision; the current exponent range must contain F's).
template <class F>
void to_mpfr(mpfr_t v, uint64_t bits) {
  using namespace numeric;
  const bool negative = sign_of<F>(bits);
  const uint64_t e = exponent_of<F>(bits);
  const uint64_t f = fraction_of<F>(bits);
  if (e == static_cast<uint64_t>(F::max_exp)) {
    if (f != 0) {
      mpfr_set_nan(v);
    } else {
      mpfr_set_inf(v, negative ? -1 : 1);
    }
    return;
  }
  if (e == 0 && f == 0) {
    mpfr_set_zero(v, negative ? -1 : 1);
    return;
  }
  const unsigned long significand = e == 0 ? f : (f | (1ULL << F::frac_bits));
  const long exponent = (e == 0 ? 1L : static_cast<long>(e)) - F::bias - F::frac_bits;
  if (mpfr_set_ui_2exp(v, significand, exponent, MPFR_RNDN) != 0) {
    std::fprintf(stderr, "mpfr_oracle: inexact conversion of %#llx\n", static_cast<unsigned long long>(bits));
    std::abort();
  }
  if (negative) mpfr_neg(v, v, MPFR_RNDN);
}

// The bit pattern of v, which must already be a value of F (rounded and subnormalized), infinite
// or zero. A NaN gives the IEEE default quiet NaN, a marker only (callers decide NaNs by rule).
// `scratch` is a temporary of the same precision. Call with MPFR's default (wide) exponent range.
template <class F>
uint64_t from_mpfr(mpfr_t v, mpfr_t scratch) {
  using namespace numeric;
  if (mpfr_nan_p(v)) return default_nan<F>(DefaultNan::quiet);
  const uint64_t sign = mpfr_signbit(v) ? F::sign_bit : 0;
  if (mpfr_inf_p(v)) return sign | F::infinity;
  if (mpfr_zero_p(v)) return sign;
  const long unbiased = static_cast<long>(mpfr_get_exp(v)) - 1;  // v = 1.xxx · 2^unbiased
  const bool normal = unbiased >= 1 - F::bias;
  // Scale to an integer significand: by 2^(frac_bits − unbiased) for a normal value, by the
  // inverse of the smallest subnormal for a subnormal one.
  const long scale = normal ? F::frac_bits - unbiased : F::frac_bits + F::bias - 1;
  mpfr_abs(scratch, v, MPFR_RNDN);
  mpfr_mul_2si(scratch, scratch, scale, MPFR_RNDN);
  if (!mpfr_integer_p(scratch) || unbiased > F::bias) {
    std::fprintf(stderr, "mpfr_oracle: value is not a %d-bit float\n", F::width);
    std::abort();
  }
  const uint64_t significand = mpfr_get_ui(scratch, MPFR_RNDN);
  if (!normal) return sign | significand;
  return sign | (static_cast<uint64_t>(unbiased + F::bias) << F::frac_bits) | (significand & F::frac_mask);
}

// Correctly rounded IEEE add (round to nearest even, subnormals kept) of two bit patterns of F,
// computed by MPFR. Signed zeros and infinities follow IEEE through MPFR: x + (−x) = +0,
// (−0) + (−0) = −0, inf + x = inf. A NaN result (a NaN input or inf − inf) is returned as the
// IEEE default quiet NaN, a marker only: check is_nan and decide the payload by the rules.
template <class F>
class MpfrAdder {
 public:
  MpfrAdder() { mpfr_inits2(F::frac_bits + 1, x_, y_, sum_, scratch_, static_cast<mpfr_ptr>(nullptr)); }
  ~MpfrAdder() { mpfr_clears(x_, y_, sum_, scratch_, static_cast<mpfr_ptr>(nullptr)); }
  MpfrAdder(const MpfrAdder&) = delete;
  MpfrAdder& operator=(const MpfrAdder&) = delete;

  uint64_t add(uint64_t a, uint64_t b) {
    const mpfr_exp_t saved_emin = mpfr_get_emin();
    const mpfr_exp_t saved_emax = mpfr_get_emax();
    mpfr_set_emin(mpfr_emin<F>);
    mpfr_set_emax(mpfr_emax<F>);
    to_mpfr<F>(x_, a & F::mask);
    to_mpfr<F>(y_, b & F::mask);
    int ternary = mpfr_add(sum_, x_, y_, MPFR_RNDN);
    mpfr_subnormalize(sum_, ternary, MPFR_RNDN);
    mpfr_set_emin(saved_emin);
    mpfr_set_emax(saved_emax);
    return from_mpfr<F>(sum_, scratch_);
  }

 private:
  mpfr_t x_, y_, sum_, scratch_;
};

// One adder per thread and format (MPFR's exponent range is per thread in a TLS build).
template <class F>
uint64_t mpfr_add_bits(uint64_t a, uint64_t b) {
  thread_local MpfrAdder<F> adder;
  return adder.add(a, b);
}

// The expected result of numeric::add<F>(a, b, rules), built from the specs' words:
//   flush_inputs: a subnormal input becomes the zero of its sign before the add;
//   a NaN input: canonical → the default NaN; propagate → the first NaN in (a, b) with its quiet
//     bit set; inf + (−inf) without a NaN input → the default NaN under either policy;
//   otherwise the MPFR sum; flush_result: a subnormal sum becomes the zero of its sign.
template <class F>
uint64_t reference_add(uint64_t a, uint64_t b, const numeric::AddRules& rules) {
  using namespace numeric;
  a &= F::mask;
  b &= F::mask;
  if (rules.flush_inputs) {
    if (exponent_of<F>(a) == 0) a &= F::sign_bit;
    if (exponent_of<F>(b) == 0) b &= F::sign_bit;
  }
  const uint64_t the_default = default_nan<F>(rules.default_nan);
  if (is_nan<F>(a) || is_nan<F>(b)) {
    if (rules.nan == NanResult::canonical) return the_default;
    return (is_nan<F>(a) ? a : b) | F::quiet_bit;
  }
  const uint64_t sum = mpfr_add_bits<F>(a, b);
  if (is_nan<F>(sum)) return the_default;  // only inf − inf gets here
  if (rules.flush_result && exponent_of<F>(sum) == 0) return sum & F::sign_bit;
  return sum;
}

// ---- Values the numeric tests share ---------------------------------------------------------

// Short names of the formats, for GoogleTest typed-test names and messages.
struct FormatNames {
  template <class F>
  static std::string GetName(int = 0) {
    if constexpr (std::is_same_v<F, numeric::Half>) return "f16";
    if constexpr (std::is_same_v<F, numeric::BFloat16>) return "bf16";
    if constexpr (std::is_same_v<F, numeric::Single>) return "f32";
    return "f64";
  }
};

template <class F>
constexpr uint64_t one_bits = static_cast<uint64_t>(F::bias) << F::frac_bits;
template <class F>
constexpr uint64_t max_finite_bits = F::exp_mask - 1;
template <class F>
constexpr uint64_t min_normal_bits = 1ULL << F::frac_bits;

// Quiet and signalling NaNs with several payloads, positive and negative.
template <class F>
std::vector<uint64_t> quiet_nans() {
  return {F::exp_mask | F::quiet_bit, F::exp_mask | F::quiet_bit | 1, F::exp_mask | F::frac_mask,
          F::sign_bit | F::exp_mask | F::quiet_bit | (F::quiet_bit >> 2)};
}
template <class F>
std::vector<uint64_t> signaling_nans() {
  return {F::exp_mask | 1, F::exp_mask | (F::quiet_bit >> 1), F::exp_mask | (F::frac_mask >> 1),
          F::sign_bit | F::exp_mask | 3};
}

// One or more values of every class: both zeros, smallest / mid / largest subnormal, smallest and
// largest normal, 1.0 and its successor, both infinities, and the NaNs above. Signed both ways.
template <class F>
std::vector<uint64_t> special_values() {
  const uint64_t magnitudes[] = {
      0,                       // zero
      1,                       // smallest subnormal
      F::quiet_bit | 5,        // a subnormal in the middle of the range
      F::frac_mask,            // largest subnormal
      min_normal_bits<F>,      // smallest normal
      min_normal_bits<F> | 1,  // its successor
      one_bits<F>,             // 1.0
      one_bits<F> | 1,         // 1.0 + ulp
      max_finite_bits<F>,      // largest finite
      F::infinity,
  };
  std::vector<uint64_t> values;
  for (uint64_t m : magnitudes) {
    values.push_back(m);
    values.push_back(m | F::sign_bit);
  }
  for (uint64_t n : quiet_nans<F>()) values.push_back(n);
  for (uint64_t n : signaling_nans<F>()) values.push_back(n);
  return values;
}

// The value of a bit pattern of F as a host double (exact: every f16, bf16 and f32 value is a
// double). Used to compare with the host's own ordering and equality.
template <class F>
double host_value(uint64_t bits) {
  if constexpr (std::is_same_v<F, numeric::Double>) {
    return std::bit_cast<double>(bits);
  } else if constexpr (std::is_same_v<F, numeric::Single>) {
    return std::bit_cast<float>(static_cast<uint32_t>(bits));
  } else if constexpr (std::is_same_v<F, numeric::BFloat16>) {
    return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16);  // bf16 is the top half of an f32
  } else {
    const bool negative = (bits >> 15) & 1;
    const int e = static_cast<int>((bits >> 10) & 0x1f);
    const double f = static_cast<double>(bits & 0x3ff);
    double magnitude;
    if (e == 31) {
      magnitude = f != 0 ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    } else if (e == 0) {
      magnitude = std::ldexp(f, -24);  // f · 2^-24
    } else {
      magnitude = std::ldexp(1024 + f, e - 25);  // (1 + f/1024) · 2^(e − 15)
    }
    return negative ? -magnitude : magnitude;
  }
}

// A uniformly random bit pattern of F.
template <class F>
uint64_t random_bits(std::mt19937_64& rng) {
  return rng() & F::mask;
}

// A pair of finite operands with exponents close together, so that the sum rounds, cancels and
// hits exact ties often. Shapes, chosen at random:
//  - b's exponent within frac_bits + 3 of a's, either sign (opposite signs cancel);
//  - b's low fraction bits set to exactly "half of a's last place" (an exact tie) or that ±1
//    (near ties, decided by the sticky bit);
//  - b = −a with its last bits changed (massive cancellation);
//  - fractions with trailing zero runs (short significands make ties likely);
//  - exponents at the bottom (subnormals) and top (overflow) of the range.
template <class F>
std::pair<uint64_t, uint64_t> random_close_pair(std::mt19937_64& rng) {
  auto below = [&rng](uint64_t n) { return static_cast<int>(rng() % n); };
  auto fraction = [&]() {
    uint64_t f = rng() & F::frac_mask;
    if (below(2) == 0) f &= ~((1ULL << below(F::frac_bits + 1)) - 1);  // trailing zeros
    return f;
  };
  const int max_biased = F::max_exp - 1;
  int ea;
  switch (below(8)) {
    case 0: ea = below(F::frac_bits + 3); break;               // near or in the subnormal range
    case 1: ea = max_biased - below(3); break;                 // at the top: overflow
    case 2: ea = max_biased - below(F::frac_bits + 3); break;  // near the top
    default: ea = below(max_biased + 1); break;
  }
  const uint64_t sa = below(2) ? F::sign_bit : 0;
  const uint64_t a = sa | (static_cast<uint64_t>(ea) << F::frac_bits) | fraction();

  const int span = F::frac_bits + 3;
  int eb = std::clamp(ea + below(2 * span + 1) - span, 0, max_biased);
  if (below(2) == 0) eb = std::clamp(ea - below(4), 0, max_biased);  // mostly within a few binades
  const uint64_t sb = below(2) ? F::sign_bit : 0;
  uint64_t fb = fraction();
  switch (below(6)) {
    case 0: {
      // b's bits below a's last place form exactly one half (a tie, if no carry moves the point).
      const int d = std::max(ea, 1) - std::max(eb, 1);  // b's last place is 2^d below a's
      if (d >= 1 && d <= F::frac_bits) {
        fb = (fb & ~((1ULL << d) - 1)) | (1ULL << (d - 1));
        fb += static_cast<uint64_t>(below(3)) - 1;  // and sometimes ±1 of its own last place
        fb &= F::frac_mask;
      }
      break;
    }
    case 1: {  // −a (or a) with a few low bits changed: massive cancellation
      const uint64_t low = (1ULL << below(F::frac_bits + 1)) - 1;
      return {a, ((a ^ F::sign_bit) & ~low) | (rng() & low)};
    }
    default: break;
  }
  const uint64_t b = sb | (static_cast<uint64_t>(eb) << F::frac_bits) | fb;
  return below(2) ? std::pair{a, b} : std::pair{b, a};
}

}  // namespace gpuatom::test
