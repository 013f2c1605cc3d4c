#include "gpuatom/exec/lane_values.hpp"

namespace gpuatom::exec {

void AffineLanes::fill(uint64_t first_tid, uint32_t group_size, uint32_t count, uint64_t* out, uint64_t keep) const {
  Walk(*this, first_tid, group_size).fill(count, out, keep);
}

}  // namespace gpuatom::exec
