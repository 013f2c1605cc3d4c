// Where a generic address reaches local and shared memory: two 16 MiB windows of the generic
// address space (docs/spec/nvidia.md §7.2, PROPOSED defaults). An address inside a window is that
// space at the offset into the window; any other generic address is global. The one home of these
// numbers: the scenario loader places shared and local regions at the windows' bases, and the
// warp maps generic addresses through them.
#pragma once

#include "gpuatom/memory/region.hpp"

namespace gpuatom::nvidia {

inline constexpr memory::Window generic_local_window{0x00fe00000000ULL, 16ULL << 20};
inline constexpr memory::Window generic_shared_window{0x00ff00000000ULL, 16ULL << 20};

}  // namespace gpuatom::nvidia
