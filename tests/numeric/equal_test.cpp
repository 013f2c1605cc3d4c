// numeric::equal: IEEE equality (docs/spec/intel.md §4.2, FCMPWR): −0 == +0, a NaN equals nothing,
// not even its own bits; flush_inputs makes every subnormal equal to zero.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>

#include "gpuatom/numeric/arithmetic.hpp"
#include "gpuatom/numeric/dispatch.hpp"
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
class Equal : public ::testing::Test {};
using AllFormats = ::testing::Types<Half, BFloat16, Single, Double>;
TYPED_TEST_SUITE(Equal, AllFormats, FormatNames);

TYPED_TEST(Equal, ZerosOfBothSignsAreEqual) {
  using F = TypeParam;
  for (bool flush : {false, true}) {
    EXPECT_TRUE(equal<F>(0, F::sign_bit, flush));
    EXPECT_TRUE(equal<F>(F::sign_bit, 0, flush));
    EXPECT_TRUE(equal<F>(F::sign_bit, F::sign_bit, flush));
  }
}

TYPED_TEST(Equal, NaNEqualsNothingNotEvenItsOwnBits) {
  using F = TypeParam;
  std::vector<uint64_t> nans = quiet_nans<F>();
  for (uint64_t s : signaling_nans<F>()) nans.push_back(s);
  for (uint64_t n : nans) {
    for (bool flush : {false, true}) {
      EXPECT_FALSE(equal<F>(n, n, flush)) << fmt::format("{:#x}", n);
      for (uint64_t other : special_values<F>()) {
        EXPECT_FALSE(equal<F>(n, other, flush)) << fmt::format("{:#x} == {:#x}", n, other);
        EXPECT_FALSE(equal<F>(other, n, flush)) << fmt::format("{:#x} == {:#x}", other, n);
      }
    }
  }
}

TYPED_TEST(Equal, FlushInputsMakesSubnormalsEqualToZero) {
  using F = TypeParam;
  const uint64_t sub = 5;
  const uint64_t other_sub = F::frac_mask;
  // Kept: a subnormal is a non-zero number, different from zero and from other subnormals.
  EXPECT_FALSE(equal<F>(sub, 0, false));
  EXPECT_FALSE(equal<F>(sub, other_sub, false));
  EXPECT_FALSE(equal<F>(sub, sub | F::sign_bit, false));
  EXPECT_TRUE(equal<F>(sub, sub, false));
  // Flushed: every subnormal is a zero of its sign, and all zeros are equal.
  EXPECT_TRUE(equal<F>(sub, 0, true));
  EXPECT_TRUE(equal<F>(sub, other_sub, true));
  EXPECT_TRUE(equal<F>(sub, sub | F::sign_bit, true));
  EXPECT_TRUE(equal<F>(F::sign_bit | other_sub, 0, true));
  // Normal values are not affected.
  EXPECT_FALSE(equal<F>(1ULL << F::frac_bits, 0, true));
  EXPECT_TRUE(equal<F>(one_bits<F>, one_bits<F>, true));
}

TYPED_TEST(Equal, MatchesHostEqualityOnRandomAndSpecialPairs) {
  using F = TypeParam;
  std::mt19937_64 rng(0xe9a1 + F::width);
  int failures = 0;
  auto check = [&](uint64_t a, uint64_t b) {
    const bool want = host_value<F>(a) == host_value<F>(b);  // the host's IEEE ==: NaN false, ±0 true
    if (equal<F>(a, b) != want && ++failures <= 10) {
      ADD_FAILURE() << fmt::format("equal({:#x}, {:#x}) should be {}", a, b, want);
    }
  };
  for (int i = 0; i < 100'000; ++i) {
    const uint64_t a = rng() & F::mask;
    check(a, rng() & F::mask);
    check(a, a);
    check(a, a ^ F::sign_bit);
    check(a, a ^ 1);
  }
  for (uint64_t a : special_values<F>()) {
    for (uint64_t b : special_values<F>()) check(a, b);
  }
  EXPECT_EQ(failures, 0);
}

TEST(EqualDispatch, RunTimeFormatMatchesTemplate) {
  EXPECT_TRUE(equal(FormatId::f32, 0x80000000, 0x00000000));
  EXPECT_FALSE(equal(FormatId::f32, 0x7fc00000, 0x7fc00000));
  EXPECT_TRUE(equal(FormatId::f16, 0x0001, 0x8000, true));
  EXPECT_FALSE(equal(FormatId::f16, 0x0001, 0x8000, false));
  EXPECT_FALSE(equal(FormatId::bf16, 0x7fc0, 0x7fc0));
  EXPECT_TRUE(equal(FormatId::f64, 0x8000000000000000, 0));
}

}  // namespace
