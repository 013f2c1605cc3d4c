#include "gpuatom/memory/fault.hpp"

#include <fmt/format.h>

namespace gpuatom::memory {

std::string_view name(FaultKind kind) {
  switch (kind) {
    case FaultKind::bad_width: return "bad-width";
    case FaultKind::invalid_address_space: return "invalid-address-space";
    case FaultKind::misaligned: return "misaligned";
    case FaultKind::out_of_range: return "out-of-range";
    case FaultKind::sparse: return "sparse";
    case FaultKind::surface_out_of_bounds: return "surface-out-of-bounds";
  }
  return "unknown";
}

std::string describe(const Fault& fault) {
  std::string text = fault.width == 0
                         ? fmt::format("{} access at 0x{:016x}", name(fault.kind), fault.address)
                         : fmt::format("{} {}-byte access at 0x{:016x}", name(fault.kind), fault.width, fault.address);
  if (!fault.region_name.empty()) text += fmt::format(" in region '{}'", fault.region_name);
  return text;
}

}  // namespace gpuatom::memory
