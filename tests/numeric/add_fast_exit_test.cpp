// add()'s fast exits (two normal operands skip the special-value checks; a zero beside a normal
// number returns it) against the general algorithm with every check, bit for bit: all binary16
// values against a spread of second operands, and random binary32 / binary64 pairs weighted
// towards zeros, subnormals and the exponent extremes, under every flush rule. And
// add_without_rules(), the executor's call-free add: where it answers, add() under every platform
// rule gives the same bits, and it answers for every pair of normal numbers or zeros (not both
// zero) whose sum is not subnormal.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gpuatom/numeric/arithmetic.hpp"

namespace {

using namespace gpuatom::numeric;

std::vector<AddRules> all_rules() {
  std::vector<AddRules> rules;
  for (const bool flush_in : {false, true})
    for (const bool flush_out : {false, true})
      for (const NanResult nan : {NanResult::canonical, NanResult::propagate, NanResult::last_exact})
        rules.push_back({flush_in, flush_out, nan,
                         nan == NanResult::last_exact ? DefaultNan::negative_quiet : DefaultNan::all_ones});
  return rules;
}

// A value of format F with an exponent field drawn to hit the special cases often.
template <class F>
uint64_t draw(std::mt19937_64& rng) {
  const uint64_t pick = rng() % 8;
  uint64_t exponent;
  if (pick == 0)
    exponent = 0;
  else if (pick == 1)
    exponent = F::max_exp;
  else if (pick == 2)
    exponent = 1 + rng() % 3;
  else if (pick == 3)
    exponent = F::max_exp - 1 - rng() % 3;
  else
    exponent = rng() % (F::max_exp + 1);
  uint64_t fraction = rng() & F::frac_mask;
  if (rng() % 4 == 0) fraction = 0;
  return ((rng() & 1) ? F::sign_bit : 0) | (exponent << F::frac_bits) | fraction;
}

template <class F>
void expect_random_pairs_match(int count) {
  std::mt19937_64 rng(42);
  const auto rules = all_rules();
  for (int k = 0; k < count; ++k) {
    const uint64_t a = draw<F>(rng), b = draw<F>(rng);
    for (const AddRules& r : rules)
      ASSERT_EQ(add<F>(a, b, r), detail::add_general<F>(a, b, r, false)) << std::hex << a << " + " << b;
  }
}

}  // namespace

TEST(AddFastExits, EveryHalfAgainstSpecialAndRandomOperandsMatchesTheGeneralAlgorithm) {
  std::mt19937_64 rng(7);
  std::vector<uint64_t> others = {0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x7bff, 0xfbff,
                                  0x7c00, 0xfc00, 0x7e00, 0x7c01, 0x3c00, 0xbc00};
  for (int k = 0; k < 24; ++k) others.push_back(draw<Half>(rng));
  const auto rules = all_rules();
  for (uint64_t a = 0; a <= 0xffff; ++a)
    for (const uint64_t b : others)
      for (const AddRules& r : rules) {
        ASSERT_EQ(add<Half>(a, b, r), detail::add_general<Half>(a, b, r, false)) << std::hex << a << " + " << b;
        ASSERT_EQ(add<Half>(b, a, r), detail::add_general<Half>(b, a, r, false)) << std::hex << b << " + " << a;
      }
}

TEST(AddFastExits, RandomSingleAndDoublePairsMatchTheGeneralAlgorithm) {
  expect_random_pairs_match<Single>(300000);
  expect_random_pairs_match<Double>(100000);
}

namespace {

// add_without_rules() against add() under every rule, and whether it answers exactly where it
// should: both operands normal or zero, not both zero, and the rule-free sum not subnormal.
template <class F>
void expect_without_rules_agrees(uint64_t a, uint64_t b, const std::vector<AddRules>& rules) {
  const auto normal = [](uint64_t v) { return exponent_of<F>(v) != 0 && exponent_of<F>(v) != F::max_exp; };
  const auto zero = [](uint64_t v) { return (v & ~F::sign_bit) == 0; };
  uint64_t sum = 0;
  const bool answered = add_without_rules<F>(a, b, sum);
  const uint64_t plain = add<F>(a, b, AddRules{});
  const bool should =
      (normal(a) || zero(a)) && (normal(b) || zero(b)) && !(zero(a) && zero(b)) && !is_subnormal<F>(plain);
  ASSERT_EQ(answered, should) << std::hex << a << " + " << b;
  if (!answered) return;
  for (const AddRules& r : rules) ASSERT_EQ(sum, add<F>(a, b, r)) << std::hex << a << " + " << b;
}

}  // namespace

TEST(AddWithoutRules, EveryHalfAgainstSpecialAndRandomOperandsAgreesWithEveryRule) {
  std::mt19937_64 rng(11);
  std::vector<uint64_t> others = {0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x8400, 0x0401, 0x7bff,
                                  0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0x3c00, 0xbc00};
  for (int k = 0; k < 24; ++k) others.push_back(draw<Half>(rng));
  const auto rules = all_rules();
  for (uint64_t a = 0; a <= 0xffff; ++a)
    for (const uint64_t b : others) {
      expect_without_rules_agrees<Half>(a, b, rules);
      expect_without_rules_agrees<Half>(b, a, rules);
    }
}

TEST(AddWithoutRules, RandomSingleAndDoublePairsAgreeWithEveryRule) {
  std::mt19937_64 rng(12);
  const auto rules = all_rules();
  for (int k = 0; k < 200000; ++k) expect_without_rules_agrees<Single>(draw<Single>(rng), draw<Single>(rng), rules);
  for (int k = 0; k < 50000; ++k) expect_without_rules_agrees<Double>(draw<Double>(rng), draw<Double>(rng), rules);
}

TEST(AddWithoutRules, CancellationIntoTheSubnormalRangeIsLeftToTheRules) {
  uint64_t sum = 0;
  // 2^-126 + 2^-149 - 2^-126 = 2^-149: subnormal, which a flushing platform turns into +0.
  EXPECT_FALSE(add_without_rules<Single>(0x00800001, 0x80800000, sum));
  // One exponent up, 2^-125 + 2^-148 - 2^-125 = 2^-148 is subnormal too; 1.5 - 1 = 0.5 is normal.
  EXPECT_FALSE(add_without_rules<Single>(0x01000001, 0x81000000, sum));
  ASSERT_TRUE(add_without_rules<Single>(0x3fc00000, 0xbf800000, sum));
  EXPECT_EQ(sum, 0x3f000000u);
  // x - x = +0: answered (every rule gives +0 under round-to-nearest).
  ASSERT_TRUE(add_without_rules<Single>(0x40490fdb, 0xc0490fdb, sum));
  EXPECT_EQ(sum, 0u);
}
