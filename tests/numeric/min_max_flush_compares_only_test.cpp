// MinMaxRules::flush_compares_only: subnormal inputs are flushed for the comparison only and the
// result is the chosen operand's own bits (docs/spec/amd-isa.md §4, §7.1), against the plain
// flush that returns the flushed value; checked on every pair of special values for all formats.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "gpuatom/numeric/arithmetic.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::FormatNames;
using gpuatom::test::one_bits;
using gpuatom::test::special_values;

template <class F>
class MinMaxFlushComparesOnly : public ::testing::Test {};
using AllFormats = ::testing::Types<Half, BFloat16, Single, Double>;
TYPED_TEST_SUITE(MinMaxFlushComparesOnly, AllFormats, FormatNames);

TYPED_TEST(MinMaxFlushComparesOnly, ReturnsTheChosenSourceUnflushed) {
  using F = TypeParam;
  const uint64_t small = 3;  // 3 × smallest subnormal
  const uint64_t neg_small = small | F::sign_bit;
  const MinMaxRules compares_only{true, MinMaxNan::number_else_first_quiet, DefaultNan::quiet, true};
  const MinMaxRules flushed{true, MinMaxNan::number_else_first_quiet, DefaultNan::quiet, false};
  // A subnormal beside a larger normal: min picks the subnormal and returns its own bits.
  EXPECT_EQ(min<F>(small, one_bits<F>, compares_only), small);
  EXPECT_EQ(min<F>(small, one_bits<F>, flushed), 0u);
  EXPECT_EQ(max<F>(one_bits<F> | F::sign_bit, neg_small, compares_only), neg_small);
  EXPECT_EQ(max<F>(one_bits<F> | F::sign_bit, neg_small, flushed), F::sign_bit);
  // Compared as zeros: +subnormal ties +0, so the first operand (memory) is kept as it is.
  EXPECT_EQ(max<F>(small, 0, compares_only), small);
  EXPECT_EQ(max<F>(0, small, compares_only), 0u);
  EXPECT_EQ(min<F>(small, 0, compares_only), small);
  // −subnormal compares as −0, below +0 and +subnormal (as +0).
  EXPECT_EQ(min<F>(0, neg_small, compares_only), neg_small);
  EXPECT_EQ(max<F>(neg_small, small, compares_only), small);
  EXPECT_EQ(min<F>(small, neg_small, compares_only), neg_small);
  // Without flushing the ordinary order of subnormals holds, and the flag changes nothing.
  const MinMaxRules kept{false, MinMaxNan::number_else_first_quiet, DefaultNan::quiet, true};
  EXPECT_EQ(max<F>(small, 5, kept), 5u);
  EXPECT_EQ(min<F>(small, 0, kept), 0u);
}

// On every pair of special values: the result is one of the operands' own bits (or a NaN, by the
// NaN rule, which flushing does not touch), and its flushed value is what the plain flush gives.
TYPED_TEST(MinMaxFlushComparesOnly, AgreesWithThePlainFlushUpToTheReturnedBits) {
  using F = TypeParam;
  const MinMaxRules compares_only{true, MinMaxNan::number_else_first_quiet, DefaultNan::quiet, true};
  const MinMaxRules flushed{true, MinMaxNan::number_else_first_quiet, DefaultNan::quiet, false};
  int failures = 0;
  for (const uint64_t a : special_values<F>())
    for (const uint64_t b : special_values<F>())
      for (const bool want_max : {false, true}) {
        const uint64_t got = want_max ? max<F>(a, b, compares_only) : min<F>(a, b, compares_only);
        const uint64_t plain = want_max ? max<F>(a, b, flushed) : min<F>(a, b, flushed);
        const bool from_source = got == a || got == b || (is_nan<F>(got) && got == plain);
        if ((!from_source || flush_subnormal<F>(got) != plain) && ++failures <= 10)
          ADD_FAILURE() << fmt::format("{} {}({:#x}, {:#x}) = {:#x}, plain flush {:#x}", FormatNames::GetName<F>(),
                                       want_max ? "max" : "min", a, b, got, plain);
      }
  EXPECT_EQ(failures, 0);
}

}  // namespace
