#include <gtest/gtest.h>

#include "gpuatom/numeric/format.hpp"

using namespace gpuatom::numeric;

TEST(Format, DefaultNaNs) {
  EXPECT_EQ(default_nan<Single>(DefaultNan::all_ones), 0x7fffffffULL);
  EXPECT_EQ(default_nan<Single>(DefaultNan::quiet), 0x7fc00000ULL);
  EXPECT_EQ(default_nan<Half>(DefaultNan::quiet), 0x7e00ULL);
  EXPECT_EQ(default_nan<BFloat16>(DefaultNan::quiet), 0x7fc0ULL);
  EXPECT_EQ(default_nan<Double>(DefaultNan::quiet), 0x7ff8000000000000ULL);
  EXPECT_EQ(default_nan<Double>(DefaultNan::all_ones), 0x7fffffffffffffffULL);
}
