#include "gpuatom/exec/launch.hpp"

#include <gtest/gtest.h>

namespace gpuatom::exec {
namespace {

TEST(Launch, GroupsAndPartialLastGroup) {
  constexpr Launch launch{100, 32};
  static_assert(launch.valid());
  EXPECT_EQ(launch.groups(), 4u);
  EXPECT_EQ(launch.lanes_in_group(0), 32u);
  EXPECT_EQ(launch.lanes_in_group(3), 4u);  // 96..99
  EXPECT_EQ(launch.first_lane(3), 96u);
  EXPECT_EQ(launch.group_of(99), 3u);
  EXPECT_EQ(launch.lane_in_group(99), 3u);
  EXPECT_EQ((Launch{64, 64}.groups()), 1u);
  EXPECT_EQ((Launch{0, 32}.groups()), 0u);
  EXPECT_FALSE((Launch{1, 0}.valid()));
  EXPECT_FALSE((Launch{1, 65}.valid()));
}

TEST(LaneMask, BitsAndParticipation) {
  EXPECT_EQ(LaneMask::first(64).bits, ~0ULL);
  EXPECT_EQ(LaneMask::first(3).bits, 0b111u);
  LaneMask mask;
  mask.set(5);
  mask.set(63);
  EXPECT_TRUE(mask.has(5));
  EXPECT_TRUE(mask.has(63));
  EXPECT_FALSE(mask.has(4));
  EXPECT_FALSE(mask.has(64));
  EXPECT_EQ(mask.count(), 2);
  mask.set(5, false);
  EXPECT_EQ(mask.count(), 1);

  // Participation = active ∧ predicate ∧ ¬helper ∧ ¬killed (nvidia.md §1, §9).
  const GroupMasks masks{LaneMask{0b1111}, LaneMask{0b0010}, LaneMask{0b0100}};
  EXPECT_EQ(masks.participating(LaneMask{0b1111}).bits, 0b1001u);
  EXPECT_EQ(masks.participating(LaneMask{0b0111}).bits, 0b0001u);
}

TEST(LaneStates, MasksFromLaneFunctions) {
  const Launch launch{70, 32};
  LaneStates states;
  states.active = [](uint64_t lane) { return lane % 2 == 0; };
  states.helper = [](uint64_t lane) { return lane == 64; };
  states.killed = [](uint64_t lane) { return lane == 66; };
  const GroupMasks last = states.masks(launch, 2);  // lanes 64..69
  EXPECT_EQ(last.active.bits, 0b010101u);
  EXPECT_EQ(last.helper.bits, 0b000001u);
  EXPECT_EQ(last.killed.bits, 0b000100u);
  EXPECT_EQ(last.participating(LaneMask::first(64)).bits, 0b010000u);  // lane 68 only

  const GroupMasks all = LaneStates{}.masks(launch, 2);
  EXPECT_EQ(all.active.bits, 0b111111u);  // lanes beyond the partial group stay off
  EXPECT_TRUE(all.helper.empty());
}

}  // namespace
}  // namespace gpuatom::exec
