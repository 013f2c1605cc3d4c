// One lane's result (gpuatom/alu/lane_result.hpp): computed, and printed as text and as JSON.
#include "gpuatom/alu/lane_result.hpp"

#include <gtest/gtest.h>

using namespace gpuatom;

TEST(LaneResult, AddPrintsBitsTypedValuesAsText) {
  const alu::Operation add{alu::Op::add, alu::Type::f32, {}};
  const alu::LaneResult r = alu::compute_lane(add, {0x3f800000, 0}, {0x3fc00000, 0}, {});
  EXPECT_EQ(alu::lane_text(r), "memory=0x40200000 (2.5) returned=0x3f800000 (1)\n");
}

TEST(LaneResult, JsonWritesNullForNoReturnedValueAndListsNotes) {
  const alu::Operation add{alu::Op::add, alu::Type::u32, {}};
  alu::LaneResult r = alu::compute_lane(add, {5, 0}, {7, 0}, {});
  r.returned.reset();
  r.notes.push_back("a \"note\"");
  EXPECT_EQ(alu::lane_json(r),
            "{\"memory\":\"0x0000000c\",\"returned\":null,\"type\":\"u32\",\"memory_value\":\"12\","
            "\"returned_value\":null,\"why\":[],\"notes\":[\"a \\\"note\\\"\"]}\n");
  EXPECT_EQ(alu::lane_text(r), "memory=0x0000000c (12) returned=none\n  note: a \"note\"\n");
}

TEST(LaneResult, CasReturnsOldAndStoresOnMatch) {
  const alu::Operation cas{alu::Op::compare_swap, alu::Type::u64, {}};
  const alu::LaneResult r = alu::compute_lane(cas, {5, 0}, {9, 0}, {5, 0});
  EXPECT_EQ(r.memory.lo, 9u);
  EXPECT_EQ(r.returned->lo, 5u);
  EXPECT_EQ(r.memory_bits, 64);
}

TEST(LaneResult, SixteenBitReturnInDwordLowHalfKeepsTheValueType) {
  const alu::Operation add{alu::Op::add, alu::Type::f16, {}};
  alu::LaneResult r = alu::compute_lane(add, {0x3c00, 0}, {0x3c00, 0}, {});
  r.return_in_dword_low_half();
  EXPECT_EQ(alu::lane_text(r), "memory=0x4000 (2) returned=0x00003c00 (1)\n");
}
