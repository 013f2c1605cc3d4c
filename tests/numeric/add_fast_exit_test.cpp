// add()'s fast exits (two normal operands skip the special-value checks; a zero beside a normal
// number returns it) against the general algorithm with every check, bit for bit: all binary16
// values against a spread of second operands, and random binary32 / binary64 pairs weighted
// towards zeros, subnormals and the exponent extremes, under every flush rule.
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
      for (const NanResult nan : {NanResult::canonical, NanResult::propagate})
        rules.push_back({flush_in, flush_out, nan, DefaultNan::all_ones});
  return rules;
}

// A value of format F with an exponent field drawn to hit the special cases often.
template <class F>
uint64_t draw(std::mt19937_64& rng) {
  const uint64_t pick = rng() % 8;
  uint64_t exponent;
  if (pick == 0) exponent = 0;
  else if (pick == 1) exponent = F::max_exp;
  else if (pick == 2) exponent = 1 + rng() % 3;
  else if (pick == 3) exponent = F::max_exp - 1 - rng() % 3;
  else exponent = rng() % (F::max_exp + 1);
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
  std::vector<uint64_t> others = {0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0x3c00, 0xbc00};
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
