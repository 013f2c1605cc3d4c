// Checks of the oracle itself (tests/numeric/mpfr_oracle.hpp), so that agreement between
// numeric::add and the oracle means something: on f32 and f64 the host's own IEEE add (round to
// nearest even, subnormals kept, in the default FPU mode) is a second, unrelated reference, and
// bit patterns must survive the trip into MPFR and back.
#include "numeric/mpfr_oracle.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <bit>
#include <cfenv>
#include <random>

#include "gpuatom/numeric/format.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::mpfr_add_bits;
using gpuatom::test::random_close_pair;
using gpuatom::test::special_values;

// The host's add, through volatile so it happens at run time in the current (default) mode.
uint64_t host_add_f32(uint64_t a, uint64_t b) {
  volatile float x = std::bit_cast<float>(static_cast<uint32_t>(a));
  volatile float y = std::bit_cast<float>(static_cast<uint32_t>(b));
  return std::bit_cast<uint32_t>(static_cast<float>(x + y));
}
uint64_t host_add_f64(uint64_t a, uint64_t b) {
  volatile double x = std::bit_cast<double>(a);
  volatile double y = std::bit_cast<double>(b);
  return std::bit_cast<uint64_t>(static_cast<double>(x + y));
}

template <class F>
void oracle_matches_host(uint64_t (*host)(uint64_t, uint64_t), uint64_t seed) {
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  std::mt19937_64 rng(seed);
  int failures = 0;
  long compared = 0;
  auto check = [&](uint64_t a, uint64_t b) {
    const uint64_t want = host(a, b);
    if (is_nan<F>(want)) return;  // NaN payloads are the rules' business, not MPFR's
    ++compared;
    const uint64_t got = mpfr_add_bits<F>(a, b);
    if (got != want && ++failures <= 10) {
      ADD_FAILURE() << fmt::format("oracle {:#x} + {:#x} = {:#x}, host says {:#x}", a, b, got, want);
    }
  };
  for (int i = 0; i < 300'000; ++i) {
    check(rng() & F::mask, rng() & F::mask);
    const auto [a, b] = random_close_pair<F>(rng);
    check(a, b);
  }
  for (uint64_t a : special_values<F>()) {
    for (uint64_t b : special_values<F>()) check(a, b);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(compared, 500'000);
}

TEST(MpfrOracle, F32AgreesWithHostFloatAdd) { oracle_matches_host<Single>(host_add_f32, 0x0ac1e32); }
TEST(MpfrOracle, F64AgreesWithHostDoubleAdd) { oracle_matches_host<Double>(host_add_f64, 0x0ac1e64); }

template <class F>
void round_trip(uint64_t bits) {
  mpfr_t v, scratch;
  mpfr_inits2(F::frac_bits + 1, v, scratch, static_cast<mpfr_ptr>(nullptr));
  gpuatom::test::to_mpfr<F>(v, bits);
  EXPECT_EQ(gpuatom::test::from_mpfr<F>(v, scratch), bits) << fmt::format("{:#x}", bits);
  mpfr_clears(v, scratch, static_cast<mpfr_ptr>(nullptr));
}

TEST(MpfrOracle, EveryNonNaN16BitPatternRoundTrips) {
  for (uint64_t bits = 0; bits <= 0xffff; ++bits) {
    if (!is_nan<Half>(bits)) round_trip<Half>(bits);
    if (!is_nan<BFloat16>(bits)) round_trip<BFloat16>(bits);
  }
}

TEST(MpfrOracle, SpecialValuesRoundTrip) {
  for (uint64_t bits : special_values<Single>()) {
    if (!is_nan<Single>(bits)) round_trip<Single>(bits);
  }
  for (uint64_t bits : special_values<Double>()) {
    if (!is_nan<Double>(bits)) round_trip<Double>(bits);
  }
}

TEST(MpfrOracle, ValuesAreExact) {
  // Spot checks of the conversion into MPFR against values known by definition.
  mpfr_t v;
  mpfr_init2(v, 64);
  gpuatom::test::to_mpfr<Half>(v, 0x0001);  // smallest f16 subnormal: 2^-24
  EXPECT_EQ(mpfr_cmp_ui_2exp(v, 1, -24), 0);
  gpuatom::test::to_mpfr<BFloat16>(v, 0x0001);  // smallest bf16 subnormal: 2^-133
  EXPECT_EQ(mpfr_cmp_ui_2exp(v, 1, -133), 0);
  gpuatom::test::to_mpfr<Double>(v, 0x0000000000000001);  // 2^-1074
  EXPECT_EQ(mpfr_cmp_ui_2exp(v, 1, -1074), 0);
  gpuatom::test::to_mpfr<Half>(v, 0x7bff);  // 65504
  EXPECT_EQ(mpfr_cmp_ui(v, 65504), 0);
  gpuatom::test::to_mpfr<Single>(v, 0xbf800000);  // −1
  EXPECT_EQ(mpfr_cmp_si(v, -1), 0);
  gpuatom::test::to_mpfr<Single>(v, 0x80000000);  // −0
  EXPECT_TRUE(mpfr_zero_p(v) && mpfr_signbit(v));
  mpfr_clear(v);
}

}  // namespace
