// numeric::compare_swap: IEEE equality decides (−0 equals +0, a NaN equals nothing), flushed
// inputs make every subnormal equal zero, and a flushed result writes zero for a subnormal
// (docs/spec/amd-isa.md §4, §7.1).
#include <gtest/gtest.h>

#include "gpuatom/numeric/arithmetic.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::FormatNames;
using gpuatom::test::one_bits;
using gpuatom::test::quiet_nans;
using gpuatom::test::signaling_nans;

template <class F>
class CompareSwap : public ::testing::Test {};
using AllFormats = ::testing::Types<Half, BFloat16, Single, Double>;
TYPED_TEST_SUITE(CompareSwap, AllFormats, FormatNames);

TYPED_TEST(CompareSwap, SignedZerosMatchAndNaNsNever) {
  using F = TypeParam;
  const CompareRules ieee{};
  const uint64_t two = one_bits<F> + (1ULL << F::frac_bits);
  EXPECT_EQ(compare_swap<F>(0, F::sign_bit, two, ieee), two);  // +0 == −0: swapped
  EXPECT_EQ(compare_swap<F>(F::sign_bit, 0, two, ieee), two);
  EXPECT_EQ(compare_swap<F>(one_bits<F>, one_bits<F>, two, ieee), two);
  EXPECT_EQ(compare_swap<F>(one_bits<F>, two, 0, ieee), one_bits<F>);  // unequal: old stays
  std::vector<uint64_t> nans = quiet_nans<F>();
  for (const uint64_t s : signaling_nans<F>()) nans.push_back(s);
  for (const uint64_t nan : nans) {
    EXPECT_EQ(compare_swap<F>(nan, nan, two, ieee), nan) << std::hex << nan;  // not even its own bits
    EXPECT_EQ(compare_swap<F>(nan, one_bits<F>, two, ieee), nan);
    EXPECT_EQ(compare_swap<F>(one_bits<F>, nan, two, ieee), one_bits<F>);
  }
}

TYPED_TEST(CompareSwap, FlushedInputsAndResult) {
  using F = TypeParam;
  const uint64_t sub = 5, neg_sub = 5 | F::sign_bit, other_sub = F::frac_mask;
  const CompareRules kept{false, false};
  const CompareRules inputs{true, false};
  const CompareRules both{true, true};
  // Kept: a subnormal equals only itself.
  EXPECT_EQ(compare_swap<F>(sub, 0, one_bits<F>, kept), sub);
  EXPECT_EQ(compare_swap<F>(sub, sub, other_sub, kept), other_sub);
  // Flushed inputs: every subnormal equals ±0.
  EXPECT_EQ(compare_swap<F>(sub, 0, one_bits<F>, inputs), one_bits<F>);
  EXPECT_EQ(compare_swap<F>(0, neg_sub, one_bits<F>, inputs), one_bits<F>);
  EXPECT_EQ(compare_swap<F>(sub, other_sub, other_sub, inputs), other_sub);  // stored as given
  // Flushed result: the value written is flushed, swapped in or written back.
  EXPECT_EQ(compare_swap<F>(sub, other_sub, neg_sub, both), F::sign_bit);
  EXPECT_EQ(compare_swap<F>(neg_sub, one_bits<F>, one_bits<F>, both), F::sign_bit);
  EXPECT_EQ(compare_swap<F>(one_bits<F>, one_bits<F>, sub, both), 0u);
}

}  // namespace
