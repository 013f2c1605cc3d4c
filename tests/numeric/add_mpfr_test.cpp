// numeric::add against GNU MPFR (tests/numeric/mpfr_oracle.hpp) for f32 and f64: a million
// random bit patterns and a million close-exponent pairs each, flush off and flush on; every pair
// of special values in all four formats; constructed exact ties and near ties.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "gpuatom/numeric/arithmetic.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::FormatNames;
using gpuatom::test::max_finite_bits;
using gpuatom::test::mpfr_add_bits;
using gpuatom::test::one_bits;
using gpuatom::test::random_bits;
using gpuatom::test::random_close_pair;
using gpuatom::test::reference_add;
using gpuatom::test::special_values;

constexpr int kRandomPairs = 1'000'000;

// The four NaN policies; a test cycles through them so each random NaN input meets all of them.
constexpr AddRules kNanPolicies[] = {
    {false, false, NanResult::canonical, DefaultNan::all_ones},
    {false, false, NanResult::canonical, DefaultNan::quiet},
    {false, false, NanResult::propagate, DefaultNan::all_ones},
    {false, false, NanResult::propagate, DefaultNan::quiet},
};

AddRules rules_for(uint64_t i, bool flush_inputs, bool flush_result) {
  AddRules r = kNanPolicies[i % 4];
  r.flush_inputs = flush_inputs;
  r.flush_result = flush_result;
  return r;
}

std::string describe(const AddRules& r) {
  return fmt::format("flush_inputs={} flush_result={} nan={} default_nan={}", r.flush_inputs, r.flush_result,
                     r.nan == NanResult::canonical ? "canonical" : "propagate",
                     r.default_nan == DefaultNan::all_ones ? "all_ones" : "quiet");
}

// Compares add<F> with the oracle; reports the first few mismatches in full, counts the rest.
template <class F>
class AddChecker {
 public:
  void check(uint64_t a, uint64_t b, const AddRules& rules) {
    const uint64_t got = add<F>(a, b, rules);
    const uint64_t want = reference_add<F>(a, b, rules);
    ++checked_;
    if (got == want) return;
    if (++failures_ <= 10) {
      ADD_FAILURE() << fmt::format("add<{}-bit>({:#x}, {:#x}) [{}] = {:#x}, MPFR/rules say {:#x}", F::width, a, b,
                                   describe(rules), got, want);
    }
  }
  ~AddChecker() { EXPECT_EQ(failures_, 0) << "mismatches out of " << checked_ << " checked"; }
  long checked() const { return checked_; }

 private:
  long checked_ = 0;
  long failures_ = 0;
};

// ---- Random pairs: f32 and f64 --------------------------------------------------------------

template <class F>
void random_bit_patterns(uint64_t seed, bool flush) {
  std::mt19937_64 rng(seed);
  AddChecker<F> checker;
  for (uint64_t i = 0; i < kRandomPairs; ++i) {
    const uint64_t a = random_bits<F>(rng);
    const uint64_t b = random_bits<F>(rng);
    checker.check(a, b, rules_for(i, flush, flush));
  }
  EXPECT_EQ(checker.checked(), kRandomPairs);
}

// What the close-pair generator really produced, so the test fails if it stops producing the
// hard cases (exact ties of both directions, cancellation, overflow, subnormal results).
struct Coverage {
  long ties_rounded_up = 0;       // exact sum halfway between two floats, rounded away from zero
  long ties_rounded_down = 0;     // … rounded towards zero
  long exact_zero = 0;            // x + (−x)
  long massive_cancellation = 0;  // result exponent at least 2 below the larger operand's
  long overflow = 0;              // finite operands, infinite sum
  long subnormal_result = 0;
};

// Classifies one finite pair with an exact MPFR sum at high precision. Pairs whose exact sum needs
// more bits than that (far-apart exponents) are not classified.
template <class F>
class CoverageCounter {
 public:
  CoverageCounter() { mpfr_inits2(4 * (F::frac_bits + 1), x_, y_, exact_, rounded_, static_cast<mpfr_ptr>(nullptr)); }
  ~CoverageCounter() { mpfr_clears(x_, y_, exact_, rounded_, static_cast<mpfr_ptr>(nullptr)); }

  void count(uint64_t a, uint64_t b, uint64_t sum) {
    if (is_nan<F>(a) || is_nan<F>(b) || is_infinity<F>(a) || is_infinity<F>(b)) return;
    if (is_infinity<F>(sum)) ++coverage.overflow;
    if (is_subnormal<F>(sum)) ++coverage.subnormal_result;
    if (is_zero<F>(sum) && !is_zero<F>(a)) ++coverage.exact_zero;
    const uint64_t larger_exp = std::max(exponent_of<F>(a), exponent_of<F>(b));
    if (!is_zero<F>(sum) && exponent_of<F>(sum) + 2 <= larger_exp) ++coverage.massive_cancellation;
    gpuatom::test::to_mpfr<F>(x_, a);
    gpuatom::test::to_mpfr<F>(y_, b);
    if (mpfr_add(exact_, x_, y_, MPFR_RNDN) != 0 || mpfr_zero_p(exact_)) return;  // not exact here
    // A tie: the exact sum is a normal-range value needing exactly one bit more than F has.
    const long unbiased = static_cast<long>(mpfr_get_exp(exact_)) - 1;
    if (unbiased < 1 - F::bias || mpfr_min_prec(exact_) != F::frac_bits + 2) return;
    mpfr_set_prec(rounded_, F::frac_bits + 1);
    gpuatom::test::to_mpfr<F>(rounded_, sum);
    if (mpfr_cmpabs(rounded_, exact_) > 0) {
      ++coverage.ties_rounded_up;
    } else {
      ++coverage.ties_rounded_down;
    }
    mpfr_set_prec(rounded_, 4 * (F::frac_bits + 1));
  }

  Coverage coverage;

 private:
  mpfr_t x_, y_, exact_, rounded_;
};

template <class F>
void random_close_pairs(uint64_t seed, bool flush) {
  std::mt19937_64 rng(seed);
  AddChecker<F> checker;
  CoverageCounter<F> counter;
  long flush_mattered = 0;  // pairs whose correct result differs with flushing
  for (uint64_t i = 0; i < kRandomPairs; ++i) {
    const auto [a, b] = random_close_pair<F>(rng);
    const AddRules rules = rules_for(i, flush, flush);
    checker.check(a, b, rules);
    if (flush) {
      flush_mattered += reference_add<F>(a, b, rules) != reference_add<F>(a, b, rules_for(i, false, false));
    } else {
      counter.count(a, b, reference_add<F>(a, b, rules));
    }
  }
  if (flush) {
    EXPECT_GT(flush_mattered, 10000);
    return;
  }
  // Each hard case must really occur, many times.
  const Coverage& c = counter.coverage;
  std::printf(
      "coverage: ties up %ld, ties down %ld, exact zero %ld, massive cancellation %ld, overflow %ld, "
      "subnormal results %ld\n",
      c.ties_rounded_up, c.ties_rounded_down, c.exact_zero, c.massive_cancellation, c.overflow, c.subnormal_result);
  EXPECT_GT(c.ties_rounded_up, 10000);
  EXPECT_GT(c.ties_rounded_down, 10000);
  EXPECT_GT(c.exact_zero, 1000);
  EXPECT_GT(c.massive_cancellation, 100000);
  EXPECT_GT(c.overflow, 5000);
  EXPECT_GT(c.subnormal_result, 5000);
}

TEST(AddVsMpfr, F32RandomBitPatternsFlushOff) { random_bit_patterns<Single>(0x5eed0032, false); }
TEST(AddVsMpfr, F32RandomBitPatternsFlushOn) { random_bit_patterns<Single>(0x5eed1032, true); }
TEST(AddVsMpfr, F32ClosePairsFlushOff) { random_close_pairs<Single>(0x5eed2032, false); }
TEST(AddVsMpfr, F32ClosePairsFlushOn) { random_close_pairs<Single>(0x5eed3032, true); }
TEST(AddVsMpfr, F64RandomBitPatternsFlushOff) { random_bit_patterns<Double>(0x5eed0064, false); }
TEST(AddVsMpfr, F64RandomBitPatternsFlushOn) { random_bit_patterns<Double>(0x5eed1064, true); }
TEST(AddVsMpfr, F64ClosePairsFlushOff) { random_close_pairs<Double>(0x5eed2064, false); }
TEST(AddVsMpfr, F64ClosePairsFlushOn) { random_close_pairs<Double>(0x5eed3064, true); }

// Flushing only the inputs, or only the result, are separate switches: check each alone too.
template <class F>
void close_pairs_one_flush(uint64_t seed) {
  std::mt19937_64 rng(seed);
  AddChecker<F> checker;
  for (uint64_t i = 0; i < kRandomPairs / 4; ++i) {
    const auto [a, b] = random_close_pair<F>(rng);
    checker.check(a, b, rules_for(i, true, false));
    checker.check(a, b, rules_for(i, false, true));
  }
}
TEST(AddVsMpfr, F32ClosePairsFlushInputsOrResultAlone) { close_pairs_one_flush<Single>(0x5eed4032); }
TEST(AddVsMpfr, F64ClosePairsFlushInputsOrResultAlone) { close_pairs_one_flush<Double>(0x5eed4064); }

// ---- Typed tests over all four formats ------------------------------------------------------

template <class F>
class AddAllFormats : public ::testing::Test {};
using AllFormats = ::testing::Types<Half, BFloat16, Single, Double>;
TYPED_TEST_SUITE(AddAllFormats, AllFormats, FormatNames);

// Every ordered pair of special values, under every flush combination and NaN policy.
TYPED_TEST(AddAllFormats, EveryPairOfSpecialValues) {
  using F = TypeParam;
  const auto values = special_values<F>();
  AddChecker<F> checker;
  for (uint64_t a : values) {
    for (uint64_t b : values) {
      for (int flush = 0; flush < 4; ++flush) {
        for (uint64_t policy = 0; policy < 4; ++policy) {
          checker.check(a, b, rules_for(policy, flush & 1, flush & 2));
        }
      }
    }
  }
  EXPECT_EQ(checker.checked(), static_cast<long>(values.size() * values.size() * 16));
}

// Bits of 2^k in F, or 0 if 2^k is not representable (too small or too large).
template <class F>
uint64_t power_of_two(int k) {
  const int biased = k + F::bias;
  if (biased >= F::max_exp) return 0;
  if (biased >= 1) return static_cast<uint64_t>(biased) << F::frac_bits;
  const int sub = biased - 1 + F::frac_bits;  // 2^k = 2^sub · smallest subnormal
  return sub >= 0 ? 1ULL << sub : 0;
}

struct Tie {
  uint64_t a, b, expected;
  const char* what;
};

// Pairs whose exact sum is a midpoint between two adjacent floats (ties), or one unit of b's last
// place either side of it (near ties). The expected result comes from the IEEE rule alone: the
// neighbours of a positive float are its bit pattern ±1 (that holds across binades and up to
// infinity), and a tie goes to the neighbour with an even last bit.
template <class F>
std::vector<Tie> constructed_ties() {
  std::vector<Tie> ties;
  const uint64_t fractions[] = {0, 1, 2, 3, F::quiet_bit, F::quiet_bit | 1, F::frac_mask - 1, F::frac_mask};
  const int exponents[] = {2,       3,           F::frac_bits,   F::frac_bits + 1, F::frac_bits + 2,
                           F::bias, F::bias + 1, F::max_exp - 2, F::max_exp - 1};
  auto even_of = [](uint64_t x, uint64_t y) { return (x & 1) == 0 ? x : y; };
  for (int e : exponents) {
    for (uint64_t f : fractions) {
      const uint64_t a = (static_cast<uint64_t>(e) << F::frac_bits) | f;
      const int ulp_exp = e - F::bias - F::frac_bits;  // a's last place is 2^ulp_exp
      // Upward: a + ulp/2 lies halfway between a and a + 1 (its successor, maybe infinity).
      if (const uint64_t half = power_of_two<F>(ulp_exp - 1)) {
        ties.push_back({a, half, even_of(a, a + 1), "a + ulp/2: tie to even"});
        ties.push_back({a, half + 1, a + 1, "a + (ulp/2 + tiny): above the midpoint, up"});
        ties.push_back({a, half - 1, a, "a + (ulp/2 − tiny): below the midpoint, stays"});
      }
      // Downward: a − gap/2, where the gap below a is half an ulp when a is a power of two.
      const int gap_exp = (f == 0 && e > 1) ? ulp_exp - 1 : ulp_exp;
      if (const uint64_t half = power_of_two<F>(gap_exp - 1)) {
        const uint64_t minus_half = half | F::sign_bit;
        ties.push_back({a, minus_half, even_of(a, a - 1), "a − gap/2: tie to even"});
        ties.push_back({a, minus_half + 1, a - 1, "a − (gap/2 + tiny): below the midpoint, down"});
        ties.push_back({a, minus_half - 1, a, "a − (gap/2 − tiny): above the midpoint, stays"});
      }
    }
  }
  // By symmetry of round-to-nearest-even, the negated pairs give the negated results.
  const size_t n = ties.size();
  for (size_t i = 0; i < n; ++i) {
    const Tie& t = ties[i];
    ties.push_back({t.a ^ F::sign_bit, t.b ^ F::sign_bit, t.expected ^ F::sign_bit, t.what});
  }
  return ties;
}

TYPED_TEST(AddAllFormats, ConstructedTiesAndNearTies) {
  using F = TypeParam;
  const auto ties = constructed_ties<F>();
  EXPECT_GT(ties.size(), 200u);
  int up = 0;
  int down = 0;
  for (const Tie& t : ties) {
    const std::string where = fmt::format("{:#x} + {:#x} ({})", t.a, t.b, t.what);
    // The rule-derived answer must agree with both the implementation and the oracle (this also
    // checks the oracle), in both operand orders.
    EXPECT_EQ(add<F>(t.a, t.b, {}), t.expected) << where;
    EXPECT_EQ(add<F>(t.b, t.a, {}), t.expected) << where;
    EXPECT_EQ(mpfr_add_bits<F>(t.a, t.b), t.expected) << where;
    if (std::string_view(t.what).find("tie to even") != std::string_view::npos) {
      ((t.expected & ~F::sign_bit) > (t.a & ~F::sign_bit) ? up : down)++;
    }
  }
  // Both directions of tie-to-even occur.
  EXPECT_GT(up, 20);
  EXPECT_GT(down, 20);
}

TYPED_TEST(AddAllFormats, ConstructedTiesIncludeOverflowAtTheTop) {
  using F = TypeParam;
  // Largest finite has an odd last bit, so largest + ulp/2 ties to the even neighbour: infinity.
  const uint64_t half_ulp = power_of_two<F>(F::max_exp - 2 - F::bias - F::frac_bits);
  ASSERT_NE(half_ulp, 0u);
  EXPECT_EQ(add<F>(max_finite_bits<F>, half_ulp, {}), F::infinity);
  EXPECT_EQ(add<F>(max_finite_bits<F> | F::sign_bit, half_ulp | F::sign_bit, {}), F::infinity | F::sign_bit);
  EXPECT_EQ(add<F>(max_finite_bits<F>, half_ulp - 1, {}), max_finite_bits<F>);
  // 1.0 + 1.0 = 2.0: the carry moves the exponent up by one and clears the fraction.
  EXPECT_EQ(add<F>(one_bits<F>, one_bits<F>, {}), one_bits<F> + (1ULL << F::frac_bits));
}

}  // namespace
