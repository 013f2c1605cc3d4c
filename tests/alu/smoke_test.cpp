#include <gtest/gtest.h>
#include "gpuatom/alu/apply.hpp"
using namespace gpuatom::alu;
TEST(Apply, Compiles) { EXPECT_EQ(apply({Op::add, Type::u32, {}}, 1, {2, 0}).memory, 3u); }
