// One lane as one cell of AMD's tables leaves it (gpuatom/amd/lane_outcome.hpp).
#include "gpuatom/amd/lane_outcome.hpp"

#include <gtest/gtest.h>

#include "gpuatom/support/input_error.hpp"

using namespace gpuatom;

namespace {

struct Lane {
  const amd::Row& row = amd::rows()[*amd::find_row("32 bit atomicAdd")];
  const amd::Device& device = amd::devices()[0];
  alu::LaneResult lane{32, {5, 0}, alu::OperandValue{2, 0}, 32, alu::Type::u32, {}, {}};

  amd::Explanation cell(amd::Outcome outcome) const {
    amd::Explanation e;
    e.device = &device;
    e.request = amd::AtomicRequest::of(row);
    e.outcome = outcome;
    return e;
  }
};

}  // namespace

TEST(LaneOutcome, NopLeavesMemoryAndGivesZero) {
  Lane l;
  amd::apply_cell_outcome(l.lane, {2, 0}, l.row, l.device, l.cell(amd::Outcome::nop));
  EXPECT_EQ(l.lane.memory.lo, 2u);
  ASSERT_TRUE(l.lane.returned);
  EXPECT_EQ(l.lane.returned->lo, 0u);
  ASSERT_FALSE(l.lane.why.empty());
  EXPECT_EQ(l.lane.why[0].rfind("❌ NOP on " + std::string(l.device.name), 0), 0u) << l.lane.why[0];
}

TEST(LaneOutcome, NoReturnKeepsMemoryAndReturnsNothing) {
  Lane l;
  amd::apply_cell_outcome(l.lane, {2, 0}, l.row, l.device, l.cell(amd::Outcome::no_return));
  EXPECT_EQ(l.lane.memory.lo, 5u);
  EXPECT_FALSE(l.lane.returned);
  ASSERT_FALSE(l.lane.why.empty());
  EXPECT_NE(l.lane.why[0].find("NoReturn"), std::string::npos);
}

TEST(LaneOutcome, NativeOnlyAddsANote) {
  Lane l;
  amd::apply_cell_outcome(l.lane, {2, 0}, l.row, l.device, l.cell(amd::Outcome::native));
  EXPECT_EQ(l.lane.memory.lo, 5u);
  EXPECT_TRUE(l.lane.why.empty());
  ASSERT_FALSE(l.lane.notes.empty());
  EXPECT_NE(l.lane.notes[0].find("one lane alone computes the same as a native atomic"), std::string::npos);
}

TEST(LaneOutcome, NotApplicableIsRefused) {
  Lane l;
  EXPECT_THROW(amd::apply_cell_outcome(l.lane, {2, 0}, l.row, l.device, l.cell(amd::Outcome::not_applicable)),
               support::InputError);
}
