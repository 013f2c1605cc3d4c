// numeric::min / numeric::max for all four formats: signed zeros, the four NaN rules with every
// NaN combination (tables below, from rules.hpp, docs/spec/nvidia.md §4.4, docs/spec/intel.md §4.1 and
// docs/spec/amd.md §7.1), flush_inputs, and ordinary ordering against the host's comparison.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "gpuatom/numeric/arithmetic.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::FormatNames;
using gpuatom::test::host_value;
using gpuatom::test::one_bits;
using gpuatom::test::quiet_nans;
using gpuatom::test::signaling_nans;
using gpuatom::test::special_values;

template <class F>
class MinMax : public ::testing::Test {};
using AllFormats = ::testing::Types<Half, BFloat16, Single, Double>;
TYPED_TEST_SUITE(MinMax, AllFormats, FormatNames);

constexpr MinMaxNan kAllNanRules[] = {MinMaxNan::number_else_default, MinMaxNan::number_else_first_quiet,
                                      MinMaxNan::number_else_first, MinMaxNan::signaling_wins};

const char* rule_name(MinMaxNan r) {
  switch (r) {
    case MinMaxNan::number_else_default: return "number_else_default";
    case MinMaxNan::number_else_first_quiet: return "number_else_first_quiet";
    case MinMaxNan::number_else_first: return "number_else_first";
    case MinMaxNan::signaling_wins: return "signaling_wins";
  }
  return "?";
}

// ---- Signed zeros ---------------------------------------------------------------------------

TYPED_TEST(MinMax, NegativeZeroIsBelowPositiveZeroInBothOrders) {
  using F = TypeParam;
  const uint64_t pz = 0;
  const uint64_t nz = F::sign_bit;
  for (MinMaxNan rule : kAllNanRules) {
    for (bool flush : {false, true}) {
      const MinMaxRules r{flush, rule, DefaultNan::all_ones};
      EXPECT_EQ(min<F>(pz, nz, r), nz);
      EXPECT_EQ(min<F>(nz, pz, r), nz);
      EXPECT_EQ(max<F>(pz, nz, r), pz);
      EXPECT_EQ(max<F>(nz, pz, r), pz);
      EXPECT_EQ(min<F>(nz, nz, r), nz);
      EXPECT_EQ(max<F>(pz, pz, r), pz);
    }
  }
}

// ---- NaN rules ------------------------------------------------------------------------------

// Which operand (or NaN) a rule picks for one combination of operand classes.
enum class Pick { a, b, default_nan, a_quietened };

struct NanCase {
  const char* classes;  // "number, qNaN" = a is a number, b a quiet NaN
  Pick pick[4];         // by rule, in the order of kAllNanRules
};

// The tables, from the rule descriptions in rules.hpp (and Intel's FMIN/FMAX table):
//                       number_else_default  number_else_first_quiet  number_else_first  signaling_wins
constexpr NanCase kNanCases[] = {
    {"number, qNaN", {Pick::a, Pick::a, Pick::a, Pick::a}},  // a number beats a quiet NaN, always
    {"qNaN, number", {Pick::b, Pick::b, Pick::b, Pick::b}},
    {"number, sNaN", {Pick::a, Pick::a, Pick::a, Pick::b}},  // Intel: the sNaN wins, bit-exact
    {"sNaN, number", {Pick::b, Pick::b, Pick::b, Pick::a}},
    {"qNaN, qNaN", {Pick::default_nan, Pick::a_quietened, Pick::a, Pick::a}},
    {"sNaN, sNaN", {Pick::default_nan, Pick::a_quietened, Pick::a, Pick::a}},
    {"qNaN, sNaN", {Pick::default_nan, Pick::a_quietened, Pick::a, Pick::b}},  // sNaN wins over qNaN
    {"sNaN, qNaN", {Pick::default_nan, Pick::a_quietened, Pick::a, Pick::a}},
};

template <class F>
std::vector<uint64_t> operands_of_class(std::string_view cls) {
  if (cls == "qNaN") return quiet_nans<F>();
  if (cls == "sNaN") return signaling_nans<F>();
  // Numbers: zeros, a subnormal, ±1, ±inf (ordering is irrelevant when the other side is a NaN).
  return {0, F::sign_bit, 1, one_bits<F>, one_bits<F> | F::sign_bit, F::infinity, F::infinity | F::sign_bit};
}

TYPED_TEST(MinMax, EveryNaNRuleWithEveryNaNCombination) {
  using F = TypeParam;
  int checked = 0;
  for (const NanCase& c : kNanCases) {
    const std::string_view classes(c.classes);
    const auto comma = classes.find(", ");
    const auto as = operands_of_class<F>(classes.substr(0, comma));
    const auto bs = operands_of_class<F>(classes.substr(comma + 2));
    for (size_t rule_index = 0; rule_index < 4; ++rule_index) {
      for (DefaultNan d : {DefaultNan::all_ones, DefaultNan::quiet}) {
        for (bool flush : {false, true}) {
          const MinMaxRules rules{flush, kAllNanRules[rule_index], d};
          for (uint64_t a : as) {
            for (uint64_t b : bs) {
              if (a == b) continue;  // "two NaNs" cases use two different NaNs, so a ≠ b shows
              // Flushing touches only the subnormal number (1 → +0); NaNs are never flushed.
              const uint64_t fa = flush && a == 1 ? 0 : a;
              const uint64_t fb = flush && b == 1 ? 0 : b;
              uint64_t want = 0;
              switch (c.pick[rule_index]) {
                case Pick::a: want = fa; break;
                case Pick::b: want = fb; break;
                case Pick::default_nan:
                  want = d == DefaultNan::all_ones ? (F::exp_mask | F::frac_mask) : (F::exp_mask | F::quiet_bit);
                  break;
                case Pick::a_quietened: want = a | F::quiet_bit; break;
              }
              const std::string where = fmt::format("{} ({:#x}, {:#x}), rule {}, flush {}", c.classes, a, b,
                                                    rule_name(kAllNanRules[rule_index]), flush);
              EXPECT_EQ(min<F>(a, b, rules), want) << "min " << where;
              EXPECT_EQ(max<F>(a, b, rules), want) << "max " << where;
              ++checked;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

TYPED_TEST(MinMax, SignalingNaNIsReturnedBitExactNotQuietened) {
  using F = TypeParam;
  // Intel's rule (signaling_wins) and minNum's "keep old" (number_else_first) never quieten.
  const uint64_t snan = F::sign_bit | F::exp_mask | 3;
  for (MinMaxNan rule : {MinMaxNan::signaling_wins, MinMaxNan::number_else_first}) {
    const MinMaxRules r{false, rule, DefaultNan::quiet};
    EXPECT_EQ(min<F>(snan, snan ^ 2, r), snan);
    EXPECT_EQ(max<F>(snan, snan ^ 2, r), snan);
  }
  EXPECT_EQ(min<F>(one_bits<F>, snan, {false, MinMaxNan::signaling_wins, DefaultNan::quiet}), snan);
  EXPECT_EQ(max<F>(snan, one_bits<F>, {false, MinMaxNan::signaling_wins, DefaultNan::quiet}), snan);
}

// ---- flush_inputs ---------------------------------------------------------------------------

TYPED_TEST(MinMax, FlushInputsTurnsSubnormalsIntoSignedZeros) {
  using F = TypeParam;
  const uint64_t small = 3;             // 3 × smallest subnormal
  const uint64_t large = F::frac_mask;  // largest subnormal
  const uint64_t neg_small = small | F::sign_bit;
  const MinMaxRules keep{false, MinMaxNan::number_else_default, DefaultNan::all_ones};
  const MinMaxRules flush{true, MinMaxNan::number_else_default, DefaultNan::all_ones};

  // Kept: ordinary order of subnormals.
  EXPECT_EQ(max<F>(small, large, keep), large);
  EXPECT_EQ(min<F>(small, large, keep), small);
  EXPECT_EQ(min<F>(neg_small, 0, keep), neg_small);
  EXPECT_EQ(max<F>(neg_small, F::sign_bit, keep), F::sign_bit);  // −0 > −subnormal
  // Flushed: both become +0, and the result is the flushed value, +0.
  EXPECT_EQ(max<F>(small, large, flush), 0u);
  EXPECT_EQ(min<F>(small, large, flush), 0u);
  // −subnormal becomes −0, which is below +0.
  EXPECT_EQ(min<F>(neg_small, 0, flush), F::sign_bit);
  EXPECT_EQ(max<F>(neg_small, 0, flush), 0u);
  // A subnormal against a normal: the flushed zero is what comes back.
  EXPECT_EQ(min<F>(large, one_bits<F>, flush), 0u);
  EXPECT_EQ(max<F>(neg_small, one_bits<F> | F::sign_bit, flush), F::sign_bit);
  // Normal values are untouched by flushing.
  EXPECT_EQ(min<F>(one_bits<F>, 1ULL << F::frac_bits, flush), 1ULL << F::frac_bits);
}

// ---- Ordering against the host --------------------------------------------------------------

// min/max of two non-NaN values by the host's comparison of their (exact) double values; equal
// values are the same bits or ±0, and then −0 is the smaller.
template <class F>
std::pair<uint64_t, uint64_t> host_min_max(uint64_t a, uint64_t b) {
  const double x = host_value<F>(a);
  const double y = host_value<F>(b);
  if (x < y) return {a, b};
  if (y < x) return {b, a};
  if (a == b) return {a, a};
  const uint64_t neg = (a & F::sign_bit) ? a : b;  // ±0
  return {neg, neg == a ? b : a};
}

template <class F>
void check_order(uint64_t a, uint64_t b, bool flush, int& failures) {
  if (is_nan<F>(a) || is_nan<F>(b)) return;
  const MinMaxRules r{flush, MinMaxNan::number_else_default, DefaultNan::all_ones};
  const uint64_t fa = flush && exponent_of<F>(a) == 0 ? (a & F::sign_bit) : a;
  const uint64_t fb = flush && exponent_of<F>(b) == 0 ? (b & F::sign_bit) : b;
  const auto [want_min, want_max] = host_min_max<F>(fa, fb);
  const uint64_t got_min = min<F>(a, b, r);
  const uint64_t got_max = max<F>(a, b, r);
  if ((got_min != want_min || got_max != want_max) && ++failures <= 10) {
    ADD_FAILURE() << fmt::format("{}: min/max({:#x}, {:#x}) flush={} = {:#x}/{:#x}, host says {:#x}/{:#x}",
                                 FormatNames::GetName<F>(), a, b, flush, got_min, got_max, want_min, want_max);
  }
}

TYPED_TEST(MinMax, OrderingMatchesHostComparisonOnRandomPairs) {
  using F = TypeParam;
  std::mt19937_64 rng(0x0de5 + F::width);
  int failures = 0;
  for (int i = 0; i < 200'000; ++i) {
    const uint64_t a = rng() & F::mask;
    uint64_t b = rng() & F::mask;
    switch (i % 4) {
      case 1: b = a ^ F::sign_bit; break;                           // same magnitude, other sign
      case 2: b = (a & ~F::frac_mask) | (b & F::frac_mask); break;  // same sign and exponent
      case 3: b = a; break;                                         // identical
      default: break;
    }
    check_order<F>(a, b, false, failures);
    check_order<F>(a, b, true, failures);
  }
  for (uint64_t a : special_values<F>()) {
    for (uint64_t b : special_values<F>()) {
      check_order<F>(a, b, false, failures);
      check_order<F>(a, b, true, failures);
    }
  }
  EXPECT_EQ(failures, 0);
}

TYPED_TEST(MinMax, IgnoresBitsAboveTheFormat) {
  using F = TypeParam;
  if constexpr (F::width < 64) {
    const uint64_t junk = ~F::mask;
    const MinMaxRules r{};
    EXPECT_EQ(min<F>(junk | one_bits<F>, 0, r), 0u);
    EXPECT_EQ(max<F>(junk | one_bits<F>, 0, r), one_bits<F>);
  }
}

}  // namespace
