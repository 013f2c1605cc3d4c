// The why lines (gpuatom/alu/why.hpp): a line only where a float rule changed the result.
#include "gpuatom/alu/why.hpp"

#include <gtest/gtest.h>

#include "gpuatom/alu/apply.hpp"

using namespace gpuatom;

TEST(WhyLines, NamesTheFlushThatChangedTheResult) {
  alu::Operation add{alu::Op::add, alu::Type::f32, {}};
  add.floats.add.flush_inputs = add.floats.add.flush_result = true;
  const uint64_t memory = alu::apply(add, 0x00400000, {0x00400000, 0}).memory;
  const auto lines = alu::why_lines(add, 0x00400000, 0x00400000, memory);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("the subnormal old value and the subnormal operand are flushed to zero"), std::string::npos)
      << lines[0];
  EXPECT_NE(lines[0].find(".FTZ"), std::string::npos) << lines[0];
}

TEST(WhyLines, NothingWhereNoRuleMattered) {
  const alu::Operation add{alu::Op::add, alu::Type::f32, {}};
  EXPECT_TRUE(alu::why_lines(add, 0x3f800000, 0x3f800000, 0x40000000).empty());
  const alu::Operation integer{alu::Op::add, alu::Type::u32, {}};
  EXPECT_TRUE(alu::why_lines(integer, 1, 2, 3).empty());
}
