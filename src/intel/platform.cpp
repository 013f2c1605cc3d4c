#include "gpuatom/intel/platform.hpp"

#include <array>

#include "gpuatom/support/text.hpp"

namespace gpuatom::intel {

namespace {

// spec/intel.md §9.
constexpr std::array<PlatformProfile, 4> table = {{
    {Platform::gen9, "gen9", false, false, true, false, 32},
    {Platform::gen12, "gen12", true, true, true, false, 32},
    {Platform::xehp, "xehp", true, true, false, true, 32},
    {Platform::pvc, "pvc", true, true, false, true, 64},
}};

}  // namespace

std::span<const PlatformProfile> platform_table() { return table; }
const PlatformProfile& profile(Platform platform) { return table[static_cast<size_t>(platform)]; }
const PlatformProfile& default_profile() { return profile(Platform::gen12); }

std::optional<Platform> parse_platform(std::string_view name) {
  for (const PlatformProfile& p : table)
    if (support::iequals(p.name, name)) return p.platform;
  return std::nullopt;
}

}  // namespace gpuatom::intel
