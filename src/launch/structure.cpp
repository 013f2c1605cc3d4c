#include "gpuatom/launch/structure.hpp"

#include <fmt/format.h>

namespace gpuatom::launch {

bool is_identifier(std::string_view name) {
  const auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
  if (name.empty() || !letter(name[0])) return false;
  for (const char c : name)
    if (!letter(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

support::Diagnostics check_structure(const Setup& scenario) {
  support::Diagnostics d;
  const uint64_t lanes = scenario.launch.lanes;
  if (lanes == 0 || lanes > max_lanes)
    d.error(scenario.launch.where, fmt::format("a launch has 1 to {} lanes, not {}", max_lanes, lanes));
  for (size_t i = 0; i < scenario.regions.size(); ++i) {
    const RegionText& r = scenario.regions[i];
    if (!is_identifier(r.name))
      d.error(r.where, fmt::format("region name '{}' must be an identifier ([A-Za-z_][A-Za-z0-9_]*)", r.name));
    for (size_t k = 0; k < i; ++k)
      if (scenario.regions[k].name == r.name) {
        d.error(r.where, fmt::format("region '{}' is defined twice", r.name));
        break;
      }
    if (r.size == 0 || r.size > max_region_bytes)
      d.error(r.where, fmt::format("region '{}' has {} bytes: a region has 1 to 2^48", r.name, r.size));
  }
  return d;
}

}  // namespace gpuatom::launch
