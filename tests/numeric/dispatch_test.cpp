// numeric/dispatch.hpp: the run-time FormatId chooses the same arithmetic as the templates, and
// only the format's low bits of each operand are read.
#include "gpuatom/numeric/dispatch.hpp"

#include <gtest/gtest.h>

#include <random>

#include "gpuatom/numeric/arithmetic.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;

template <class F>
void same_as_template(FormatId id, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const AddRules add_rules[] = {{}, {true, true, NanResult::propagate, DefaultNan::quiet}};
  const MinMaxRules mm_rules[] = {{}, {true, MinMaxNan::signaling_wins, DefaultNan::quiet}};
  for (int i = 0; i < 20'000; ++i) {
    const uint64_t a = rng() & F::mask;
    const uint64_t b = rng() & F::mask;
    const uint64_t r = rng();
    for (int k = 0; k < 2; ++k) {
      EXPECT_EQ(add(id, a, b, add_rules[k]), add<F>(a, b, add_rules[k]));
      EXPECT_EQ(min(id, a, b, mm_rules[k]), min<F>(a, b, mm_rules[k]));
      EXPECT_EQ(max(id, a, b, mm_rules[k]), max<F>(a, b, mm_rules[k]));
      EXPECT_EQ(equal(id, a, b, k == 1), equal<F>(a, b, k == 1));
    }
    // Bits above the format are ignored (f64 has none).
    const uint64_t junk_a = a | (r & ~F::mask);
    const uint64_t junk_b = b | ((r << 7) & ~F::mask);
    EXPECT_EQ(add(id, junk_a, junk_b, {}), add<F>(a, b, {}));
    EXPECT_EQ(min(id, junk_a, junk_b, {}), min<F>(a, b, {}));
    EXPECT_EQ(max(id, junk_a, junk_b, {}), max<F>(a, b, {}));
    EXPECT_EQ(equal(id, junk_a, junk_b), equal<F>(a, b));
  }
}

TEST(Dispatch, F16MatchesTemplate) { same_as_template<Half>(FormatId::f16, 1); }
TEST(Dispatch, BF16MatchesTemplate) { same_as_template<BFloat16>(FormatId::bf16, 2); }
TEST(Dispatch, F32MatchesTemplate) { same_as_template<Single>(FormatId::f32, 3); }
TEST(Dispatch, F64MatchesTemplate) { same_as_template<Double>(FormatId::f64, 4); }

TEST(Dispatch, FormatsAreToldApart) {
  // 0x3c00 is 1.0 in f16 and 1.0 + 1.0 = 2.0 (0x4000); in bf16 0x3c00 is 2^-7, sum 2^-6 = 0x3c80.
  EXPECT_EQ(add(FormatId::f16, 0x3c00, 0x3c00, {}), 0x4000u);
  EXPECT_EQ(add(FormatId::bf16, 0x3c00, 0x3c00, {}), 0x3c80u);
  // 0x00010000 is a subnormal in f32; in f16 only its low 16 bits (0) are read.
  EXPECT_EQ(add(FormatId::f32, 0x00010000, 0x00010000, {}), 0x00020000u);
  EXPECT_EQ(add(FormatId::f16, 0x00010000, 0x00010000, {}), 0u);
}

}  // namespace
