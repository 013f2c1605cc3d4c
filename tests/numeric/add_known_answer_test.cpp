// Known-answer vectors for numeric::add, each worked out by hand from the IEEE 754 rules (round to
// nearest, ties to even) — none was produced by running code. Every vector is also checked
// against the MPFR oracle, so a wrong hand calculation and a wrong oracle would both show.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "gpuatom/numeric/arithmetic.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::reference_add;

struct Vector {
  uint64_t a, b, sum;
  const char* why;
};

constexpr AddRules kPlain{};                                                      // RNE, subnormals kept
constexpr AddRules kFtz{true, true, NanResult::canonical, DefaultNan::all_ones};  // NVIDIA .F32.FTZ.RN
constexpr AddRules kFlushInputsOnly{true, false, NanResult::canonical, DefaultNan::all_ones};
constexpr AddRules kFlushResultOnly{false, true, NanResult::canonical, DefaultNan::all_ones};

template <class F>
void check(const Vector& v, const AddRules& rules) {
  const std::string where = fmt::format("{:#x} + {:#x}: {}", v.a, v.b, v.why);
  EXPECT_EQ(add<F>(v.a, v.b, rules), v.sum) << where;
  EXPECT_EQ(add<F>(v.b, v.a, rules), v.sum) << where << " (swapped)";
  EXPECT_EQ(reference_add<F>(v.a, v.b, rules), v.sum) << where << " (MPFR oracle)";
}

TEST(AddKnownAnswers, F32RoundToNearestEven) {
  const Vector vectors[] = {
      {0x3f800000, 0x3f800000, 0x40000000, "1 + 1 = 2"},
      {0x3f800000, 0x33800000, 0x3f800000,
       "1 + 2^-24: exactly half an ulp of 1 (ulp 2^-23); tie, 1.0 has the even fraction, stays 1.0"},
      {0x3f800001, 0x33800000, 0x3f800002,
       "(1 + 2^-23) + 2^-24: tie between an odd fraction (…001) and the even …010; rounds up"},
      {0x3f800000, 0x33800001, 0x3f800001,
       "1 + (2^-24 + 2^-47): just above the midpoint (the 2^-47 is sticky); rounds up to 1 + 2^-23"},
      {0x3f800000, 0xb3800000, 0x3f7fffff, "1 − 2^-24: exact, the largest float below 1 (spacing 2^-24 there)"},
      {0x3f800000, 0xb3000000, 0x3f800000,
       "1 − 2^-25: halfway between 1 − 2^-24 (fraction all ones, odd) and 1.0 (even): 1.0"},
      {0x3f800000, 0xb3000001, 0x3f7fffff, "1 − (2^-25 + 2^-48): just below that midpoint: 1 − 2^-24"},
      {0x3fc00000, 0xb3800000, 0x3fc00000,
       "1.5 − 2^-24: half an ulp (2^-23) below 1.5; tie between 0x3fbfffff (odd) and 1.5 (even): 1.5"},
      {0x3fc00000, 0xb3800001, 0x3fbfffff,
       "1.5 − (2^-24 + 2^-47): sticky bit on the subtracted side pushes below the midpoint: 0x3fbfffff"},
      {0x4b800000, 0x3f800000, 0x4b800000, "2^24 + 1: ulp of 2^24 is 2; 2^24 + 1 is a tie, 2^24 is even"},
      {0x4b800000, 0x40400000, 0x4b800002,
       "2^24 + 3 = 16777219: tie between 16777218 (fraction …001, odd) and 16777220 (…010, even)"},
      {0x3dcccccd, 0x3e4ccccd, 0x3e99999a,
       "0.1f + 0.2f: significand 0xcccccd·(2^-27 + 2^-26) = 0x2666667·2^-27; drop 2 bits (remainder "
       "3/4 > 1/2) → 0x99999a·2^-25 = 0.3f"},
      {0x3f800000, 0xbf800000, 0x00000000, "1 + (−1): exact zero is +0 under round to nearest"},
      {0x80000000, 0x80000000, 0x80000000, "(−0) + (−0) = −0"},
      {0x80000000, 0x00000000, 0x00000000, "(−0) + (+0) = +0"},
      {0x80000000, 0x3f800000, 0x3f800000, "(−0) + 1 = 1"},
      {0x7f7fffff, 0x7f7fffff, 0x7f800000, "FLT_MAX + FLT_MAX overflows to +inf"},
      {0xff7fffff, 0xff7fffff, 0xff800000, "−FLT_MAX − FLT_MAX overflows to −inf"},
      {0x7f7fffff, 0x73000000, 0x7f800000,
       "FLT_MAX + 2^103 (half its ulp 2^104): tie between FLT_MAX (odd) and 2^128 (even) → +inf"},
      {0x7f7fffff, 0x72ffffff, 0x7f7fffff, "FLT_MAX + (just under half an ulp): stays FLT_MAX"},
      {0x7f7fffff, 0xff7fffff, 0x00000000, "FLT_MAX − FLT_MAX = +0"},
      {0x00000001, 0x00000001, 0x00000002, "two smallest subnormals: 2^-149 + 2^-149 = 2^-148, exact"},
      {0x007fffff, 0x00000001, 0x00800000, "largest subnormal + smallest subnormal = smallest normal 2^-126"},
      {0x00800000, 0x80000001, 0x007fffff, "smallest normal − smallest subnormal = largest subnormal"},
      {0x00800001, 0x80800000, 0x00000001, "(2^-126 + 2^-149) − 2^-126 = 2^-149, a subnormal result"},
      {0x00000001, 0x3f800000, 0x3f800000, "1 + 2^-149: far below half an ulp, stays 1"},
      {0x7f800000, 0x3f800000, 0x7f800000, "+inf + 1 = +inf"},
  };
  for (const Vector& v : vectors) check<Single>(v, kPlain);
}

TEST(AddKnownAnswers, F32FlushToZero) {
  // NVIDIA .F32.FTZ.RN: flush subnormal inputs to signed zero, add, flush a subnormal result.
  const Vector ftz[] = {
      {0x00000001, 0x3f800000, 0x3f800000, "1 + subnormal: the input is flushed, 1 + 0 = 1"},
      {0x00000001, 0x00000001, 0x00000000, "two subnormals flush to +0 each: +0"},
      {0x80000001, 0x80000001, 0x80000000, "two negative subnormals flush to −0 each: (−0) + (−0) = −0"},
      {0x80000001, 0x00000001, 0x00000000, "−0 + +0 after flushing: +0"},
      {0x00800000, 0x80000001, 0x00800000,
       "smallest normal − smallest subnormal: the subnormal input is flushed first, so 2^-126 − 0"},
      {0x00800001, 0x80800000, 0x00000000, "(2^-126 + 2^-149) − 2^-126 = 2^-149, a subnormal result, flushed to +0"},
      {0x80800001, 0x00800000, 0x80000000, "the same negated: −2^-149 flushed to −0 (sign kept)"},
      {0x00c00000, 0x80a00000, 0x00000000,
       "1.5·2^-126 − 1.25·2^-126 = 0.25·2^-126, subnormal (0x00200000 without flush): +0"},
      {0x00800000, 0x00800000, 0x01000000, "2^-126 + 2^-126 = 2^-125: normal, not flushed"},
  };
  for (const Vector& v : ftz) check<Single>(v, kFtz);

  // Each flush switch alone.
  check<Single>({0x00800000, 0x80000001, 0x00800000, "inputs flushed: 2^-126 − 0"}, kFlushInputsOnly);
  check<Single>({0x00800000, 0x80000001, 0x00000000, "result flushed only: exact 0x007fffff is subnormal, becomes +0"},
                kFlushResultOnly);
  check<Single>({0x00000003, 0x00000004, 0x00000000, "result flushed only: 7·2^-149 becomes +0"}, kFlushResultOnly);
  check<Single>({0x00000003, 0x3f800000, 0x3f800000, "result flushed only: a normal result is kept"}, kFlushResultOnly);
}

TEST(AddKnownAnswers, F64) {
  const Vector vectors[] = {
      {0x3ff0000000000000, 0x3ff0000000000000, 0x4000000000000000, "1 + 1 = 2"},
      {0x3ff0000000000000, 0x3ca0000000000000, 0x3ff0000000000000,
       "1 + 2^-53: half an ulp of 1 (ulp 2^-52); tie, stays 1.0 (even)"},
      {0x3ff0000000000001, 0x3ca0000000000000, 0x3ff0000000000002, "(1 + 2^-52) + 2^-53: tie, odd → even: up"},
      {0x3ff0000000000000, 0x3ca0000000000001, 0x3ff0000000000001, "1 + (2^-53 + 2^-105): above the tie: up"},
      {0x3ff0000000000000, 0xbc90000000000000, 0x3ff0000000000000,
       "1 − 2^-54: tie between 1 − 2^-53 (odd) and 1 (even): 1"},
      {0x3fb999999999999a, 0x3fc999999999999a, 0x3fd3333333333334,
       "0.1 + 0.2: 3·0x1999999999999a = 0x4cccccccccccce, 55 bits; the two dropped bits are 10 (a tie), "
       "the kept 0x13333333333333 is odd → up: 0.30000000000000004"},
      {0x7fefffffffffffff, 0x7fefffffffffffff, 0x7ff0000000000000, "DBL_MAX + DBL_MAX = +inf"},
      {0x7fefffffffffffff, 0x7c90000000000000, 0x7ff0000000000000,
       "DBL_MAX + 2^970 (half its ulp 2^971): tie, DBL_MAX odd → rounds to 2^1024: +inf"},
      {0x0000000000000001, 0x0000000000000001, 0x0000000000000002, "2^-1074 + 2^-1074: subnormals kept"},
      {0x000fffffffffffff, 0x0000000000000001, 0x0010000000000000, "largest subnormal + smallest = 2^-1022"},
      {0x8000000000000000, 0x8000000000000000, 0x8000000000000000, "(−0) + (−0) = −0"},
      {0x4340000000000000, 0x3ff0000000000000, 0x4340000000000000, "2^53 + 1: tie, 2^53 even"},
      {0x0010000000000000, 0xffefffffffffffff, 0xffefffffffffffff, "2^-1022 − DBL_MAX: far below, −DBL_MAX"},
  };
  for (const Vector& v : vectors) check<Double>(v, kPlain);
}

TEST(AddKnownAnswers, F16) {
  const Vector vectors[] = {
      {0x3c00, 0x3c00, 0x4000, "1 + 1 = 2"},
      {0x3c00, 0x1000, 0x3c00, "1 + 2^-11: half an ulp of 1 (ulp 2^-10), tie, 1.0 even"},
      {0x3c01, 0x1000, 0x3c02, "(1 + 2^-10) + 2^-11: tie, odd → up"},
      {0x3c00, 0x1001, 0x3c01, "1 + (2^-11 + 2^-21): above the tie: up"},
      {0x3c00, 0xbc00, 0x0000, "1 − 1 = +0"},
      {0x7bff, 0x7bff, 0x7c00, "65504 + 65504 overflows: +inf"},
      {0x7bff, 0x4c00, 0x7c00, "65504 + 16: tie between 65504 (odd) and 65536 (even, overflow): +inf"},
      {0x7bff, 0x4bff, 0x7bff, "65504 + 15.99: below the tie: 65504"},
      {0x0001, 0x0001, 0x0002, "2^-24 + 2^-24 = 2^-23: subnormals kept"},
      {0x03ff, 0x0001, 0x0400, "largest subnormal + smallest subnormal = smallest normal 2^-14"},
      {0x0400, 0x8001, 0x03ff, "smallest normal − smallest subnormal = largest subnormal"},
      {0x6800, 0x3c00, 0x6800, "2048 + 1: ulp of 2048 is 2, tie, 2048 even"},
      {0x6800, 0x4200, 0x6802, "2048 + 3: tie between 2050 (odd) and 2052 (even): 2052"},
      {0x8000, 0x8000, 0x8000, "(−0) + (−0) = −0"},
  };
  for (const Vector& v : vectors) check<Half>(v, kPlain);
  // With flushing (the --f16x2-flush experiment switch): subnormal inputs become zero.
  check<Half>({0x03ff, 0x0001, 0x0000, "both subnormal inputs flush to +0"}, kFtz);
  check<Half>({0x0401, 0x8400, 0x0000, "2^-24 result of two normals is flushed to +0"}, kFtz);
}

TEST(AddKnownAnswers, BF16) {
  const Vector vectors[] = {
      {0x3f80, 0x3f80, 0x4000, "1 + 1 = 2"},
      {0x3f80, 0x3b80, 0x3f80, "1 + 2^-8: half an ulp of 1 (bf16 ulp 2^-7), tie, 1.0 even"},
      {0x3f81, 0x3b80, 0x3f82, "(1 + 2^-7) + 2^-8: tie, odd → up"},
      {0x3f80, 0x3b81, 0x3f81, "1 + (2^-8 + 2^-15): above the tie: up"},
      {0x3f80, 0xbb80, 0x3f7f, "1 − 2^-8: below 1 the spacing is 2^-8, so the difference is exact"},
      {0x7f7f, 0x7f7f, 0x7f80, "largest bf16 + itself overflows: +inf"},
      {0x0001, 0x0001, 0x0002, "2^-133 + 2^-133: subnormals kept"},
      {0x007f, 0x0001, 0x0080, "largest subnormal + smallest = smallest normal 2^-126"},
      {0x4380, 0x3f80, 0x4380, "256 + 1: ulp of 256 is 2, tie, 256 even"},
      {0x4380, 0x4040, 0x4382, "256 + 3: tie between 258 (odd) and 260 (even): 260"},
  };
  for (const Vector& v : vectors) check<BFloat16>(v, kPlain);
}

}  // namespace
