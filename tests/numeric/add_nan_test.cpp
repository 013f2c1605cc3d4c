// NaN results of numeric::add, written from the specs (shared/spec/nvidia.md §4.3, amd.md §7.1):
//  - canonical: every NaN result is the default NaN, whatever the inputs;
//  - propagate: the first NaN operand in the order (a, b), with its quiet bit set (payload and
//    sign kept); inf + (−inf) without a NaN input gives the default NaN;
//  - last_exact: the last NaN operand in the order (a, b), bit for bit (what NVIDIA's f64 atomic
//    add did on an H200: docs/hardware.md);
// with the kinds of default NaN (all ones: NVIDIA's 0x7fffffff; quiet: IEEE's 0x7fc00000;
// negative quiet: x86's and NVIDIA's f64 0xfff8000000000000).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "gpuatom/numeric/arithmetic.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::one_bits;
using gpuatom::test::quiet_nans;
using gpuatom::test::signaling_nans;
using gpuatom::test::special_values;

constexpr AddRules canonical(DefaultNan d) { return {false, false, NanResult::canonical, d}; }
constexpr AddRules propagate(DefaultNan d) { return {false, false, NanResult::propagate, d}; }
constexpr AddRules last_exact(DefaultNan d) { return {false, false, NanResult::last_exact, d}; }

// ---- f32, by hand ---------------------------------------------------------------------------

TEST(AddNanF32, CanonicalAllOnesIsNvidiaCanonicalNaN) {
  const AddRules r = canonical(DefaultNan::all_ones);
  EXPECT_EQ(add<Single>(0x7fc00000, 0x3f800000, r), 0x7fffffffu);  // qNaN + 1
  EXPECT_EQ(add<Single>(0x3f800000, 0x7f800001, r), 0x7fffffffu);  // 1 + sNaN
  EXPECT_EQ(add<Single>(0xffc12345, 0xffc00001, r), 0x7fffffffu);  // two negative qNaNs: sign cleared
  EXPECT_EQ(add<Single>(0x7fffffff, 0x7fffffff, r), 0x7fffffffu);
  EXPECT_EQ(add<Single>(0x7f800000, 0xff800000, r), 0x7fffffffu);  // +inf + −inf
  EXPECT_EQ(add<Single>(0xff800000, 0x7f800000, r), 0x7fffffffu);  // −inf + +inf
  EXPECT_EQ(add<Single>(0x7f800001, 0xff800000, r), 0x7fffffffu);  // sNaN + −inf
}

TEST(AddNanF32, CanonicalQuietIsIeeeDefaultNaN) {
  const AddRules r = canonical(DefaultNan::quiet);
  EXPECT_EQ(add<Single>(0x7fc00001, 0x3f800000, r), 0x7fc00000u);
  EXPECT_EQ(add<Single>(0x00000000, 0xff800001, r), 0x7fc00000u);
  EXPECT_EQ(add<Single>(0x7f800000, 0xff800000, r), 0x7fc00000u);
}

TEST(AddNanF32, PropagateKeepsFirstNaNMadeQuiet) {
  for (DefaultNan d : {DefaultNan::all_ones, DefaultNan::quiet}) {
    const AddRules r = propagate(d);
    EXPECT_EQ(add<Single>(0x7fc00001, 0x3f800000, r), 0x7fc00001u);  // quiet NaN: unchanged
    EXPECT_EQ(add<Single>(0x3f800000, 0x7fc00001, r), 0x7fc00001u);  // either side
    EXPECT_EQ(add<Single>(0x7f800001, 0x3f800000, r), 0x7fc00001u);  // sNaN: quiet bit set, payload kept
    EXPECT_EQ(add<Single>(0x3f800000, 0xff812345, r), 0xffc12345u);  // sign kept
    EXPECT_EQ(add<Single>(0x7f800002, 0x7fc00003, r), 0x7fc00002u);  // two NaNs: the first (a) ...
    EXPECT_EQ(add<Single>(0x7fc00003, 0x7f800002, r), 0x7fc00003u);  // ... whichever order
    EXPECT_EQ(add<Single>(0xff800005, 0x7f800006, r), 0xffc00005u);  // two sNaNs: the first, quietened
    EXPECT_EQ(add<Single>(0x7f800000, 0x7fa00000, r), 0x7fe00000u);  // inf + sNaN: the NaN, not inf
  }
  // inf − inf produces a NaN from nothing: the default NaN of the chosen kind.
  EXPECT_EQ(add<Single>(0x7f800000, 0xff800000, propagate(DefaultNan::all_ones)), 0x7fffffffu);
  EXPECT_EQ(add<Single>(0xff800000, 0x7f800000, propagate(DefaultNan::quiet)), 0x7fc00000u);
}

// The H200's ATOM.ADD.F64.RN cases (hw/results/h200): memory is a, the register operand b.
TEST(AddNanF64, LastExactKeepsTheOperandsNaNBitForBit) {
  const AddRules r = last_exact(DefaultNan::negative_quiet);
  EXPECT_EQ(add<Double>(0x0000000000000000, 0x7ff0000000000001, r), 0x7ff0000000000001u);  // sNaN stays signalling
  EXPECT_EQ(add<Double>(0x7ff4000000000000, 0x3ff0000000000000, r), 0x7ff4000000000000u);  // memory's sNaN too
  EXPECT_EQ(add<Double>(0x7ff8000000000000, 0xfff0000000000001, r), 0xfff0000000000001u);  // two NaNs: b's
  EXPECT_EQ(add<Double>(0xfff0000000000001, 0x7ff8000000000000, r), 0x7ff8000000000000u);  // whichever order
  EXPECT_EQ(add<Double>(0x7ff0000000000000, 0xfff0000000000000, r), 0xfff8000000000000u);  // +inf + −inf
  EXPECT_EQ(add<Double>(0xfff0000000000000, 0x7ff0000000000000, r), 0xfff8000000000000u);
}

TEST(AddNanF32, FlushDoesNotTouchNaNs) {
  // A NaN's exponent field is all ones, so flushing never changes it.
  const AddRules r{true, true, NanResult::propagate, DefaultNan::all_ones};
  EXPECT_EQ(add<Single>(0x00000001, 0x7f800001, r), 0x7fc00001u);
  EXPECT_EQ(add<Single>(0x7f800001, 0x00000001, r), 0x7fc00001u);
}

// ---- Every format: all NaN combinations ------------------------------------------------------

template <class F>
class AddNanAllFormats : public ::testing::Test {};
using AllFormats = ::testing::Types<Half, BFloat16, Single, Double>;
TYPED_TEST_SUITE(AddNanAllFormats, AllFormats, gpuatom::test::FormatNames);

TYPED_TEST(AddNanAllFormats, DefaultNaNBitsAreAsDocumented) {
  using F = TypeParam;
  // All ones: sign clear, exponent and fraction all ones.
  EXPECT_EQ(default_nan<F>(DefaultNan::all_ones), F::exp_mask | F::frac_mask);
  // Quiet: sign clear, only the top fraction bit set.
  EXPECT_EQ(default_nan<F>(DefaultNan::quiet), F::exp_mask | (1ULL << (F::frac_bits - 1)));
  // Negative quiet: the same with the sign set.
  EXPECT_EQ(default_nan<F>(DefaultNan::negative_quiet), F::sign_bit | F::exp_mask | (1ULL << (F::frac_bits - 1)));
}

TYPED_TEST(AddNanAllFormats, LastExactGivesTheLastNaNUnchanged) {
  using F = TypeParam;
  std::vector<uint64_t> nans = quiet_nans<F>();
  for (uint64_t s : signaling_nans<F>()) nans.push_back(s);
  const AddRules r = last_exact(DefaultNan::negative_quiet);
  for (uint64_t n : nans)
    for (uint64_t other : special_values<F>()) {
      // n second: n wins. n first: n wins only over a non-NaN.
      EXPECT_EQ(add<F>(other, n, r), n) << fmt::format("{:#x} + {:#x}", other, n);
      EXPECT_EQ(add<F>(n, other, r), is_nan<F>(other) ? other : n) << fmt::format("{:#x} + {:#x}", n, other);
    }
  EXPECT_EQ(add<F>(F::infinity, F::infinity | F::sign_bit, r), F::sign_bit | F::exp_mask | F::quiet_bit);
}

TYPED_TEST(AddNanAllFormats, CanonicalGivesTheDefaultNaNForEveryNaNInput) {
  using F = TypeParam;
  std::vector<uint64_t> nans = quiet_nans<F>();
  for (uint64_t s : signaling_nans<F>()) nans.push_back(s);
  for (DefaultNan d : {DefaultNan::all_ones, DefaultNan::quiet}) {
    const uint64_t want = d == DefaultNan::all_ones ? (F::exp_mask | F::frac_mask) : (F::exp_mask | F::quiet_bit);
    for (uint64_t n : nans) {
      for (uint64_t other : special_values<F>()) {
        EXPECT_EQ(add<F>(n, other, canonical(d)), want) << fmt::format("{:#x} + {:#x}", n, other);
        EXPECT_EQ(add<F>(other, n, canonical(d)), want) << fmt::format("{:#x} + {:#x}", other, n);
      }
    }
    EXPECT_EQ(add<F>(F::infinity, F::infinity | F::sign_bit, canonical(d)), want);
    EXPECT_EQ(add<F>(F::infinity | F::sign_bit, F::infinity, canonical(d)), want);
  }
}

TYPED_TEST(AddNanAllFormats, PropagateGivesTheFirstNaNQuietened) {
  using F = TypeParam;
  std::vector<uint64_t> nans = quiet_nans<F>();
  for (uint64_t s : signaling_nans<F>()) nans.push_back(s);
  for (DefaultNan d : {DefaultNan::all_ones, DefaultNan::quiet}) {
    for (uint64_t n : nans) {
      const uint64_t quietened = n | F::quiet_bit;
      for (uint64_t other : special_values<F>()) {
        const bool other_nan = is_nan<F>(other);
        // n first: n wins. n second: n wins only over a non-NaN.
        EXPECT_EQ(add<F>(n, other, propagate(d)), quietened) << fmt::format("{:#x} + {:#x}", n, other);
        EXPECT_EQ(add<F>(other, n, propagate(d)), other_nan ? (other | F::quiet_bit) : quietened)
            << fmt::format("{:#x} + {:#x}", other, n);
      }
    }
    // No NaN input: inf − inf is the default NaN, in both orders.
    const uint64_t want = d == DefaultNan::all_ones ? (F::exp_mask | F::frac_mask) : (F::exp_mask | F::quiet_bit);
    EXPECT_EQ(add<F>(F::infinity, F::infinity | F::sign_bit, propagate(d)), want);
    EXPECT_EQ(add<F>(F::infinity | F::sign_bit, F::infinity, propagate(d)), want);
  }
}

TYPED_TEST(AddNanAllFormats, InfinitiesOfOneSignAreNotNaN) {
  using F = TypeParam;
  for (const AddRules& r : {canonical(DefaultNan::all_ones), propagate(DefaultNan::quiet)}) {
    EXPECT_EQ(add<F>(F::infinity, F::infinity, r), F::infinity);
    EXPECT_EQ(add<F>(F::infinity | F::sign_bit, F::infinity | F::sign_bit, r), F::infinity | F::sign_bit);
    EXPECT_EQ(add<F>(F::infinity, one_bits<F> | F::sign_bit, r), F::infinity);
    EXPECT_EQ(add<F>(one_bits<F>, F::infinity | F::sign_bit, r), F::infinity | F::sign_bit);
  }
}

}  // namespace
