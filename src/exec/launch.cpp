#include "gpuatom/exec/launch.hpp"

namespace gpuatom::exec {

GroupMasks LaneStates::masks(const Launch& launch, uint64_t group) const {
  const uint32_t count = launch.lanes_in_group(group);
  const uint64_t first = launch.first_lane(group);
  GroupMasks masks{LaneMask::first(count), {}, {}};
  for (uint32_t lane = 0; lane < count; ++lane) {
    if (active && !active(first + lane)) masks.active.set(lane, false);
    if (helper && helper(first + lane)) masks.helper.set(lane);
    if (killed && killed(first + lane)) masks.killed.set(lane);
  }
  return masks;
}

}  // namespace gpuatom::exec
