#include "gpuatom/memory/region.hpp"

namespace gpuatom::memory {

std::string_view describe(RegionError error) {
  switch (error) {
    case RegionError::empty: return "region size is 0";
    case RegionError::misaligned_base: return "region base is not a multiple of 16";
    case RegionError::wraps: return "region extends past the end of the 64-bit address space";
    case RegionError::overlap: return "region overlaps an existing region";
    case RegionError::duplicate_name: return "a region with this name exists";
    case RegionError::empty_name: return "region name is empty";
    case RegionError::outside_window: return "shared/local region is not inside its address window";
  }
  return "unknown region error";
}

std::string_view name(Space space) {
  switch (space) {
    case Space::global: return "global";
    case Space::shared: return "shared";
    case Space::local: return "local";
  }
  return "unknown";
}

std::string_view name(Location location) {
  switch (location) {
    case Location::device: return "device";
    case Location::host_migratable: return "host-migratable";
    case Location::host_pinned: return "host-pinned";
  }
  return "unknown";
}

std::string_view name(Granularity granularity) {
  switch (granularity) {
    case Granularity::coarse: return "coarse";
    case Granularity::fine: return "fine";
  }
  return "unknown";
}

}  // namespace gpuatom::memory
