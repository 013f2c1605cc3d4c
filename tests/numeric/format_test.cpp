#include "gpuatom/numeric/format.hpp"

#include <gtest/gtest.h>

using namespace gpuatom::numeric;

TEST(Format, DefaultNaNs) {
  EXPECT_EQ(default_nan<Single>(DefaultNan::all_ones), 0x7fffffffULL);
  EXPECT_EQ(default_nan<Single>(DefaultNan::quiet), 0x7fc00000ULL);
  EXPECT_EQ(default_nan<Half>(DefaultNan::quiet), 0x7e00ULL);
  EXPECT_EQ(default_nan<BFloat16>(DefaultNan::quiet), 0x7fc0ULL);
  EXPECT_EQ(default_nan<Double>(DefaultNan::quiet), 0x7ff8000000000000ULL);
  EXPECT_EQ(default_nan<Double>(DefaultNan::all_ones), 0x7fffffffffffffffULL);
}

// Classification by the IEEE field definitions, on f32 patterns written by hand.
TEST(Format, ClassifiesF32BitPatterns) {
  EXPECT_TRUE(is_zero<Single>(0x00000000));
  EXPECT_TRUE(is_zero<Single>(0x80000000));
  EXPECT_FALSE(is_zero<Single>(0x00000001));
  EXPECT_TRUE(is_subnormal<Single>(0x00000001));
  EXPECT_TRUE(is_subnormal<Single>(0x807fffff));
  EXPECT_FALSE(is_subnormal<Single>(0x00800000));  // smallest normal
  EXPECT_FALSE(is_subnormal<Single>(0x00000000));  // zero is not subnormal
  EXPECT_TRUE(is_infinity<Single>(0x7f800000));
  EXPECT_TRUE(is_infinity<Single>(0xff800000));
  EXPECT_FALSE(is_nan<Single>(0x7f800000));
  EXPECT_TRUE(is_quiet_nan<Single>(0x7fc00000));
  EXPECT_TRUE(is_quiet_nan<Single>(0xffffffff));
  EXPECT_TRUE(is_signaling_nan<Single>(0x7f800001));
  EXPECT_TRUE(is_signaling_nan<Single>(0x7fbfffff));
  EXPECT_FALSE(is_signaling_nan<Single>(0x7fc00000));
}

TEST(Format, FlushAndQuieten) {
  // A subnormal flushes to the zero of its own sign; everything else is kept.
  EXPECT_EQ(flush_subnormal<Single>(0x00000001), 0x00000000ULL);
  EXPECT_EQ(flush_subnormal<Single>(0x807fffff), 0x80000000ULL);
  EXPECT_EQ(flush_subnormal<Single>(0x00800000), 0x00800000ULL);
  EXPECT_EQ(flush_subnormal<Single>(0x7f800001), 0x7f800001ULL);
  EXPECT_EQ(flush_subnormal<Half>(0x83ff), 0x8000ULL);
  // Quietening sets the top fraction bit and keeps sign and payload.
  EXPECT_EQ(quieten<Single>(0xff800001), 0xffc00001ULL);
  EXPECT_EQ(quieten<Half>(0x7c01), 0x7e01ULL);
  EXPECT_EQ(quieten<BFloat16>(0x7f81), 0x7fc1ULL);
  EXPECT_EQ(quieten<Double>(0x7ff0000000000001), 0x7ff8000000000001ULL);
}
