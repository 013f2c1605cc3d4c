// numeric::parse_float_literal against GNU MPFR (float_literal_oracle.hpp), in all four formats:
// exact values and exact ties around every kind of value (zero, whose tie is half the smallest
// subnormal; subnormals; the smallest normal; 1; the largest finite value, whose tie is the
// overflow boundary; random ones), the ties nudged 30 and 1000 digits down in both directions,
// in decimal and hexadecimal; past-the-range powers; and random decimal and hexadecimal strings
// (SplitMix64, fixed seeds) with 1 to 40 significant digits across each format's exponent range.
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "numeric/float_literal_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::support::SplitMix64;
using gpuatom::test::FormatNames;
using gpuatom::test::max_finite_bits;
using gpuatom::test::min_normal_bits;
using gpuatom::test::mpfr_literal_bits;
using gpuatom::test::one_bits;
using gpuatom::test::our_literal_bits;

constexpr int kRandomValues = 400;  // random bit patterns whose neighbourhood is checked
constexpr int kRandomDecimals = 20'000;
constexpr int kRandomHex = 5'000;

template <class F>
class FloatLiteralMpfr : public ::testing::Test {
 protected:
  // Compares one literal (and its negation) and remembers the first few disagreements.
  void check(const std::string& text) {
    std::string negated = text[0] == '-' ? "" : "-";  // (appended: see random_decimal on GCC 12)
    negated.append(text, text[0] == '-' || text[0] == '+' ? 1 : 0);
    for (const std::string& t : {text, negated}) {
      ++cases_;
      const uint64_t expected = mpfr_literal_bits<F>(t);
      const uint64_t actual = our_literal_bits<F>(t);
      if (expected == actual) continue;
      if (++mismatches_ <= 10) {
        ADD_FAILURE() << FormatNames::GetName<F>() << "(" << (t.size() > 120 ? t.substr(0, 120) + "…" : t)
                      << "): expected 0x" << std::hex << expected << ", got 0x" << actual;
      }
    }
  }
  void report(int minimum_cases) {
    std::printf("%s: %d literals compared with MPFR, %d disagree\n", FormatNames::GetName<F>().c_str(), cases_,
                mismatches_);
    EXPECT_EQ(mismatches_, 0);
    EXPECT_GE(cases_, minimum_cases);
  }

  int cases_ = 0;
  int mismatches_ = 0;
};

using Formats = ::testing::Types<Half, BFloat16, Single, Double>;
TYPED_TEST_SUITE(FloatLiteralMpfr, Formats, FormatNames);

TYPED_TEST(FloatLiteralMpfr, ExactValuesTiesAndNearTies) {
  using F = TypeParam;
  std::vector<uint64_t> values = {0,
                                  1,
                                  2,
                                  3,
                                  F::frac_mask - 1,
                                  F::frac_mask,
                                  min_normal_bits<F>,
                                  min_normal_bits<F> + 1,
                                  one_bits<F> - 1,
                                  one_bits<F>,
                                  one_bits<F> + 1,
                                  max_finite_bits<F> - 1,
                                  max_finite_bits<F>};
  SplitMix64 rng(0x5eed0000 + F::width + F::frac_bits);
  for (int i = 0; i < kRandomValues; ++i) {
    const uint64_t bits = rng.next() & (F::mask >> 1);  // positive
    if (exponent_of<F>(bits) != static_cast<uint64_t>(F::max_exp)) values.push_back(bits);
  }
  for (uint64_t bits : values)
    for (const std::string& text : gpuatom::test::strings_around<F>(bits)) this->check(text);
  this->report(static_cast<int>(values.size()) * 20);
}

TYPED_TEST(FloatLiteralMpfr, PastTheRangeAndPowersOfTwo) {
  using F = TypeParam;
  // 2^k spelled exactly in hexadecimal, for every k from below half the smallest subnormal to
  // past the largest finite value, and huge or tiny decimal exponents.
  for (int k = -F::bias - F::frac_bits - 3; k <= F::bias + 3; ++k)
    this->check(std::string("0x1p").append(std::to_string(k)));
  static const char* const edges[] = {"1e400",
                                      "1e-400",
                                      "9e99999999999999999999",
                                      "1e-99999999999999999999",
                                      "0e99999",
                                      "0.0",
                                      "0x0p0",
                                      "1e308",
                                      "1.7976931348623157e308",
                                      "1.7976931348623158e308",
                                      "4.9406564584124654e-324",
                                      "2.4703282292062328e-324",
                                      "2.4703282292062327e-324",
                                      "3.4028235677973366e38",
                                      "3.4028235677973367e38",
                                      "65504",
                                      "65519.999",
                                      "65520",
                                      "1.40129846432481707e-45",
                                      "7.00649232162408535e-46",
                                      "7.00649232162408536e-46"};
  for (const char* text : edges) this->check(text);
  this->report(2 * (2 * F::bias + F::frac_bits + 7));
}

TYPED_TEST(FloatLiteralMpfr, RandomDecimalStrings) {
  using F = TypeParam;
  SplitMix64 rng(0xdec0000 + F::width + F::frac_bits);
  for (int i = 0; i < kRandomDecimals; ++i) this->check(gpuatom::test::random_decimal<F>(rng));
  this->report(2 * kRandomDecimals);
}

TYPED_TEST(FloatLiteralMpfr, RandomHexadecimalStrings) {
  using F = TypeParam;
  SplitMix64 rng(0x4e40000 + F::width + F::frac_bits);
  for (int i = 0; i < kRandomHex; ++i) this->check(gpuatom::test::random_hex<F>(rng));
  this->report(2 * kRandomHex);
}

// The sweep above would pass with a broken oracle that agrees with a broken parser; glibc's
// strtod and strtof (correctly rounded in the default rounding mode) judge the oracle itself.
TEST(FloatLiteralMpfrOracle, AgreesWithGlibcInTheDefaultMode) {
  SplitMix64 rng(42);
  int compared = 0;
  for (int i = 0; i < 5'000; ++i) {
    const std::string d = gpuatom::test::random_decimal<Double>(rng);
    EXPECT_EQ(mpfr_literal_bits<Double>(d), std::bit_cast<uint64_t>(std::strtod(d.c_str(), nullptr))) << d;
    const std::string s = gpuatom::test::random_decimal<Single>(rng);
    EXPECT_EQ(mpfr_literal_bits<Single>(s), std::bit_cast<uint32_t>(std::strtof(s.c_str(), nullptr))) << s;
    compared += 2;
  }
  EXPECT_EQ(compared, 10'000);
}

}  // namespace
