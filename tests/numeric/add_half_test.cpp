// numeric::add for the 16-bit formats (f16, bf16) against GNU MPFR: a sample of operands (every
// special class plus 64 random patterns) each added to ALL 2^16 partners, in both operand orders,
// flush off and flush on. The full 2^32-pair sweep is tests/sweep-half (`make sweep-f16`).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gpuatom/numeric/arithmetic.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::reference_add;
using gpuatom::test::special_values;

constexpr DefaultNan kDefaults[] = {DefaultNan::all_ones, DefaultNan::quiet};
constexpr NanResult kPolicies[] = {NanResult::canonical, NanResult::propagate};

template <class F>
std::vector<uint64_t> sample_operands(uint64_t seed) {
  std::vector<uint64_t> operands = special_values<F>();
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 64; ++i) operands.push_back(rng() & F::mask);
  return operands;
}

template <class F>
void against_all_partners(uint64_t seed, bool flush) {
  long checked = 0;
  long failures = 0;
  long nan_results = 0;
  long flushed_results = 0;
  for (uint64_t s : sample_operands<F>(seed)) {
    for (uint64_t p = 0; p <= F::mask; ++p) {
      // Cycle the NaN policy and default NaN with the partner, so every NaN meets all four.
      AddRules rules;
      rules.flush_inputs = rules.flush_result = flush;
      rules.nan = kPolicies[p & 1];
      rules.default_nan = kDefaults[(p >> 1) & 1];
      const uint64_t want = reference_add<F>(s, p, rules);
      // IEEE addition is commutative except for which NaN propagates; the oracle decides NaNs
      // without MPFR, so only NaN cases pay for a second reference.
      const bool any_nan = is_nan<F>(s) || is_nan<F>(p);
      const uint64_t want_swapped = any_nan ? reference_add<F>(p, s, rules) : want;
      const uint64_t got = add<F>(s, p, rules);
      const uint64_t got_swapped = add<F>(p, s, rules);
      checked += 2;
      nan_results += is_nan<F>(want);
      flushed_results += flush && is_zero<F>(want) && !is_zero<F>(reference_add<F>(s, p, {}));
      if (got != want || got_swapped != want_swapped) {
        if (++failures <= 10) {
          ADD_FAILURE() << fmt::format(
              "{}-bit flush={} nan={} default={}: add({:#06x}, {:#06x}) = {:#06x} want {:#06x}; "
              "add({:#06x}, {:#06x}) = {:#06x} want {:#06x}",
              F::width, flush, static_cast<int>(rules.nan), static_cast<int>(rules.default_nan), s, p, got, want, p, s,
              got_swapped, want_swapped);
        }
      }
    }
  }
  EXPECT_EQ(failures, 0) << "mismatches out of " << checked;
  EXPECT_GT(checked, 2L * 80 * 65536);
  EXPECT_GT(nan_results, 65536);  // every operand meets the 2 × 2^frac_bits NaN partners
  if (flush) {
    EXPECT_GT(flushed_results, 0);
  }
}

TEST(AddHalfVsMpfr, F16AgainstAllPartnersFlushOff) { against_all_partners<Half>(0xf16f0, false); }
TEST(AddHalfVsMpfr, F16AgainstAllPartnersFlushOn) { against_all_partners<Half>(0xf16f1, true); }
TEST(AddHalfVsMpfr, BF16AgainstAllPartnersFlushOff) { against_all_partners<BFloat16>(0xbf16f0, false); }
TEST(AddHalfVsMpfr, BF16AgainstAllPartnersFlushOn) { against_all_partners<BFloat16>(0xbf16f1, true); }

}  // namespace
