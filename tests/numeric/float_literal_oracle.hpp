// GNU MPFR as the judge of numeric::parse_float_literal, and the hard literal strings the float
// literal tests share: exact values, exact midpoints between neighbours, and midpoints nudged by
// one unit 30 or 1000 digits further down (the sticky path), in decimal and hexadecimal.
#pragma once

#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "gpuatom/numeric/float_literal.hpp"
#include "gpuatom/numeric/format.hpp"
#include "gpuatom/support/random.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace gpuatom::test {

template <class F>
constexpr numeric::FormatId format_id = std::is_same_v<F, numeric::Half>       ? numeric::FormatId::f16
                                        : std::is_same_v<F, numeric::BFloat16> ? numeric::FormatId::bf16
                                        : std::is_same_v<F, numeric::Single>   ? numeric::FormatId::f32
                                                                               : numeric::FormatId::f64;

// The correctly rounded bits of a decimal or 0x-hexadecimal literal, by MPFR: mpfr_strtofr at the
// format's precision and exponent range, then mpfr_subnormalize (MPFR's recipe for IEEE formats).
template <class F>
uint64_t mpfr_literal_bits(const std::string& text) {
  mpfr_t value, scratch;
  mpfr_inits2(F::frac_bits + 1, value, scratch, static_cast<mpfr_ptr>(nullptr));
  const mpfr_exp_t saved_emin = mpfr_get_emin();
  const mpfr_exp_t saved_emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_emin<F>);
  mpfr_set_emax(mpfr_emax<F>);
  char* end = nullptr;
  const int ternary = mpfr_strtofr(value, text.c_str(), &end, 0, MPFR_RNDN);
  mpfr_subnormalize(value, ternary, MPFR_RNDN);
  mpfr_set_emin(saved_emin);
  mpfr_set_emax(saved_emax);
  if (end == nullptr || *end != '\0') {
    std::fprintf(stderr, "float_literal_oracle: MPFR did not read all of '%s'\n", text.c_str());
    std::abort();
  }
  const uint64_t bits = from_mpfr<F>(value, scratch);
  mpfr_clears(value, scratch, static_cast<mpfr_ptr>(nullptr));
  return bits;
}

// Our bits, or a marker that cannot be a value of F when the text is refused.
template <class F>
uint64_t our_literal_bits(const std::string& text) {
  const auto parsed = numeric::parse_float_literal(text, format_id<F>);
  const uint64_t* bits = std::get_if<uint64_t>(&parsed);
  return bits ? *bits : ~0ULL;
}

// Every digit of a finite nonzero MPFR value in `base` (10 or 16), as "[-]0.DIGITS" with the
// trailing zeros cut, and the power of the base that follows it. Exact: a value of these formats
// (or a midpoint) has fewer than 1100 significant decimal digits; the caller's read-back checks.
struct Digits {
  bool negative = false;
  std::string digits;
  long exponent = 0;  // value = 0.DIGITS × base^exponent
};

inline Digits exact_digits(mpfr_t v, int base) {
  mpfr_exp_t exponent = 0;
  char* text = mpfr_get_str(nullptr, &exponent, base, base == 10 ? 1100 : 40, v, MPFR_RNDN);
  Digits d;
  d.digits = text;
  mpfr_free_str(text);
  if (!d.digits.empty() && d.digits[0] == '-') {
    d.negative = true;
    d.digits.erase(0, 1);
  }
  while (!d.digits.empty() && d.digits.back() == '0') d.digits.pop_back();
  d.exponent = static_cast<long>(exponent);
  return d;
}

// The literal "[-]0.DIGITS e|p N" for digits in base 10 or 16.
inline std::string spell(const Digits& d, int base) {
  const std::string sign = d.negative ? "-" : "";
  if (base == 16) return sign + "0x0." + d.digits + "p" + std::to_string(4 * d.exponent);
  return sign + "0." + d.digits + "e" + std::to_string(d.exponent);
}

// The same value one unit `distance` digits past the last one above (+) or below (−) it.
inline Digits nudged(Digits d, size_t distance, bool up, int base) {
  if (up) {
    d.digits += std::string(distance - 1, '0') + "1";
  } else {
    char& last = d.digits.back();  // never '0': trailing zeros are cut
    last = last == 'a' ? '9' : static_cast<char>(last - 1);
    d.digits += std::string(distance, base == 16 ? 'f' : '9');
  }
  return d;
}

// Literal strings around the positive finite value `bits` of F: the value itself, the midpoint to
// its upper neighbour (for the largest finite value, the overflow boundary), and that midpoint
// nudged up and down by 10^-30 and 10^-1000 of its last digit, in decimal and in hexadecimal.
template <class F>
std::vector<std::string> strings_around(uint64_t bits) {
  using namespace numeric;
  std::vector<std::string> out;
  mpfr_t value, midpoint, check;
  mpfr_init2(value, 64);
  mpfr_init2(midpoint, 64);
  mpfr_init2(check, 8192);
  to_mpfr<F>(value, bits);
  // Half the gap to the next value up: the last place of a subnormal is the smallest subnormal's.
  const long lsb = (exponent_of<F>(bits) == 0 ? 1L : static_cast<long>(exponent_of<F>(bits))) - F::bias - F::frac_bits;
  mpfr_set_ui_2exp(midpoint, 1, lsb - 1, MPFR_RNDN);
  mpfr_add(midpoint, midpoint, value, MPFR_RNDN);  // exact: 64 bits hold it
  for (int base : {10, 16}) {
    for (mpfr_ptr v : {static_cast<mpfr_ptr>(value), static_cast<mpfr_ptr>(midpoint)}) {
      if (mpfr_zero_p(v)) continue;
      const Digits d = exact_digits(v, base);
      const std::string exact = spell(d, base);
      mpfr_strtofr(check, exact.c_str(), nullptr, 0, MPFR_RNDN);
      if (mpfr_cmp(check, v) != 0) {
        std::fprintf(stderr, "float_literal_oracle: %s is not exact\n", exact.c_str());
        std::abort();
      }
      out.push_back(exact);
      if (v != midpoint) continue;
      for (size_t distance : {30, 1000}) {
        out.push_back(spell(nudged(d, distance, true, base), base));
        out.push_back(spell(nudged(d, distance, false, base), base));
      }
    }
  }
  mpfr_clears(value, midpoint, check, static_cast<mpfr_ptr>(nullptr));
  return out;
}

// A random decimal literal: 1 to 40 significant digits (sometimes with leading zeros), a decimal
// exponent anywhere from well below half the smallest subnormal to well above the largest finite
// value, spelled in one of several ways (exponent or not, point anywhere), either sign.
template <class F>
std::string random_decimal(support::SplitMix64& rng) {
  const double log10_two = std::log10(2.0);
  const long lowest = static_cast<long>(std::floor((1 - F::bias - F::frac_bits) * log10_two)) - 3;
  const long highest = static_cast<long>(std::ceil((F::bias + 1) * log10_two)) + 2;
  const size_t count = 1 + rng.below(40);
  std::string digits;
  for (size_t i = 0; i < count; ++i) digits += static_cast<char>('0' + rng.below(10));
  if (digits[0] == '0' && rng.below(4) != 0) digits[0] = static_cast<char>('1' + rng.below(9));
  const long exponent = lowest + static_cast<long>(rng.below(static_cast<uint64_t>(highest - lowest + 1)));
  // Built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string chains.
  std::string text = rng.below(2) ? "-" : (rng.below(8) == 0 ? "+" : "");
  const auto with_exponent = [&](std::string_view mantissa, long e) {
    text.append(mantissa).append(rng.below(2) ? "e" : "E").append(std::to_string(e));
  };
  switch (rng.below(4)) {
    case 0:  // 0.DDDe±X
      with_exponent(std::string("0.").append(digits), exponent);
      break;
    case 1: {  // D.DDDe±X, the point after a random digit
      const size_t point = 1 + rng.below(count);
      with_exponent(digits.substr(0, point).append(".").append(digits, point), exponent - static_cast<long>(point));
      break;
    }
    case 2:  // DDDe±X, an integer
      with_exponent(digits, exponent - static_cast<long>(count));
      break;
    default:  // positional, when the exponent is small enough to write out
      if (exponent >= static_cast<long>(count) && exponent <= 60) {
        text.append(digits).append(static_cast<size_t>(exponent) - count, '0');
      } else if (exponent > 0 && exponent <= 60) {
        const auto point = static_cast<size_t>(exponent);
        text.append(digits, 0, point).append(".").append(digits, point);
      } else if (exponent <= 0 && exponent >= -60) {
        text.append(".").append(static_cast<size_t>(-exponent), '0').append(digits);
      } else {
        with_exponent(std::string("0.").append(digits), exponent);
      }
  }
  return text;
}

// A random hexadecimal literal: 1 to 20 hexadecimal digits and a binary exponent across the
// format's range and past both ends.
template <class F>
std::string random_hex(support::SplitMix64& rng) {
  static constexpr char hex_digits[] = "0123456789abcdefABCDEF";
  const size_t count = 1 + rng.below(20);
  std::string digits;
  for (size_t i = 0; i < count; ++i) digits += hex_digits[rng.below(22)];
  const long lowest = 1 - F::bias - F::frac_bits - 8;
  const long highest = F::bias + 8;
  const long exponent = lowest + static_cast<long>(rng.below(static_cast<uint64_t>(highest - lowest + 1)));
  const size_t point = rng.below(count + 1);
  std::string text = rng.below(2) ? "-" : "";
  text.append(rng.below(2) ? "0x" : "0X").append(digits, 0, point).append(".").append(digits, point);
  text.append(rng.below(2) ? "p" : "P").append(std::to_string(exponent));
  return text;
}

}  // namespace gpuatom::test
